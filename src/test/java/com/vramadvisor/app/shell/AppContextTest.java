package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.ResultsViewModel;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.Mode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppContextTest {

    @TempDir
    Path dir;

    private AppContext context() {
        return new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Runnable::run);
    }

    @Test
    void aFirstStartShowsLlama3FineTuningOnAnH100() {
        try (AppContext c = context()) {
            ScenarioInputs s = c.workload().snapshot();
            assertThat(s.modelPresetId()).isEqualTo("llama-3-8b");
            assertThat(s.workload().mode()).isEqualTo(Mode.TRAIN);
            assertThat(s.workload().sequenceLength()).isEqualTo(4096);
            assertThat(s.gpuId()).isEqualTo("h100-sxm-80gb");
            assertThat(c.restoreProblem()).isEmpty();
            assertThat(c.summary().textProperty().get()).startsWith("Peak per GPU:");
        }
    }

    @Test
    void theLastScenarioIsRestored() throws Exception {
        ScenarioInputs last = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload().toBuilder()
                .mode(Mode.INFER).batch(32).context(32768).build()).withGpuId("l40s");
        Files.writeString(new SettingsStore(dir).lastScenarioFile(), new ScenarioCodec().write(last));
        try (AppContext c = context()) {
            assertThat(c.workload().snapshot()).isEqualTo(last);
            assertThat(c.scenario().canUndoProperty().get()).isFalse();
        }
    }

    @Test
    void aBrokenLastScenarioFallsBackToTheDefaultAndSaysWhy() throws Exception {
        Files.writeString(new SettingsStore(dir).lastScenarioFile(), "{\"formatVersion\": 1, \"model\": ");
        try (AppContext c = context()) {
            assertThat(c.workload().snapshot().modelPresetId()).isEqualTo("llama-3-8b");
            assertThat(c.restoreProblem()).contains("stops at line");
        }
    }

    @Test
    void aGpuChosenInTheDecisionTableGivesWayToTheDefaultOnNewAndComesBackOnUndo() {
        try (AppContext c = context()) {
            ResultsViewModel results = c.results();
            DecisionRow rtx4090 = results.table().rows().stream().filter(r -> r.key().equals("gpu:rtx-4090"))
                    .findFirst().orElseThrow();
            results.table().select(List.of(rtx4090), rtx4090);
            assertThat(c.workload().snapshot().gpuId()).isEqualTo("rtx-4090");
            assertThat(results.breakdown().capacityTextProperty().get()).startsWith("NVIDIA GeForce RTX 4090: ");

            c.scenario().newScenario();

            assertThat(c.workload().gpuIdProperty().get()).isEqualTo(AppContext.DEFAULT_GPU_ID);
            assertThat(c.workload().snapshot().gpuId()).isEqualTo(AppContext.DEFAULT_GPU_ID);
            assertThat(results.selectedGpuIdProperty().get()).isEqualTo(AppContext.DEFAULT_GPU_ID);
            assertThat(results.breakdown().capacityBytesProperty().get()).isPositive();
            assertThat(results.breakdown().capacityTextProperty().get()).startsWith("NVIDIA H100 SXM5 80GB: ");

            c.scenario().undo();

            assertThat(c.workload().snapshot().gpuId()).isEqualTo("rtx-4090");
            assertThat(results.selectedGpuIdProperty().get()).isEqualTo("rtx-4090");
            assertThat(results.breakdown().capacityTextProperty().get()).startsWith("NVIDIA GeForce RTX 4090: ");
        }
    }
}
