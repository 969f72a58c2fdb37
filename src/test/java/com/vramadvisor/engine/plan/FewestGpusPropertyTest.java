package com.vramadvisor.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Phase;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.MemoryRange;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.TestHardware;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The planner's fewest-GPU search against an exhaustive scan of every GPU count, over 300 random cases (seeded, so the
 * same every run): models, GPUs, node sizes, networks, frameworks, global batches, micro-batches, token budgets,
 * deadlines and GPU limits. With the batch fixed, feasibility is not monotone in the GPU count; the scan checks every
 * count and every layout the planner lays out there, without the search's bounds, pruning or early stops, and must
 * agree with the search on the count, whether it meets the deadline, whether it is tight, and the first layout's
 * memory and speed. Work is bounded by counting, not timed.
 */
class FewestGpusPropertyTest {

    private static final int CASES = 300;
    private static final GpuSpec[] GPUS = {TestHardware.h100Sxm(), TestHardware.a100Sxm80(), TestHardware.a100Sxm40(),
        TestHardware.rtx4090(), TestHardware.rtx3060(), TestHardware.mi300x()};
    private static final Framework[] FRAMEWORKS = {Framework.FSDP, Framework.DEEPSPEED, Framework.MEGATRON};

    /**
     * A memory model with the two properties the search relies on, simple enough to scan exhaustively: model states
     * divided by tensor x pipeline and, by ZeRO stage, by the data x context ranks (so every layout holds at least the
     * total optimizer states over its GPUs); activations per micro-batch in flight, divided by tensor and context
     * parallelism and shrunk by recomputation (so ZeRO-3 with full recomputation needs the least). The range's high
     * end lies 3 % above the peak.
     */
    record ShardedMemory(double weightBytes, double gradientBytes, double optimizerBytes, double activationBytes,
                         long parameters) implements MemoryModel {

        @Override
        public Estimate estimate(ModelSpec model, Workload w) {
            Parallelism p = w.parallelism();
            double split = (double) p.tensorParallel() * p.pipelineParallel();
            double shard = p.shardGroup();
            int z = p.zeroStage();
            double states = weightBytes / split / (z == 3 ? shard : 1) + gradientBytes / split / (z >= 2 ? shard : 1)
                    + optimizerBytes / split / (z >= 1 ? shard : 1);
            int perStage = (model.layers() + p.pipelineParallel() - 1) / p.pipelineParallel();
            int inFlight = p.pipelineParallel() > 1 ? Math.min(p.pipelineParallel(), w.gradientAccumulation()) : 1;
            double recompute = switch (w.recompute()) {
                case NONE -> 1.0;
                case SELECTIVE -> 0.6;
                case FULL -> 0.1;
            };
            double activations = activationBytes * w.batch() * perStage * inFlight * recompute
                    / p.tensorParallel() / p.contextParallel();
            long peak = (long) (states + activations) + (1L << 30);
            Map<Component, Long> parts = new EnumMap<>(Component.class);
            parts.put(Component.WEIGHTS, (long) (weightBytes / split / (z == 3 ? shard : 1)));
            parts.put(Component.GRADIENTS, (long) (gradientBytes / split / (z >= 2 ? shard : 1)));
            parts.put(Component.OPTIMIZER_STATES, (long) (optimizerBytes / split / (z >= 1 ? shard : 1)));
            parts.put(Component.ACTIVATIONS, (long) activations);
            return new Estimate(parameters, parameters, parameters, parts,
                    List.of(new PhaseBreakdown(Phase.BACKWARD, parts)), peak, Phase.BACKWARD, List.of(), 0, 0,
                    new MemoryRange(peak, (long) (peak * 1.03)));
        }
    }

    /** One random case. */
    private record Case(ModelSpec model, Workload workload, ShardedMemory memory, Rig rig, Planner.Settings settings,
                        double deadlineHours, int maxGpus) {
    }

    private static Case randomCase(Random rnd) {
        int[] headChoices = {8, 16, 32, 64, 96};
        int heads = headChoices[rnd.nextInt(headChoices.length)];
        int layers = 4 + rnd.nextInt(93);
        int hidden = heads * 128;
        ModelSpec model = ModelSpec.builder().id("random").name("random").hiddenSize(hidden).layers(layers)
                .heads(heads).kvHeads(heads).ffnSize(4 * hidden).vocabSize(32_000).maxPositions(8192).build();
        Framework framework = FRAMEWORKS[rnd.nextInt(FRAMEWORKS.length)];
        boolean qlora = framework != Framework.MEGATRON && rnd.nextInt(6) == 0;
        int[] sequences = {1024, 2048, 4096};
        int seq = sequences[rnd.nextInt(sequences.length)];
        Workload.Builder b = Workload.builder().sequenceLength(seq).batch(1 + rnd.nextInt(4)).framework(framework);
        if (qlora) {
            b.mode(Mode.QLORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR)).weightType(DataType.NF4);
        }
        Workload w = b.build();
        long parameters = new MemoryEstimator().estimate(model, w).parameters();
        double perParameter = 2 + rnd.nextDouble() * 2;
        ShardedMemory memory = new ShardedMemory(perParameter * parameters, perParameter * parameters,
                (qlora ? 0.01 : 2 + rnd.nextDouble() * 10) * parameters,
                (2 + rnd.nextDouble() * 30) * seq * hidden, parameters);
        GpuSpec gpu = GPUS[rnd.nextInt(GPUS.length)];
        int[] nodeSizes = {1, 2, 4, 8};
        int perNode = nodeSizes[rnd.nextInt(nodeSizes.length)];
        int unit = perNode == 8 && rnd.nextBoolean() ? 8 : 1;
        double[] networks = {1.25, 25, 50, 400};
        Rig rig = new Rig(gpu, unit, perNode, 16, "test network", networks[rnd.nextInt(networks.length)],
                gpu.memoryBytesUsable());
        long globalBatchTokens = 0;
        if (rnd.nextInt(5) > 0) {
            long seqs = (1L << rnd.nextInt(11)) * (rnd.nextBoolean() ? 3 : 1) * (rnd.nextInt(4) == 0 ? 5 : 1);
            globalBatchTokens = seqs * seq;
        }
        long tokens = (long) Math.pow(10, 9 + rnd.nextDouble() * 3.5);
        Planner.Settings settings = new Planner.Settings(0.5, 0.6, tokens, globalBatchTokens,
                rnd.nextInt(4) == 0 ? Recompute.FULL : null, 0.05 + rnd.nextDouble() * 0.2);
        double deadline = Math.pow(10, rnd.nextDouble() * 4);
        return new Case(model, w, memory, rig, settings, deadline, 1 + rnd.nextInt(256));
    }

    /** The exhaustive verdict at one count, from every layout the planner lays out there. */
    /**
     * @param bestFreePercent       the most whole percent of the capacity left free by a layout outside the margin
     *                              that meets the deadline within 2 % of the fastest such layout's step
     * @param perTokenAtBestFree    the fastest seconds per token among those layouts that leave that percentage free
     */
    private record CountVerdict(boolean cleanOnTime, boolean fittingOnTime, boolean fitting, boolean anyLayout,
                                long bestFreePercent, double perTokenAtBestFree) {
    }

    private static long freePercent(long peakBytes, long capacityBytes) {
        return Math.floorDiv((capacityBytes - peakBytes) * 100, capacityBytes);
    }

    private static CountVerdict scan(Case c, Planner planner, int gpus) {
        boolean clean = false;
        boolean fittingOnTime = false;
        boolean fitting = false;
        double fastestClean = Double.MAX_VALUE;
        List<PlanLayout> layouts = planner.layouts(gpus, c.rig().gpusPerNode());
        double[] perToken = new double[layouts.size()];
        long[] peaks = new long[layouts.size()];
        boolean[] cleanOnTime = new boolean[layouts.size()];
        long capacity = c.rig().capacityBytes();
        for (int i = 0; i < layouts.size(); i++) {
            PlanLayout l = layouts.get(i);
            StepTime step = planner.stepTimeModel().training(c.rig().gpu(), c.rig().fabric(gpus), l);
            double hours = c.settings().tokenBudget() / (step.tokensPerSecond() * Goodput.fraction(gpus)) / 3600.0;
            Estimate e = c.memory().estimate(c.model(), planner.workloadFor(l));
            boolean fits = e.peakBytes() <= capacity;
            boolean tight = capacity - e.peakBytes() < c.settings().marginFraction() * capacity
                    || e.range().highBytes() > capacity;
            boolean onTime = hours <= c.deadlineHours();
            perToken[i] = step.stepSeconds() / step.tokensPerStep();
            peaks[i] = e.peakBytes();
            fitting |= fits;
            fittingOnTime |= fits && onTime;
            cleanOnTime[i] = fits && !tight && onTime;
            if (cleanOnTime[i]) {
                clean = true;
                fastestClean = Math.min(fastestClean, perToken[i]);
            }
        }
        long bestFree = Long.MIN_VALUE;
        double perTokenAtBestFree = Double.MAX_VALUE;
        for (int i = 0; i < layouts.size(); i++) {
            if (cleanOnTime[i] && perToken[i] <= fastestClean * (1 + Planner.NEAR_FASTEST)) {
                long free = freePercent(peaks[i], capacity);
                if (free > bestFree || (free == bestFree && perToken[i] < perTokenAtBestFree)) {
                    bestFree = free;
                    perTokenAtBestFree = perToken[i];
                }
            }
        }
        return new CountVerdict(clean, fittingOnTime, fitting, !layouts.isEmpty(), bestFree, perTokenAtBestFree);
    }

    @Test
    void theSearchFindsTheCountAnExhaustiveScanFinds() {
        Random rnd = new Random(20_240_611L);
        int nonMonotone = 0;
        int cleanAnswers = 0;
        long visitedBySearch = 0;
        long countsScanned = 0;
        for (int i = 0; i < CASES; i++) {
            Case c = randomCase(rnd);
            Estimate single = c.memory().estimate(c.model(), c.workload());
            Planner planner = new Planner(c.memory(), c.model(), c.workload(), single, c.settings());
            Rig rig = c.rig();
            int kMax = rig.index(c.maxGpus());
            int firstClean = -1;
            int firstOnTime = -1;
            int lastFitting = -1;
            int lastLayout = -1;
            boolean cleanSeen = false;
            boolean brokeAfterClean = false;
            CountVerdict[] verdicts = new CountVerdict[kMax + 1];
            // A planner of its own for the scan: it only lays out layouts and times them, nothing it caches is read.
            Planner scanner = new Planner(c.memory(), c.model(), c.workload(), single, c.settings());
            for (int k = 1; k <= kMax; k++) {
                CountVerdict v = scan(c, scanner, rig.count(k));
                verdicts[k] = v;
                countsScanned++;
                if (v.cleanOnTime() && firstClean < 0) {
                    firstClean = k;
                }
                if (v.fittingOnTime() && firstOnTime < 0) {
                    firstOnTime = k;
                }
                if (v.fitting()) {
                    lastFitting = k;
                }
                if (v.anyLayout()) {
                    lastLayout = k;
                }
                brokeAfterClean |= cleanSeen && !v.cleanOnTime();
                cleanSeen |= v.cleanOnTime();
            }
            if (brokeAfterClean) {
                nonMonotone++;
            }
            Planner.Answer a = planner.plan(rig, c.maxGpus(), c.deadlineHours(), 3);
            visitedBySearch += planner.countsVisited();
            String what = String.format(Locale.ROOT, "case %d: %s, %d layers, %s, %s, %d per node, batch %d,"
                    + " deadline %.1f h, max %d", i, c.workload().framework().id(), c.model().layers(),
                    rig.gpu().id(), c.workload().mode(), rig.gpusPerNode(), c.settings().globalBatchTokens(),
                    c.deadlineHours(), c.maxGpus());
            int expected = firstClean > 0 ? firstClean : firstOnTime > 0 ? firstOnTime : lastFitting > 0
                    ? lastFitting : lastLayout;
            if (expected < 0) {
                assertThat(a).as(what).isNull();
                continue;
            }
            assertThat(a).as(what).isNotNull();
            assertThat(a.chosen().gpus()).as(what).isEqualTo(rig.count(expected));
            assertThat(a.meetsDeadline()).as(what).isEqualTo(firstOnTime > 0);
            if (firstClean > 0) {
                cleanAnswers++;
                assertThat(a.chosen().tight()).as(what).isFalse();
                CountVerdict v = verdicts[firstClean];
                StepTime chosenStep = a.chosen().step();
                assertThat(freePercent(a.chosen().peakBytes(), rig.capacityBytes())).as(what)
                        .isEqualTo(v.bestFreePercent());
                assertThat(chosenStep.stepSeconds() / chosenStep.tokensPerStep()).as(what)
                        .isEqualTo(v.perTokenAtBestFree());
            } else if (firstOnTime > 0) {
                assertThat(a.chosen().tight()).as(what).isTrue();
            } else if (lastFitting < 0) {
                assertThat(a.chosen().fits()).as(what).isFalse();
            }
        }
        // The cases exercise what a bisection gets wrong, and the search did less than the scan.
        assertThat(nonMonotone).isGreaterThan(10);
        assertThat(cleanAnswers).isGreaterThan(CASES / 4);
        assertThat(visitedBySearch).isLessThan(countsScanned);
    }
}
