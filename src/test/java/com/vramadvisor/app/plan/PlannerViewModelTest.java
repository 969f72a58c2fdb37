package com.vramadvisor.app.plan;

import com.vramadvisor.engine.speed.SpeedSettings;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.PlanTexts;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.MemoryModel;
import com.vramadvisor.engine.plan.Planner;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** The planner tab's view-model on the real engine and shipped catalog, with same-thread or queued executors. */
class PlannerViewModelTest {

    private static final String H100 = "h100-sxm-80gb";

    private final Catalog catalog = CatalogLoader.shippedOnly().load();
    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults().withGpuId(H100),
            List.of(), ModelShapes::fromParameterCount, spec -> ParameterCounter.count(spec).total());
    private final ResultsMessages messages = new ResultsMessages(Locale.ENGLISH);
    /** Work handed to the worker and not yet run, when a test queues it. */
    private final List<Runnable> queued = new ArrayList<>();

    private PlannerViewModel planner(Executor worker) {
        return new PlannerViewModel(workload.snapshotProperty(), PlanTarget.all(catalog.hardware()), workload::apply,
                messages, worker, Runnable::run);
    }

    private PlannerViewModel inline() {
        return planner(Runnable::run);
    }

    private PlannerViewModel queuing() {
        return planner(queued::add);
    }

    private void runQueued() {
        List<Runnable> now = new ArrayList<>(queued);
        queued.clear();
        now.forEach(Runnable::run);
    }

    /** The engine's own answer for the H100 in its node class, to check the tab against. */
    private Planner.Answer direct(double deadlineDays) {
        ScenarioInputs in = workload.snapshot();
        Workload w = in.workload();
        MemoryModel memory = Recommender.estimatorModel(new MemoryEstimator());
        Planner p = new Planner(memory, in.model(), w, memory.estimate(in.model(), w),
                new Planner.Settings(SpeedSettings.fitted(), in.tokenBudget(), 0, null));
        GpuSpec gpu = catalog.gpu(H100).orElseThrow();
        return p.plan(PlanTarget.all(catalog.hardware()).get(indexOf("gpu:" + H100)).rig(ServingEngine.capacityBytes(gpu, w)),
                in.maxGpus(), deadlineDays * 24, PlannerViewModel.ALTERNATIVES);
    }

    private int indexOf(String key) {
        List<PlanTarget> all = PlanTarget.all(catalog.hardware());
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).key().equals(key)) {
                return i;
            }
        }
        throw new AssertionError("no target " + key);
    }

    private PlanTarget target(String key) {
        return PlanTarget.all(catalog.hardware()).get(indexOf(key));
    }

    @Test
    void aBubbleBoundPlanSaysWhichGlobalBatchWouldHideTheBubble() {
        ScenarioInputs in = workload.snapshot();
        workload.apply(in.withModel(catalog.model("llama-2-70b").orElseThrow(), "llama-2-70b")
                .withWorkload(in.workload().toBuilder().framework(com.vramadvisor.engine.llm.Framework.DEEPSPEED)
                        .batch(1).sequenceLength(4096).build())
                .withMaxGpus(16));
        PlannerViewModel vm = inline();
        vm.plan();
        assertThat(vm.rows().get(0).bound()).isEqualTo(com.vramadvisor.engine.plan.Bound.BUBBLE);
        // Two stages and one micro-batch: half the step idle; nine micro-batches of one sequence bring it to a tenth.
        assertThat(vm.summaryProperty().get()).contains("fill and drain", "50%", "36,864 tokens", "(9 sequences)");
    }

    @Test
    void itStartsOnTheScenariosGpuWithTheScenariosDeadline() {
        PlannerViewModel vm = inline();
        assertThat(vm.targetProperty().get().key()).isEqualTo("gpu:" + H100);
        assertThat(vm.deadlineTextProperty().get()).isEqualTo("90");
        assertThat(vm.targets()).extracting(PlanTarget::key).contains("system:dgx-h100", "cloud:aws-p5.48xlarge-on-demand");
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.busyProperty().get()).isFalse();

        workload.deadlineDaysProperty().set(45);
        assertThat(vm.deadlineTextProperty().get()).isEqualTo("45");
    }

    @Test
    void planningShowsTheEnginesChoiceFirstAndTheNextBestLayoutsAtTheSameCount() {
        PlannerViewModel vm = inline();
        vm.deadlineTextProperty().set("30");
        vm.plan();

        Planner.Answer expected = direct(30);
        PlanTexts texts = new PlanTexts(messages);
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.progressProperty().get()).isEqualTo(1);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.rows()).hasSize(expected.alternatives().size()).hasSizeLessThanOrEqualTo(5);
        PlanRow first = vm.rows().get(0);
        assertThat(first.chosen()).isTrue();
        assertThat(vm.rows().subList(1, vm.rows().size())).noneMatch(PlanRow::chosen);
        assertThat(first.layout()).isEqualTo(expected.chosen().layout());
        assertThat(first.gpus()).isEqualTo(expected.chosen().gpus()).isGreaterThan(1);
        assertThat(vm.rows()).allSatisfy(r -> assertThat(r.gpus()).isEqualTo(first.gpus()));
        // Fastest first.
        for (int i = 1; i < vm.rows().size(); i++) {
            assertThat(vm.rows().get(i).hours()).isGreaterThanOrEqualTo(vm.rows().get(i - 1).hours());
        }
        assertThat(first.timeText()).isEqualTo(texts.time(expected.chosen().hours()));
        assertThat(first.memoryText()).endsWith("\u00a0GiB");
        assertThat(first.mfuText()).endsWith("%");
        assertThat(first.boundText()).isEqualTo(texts.bound(expected.chosen().step().bound()));
        assertThat(vm.summaryProperty().get()).isEqualTo(first.gpusText() + " x NVIDIA H100 SXM5 80GB (one machine) "
                + "finish 1,000,000,000 tokens in " + first.timeText() + ", within the 30-day deadline.");
    }

    @Test
    void aShorterDeadlineTakesMoreGpus() {
        PlannerViewModel vm = inline();
        vm.deadlineTextProperty().set("30");
        vm.plan();
        int relaxed = vm.rows().get(0).gpus();

        // H100 SXM boards come in eights: one board takes a few hours, so an hour and a half needs more.
        vm.deadlineTextProperty().set("0.0625");
        vm.plan();
        assertThat(vm.rows().get(0).gpus()).isGreaterThan(relaxed);
        assertThat(vm.rows().get(0).hours()).isLessThanOrEqualTo(1.5);
    }

    @Test
    void theSearchRunsOnTheWorkerAndCancelDropsItsAnswer() {
        PlannerViewModel vm = queuing();
        vm.plan();
        assertThat(queued).hasSize(1);
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.progressProperty().get()).isEqualTo(PlannerViewModel.INDETERMINATE);
        assertThat(vm.summaryProperty().get()).isEqualTo("Planning on NVIDIA H100 SXM5 80GB\u2026");
        vm.plan();
        assertThat(queued).as("a second Plan while one runs is ignored").hasSize(1);

        vm.cancel();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.summaryProperty().get()).isEqualTo("Cancelled.");
        runQueued();
        assertThat(vm.rows()).as("the cancelled answer is dropped").isEmpty();
        assertThat(vm.summaryProperty().get()).isEqualTo("Cancelled.");

        vm.plan();
        runQueued();
        assertThat(vm.rows()).isNotEmpty();
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void aBadDeadlineOrGlobalBatchSaysSoAndDoesNotSearch() {
        PlannerViewModel vm = queuing();
        vm.deadlineTextProperty().set("0");
        vm.plan();
        assertThat(vm.problemProperty().get()).isEqualTo("Deadline '0' is not a number of days above 0.");
        vm.deadlineTextProperty().set("30");
        vm.globalBatchTextProperty().set("lots");
        vm.plan();
        assertThat(vm.problemProperty().get()).isEqualTo("Global batch 'lots' is not a whole number of tokens.");
        assertThat(queued).isEmpty();
        assertThat(vm.busyProperty().get()).isFalse();

        vm.globalBatchTextProperty().set("");
        vm.plan();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(queued).hasSize(1);
    }

    @Test
    void anInferenceWorkloadIsNotPlanned() {
        PlannerViewModel vm = queuing();
        workload.modeProperty().set(Mode.INFER);
        vm.plan();
        assertThat(vm.problemProperty().get())
                .isEqualTo("The planner lays out training runs: switch the workload to training, LoRA or QLoRA.");
        assertThat(queued).isEmpty();
    }

    @Test
    void aGlobalBatchIsSplitExactlyIntoMicroBatchesOverTheDataParallelReplicas() {
        PlannerViewModel vm = inline();
        // 1,048,576 tokens of 4,096 = 256 sequences per step: replicas x sequences per micro-batch x micro-batches.
        vm.globalBatchTextProperty().set("1048576");
        vm.plan();
        int batch = workload.snapshot().workload().batch();
        assertThat(vm.rows()).isNotEmpty().allSatisfy(r -> assertThat(r.layout().dp()
                * r.layout().microBatchSize(batch) * r.layout().microBatches()).as(r.layoutText()).isEqualTo(256));
        // 1,000,000 tokens are not a whole number of 4,096-token sequences: no layout, and the reason.
        vm.globalBatchTextProperty().set("1M");
        vm.plan();
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.problemProperty().get()).contains("not a whole number of 4,096-token sequences");
    }

    @Test
    void applyingALineSetsItsLayoutAndGpuInTheScenario() {
        PlannerViewModel vm = inline();
        vm.targetProperty().set(target("system:dgx-h100"));
        vm.plan();
        PlanRow second = vm.rows().size() > 1 ? vm.rows().get(1) : vm.rows().get(0);
        workload.gpuIdProperty().set("rtx-4090");

        vm.apply(second);

        ScenarioInputs now = workload.snapshot();
        assertThat(now.workload().parallelism()).isEqualTo(second.layout().parallelism());
        assertThat(now.workload().recompute()).isEqualTo(second.layout().recompute());
        assertThat(now.workload().gradientAccumulation()).isEqualTo(second.layout().microBatches());
        assertThat(now.gpuId()).isEqualTo(H100);
        assertThat(now.workload().parallelism().gpus()).isEqualTo(second.gpus());
        assertThat(second.gpus() % 8).as("whole DGX systems").isZero();
    }

    @Test
    void aChangedWorkloadMarksThePlanStaleButApplyingItDoesNot() {
        PlannerViewModel vm = inline();
        vm.plan();
        assertThat(vm.noteProperty().get()).isEmpty();
        vm.apply(vm.rows().get(0));
        assertThat(vm.noteProperty().get()).isEmpty();

        workload.batchProperty().set(2);
        assertThat(vm.noteProperty().get())
                .isEqualTo("The workload has changed since this plan; plan again for layouts that match it.");
        vm.plan();
        assertThat(vm.noteProperty().get()).isEmpty();
    }

    @Test
    void hardwareThatCannotBeLaidOutWithinTheGpuLimitSaysSo() {
        workload.maxGpusProperty().set(4);
        PlannerViewModel vm = inline();
        vm.targetProperty().set(target("system:dgx-h100"));
        vm.plan();
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.summaryProperty().get())
                .isEqualTo("NVIDIA DGX H100 cannot be laid out within a limit of 4 GPU(s).");
    }

    @Test
    void aGpuThatCannotHoldTheWorkloadWithinTheLimitShowsItsLeanestLayout() {
        workload.maxGpusProperty().set(1);
        PlannerViewModel vm = inline();
        vm.targetProperty().set(target("gpu:rtx-4090"));
        vm.plan();
        assertThat(vm.rows()).hasSize(1);
        assertThat(vm.rows().get(0).layout().parallelism()).isEqualTo(Parallelism.SINGLE_GPU);
        assertThat(vm.summaryProperty().get())
                .startsWith("Does not fit even on 1 x NVIDIA GeForce RTX 4090: the leanest layout needs ")
                .endsWith(" per GPU, 23.6\u00a0GiB usable.");
    }
}
