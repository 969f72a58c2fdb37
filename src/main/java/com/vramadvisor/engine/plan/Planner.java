package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Recompute;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.speed.SpeedSettings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The layout planner for training: for a rig and a GPU count it tries every tensor-parallel size (powers of two
 * within a node that divide the attention heads), every pipeline depth that divides the rest, the data-parallel size
 * that remains, ZeRO stages 1-3 (0 without data parallelism), no, selective or full recomputation, and sequence
 * parallelism wherever tensor parallelism is on; it orders them by {@link StepTimeModel} and keeps the fastest whose
 * per-GPU peak fits. Unless the workload sets an expert- or context-parallel size (then both are kept as given), it
 * also tries, for a mixture-of-experts model, expert-parallel sizes that divide the routed experts
 * ({@link SearchedSizes#expert}) and, for long sequences, context-parallel sizes ({@link SearchedSizes#context}); both multiply the
 * layouts only where they apply, so dense short-sequence searches are unchanged. Over GPU counts it finds the fewest that fit and finish the token budget within a deadline.
 *
 * <p>Micro-batches per step: with a global batch, {@code sequences / (d x b)} (a data-parallel size above
 * {@code sequences / b} is not tried: the batch cannot be split further), so deeper pipelines get the micro-batches
 * that hide their bubble only where the batch has them; without one, the workload's gradient accumulation, the same
 * for every layout, so that no layout gains by silently growing the batch.
 *
 * <p>Per-GPU memory depends on the layout but not on the GPU, so peaks are computed once per layout and shared by
 * every rig the planner is asked about. Not thread-safe: one planner per recommendation.
 */
public final class Planner {

    /**
     * The planner's settings.
     *
     * @param speed             the efficiencies per GPU stack and framework (fitted, or a user's override)
     * @param tokenBudget         tokens to train on
     * @param globalBatchTokens   tokens per optimizer step over all replicas; 0 for the workload's own batch and
     *                            accumulation per replica
     * @param fixedRecompute      the only recomputation to try (a run that must keep its own); {@code null} to
     *                            search none, selective and full
     */
    public record Settings(SpeedSettings speed, long tokenBudget, long globalBatchTokens, Recompute fixedRecompute) {

        /**
         * Settings with one compute and one bandwidth efficiency for every GPU ({@link SpeedSettings#uniform}).
         *
         * @param computeEfficiency   fraction of peak that matrix multiplications reach
         * @param bandwidthEfficiency fraction of peak memory bandwidth memory-bound kernels reach
         */
        public Settings(double computeEfficiency, double bandwidthEfficiency, long tokenBudget,
                        long globalBatchTokens, Recompute fixedRecompute) {
            this(SpeedSettings.uniform(computeEfficiency, bandwidthEfficiency), tokenBudget, globalBatchTokens,
                    fixedRecompute);
        }
    }

    /**
     * The planner's answer for one rig.
     *
     * @param chosen        the fewest GPUs that fit and meet the deadline, at their fastest layout (the fewest that
     *                      fit where the GPU has no throughput figures); where no count meets the deadline, the
     *                      fastest fitting layout at the largest count; where nothing fits, the layout needing least
     *                      memory at the largest count
     * @param meetsDeadline whether {@code chosen} finishes within the deadline
     * @param alternatives  the next best layouts at the chosen count that fit, fastest first (at most the number
     *                      asked for, {@code chosen} first)
     */
    public record Answer(PlanCandidate chosen, boolean meetsDeadline, List<PlanCandidate> alternatives) {
    }

    private record Key(Parallelism parallelism, Recompute recompute, int inFlight, boolean accumulates) {
    }

    private static final Recompute[] RECOMPUTE = Recompute.values();
    private final MemoryModel memory;
    private final ModelSpec model;
    private final Workload workload;
    private final Settings settings;
    private final StepTimeModel steps;
    private final Map<Key, Long> peaks = new HashMap<>();
    private final FitBounds bounds;
    private final int[] expertSizes;
    private final int[] contextSizes;
    /** Ordered layouts per rig (by identity) and GPU count: a search asks for the same count more than once. */
    private final Map<Rig, Map<Integer, List<PlanCandidate>>> orderedByRig = new IdentityHashMap<>();
    private int estimates;

    /**
     * @param single the workload's estimate on one GPU: its parameter counts drive the step-time model
     */
    public Planner(MemoryModel memory, ModelSpec model, Workload workload, Estimate single, Settings settings) {
        this.memory = Objects.requireNonNull(memory, "memory");
        this.model = model;
        this.workload = workload;
        this.settings = settings;
        this.steps = new StepTimeModel(model, workload, single.parameters(), single.activeParameters(),
                single.trainableParameters(), settings.speed());
        this.bounds = new FitBounds(this::peak, settings.fixedRecompute());
        this.expertSizes = SearchedSizes.expert(model, workload);
        this.contextSizes = SearchedSizes.context(workload);
    }

    /** Memory estimates computed so far (each layout once), for benchmarks and tests. */
    public int estimatesComputed() {
        return estimates;
    }

    public StepTimeModel stepTimeModel() {
        return steps;
    }

    /**
     * The fewest GPUs of {@code rig}, at most {@code maxGpus}, that fit and finish within {@code deadlineHours}, and
     * the best layouts there; {@code null} when the rig cannot be laid out at all (no count within the limit).
     */
    public Answer plan(Rig rig, int maxGpus, double deadlineHours, int alternatives) {
        int kMax = rig.index(maxGpus);
        if (kMax < 1) {
            return null;
        }
        // Without throughput figures no count can be judged against the deadline: the fewest that fit it is.
        boolean timed = SpeedModel.trainingPeak(rig.gpu(), workload.precision()).tflops() > 0
                && rig.gpu().memoryBandwidthGBps() > 0;
        int k = Bisection.smallest(1, kMax, i -> {
            PlanCandidate c = bestAt(rig, rig.count(i));
            return c != null && c.fits() && (!timed || c.hours() <= deadlineHours);
        });
        if (k > 0) {
            return answerAt(rig, rig.count(k), true, alternatives);
        }
        int fitting = Bisection.smallest(1, kMax, i -> {
            PlanCandidate c = bestAt(rig, rig.count(i));
            return c != null && c.fits();
        });
        if (fitting > 0) {
            return answerAt(rig, rig.count(kMax), false, alternatives);
        }
        PlanCandidate least = leastMemoryAt(rig, rig.count(kMax));
        return least == null ? null : new Answer(least, false, List.of());
    }

    /** The answer at exactly {@code gpus} GPUs. */
    public Answer answerAt(Rig rig, int gpus, boolean meetsDeadline, int alternatives) {
        List<PlanCandidate> fitting = new ArrayList<>();
        for (PlanCandidate c : ordered(rig, gpus)) {
            if (fitting.size() >= Math.max(1, alternatives)) {
                break;
            }
            if (!bounds.mayFit(c.layout(), rig.capacityBytes())) {
                continue;
            }
            PlanCandidate checked = withMemory(c, rig);
            if (checked.fits()) {
                fitting.add(checked);
            } else {
                bounds.failed(checked);
            }
        }
        if (fitting.isEmpty()) {
            PlanCandidate least = leastMemoryAt(rig, gpus);
            return least == null ? null : new Answer(least, false, List.of());
        }
        return new Answer(fitting.get(0), meetsDeadline, List.copyOf(fitting));
    }

    /** The fastest layout at {@code gpus} GPUs that fits, or {@code null} when none does. */
    public PlanCandidate bestAt(Rig rig, int gpus) {
        for (PlanCandidate c : ordered(rig, gpus)) {
            if (!bounds.mayFit(c.layout(), rig.capacityBytes())) {
                continue;
            }
            PlanCandidate checked = withMemory(c, rig);
            if (checked.fits()) {
                return checked;
            }
            bounds.failed(checked);
        }
        return null;
    }

    /** The layout needing the least memory at {@code gpus} GPUs (fitting or not), or {@code null} when none runs. */
    public PlanCandidate leastMemoryAt(Rig rig, int gpus) {
        PlanCandidate best = null;
        for (PlanCandidate c : ordered(rig, gpus)) {
            PlanCandidate checked = withMemory(c, rig);
            if (checked.peakBytes() >= 0 && (best == null || checked.peakBytes() < best.peakBytes())) {
                best = checked;
            }
        }
        return best;
    }

    /**
     * Every layout at {@code gpus} GPUs with its step time, fastest first; memory not yet checked. Computed once per
     * rig and count: the bisections and the answer at the chosen count ask again for counts they have ordered.
     */
    List<PlanCandidate> ordered(Rig rig, int gpus) {
        return orderedByRig.computeIfAbsent(rig, r -> new HashMap<>()).computeIfAbsent(gpus, n -> order(rig, n));
    }

    private List<PlanCandidate> order(Rig rig, int gpus) {
        Fabric fabric = rig.fabric(gpus);
        List<PlanCandidate> out = new ArrayList<>();
        for (PlanLayout layout : layouts(gpus, rig.gpusPerNode())) {
            StepTime step = steps.training(rig.gpu(), fabric, layout);
            Double hours = step == null ? null
                    : settings.tokenBudget() / (step.tokensPerSecond() * Goodput.fraction(gpus)) / 3600.0;
            out.add(new PlanCandidate(layout, -1, false, step, hours));
        }
        out.sort(Comparator.comparingDouble((PlanCandidate c) -> c.step() == null ? 0 : c.step().stepSeconds()
                        / c.step().tokensPerStep())
                .thenComparingInt(c -> c.layout().zero())
                .thenComparing(c -> c.layout().recompute())
                .thenComparingInt(c -> c.layout().parallelism().expertParallel())
                .thenComparingInt(c -> c.layout().parallelism().contextParallel()));
        return List.copyOf(out);
    }

    /** Every layout the planner tries at {@code n} GPUs in nodes of {@code perNode}. */
    List<PlanLayout> layouts(int n, int perNode) {
        List<PlanLayout> out = new ArrayList<>();
        for (int cp : contextSizes) {
            if (n % cp != 0) {
                continue;
            }
            for (int t = 1; t <= Math.min(n / cp, perNode); t *= 2) {
                if ((n / cp) % t != 0 || model.heads() % t != 0) {
                    continue;
                }
                int rest = n / cp / t;
                for (int p = 1; p <= Math.min(rest, model.layers()); p++) {
                    if (rest % p != 0) {
                        continue;
                    }
                    int d = rest / p;
                    int m = microBatches(d, p);
                    if (m < 1) {
                        continue;
                    }
                    for (int ep : SearchedSizes.dividing(expertSizes, d * cp)) {
                        addZeroAndRecompute(out, t, p, d, ep, cp, m);
                    }
                }
            }
        }
        return out;
    }

    private void addZeroAndRecompute(List<PlanLayout> out, int t, int p, int d, int ep, int cp, int m) {
        int[] zeros = d * cp > 1 ? new int[] {1, 2, 3} : new int[] {0};
        for (int z : zeros) {
            Parallelism par = new Parallelism(t, p, d, z, t > 1, ep, cp);
            for (Recompute r : settings.fixedRecompute() == null ? RECOMPUTE
                    : new Recompute[] {settings.fixedRecompute()}) {
                out.add(new PlanLayout(par, r, m));
            }
        }
    }

    /** Micro-batches per replica and step (see the class comment); 0 when the global batch cannot feed d replicas. */
    int microBatches(int d, int p) {
        if (settings.globalBatchTokens() > 0) {
            long sequences = Math.max(1, (settings.globalBatchTokens() + workload.sequenceLength() - 1)
                    / workload.sequenceLength());
            long perStep = (long) d * workload.batch();
            if (perStep > sequences) {
                return 0;
            }
            return (int) Math.max(1, Math.round((double) sequences / perStep));
        }
        return workload.gradientAccumulation();
    }

    /** The candidate with its per-GPU peak, judged against the rig's capacity. */
    PlanCandidate withMemory(PlanCandidate c, Rig rig) {
        long peak = peak(c.layout());
        return new PlanCandidate(c.layout(), peak, peak >= 0 && peak <= rig.capacityBytes(), c.step(), c.hours());
    }

    /** The per-GPU peak at a layout, or -1 when the estimator rejects it; each layout is estimated once. */
    public long peak(PlanLayout layout) {
        Parallelism p = layout.parallelism();
        Key key = new Key(p, layout.recompute(), Math.min(p.pipelineParallel(), layout.microBatches()),
                layout.microBatches() > 1);
        Long known = peaks.get(key);
        if (known != null) {
            return known;
        }
        long peak;
        try {
            estimates++;
            peak = memory.peakBytes(model, workloadFor(layout));
        } catch (IllegalArgumentException rejected) {
            peak = -1;
        }
        peaks.put(key, peak);
        return peak;
    }

    /** The workload with a layout's parallelism, recomputation and micro-batches. */
    public Workload workloadFor(PlanLayout layout) {
        return workload.toBuilder().parallelism(layout.parallelism()).recompute(layout.recompute())
                .gradientAccumulation(layout.microBatches()).build();
    }
}
