package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

class ResultsViewModelTest {

    private final SimpleObjectProperty<ScenarioInputs> snapshot =
            new SimpleObjectProperty<>(ScenarioInputs.defaults().withSweepAxis(SweepAxis.BATCH));
    private final FakeResultsEngine engine = new FakeResultsEngine();
    private final ResultsViewModel vm = new ResultsViewModel(snapshot, engine,
            new ResultsMessages(Locale.US), Runnable::run, Runnable::run);

    private void setBatch(int batch) {
        ScenarioInputs s = snapshot.get();
        snapshot.set(s.withWorkload(s.workload().toBuilder().batch(batch).build()));
    }

    @Test
    void aNewSnapshotUpdatesTheEstimateTheRowsAndTheHeadline() {
        long before = vm.estimateProperty().get().peakBytes();
        setBatch(4);
        long after = vm.estimateProperty().get().peakBytes();

        // Defaults use 4096 tokens; 3 more sequences add 3 x 4096 x 100 kB of activations in the fake engine.
        assertThat(after - before).isEqualTo(3L * 4096 * FakeResultsEngine.BYTES_PER_TOKEN);
        ComponentRow activations = vm.breakdown().rows().stream()
                .filter(r -> r.component() == Component.ACTIVATIONS).findFirst().orElseThrow();
        assertThat(activations.bytes()).isEqualTo(4L * 4096 * FakeResultsEngine.BYTES_PER_TOKEN);
        assertThat(vm.breakdown().headlineProperty().get()).contains("backward pass");
    }

    @Test
    void componentRowsAddUpToThePeakAndLeaveOutEmptyComponents() {
        long sum = vm.breakdown().rows().stream().mapToLong(ComponentRow::bytes).sum();
        assertThat(sum).isEqualTo(vm.breakdown().peakBytesProperty().get());
        assertThat(vm.breakdown().rows()).extracting(ComponentRow::component)
                .containsExactly(Component.WEIGHTS, Component.ACTIVATIONS);
        assertThat(vm.breakdown().rows()).allSatisfy(r -> assertThat(r.formula()).isNotBlank());
    }

    @Test
    void theBreakdownCarriesTheEstimatesRangeForTheBand() {
        setBatch(4);
        var range = vm.estimateProperty().get().range();
        assertThat(vm.breakdown().rangeLowBytesProperty().get()).isEqualTo(range.lowBytes());
        assertThat(vm.breakdown().rangeHighBytesProperty().get()).isEqualTo(range.highBytes());
        assertThat(range.lowBytes()).isLessThanOrEqualTo(vm.breakdown().peakBytesProperty().get());
    }

    @Test
    void sizesCarryTheChosenUnitAndNeverTheOther() {
        assertThat(vm.breakdown().peakTextProperty().get()).endsWith("GiB");
        assertThat(vm.breakdown().rows()).allSatisfy(r -> assertThat(r.sizeText()).endsWith("GiB"));
        assertThat(vm.sweep().valueAxisLabelProperty().get()).contains("GiB");

        snapshot.set(snapshot.get().withSizeUnit(SizeUnit.GB));

        // 16e9 bytes of weights read exactly 16.0 GB in decimal units (14.9 GiB in binary ones).
        ComponentRow weights = vm.breakdown().rows().get(0);
        assertThat(weights.sizeText()).isEqualTo("16.0\u00a0GB");
        assertThat(vm.breakdown().peakTextProperty().get()).endsWith("GB").doesNotContain("GiB");
        assertThat(vm.sweep().valueAxisLabelProperty().get()).startsWith("GB ").doesNotContain("GiB");
        assertThat(vm.sweep().valueUnitProperty().get()).isEqualTo("GB");
    }

    @Test
    void choosingAGpuDrawsItsUsableCapacityAndSaysWhetherThePeakFits() {
        assertThat(vm.breakdown().capacityBytesProperty().get()).isZero();

        vm.selectedGpuIdProperty().set(FakeResultsEngine.SMALL.id());

        assertThat(vm.selectedGpuProperty().get()).isEqualTo(FakeResultsEngine.SMALL);
        assertThat(vm.breakdown().capacityBytesProperty().get()).isEqualTo(23L << 30);
        assertThat(vm.breakdown().capacityTextProperty().get())
                .isEqualTo("Small 24GB: 23.0\u00a0GiB usable of 24.0\u00a0GiB");
        // One unit per figure: in GB, 23 GiB usable of 24 GiB in all are 24.7 GB of 25.8 GB.
        snapshot.set(snapshot.get().withSizeUnit(SizeUnit.GB));
        assertThat(vm.breakdown().capacityTextProperty().get())
                .isEqualTo("Small 24GB: 24.7\u00a0GB usable of 25.8\u00a0GB");
        snapshot.set(snapshot.get().withSizeUnit(SizeUnit.GIB));
        // 16 GB + 4096 x 100 kB = 16.41 GB < 23 GiB usable.
        assertThat(vm.breakdown().fitsProperty().get()).isTrue();

        setBatch(40);
        // 16 GB + 40 x 4096 x 100 kB = 32.4 GB > 23 GiB = 24.7 GB.
        assertThat(vm.breakdown().fitsProperty().get()).isFalse();
        assertThat(vm.breakdown().fitTextProperty().get()).startsWith("Does not fit");
    }

    @Test
    void theWorkloadPanelsGpuChoiceSelectsThatGpu() {
        snapshot.set(snapshot.get().withGpuId(FakeResultsEngine.BIG.id()));
        assertThat(vm.selectedGpuIdProperty().get()).isEqualTo(FakeResultsEngine.BIG.id());
        assertThat(vm.sweep().capacityLines()).hasSize(1);
        assertThat(vm.sweep().capacityLines().get(0).primary()).isTrue();
    }

    @Test
    void servingOverConcurrentSequencesMarksTheKvCapacityAndTheLatencyLimit() {
        ScenarioInputs s = snapshot.get();
        snapshot.set(s.withWorkload(s.workload().toBuilder().mode(com.vramadvisor.engine.llm.Mode.INFER).batch(2)
                .sequenceLength(1024).context(2048).build()).withGpuId(FakeResultsEngine.BIG.id()));
        ServingMarks marks = vm.sweep().servingMarksProperty().get();
        // The window's engine is vLLM, which takes 0.9 of the 79 GiB usable unless told otherwise (vLLM's
        // request_memory): (ceil(0.9 x 84,825,604,096) - 16e9 bytes) / (100 kB x 2,048 tokens) = 294.64 sequences,
        // 294 whole ones: the one number the line, the fit summary and the GPU's fit marker give.
        assertThat(marks.kvX()).isEqualTo(Math.floor((Math.ceil(0.9 * 79.0 * (1L << 30)) - 16e9) / (1e5 * 2048)))
                .isEqualTo(294);
        assertThat(marks.kvLabel()).isEqualTo("KV cache holds 294");
        assertThat(vm.sweep().fitSummaryProperty().get()).isEqualTo(
                "Largest concurrent-sequence count that fits Big 80GB: 294");
        assertThat(vm.sweep().capacityLines().get(0).largestFit()).isEqualTo(294);
        // The targets stop it first (7 sequences): a second line with its own, smaller number.
        assertThat(marks.targetX()).isEqualTo(7);
        assertThat(marks.tip()).contains("Big 80GB").contains("2,048 tokens").contains("256").contains("294.64x")
                .contains("7 concurrent sequences meet TPOT \u2264 50 ms");
        assertThat(vm.sweep().upperXProperty().get()).as("the axis reaches the KV line").isGreaterThan(294);
        assertThat(vm.sweep().points().get(0).text()).endsWith("TPOT 10.5 ms");
        // Without a target there is no latency line; training and other axes have no serving lines.
        snapshot.set(snapshot.get().withServingTargets(com.vramadvisor.engine.serving.ServingTargets.NONE));
        assertThat(vm.sweep().servingMarksProperty().get().targetX()).isEqualTo(-1);
        snapshot.set(snapshot.get().withSweepAxis(SweepAxis.CONTEXT));
        assertThat(vm.sweep().servingMarksProperty().get()).isEqualTo(ServingMarks.NONE);
    }

    @Test
    void theSweepRisesWithTheBatchAndMarksTheLargestFitForEachCapacity() {
        vm.selectedGpuIdProperty().set(FakeResultsEngine.BIG.id());
        vm.comparedGpuIds().setAll(FakeResultsEngine.SMALL.id(), FakeResultsEngine.BIG.id());

        assertThat(vm.sweep().points()).isNotEmpty();
        for (int i = 1; i < vm.sweep().points().size(); i++) {
            assertThat(vm.sweep().points().get(i).bytes()).isGreaterThan(vm.sweep().points().get(i - 1).bytes());
        }
        assertThat(vm.sweep().capacityLines()).extracting(CapacityLine::gpuId)
                .containsExactly(FakeResultsEngine.BIG.id(), FakeResultsEngine.SMALL.id());
        // (79 x 2^30 B - 16e9 B) / (4096 x 100 kB) = 168.03 -> 168 sequences.
        CapacityLine big = vm.sweep().capacityLines().get(0);
        assertThat(big.largestFit()).isEqualTo(168);
        assertThat(big.fitText()).isEqualTo("Largest micro-batch that fits Big 80GB: 168");
        assertThat(vm.sweep().upperXProperty().get()).isGreaterThanOrEqualTo(168);
        assertThat(big.value()).isEqualTo(79.0);
    }

    @Test
    void trainingSweepsSequenceLengthWhenContextIsAsked() {
        snapshot.set(snapshot.get().withSweepAxis(SweepAxis.CONTEXT));
        assertThat(vm.sweep().axisProperty().get()).isEqualTo(SweepAxis.SEQUENCE);
        assertThat(vm.sweep().currentXProperty().get()).isEqualTo(4096);
        assertThat(vm.sweep().axisLabelProperty().get()).isEqualTo("Sequence length (tokens)");
    }

    @Test
    void inferenceNamesItsBatchAxisConcurrentSequencesNotMicroBatch() {
        ScenarioInputs s = snapshot.get();
        snapshot.set(s.withWorkload(s.workload().toBuilder().mode(Mode.INFER).build())
                .withSweepAxis(SweepAxis.BATCH));
        assertThat(vm.sweep().axisProperty().get()).isEqualTo(SweepAxis.BATCH);
        assertThat(vm.sweep().axisLabelProperty().get()).isEqualTo("Concurrent sequences");
        assertThat(vm.sweep().currentTextProperty().get()).startsWith("Now: concurrent-sequence count ")
                .doesNotContain("icro-batch");
    }

    @Test
    void rejectedInputsShowTheEnginesReasonInsteadOfStaleNumbers() {
        setBatch(999);
        assertThat(vm.estimateProperty().get()).isNull();
        assertThat(vm.errorProperty().get()).isEqualTo("batch 999 is not allowed here");
        assertThat(vm.breakdown().rows()).isEmpty();

        setBatch(2);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.estimateProperty().get()).isNotNull();
    }

    @Test
    void numbersFollowTheLocale() {
        ResultsViewModel zh = new ResultsViewModel(snapshot, engine,
                new ResultsMessages(Locale.SIMPLIFIED_CHINESE), Runnable::run, Runnable::run);
        ResultsViewModel de = new ResultsViewModel(snapshot, engine,
                new ResultsMessages(Locale.GERMANY), Runnable::run, Runnable::run);
        // 16e9 bytes = 14.9 GiB; German uses a decimal comma.
        assertThat(de.breakdown().rows().get(0).sizeText()).isEqualTo("14,9\u00a0GiB");
        assertThat(zh.breakdown().rows().get(0).sizeText()).isEqualTo("14.9\u00a0GiB");
        assertThat(zh.breakdown().rows().get(0).name()).isNotEqualTo(vm.breakdown().rows().get(0).name());
    }

    @Test
    void switchingLanguageRelabelsTheResultsInPlace() {
        SimpleObjectProperty<Locale> locale = new SimpleObjectProperty<>(Locale.ENGLISH);
        ResultsViewModel live = new ResultsViewModel(snapshot, engine,
                new ResultsMessages(locale), Runnable::run, Runnable::run);
        assertThat(live.breakdown().headlineProperty().get()).contains("backward pass");
        assertThat(live.table().rows()).isNotEmpty().extracting(DecisionRow::acquisitionText)
                .containsOnly("Buy", "Rent");

        locale.set(Locale.SIMPLIFIED_CHINESE);

        assertThat(live.breakdown().headlineProperty().get()).contains("反向传播");
        assertThat(live.sweep().axisLabelProperty().get()).isEqualTo("微批大小（每块 GPU 的序列数）");
        // The table's rows are formatted with the ranking, in the language the ranking was asked in.
        assertThat(live.table().rows()).isNotEmpty().extracting(DecisionRow::acquisitionText)
                .containsOnly("购买", "租用");
    }

    @Test
    void aGpuChosenOutsideTheTableDropsATableSelectionFocusedOnAnotherGpu() {
        DecisionRow small = row(FakeResultsEngine.SMALL.id());
        DecisionRow big = row(FakeResultsEngine.BIG.id());
        vm.table().select(java.util.List.of(big, small), small);
        assertThat(vm.selectedGpuIdProperty().get()).isEqualTo(FakeResultsEngine.SMALL.id());
        assertThat(vm.comparedGpuIds()).containsExactly(FakeResultsEngine.BIG.id());

        // The click coming back through the workload panel's GPU keeps the selection.
        snapshot.set(snapshot.get().withGpuId(FakeResultsEngine.SMALL.id()));
        assertThat(vm.table().selectedKeys()).containsExactly(big.key(), small.key());

        // File > New, undo or the panel's picker choose another GPU: the table no longer shows a stale choice.
        snapshot.set(snapshot.get().withGpuId(FakeResultsEngine.BIG.id()));
        assertThat(vm.table().selectedKeys()).isEmpty();
        assertThat(vm.comparedGpuIds()).isEmpty();
        assertThat(vm.selectedGpuIdProperty().get()).isEqualTo(FakeResultsEngine.BIG.id());
        assertThat(vm.sweep().capacityLines()).hasSize(1);
    }

    private DecisionRow row(String gpuId) {
        return vm.table().rows().stream().filter(r -> r.gpuId().equals(gpuId) && r.gpusNeeded() == 1).findFirst()
                .orElseThrow(() -> new AssertionError("no single-GPU row for " + gpuId));
    }

    @Test
    void aGpuSelectionEchoedBackThroughTheSnapshotIsNotComputedTwice() {
        vm.selectedGpuIdProperty().set(FakeResultsEngine.BIG.id());
        int estimatesAfterSelection = engine.estimates;

        snapshot.set(snapshot.get().withGpuId(FakeResultsEngine.BIG.id()));

        assertThat(engine.estimates).isEqualTo(estimatesAfterSelection);
        assertThat(vm.selectedGpuProperty().get()).isEqualTo(FakeResultsEngine.BIG);
    }

    @Test
    void rankingRunsOnTheWorkerAndQuickChangesShareOneTurn() {
        List<Runnable> worker = new ArrayList<>();
        List<Runnable> ui = new ArrayList<>();
        ResultsViewModel async = new ResultsViewModel(snapshot, engine, new ResultsMessages(Locale.ENGLISH),
                worker::add, ui::add);
        setBatch(2);
        setBatch(3);

        // The breakdown is already current; the table waits for one worker turn that serves the latest inputs.
        assertThat(async.breakdown().peakBytesProperty().get()).isEqualTo(peakForBatch(3));
        assertThat(async.table().rows()).isEmpty();
        assertThat(worker).hasSize(1);
        worker.remove(0).run();
        ui.remove(0).run();

        assertThat(perGpuBytesOfBig(async)).isEqualTo(peakForBatch(3));
    }

    @Test
    void aRankingOvertakenByNewerInputsIsDropped() {
        List<Runnable> worker = new ArrayList<>();
        List<Runnable> ui = new ArrayList<>();
        ResultsViewModel async = new ResultsViewModel(snapshot, engine, new ResultsMessages(Locale.ENGLISH),
                worker::add, ui::add);
        worker.remove(0).run();
        setBatch(5);
        ui.remove(0).run();
        assertThat(async.table().rows()).isEmpty();

        worker.remove(0).run();
        ui.remove(0).run();
        assertThat(perGpuBytesOfBig(async)).isEqualTo(peakForBatch(5));
    }

    private static long peakForBatch(int batch) {
        return FakeResultsEngine.WEIGHT_BYTES + batch * 4096L * FakeResultsEngine.BYTES_PER_TOKEN;
    }

    private static long perGpuBytesOfBig(ResultsViewModel model) {
        return model.table().rows().stream().filter(r -> r.hardwareId().equals(FakeResultsEngine.BIG.id()))
                .findFirst().orElseThrow().perGpuBytes();
    }

    @Test
    void formulasFollowTheTrainingImplementationAndTheMode() {
        ComponentRow weights = vm.breakdown().rows().get(0);
        ComponentRow activations = vm.breakdown().rows().get(1);
        // The default scenario trains in bf16 mixed precision under PyTorch autocast: fp32 parameters plus 16-bit
        // copies, and activations as Hugging Face blocks keep them.
        assertThat(weights.formula()).contains("(fp32: 4 B)").contains("16-bit copy");
        assertThat(activations.formula()).contains("PyTorch layout").doesNotContain("Korthikanti");

        ScenarioInputs s = snapshot.get();
        snapshot.set(s.withWorkload(s.workload().toBuilder().implementation(Implementation.MEGATRON).build()));
        assertThat(vm.breakdown().rows().get(0).formula()).contains("(bf16: 2 B)").doesNotContain("16-bit copy");
        assertThat(vm.breakdown().rows().get(1).formula()).contains("Korthikanti");

        snapshot.set(s.withWorkload(s.workload().toBuilder().mode(Mode.INFER).build()));
        assertThat(vm.breakdown().rows().get(1).formula()).contains("prefill").doesNotContain("backward pass,");
    }

    @Test
    void theTableSaysARankingIsUnderWayUntilTheRowsOfTheLatestRequestArrive() {
        List<Runnable> worker = new ArrayList<>();
        List<Runnable> ui = new ArrayList<>();
        ResultsViewModel deferred = new ResultsViewModel(snapshot, engine, new ResultsMessages(Locale.US),
                worker::add, ui::add);
        assertThat(deferred.table().rankingProperty().get()).isTrue();

        worker.remove(0).run();
        setBatch(4);
        // The first result arrives after a second request: it is stale and leaves the table still waiting.
        ui.remove(0).run();
        assertThat(deferred.table().rankingProperty().get()).isTrue();

        worker.remove(0).run();
        ui.remove(0).run();
        assertThat(deferred.table().rankingProperty().get()).isFalse();
        assertThat(vm.table().rankingProperty().get()).as("an inline ranking is never under way").isFalse();
    }
}
