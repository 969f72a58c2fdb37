package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.app.plan.PlanRow;
import com.vramadvisor.app.plan.PlannerViewModel;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.DecisionTableViewModel;
import com.vramadvisor.app.results.ResultsViewModel;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppContextTest {

    @TempDir
    Path dir;

    /** A context whose ranking and planner answer at once, on the calling thread. */
    private AppContext context() {
        return new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Runnable::run, Runnable::run);
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
            // A click on the row: it is selected, then its GPU is chosen as the scenario's.
            results.table().select(List.of(rtx4090), rtx4090);
            results.table().chooseGpu(rtx4090);
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

    private static DecisionRow rentedRow(ResultsViewModel results) {
        return results.table().rows().stream()
                .filter(r -> r.kind() == HardwareKind.CLOUD && r.fits() && r.jobCostUsd() != null && r.hours() != null)
                .findFirst().orElseThrow();
    }

    private static DecisionRow rowWithKey(ResultsViewModel results, String key) {
        return results.table().rows().stream().filter(r -> r.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void aTokenBudgetTypedInTheTableIsOneUndoableChangeOfTheScenarioAndIsSaved() throws Exception {
        try (AppContext c = context()) {
            ResultsViewModel results = c.results();
            DecisionTableViewModel table = results.table();
            DecisionRow before = rentedRow(results);
            assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("1,000,000,000");

            // Keystrokes are not changes; Enter applies the whole number.
            table.tokenBudgetTextProperty().set("2");
            table.tokenBudgetTextProperty().set("2e");
            table.tokenBudgetTextProperty().set("2e9");
            assertThat(c.workload().snapshot().tokenBudget()).isEqualTo(1_000_000_000L);
            assertThat(table.commitTokenBudget()).isTrue();

            assertThat(c.workload().snapshot().tokenBudget()).isEqualTo(2_000_000_000L);
            assertThat(c.workload().snapshot().rankingOptions().tokenBudget()).isEqualTo(2_000_000_000L);
            // Rent is hours x hourly price and hours are tokens / throughput: both double with the budget.
            DecisionRow after = rowWithKey(results, before.key());
            assertThat(after.hours()).isCloseTo(2 * before.hours(), within(1e-9 * before.hours()));
            assertThat(after.jobCostUsd()).isCloseTo(2 * before.jobCostUsd(), within(1e-9 * before.jobCostUsd()));
            assertThat(table.summaryProperty().get()).contains("2,000,000,000 tokens");
            assertThat(c.scenario().dirtyProperty().get()).isTrue();

            Path file = dir.resolve("budget.vram.json");
            assertThat(c.scenario().saveAs(file)).isEmpty();
            assertThat(new ScenarioCodec().read(Files.readString(file)).tokenBudget()).isEqualTo(2_000_000_000L);

            c.scenario().undo();
            assertThat(c.scenario().canUndoProperty().get()).as("the typed budget was one step").isFalse();
            assertThat(c.workload().snapshot().tokenBudget()).isEqualTo(1_000_000_000L);
            assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("1,000,000,000");
            assertThat(rowWithKey(results, before.key()).jobCostUsd()).isEqualTo(before.jobCostUsd());

            c.scenario().redo();
            assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("2,000,000,000");
            assertThat(rowWithKey(results, before.key()).jobCostUsd()).isEqualTo(after.jobCostUsd());
        }
    }

    @Test
    void anOpenedScenarioShowsItsTokenBudgetAndGpuLimitAndNewResetsThem() throws Exception {
        Path file = dir.resolve("limited.vram.json");
        Files.writeString(file, new ScenarioCodec().write(ScenarioInputs.defaults()
                .withGpuId(AppContext.DEFAULT_GPU_ID).withTokenBudget(500_000_000L).withMaxGpus(4)));
        try (AppContext c = context()) {
            DecisionTableViewModel table = c.results().table();
            assertThat(table.rows()).anyMatch(r -> r.gpusNeeded() > 4);

            assertThat(c.scenario().open(file)).isEmpty();

            assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("500,000,000");
            assertThat(table.maxGpusTextProperty().get()).isEqualTo("4");
            assertThat(table.rows()).isNotEmpty().allSatisfy(r -> assertThat(r.gpusNeeded()).isLessThanOrEqualTo(4));
            assertThat(table.summaryProperty().get()).contains("500,000,000 tokens");
            assertThat(c.workload().snapshot().rankingOptions().maxGpus()).isEqualTo(4);
            assertThat(c.workload().snapshot().rankingOptions().tokenBudget()).isEqualTo(500_000_000L);

            c.scenario().newScenario();
            assertThat(c.workload().snapshot().tokenBudget()).isEqualTo(RankingOptions.DEFAULT_TOKEN_BUDGET);
            assertThat(c.workload().snapshot().maxGpus()).isEqualTo(RankingOptions.DEFAULT_MAX_GPUS);
            assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("1,000,000,000");
            assertThat(table.maxGpusTextProperty().get()).isEmpty();
            assertThat(table.rows()).anyMatch(r -> r.gpusNeeded() > 4);
        }
    }

    @Test
    void theLastScenariosTokenBudgetAndGpuLimitAreRestored() throws Exception {
        ScenarioInputs last = ScenarioInputs.defaults().withGpuId("l40s").withTokenBudget(3_000_000_000L)
                .withMaxGpus(2);
        Files.writeString(new SettingsStore(dir).lastScenarioFile(), new ScenarioCodec().write(last));
        try (AppContext c = context()) {
            assertThat(c.workload().snapshot()).isEqualTo(last);
            DecisionTableViewModel table = c.results().table();
            assertThat(table.tokenBudgetTextProperty().get()).isEqualTo("3,000,000,000");
            assertThat(table.maxGpusTextProperty().get()).isEqualTo("2");
            assertThat(table.rows()).isNotEmpty().allSatisfy(r -> assertThat(r.gpusNeeded()).isLessThanOrEqualTo(2));
        }
    }

    @Test
    void aDeadlineTypedInTheTableIsOneUndoableChangeOfTheScenarioAndIsSaved() throws Exception {
        try (AppContext c = context()) {
            DecisionTableViewModel table = c.results().table();
            assertThat(table.deadlineTextProperty().get()).isEqualTo("90");

            table.deadlineTextProperty().set("30");
            assertThat(c.workload().snapshot().deadlineDays()).as("not before Enter").isEqualTo(90);
            assertThat(table.commitDeadline()).isTrue();
            assertThat(c.workload().snapshot().deadlineDays()).isEqualTo(30);
            assertThat(c.workload().snapshot().rankingOptions().deadlineDays()).isEqualTo(30);
            assertThat(table.summaryProperty().get()).endsWith("deadline 30 days");

            Path file = dir.resolve("deadline.vram.json");
            assertThat(c.scenario().saveAs(file)).isEmpty();
            assertThat(new ScenarioCodec().read(Files.readString(file)).deadlineDays()).isEqualTo(30);

            c.scenario().undo();
            assertThat(c.scenario().canUndoProperty().get()).as("the typed deadline was one step").isFalse();
            assertThat(table.deadlineTextProperty().get()).isEqualTo("90");

            assertThat(c.scenario().open(file)).isEmpty();
            assertThat(table.deadlineTextProperty().get()).isEqualTo("30");
        }
    }

    @Test
    void applyingAPlannedLayoutSetsTheScenariosLayoutAsOneUndoStep() {
        try (AppContext c = context()) {
            PlannerViewModel planner = c.planner();
            assertThat(planner.targetProperty().get().key()).isEqualTo("gpu:" + AppContext.DEFAULT_GPU_ID);
            planner.plan();
            assertThat(planner.rows()).isNotEmpty();
            PlanRow first = planner.rows().get(0);
            assertThat(first.gpus()).isGreaterThan(1);

            planner.apply(first);

            Workload w = c.workload().snapshot().workload();
            assertThat(w.parallelism()).isEqualTo(first.layout().parallelism());
            assertThat(w.recompute()).isEqualTo(first.layout().recompute());
            assertThat(w.gradientAccumulation()).isEqualTo(first.layout().microBatches());
            // The charts now show the planned layout: its peak per GPU is the row's.
            assertThat(c.results().estimateProperty().get().peakBytes()).isEqualTo(first.peakBytes());
            assertThat(planner.noteProperty().get()).as("the plan still describes the scenario").isEmpty();

            c.scenario().undo();
            assertThat(c.workload().snapshot().workload().parallelism()).isEqualTo(Parallelism.SINGLE_GPU);
            assertThat(c.scenario().canUndoProperty().get()).as("the layout was one step").isFalse();
        }
    }
}
