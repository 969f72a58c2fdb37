package com.vramadvisor.app.scenario;

import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.ScenarioInputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioStoreTest {

    @TempDir
    Path dir;

    @Test
    void aSavedScenarioLoadsBack() throws Exception {
        Path file = dir.resolve("a.vram.json");
        ScenarioStore store = new ScenarioStore();
        store.save(file, ScenarioInputs.defaults().withTokenBudget(5_000_000_000L));
        assertThat(store.load(file).tokenBudget()).isEqualTo(5_000_000_000L);
    }

    @Test
    void anEndlessDeviceIsRefusedBeforeItIsOpenedWithTheFileNamed() {
        Path zero = Path.of("/dev/zero");
        assertThatThrownBy(() -> new ScenarioStore().load(zero))
                .isInstanceOf(ScenarioFileException.class)
                .hasMessageContaining("/dev/zero").hasMessageContaining("is not a regular file");
    }

    @Test
    void aMissingFileOrAFolderIsNamed() throws Exception {
        assertThatThrownBy(() -> new ScenarioStore().load(dir.resolve("none.vram.json")))
                .hasMessageContaining("none.vram.json").hasMessageContaining("does not exist");
        Files.createDirectory(dir.resolve("folder.vram.json"));
        assertThatThrownBy(() -> new ScenarioStore().load(dir.resolve("folder.vram.json")))
                .hasMessageContaining("folder.vram.json").hasMessageContaining("folder");
    }
}
