package com.vramadvisor.app.shell;

import com.vramadvisor.app.TestPatience;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.ModelSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** The window's model picker offers the shipped presets of today's architectures and opens their config files. */
class ArchitecturePresetPickerTest {

    @TempDir
    Path dir;

    private AppContext context() {
        return new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Runnable::run, Runnable::run);
    }

    @Test
    void thePickerListsTheNewPresetsFromModelsJsonAndSelectingOneSetsTheScenarioModel() {
        try (AppContext c = context()) {
            List<String> ids = c.workload().presets().stream().map(ModelSpec::id).toList();
            assertThat(ids).contains("deepseek-v3", "deepseek-r1", "qwen3-8b", "qwen3-30b-a3b", "qwen3-235b-a22b",
                    "llama-3.2-1b", "llama-3.2-3b", "llama-3.3-70b", "llama-4-scout", "llama-4-maverick",
                    "gemma-3-27b", "gpt-oss-20b", "gpt-oss-120b", "mistral-small-24b", "mistral-nemo-12b", "phi-4");
            ModelSpec gemma = c.workload().presets().stream().filter(p -> p.id().equals("gemma-3-27b"))
                    .findFirst().orElseThrow();
            c.workload().selectedPresetProperty().set(gemma);
            assertThat(c.workload().snapshot().modelPresetId()).isEqualTo("gemma-3-27b");
            assertThat(c.workload().snapshot().model().globalEvery()).isEqualTo(6);
        }
    }

    @Test
    void openingADeepSeekV3ConfigMakesItTheScenarioModel() throws URISyntaxException, InterruptedException {
        Path config = Path.of(getClass().getResource("/configs/deepseek-v3/config.json").toURI());
        try (AppContext c = context()) {
            c.modelImport().importPath(config);
            // The file is read on the context's background thread (50 ms a look, TestPatience.SECONDS in all).
            for (long i = 0; i < TestPatience.SECONDS * 20 && !c.workload().snapshot().model().isMla(); i++) {
                Thread.sleep(50);
            }
            assertThat(c.modelImport().errorProperty().get()).isEmpty();
            ModelSpec m = c.workload().snapshot().model();
            assertThat(m.isMla()).isTrue();
            assertThat(m.mtpLayers()).isEqualTo(1);
        }
    }
}
