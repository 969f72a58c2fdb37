package com.vramadvisor.app.settings;

import com.vramadvisor.scenario.SizeUnit;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {

    @TempDir
    Path dir;

    @Test
    void settingsSurviveASaveAndLoad() throws Exception {
        SettingsStore store = new SettingsStore(dir.resolve("vram-advisor"));
        AppSettings saved = new AppSettings("zh-CN", Theme.DARK, SizeUnit.GB, List.of("/a/b.vram.json", "/c.vram.json"),
                new WindowGeometry(40, 60, 1300, 820, true));
        store.save(saved);
        assertThat(store.load()).isEqualTo(saved);
    }

    @Test
    void theCalibrationProfileInEffectSurvivesASaveAndLoad() throws Exception {
        SettingsStore store = new SettingsStore(dir);
        AppSettings saved = new AppSettings("", Theme.LIGHT, SizeUnit.GIB, List.of(), null,
                new AppSettings.Calibration("NVIDIA H100 SXM 80GB", "/home/u/.config/calibration/h100.json"));
        store.save(saved);
        assertThat(store.load()).isEqualTo(saved);
        store.save(AppSettings.defaults());
        assertThat(store.load().calibration()).isNull();
    }

    @Test
    void aMissingOrBrokenFileGivesTheDefaults() throws Exception {
        SettingsStore store = new SettingsStore(dir);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        Files.writeString(store.settingsFile(), "{\"theme\": \"dark\", \"window\": ");
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
    }

    @Test
    void unknownValuesFallBackFieldByField() throws Exception {
        SettingsStore store = new SettingsStore(dir);
        Files.writeString(store.settingsFile(), "{\"theme\": \"purple\", \"sizeUnit\": \"GB\", \"recentFiles\": [3, \"x\"],"
                + " \"window\": {\"x\": 1, \"y\": 2, \"width\": 10, \"height\": 10}}");
        AppSettings s = store.load();
        assertThat(s.theme()).isEqualTo(Theme.LIGHT);
        assertThat(s.sizeUnit()).isEqualTo(SizeUnit.GB);
        assertThat(s.recentFiles()).containsExactly("x");
        // A window too small to use is enlarged to the minimum.
        assertThat(s.window().width()).isEqualTo(WindowGeometry.MIN_WIDTH);
        assertThat(s.window().height()).isEqualTo(WindowGeometry.MIN_HEIGHT);
    }

    @Test
    void atMostTenRecentFilesAreKept() {
        List<String> many = java.util.stream.IntStream.range(0, 15).mapToObj(i -> "/f" + i).toList();
        AppSettings s = new AppSettings("", Theme.LIGHT, SizeUnit.GIB, many, null);
        assertThat(s.recentFiles()).hasSize(10).startsWith("/f0");
    }

    @Test
    void theConfigFolderFollowsTheOverridePropertyFirst() {
        String before = System.getProperty(SettingsStore.CONFIG_DIR_PROPERTY);
        try {
            System.setProperty(SettingsStore.CONFIG_DIR_PROPERTY, dir.toString());
            assertThat(SettingsStore.defaultConfigDir()).isEqualTo(dir);
        } finally {
            if (before == null) {
                System.clearProperty(SettingsStore.CONFIG_DIR_PROPERTY);
            } else {
                System.setProperty(SettingsStore.CONFIG_DIR_PROPERTY, before);
            }
        }
    }

    @Test
    void choosingALanguageRelabelsTheMessagesAndEmptyFollowsTheSystem() {
        Messages messages = new Messages(Locale.ENGLISH);
        SettingsViewModel vm = new SettingsViewModel(AppSettings.defaults(), Locale.CHINA, messages,
                new SimpleObjectProperty<>(SizeUnit.GIB));
        assertThat(messages.get("menu.edit")).isEqualTo("编辑(_E)");
        vm.languageProperty().set(SettingsViewModel.ENGLISH);
        assertThat(messages.get("menu.edit")).isEqualTo("_Edit");
        vm.languageProperty().set(SettingsViewModel.SYSTEM);
        assertThat(messages.locale()).isEqualTo(Locale.SIMPLIFIED_CHINESE);
    }

    @Test
    void theStoredSizeUnitDrivesTheWorkloadsUnit() {
        SimpleObjectProperty<SizeUnit> unit = new SimpleObjectProperty<>(SizeUnit.GIB);
        new SettingsViewModel(new AppSettings("", Theme.LIGHT, SizeUnit.GB, List.of(), null), Locale.US,
                new Messages(Locale.US), unit);
        assertThat(unit.get()).isEqualTo(SizeUnit.GB);
    }

    @Test
    void sizesAreLabelledWithTheirUnitAndNeverMixed() {
        long a100 = 80L * 1_000_000_000L;
        assertThat(SizeUnit.GB.format(a100, Locale.US)).isEqualTo("80.0\u00a0GB");
        // 80 x 10^9 bytes / 2^30 = 74.5 GiB.
        assertThat(SizeUnit.GIB.format(a100, Locale.US)).isEqualTo("74.5\u00a0GiB");
        assertThat(SizeUnit.GIB.format(141L << 30, Locale.US)).isEqualTo("141\u00a0GiB");
    }
}
