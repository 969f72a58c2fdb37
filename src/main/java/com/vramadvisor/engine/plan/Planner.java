package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.speed.SpeedSettings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The layout planner for training. For a rig and a GPU count it lays out every layout the workload's
 * {@link Framework} runs ({@link Workload#effectiveFramework()}): tensor-parallel sizes (powers of two within a node
 * that divide the attention heads), every pipeline depth whose layer split the framework accepts (named per stage in
 * {@link PlanLayout#stageLayers()}), the data-parallel size that remains, the ZeRO stages the framework runs with
 * those sizes, no, selective or full recomputation, and sequence parallelism wherever tensor parallelism is on. QLoRA
 * is laid out over data parallelism only. Unless the workload sets an expert- or context-parallel size (then both are
 * kept as given), it also tries, for a mixture-of-experts model, expert-parallel sizes that divide the routed experts
 * ({@link SearchedSizes#expert}) and, for long sequences, context-parallel sizes ({@link SearchedSizes#context}),
 * where the framework runs them. Where the framework runs ZeRO stage 1 it is tried instead of stage 0, which is never
 * faster in {@link StepTimeModel} and never needs less memory.
 *
 * <p><b>The batch.</b> With a global batch of {@code S} sequences per step, a layout with {@code d} data-parallel
 * replicas exists only where {@code d} divides {@code S}; each replica then runs {@code m} micro-batches of
 * {@code b} sequences, {@code b} the largest divisor of {@code S / d} not above the workload's micro-batch, so that
 * {@code d x b x m = S} exactly. A global batch that is not a whole number of sequences has no layout. Without a global
 * batch, every layout runs the workload's micro-batch and gradient accumulation.
 *
 * <p><b>The margin.</b> A layout fits when its per-GPU peak is within the capacity; it is tight when the headroom is
 * below {@link Settings#marginFraction()} of the capacity or the estimate's range reaches past the capacity. At one
 * count the fitting layouts rank: those outside the margin that meet the deadline, where among those within
 * {@link #NEAR_FASTEST} of the fastest the one with the most headroom (in whole percent of the capacity, faster first
 * among equal percentages) comes first; then tight ones that meet it; then
 * those outside the margin that miss it; then tight ones that miss it; each group fastest first.
 *
 * <p><b>The GPU count.</b> With the batch fixed, feasibility is not monotone in the GPU count (more GPUs can leave no
 * divisor of the batch, or only slower layouts), so the planner scans the rig's counts upwards from the first that
 * two bounds, both falling with the count, allow: the optimizer states and master weights (every layout holds at
 * least their total over the GPUs) within the capacity, and the time at {@link StepTimeModel#tokensPerSecondBound}
 * within the deadline. Before scanning, each layout shape (tensor, pipeline, context and expert sizes) is estimated
 * once at the most data-parallel replicas the limit allows, ZeRO-sharded and fully recomputed, a lower bound for that
 * shape at every count ({@link FitBounds}); where no shape fits, no count is scanned. The answer is the fewest GPUs
 * with a layout outside the margin that meets the deadline, else the fewest with a tight one that meets it, else the
 * fastest fitting layout at the largest count that has one.
 *
 * <p>Per-GPU memory depends on the layout but not on the GPU, so peaks are computed once per layout and shared by
 * every rig the planner is asked about. Not thread-safe: one planner per recommendation.
 */
public final class Planner {

    /** The default margin: 10 % of the capacity. */
    public static final double DEFAULT_MARGIN_FRACTION = 0.10;
    /**
     * Layouts within 2 % of the fastest step time count as equally fast; more headroom, in whole percent of the
     * capacity, decides among them.
     */
    public static final double NEAR_FASTEST = 0.02;
    /** GPU counts whose ordered layouts are kept for the last rig asked about. */
    private static final int ORDERED_KEPT = 8;

    /**
     * The planner's settings.
     *
     * @param speed             the efficiencies per GPU stack and framework (fitted, or a user's override)
     * @param tokenBudget         tokens to train on
     * @param globalBatchTokens   tokens per optimizer step over all replicas; 0 for the workload's own batch and
     *                            accumulation per replica
     * @param fixedRecompute      the only recomputation to try (a run that must keep its own); {@code null} to
     *                            search none, selective and full
     * @param marginFraction      headroom, as a fraction of the capacity, below which a layout is tight, in [0, 1)
     */
    public record Settings(SpeedSettings speed, long tokenBudget, long globalBatchTokens, Recompute fixedRecompute,
                           double marginFraction) {

        public Settings {
            Objects.requireNonNull(speed, "speed");
            if (!(marginFraction >= 0 && marginFraction < 1)) {
                throw new IllegalArgumentException("margin must be in [0, 1), got " + marginFraction);
            }
        }

        /** Settings with the {@link #DEFAULT_MARGIN_FRACTION}. */
        public Settings(SpeedSettings speed, long tokenBudget, long globalBatchTokens, Recompute fixedRecompute) {
            this(speed, tokenBudget, globalBatchTokens, fixedRecompute, DEFAULT_MARGIN_FRACTION);
        }

        /**
         * Settings with one compute and one bandwidth efficiency for every GPU ({@link SpeedSettings#uniform}).
         *
         * @param computeEfficiency   fraction of peak that matrix multiplications reach
         * @param bandwidthEfficiency fraction of peak memory bandwidth memory-bound kernels reach
         */
        public Settings(double computeEfficiency, double bandwidthEfficiency, long tokenBudget,
                        long globalBatchTokens, Recompute fixedRecompute, double marginFraction) {
            this(SpeedSettings.uniform(computeEfficiency, bandwidthEfficiency), tokenBudget, globalBatchTokens,
                    fixedRecompute, marginFraction);
        }

        /** Uniform efficiencies ({@link SpeedSettings#uniform}) with the {@link #DEFAULT_MARGIN_FRACTION}. */
        public Settings(double computeEfficiency, double bandwidthEfficiency, long tokenBudget,
                        long globalBatchTokens, Recompute fixedRecompute) {
            this(computeEfficiency, bandwidthEfficiency, tokenBudget, globalBatchTokens, fixedRecompute,
                    DEFAULT_MARGIN_FRACTION);
        }
    }

    /**
     * The planner's answer for one rig.
     *
     * @param chosen        the first layout at the chosen count (see the class comment): the fewest GPUs with a
     *                      layout that meets the deadline (the fewest that fit where the GPU has no throughput
     *                      figures); where no count meets the deadline, the fastest fitting layout at the largest
     *                      count that has one; where nothing fits, the layout needing least memory at the largest
     *                      count that has a layout
     * @param meetsDeadline whether {@code chosen} finishes within the deadline
     * @param alternatives  the next best layouts at the chosen count that fit, in the ranking's order (at most the
     *                      number asked for, {@code chosen} first)
     */
    public record Answer(PlanCandidate chosen, boolean meetsDeadline, List<PlanCandidate> alternatives) {
    }

    private record Key(Parallelism parallelism, Recompute recompute, int inFlight, boolean accumulates,
                       int microBatchSize) {
    }

    /** The fitting layouts at one count in the ranking's order, and what the search reads from them. */
    private record Ranked(List<PlanCandidate> layouts, boolean cleanOnTime, boolean fittingOnTime) {
        PlanCandidate first() {
            return layouts.isEmpty() ? null : layouts.get(0);
        }
    }

    private static final Recompute[] RECOMPUTE = Recompute.values();
    private final MemoryModel memory;
    private final ModelSpec model;
    private final Workload workload;
    private final Settings settings;
    private final Framework framework;
    private final StepTimeModel steps;
    private final Map<Key, Long> peaks = new HashMap<>();
    private final Map<Key, Long> rangeHighs = new HashMap<>();
    private final FitBounds bounds;
    private final int[] expertSizes;
    private final int[] contextSizes;
    /** Bytes every layout on n GPUs holds at least {@code 1/n} of: optimizer states and master weights. */
    private final long shardedStateBytes;
    /**
     * Ordered layouts of the last rig asked about (by identity), for its {@link #ORDERED_KEPT} most recent GPU counts:
     * the search and the answer at the chosen count ask for a count more than once, while keeping every count the
     * scan passes would hold every layout of up to thousands of counts for each of hundreds of rigs.
     */
    private Rig orderedRig;
    private final Map<Integer, List<PlanCandidate>> orderedCounts = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, List<PlanCandidate>> eldest) {
            return size() > ORDERED_KEPT;
        }
    };
    private Rig lastTimedRig;
    private int lastTimedGpus;
    private List<PlanCandidate> lastTimed;
    private int estimates;
    private int countsVisited;

    /**
     * @param single the workload's estimate on one GPU: its parameter counts drive the step-time model, its
     *               optimizer states and master weights bound the fewest GPUs that can hold them
     */
    public Planner(MemoryModel memory, ModelSpec model, Workload workload, Estimate single, Settings settings) {
        this.memory = Objects.requireNonNull(memory, "memory");
        this.model = model;
        this.workload = workload;
        this.settings = settings;
        // An inference workload names no training framework; a planner made for it (the decision table makes one for
        // every workload) lays out by the framework its memory layout implies.
        Framework named = workload.effectiveFramework();
        this.framework = named != null ? named : Framework.implied(workload.implementation());
        this.steps = new StepTimeModel(model, workload, single.parameters(), single.activeParameters(),
                single.trainableParameters(), settings.speed());
        this.bounds = new FitBounds(this::peak, settings.fixedRecompute());
        boolean qlora = workload.mode() == Mode.QLORA;
        this.expertSizes = qlora || !framework.expertParallel() ? new int[] {1}
                : SearchedSizes.expert(model, workload);
        this.contextSizes = qlora || !framework.contextParallel() ? new int[] {1} : SearchedSizes.context(workload);
        this.shardedStateBytes = workload.offload().target() == Offload.Target.NONE
                ? single.component(Component.OPTIMIZER_STATES) + single.component(Component.MASTER_WEIGHTS) : 0;
    }

    /** Memory estimates computed so far (each layout once), for benchmarks and tests. */
    public int estimatesComputed() {
        return estimates;
    }

    /** GPU counts the fewest-GPU searches have examined so far, for tests that bound the work by counting. */
    public int countsVisited() {
        return countsVisited;
    }

    public StepTimeModel stepTimeModel() {
        return steps;
    }

    /** The framework whose rules the layouts follow. */
    public Framework framework() {
        return framework;
    }

    /**
     * Why no layout exists at any GPU count up to {@code maxGpus} of {@code rig}, in one sentence, or {@code null}
     * when some count has one or the rig comes in more GPUs than the limit: a global batch that is not a whole number
     * of sequences, or one that no data-parallel size the framework's layouts leave divides.
     */
    public String noLayoutReason(Rig rig, int maxGpus) {
        if (rig.index(maxGpus) < 1) {
            return null;
        }
        for (int k = rig.index(maxGpus); k >= 1; k--) {
            if (!layouts(rig.count(k), rig.gpusPerNode()).isEmpty()) {
                return null;
            }
        }
        return batchReason(String.format(Locale.ROOT, "on up to %,d GPUs of %s", maxGpus, rig.gpu().name()));
    }

    /** Why no layout exists at exactly {@code gpus} GPUs of {@code rig}, or {@code null} when one does. */
    public String noLayoutReasonAt(Rig rig, int gpus) {
        if (!layouts(gpus, rig.gpusPerNode()).isEmpty()) {
            return null;
        }
        return batchReason(String.format(Locale.ROOT, "on %,d GPUs of %s", gpus, rig.gpu().name()));
    }

    private String batchReason(String where) {
        long g = settings.globalBatchTokens();
        int s = workload.sequenceLength();
        if (g > 0 && g % s != 0) {
            long below = g / s;
            return String.format(Locale.ROOT, "a global batch of %,d tokens is not a whole number of %,d-token"
                    + " sequences; the nearest are %,d (%,d sequences) and %,d (%,d)", g, s, below * s, below,
                    (below + 1) * s, below + 1);
        }
        if (g <= 0) {
            return String.format(Locale.ROOT, "%s lays out no layout of %s %s", framework.displayName(),
                    model.name(), where);
        }
        return String.format(Locale.ROOT, "no layout %s runs %s splits the global batch of %,d sequences exactly"
                + " (data-parallel replicas x micro-batch x micro-batches)", framework.displayName(), where, g / s);
    }

    /**
     * The fewest GPUs of {@code rig}, at most {@code maxGpus}, that fit and finish within {@code deadlineHours}, and
     * the best layouts there (see the class comment); {@code null} when no count within the limit has a layout.
     */
    public Answer plan(Rig rig, int maxGpus, double deadlineHours, int alternatives) {
        int kMax = rig.index(maxGpus);
        if (kMax < 1) {
            return null;
        }
        // Without throughput figures no count can be judged against the deadline: the fewest that fit it is.
        boolean timed = SpeedModel.trainingPeak(rig.gpu(), workload.precision()).tflops() > 0
                && rig.gpu().memoryBandwidthGBps() > 0;
        double deadline = timed ? deadlineHours : Double.POSITIVE_INFINITY;
        bounds.limit(maxGpus);
        int kMemory = firstIndexHolding(rig, kMax);
        int kFirst = firstIndexInTime(rig, kMemory, kMax, deadline, timed);
        int firstTight = -1;
        int largestFitting = -1;
        if (!anyShapeMayFit(rig, maxGpus)) {
            // No layout fits at any count: neither scan below can find one.
            kFirst = kMax + 1;
            kMemory = kMax + 1;
        }
        for (int k = kFirst; k <= kMax; k++) {
            countsVisited++;
            int n = rig.count(k);
            if (!anyMayFit(rig, n) || !anyOnTime(timed(rig, n), deadline)) {
                continue;
            }
            Ranked r = rank(rig, n, 1, deadline, true);
            if (r.cleanOnTime()) {
                return answerAt(rig, n, true, alternatives, deadline);
            }
            if (r.fittingOnTime() && firstTight < 0) {
                firstTight = k;
            }
            if (r.first() != null) {
                largestFitting = k;
            }
        }
        if (firstTight > 0) {
            return answerAt(rig, rig.count(firstTight), true, alternatives, deadline);
        }
        for (int k = kMax; k >= kMemory && k > largestFitting; k--) {
            countsVisited++;
            if (anyMayFit(rig, rig.count(k)) && rank(rig, rig.count(k), 1, deadline, false).first() != null) {
                largestFitting = k;
                break;
            }
        }
        if (largestFitting > 0) {
            return answerAt(rig, rig.count(largestFitting), false, alternatives, deadline);
        }
        for (int k = kMax; k >= 1; k--) {
            if (!ordered(rig, rig.count(k)).isEmpty()) {
                PlanCandidate least = leastMemoryAt(rig, rig.count(k));
                return least == null ? null : new Answer(least, false, List.of());
            }
        }
        return null;
    }

    /** The answer at exactly {@code gpus} GPUs, ranked without a deadline. */
    public Answer answerAt(Rig rig, int gpus, boolean meetsDeadline, int alternatives) {
        return answerAt(rig, gpus, meetsDeadline, alternatives, Double.POSITIVE_INFINITY);
    }

    private Answer answerAt(Rig rig, int gpus, boolean meetsDeadline, int alternatives, double deadline) {
        Ranked r = rank(rig, gpus, Math.max(1, alternatives), deadline, false);
        if (r.layouts().isEmpty()) {
            PlanCandidate least = leastMemoryAt(rig, gpus);
            return least == null ? null : new Answer(least, false, List.of());
        }
        return new Answer(r.first(), meetsDeadline, r.layouts());
    }

    /** The first layout of the ranking at {@code gpus} GPUs that fits (without a deadline), or {@code null}. */
    public PlanCandidate bestAt(Rig rig, int gpus) {
        return rank(rig, gpus, 1, Double.POSITIVE_INFINITY, false).first();
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
     * The fitting layouts at {@code gpus} GPUs in the ranking's order (class comment), at least {@code want} where as
     * many fit. Layouts are visited fastest first; the walk stops once {@code want} layouts outside the margin meet
     * the deadline and the step time has passed {@link #NEAR_FASTEST} beyond the fastest of them, or, with
     * {@code onTimeOnly} (the search, which only asks whether the count can meet the deadline), at the first layout
     * that misses it.
     */
    private Ranked rank(Rig rig, int gpus, int want, double deadline, boolean onTimeOnly) {
        List<PlanCandidate> cleanOnTime = new ArrayList<>();
        List<PlanCandidate> tightOnTime = new ArrayList<>();
        List<PlanCandidate> cleanLate = new ArrayList<>();
        List<PlanCandidate> tightLate = new ArrayList<>();
        double fastest = -1;
        for (PlanCandidate c : ordered(rig, gpus)) {
            boolean late = !onTime(c, deadline);
            double perToken = perToken(c);
            if (fastest >= 0 && cleanOnTime.size() >= want && (late || perToken > fastest * (1 + NEAR_FASTEST)
                    || c.step() == null)) {
                break;
            }
            if (late && onTimeOnly) {
                break;
            }
            if (!bounds.mayFit(c.layout(), rig.capacityBytes())) {
                continue;
            }
            PlanCandidate checked = withMemory(c, rig);
            if (!checked.fits()) {
                bounds.failed(checked);
                continue;
            }
            if (checked.tight()) {
                (late ? tightLate : tightOnTime).add(checked);
            } else if (late) {
                cleanLate.add(checked);
            } else {
                if (fastest < 0) {
                    fastest = perToken;
                }
                cleanOnTime.add(checked);
            }
        }
        List<PlanCandidate> window = new ArrayList<>();
        List<PlanCandidate> rest = new ArrayList<>();
        for (PlanCandidate c : cleanOnTime) {
            boolean near = c.step() != null && perToken(c) <= fastest * (1 + NEAR_FASTEST);
            (near ? window : rest).add(c);
        }
        if (window.isEmpty() && !rest.isEmpty()) {
            window.add(rest.remove(0));
        }
        long capacity = rig.capacityBytes();
        window.sort(Comparator.comparingLong((PlanCandidate c) -> -freePercent(c, capacity))
                .thenComparingDouble(Planner::perToken));
        List<PlanCandidate> out = new ArrayList<>(window);
        out.addAll(rest);
        out.addAll(tightOnTime);
        out.addAll(cleanLate);
        out.addAll(tightLate);
        List<PlanCandidate> shown = out.size() > want ? out.subList(0, want) : out;
        return new Ranked(List.copyOf(shown), !cleanOnTime.isEmpty(), !cleanOnTime.isEmpty()
                || !tightOnTime.isEmpty());
    }

    /**
     * Whole percent of {@code capacityBytes} a layout leaves free, as {@code plan} shows it: the unit in which more
     * headroom decides among equally fast layouts, so that a layout a few megabytes leaner does not displace a faster
     * one that leaves the same share free.
     */
    private static long freePercent(PlanCandidate c, long capacityBytes) {
        return capacityBytes <= 0 ? 0 : Math.floorDiv((capacityBytes - c.peakBytes()) * 100, capacityBytes);
    }

    private static boolean onTime(PlanCandidate c, double deadline) {
        return c.hours() == null || c.hours() <= deadline;
    }

    /** Seconds per token of a layout's step (0 without a step time: untimed layouts keep the search order). */
    private static double perToken(PlanCandidate c) {
        return c.step() == null ? 0 : c.step().stepSeconds() / c.step().tokensPerStep();
    }

    /** The first count index whose GPUs can hold the optimizer states and master weights: {@code n >= total / cap}. */
    private int firstIndexHolding(Rig rig, int kMax) {
        if (rig.capacityBytes() <= 0) {
            return kMax + 1;
        }
        for (int k = 1; k <= kMax; k++) {
            if (shardedStateBytes / (double) rig.count(k) <= rig.capacityBytes()) {
                return k;
            }
        }
        return kMax + 1;
    }

    /** The first count index from {@code from} whose time bound meets the deadline (the bound falls with the count). */
    private int firstIndexInTime(Rig rig, int from, int kMax, double deadline, boolean timed) {
        if (!timed) {
            return from;
        }
        for (int k = from; k <= kMax; k++) {
            int n = rig.count(k);
            double bound = settings.tokenBudget() / (steps.tokensPerSecondBound(rig.gpu(), n) * Goodput.fraction(n))
                    / 3600.0;
            if (bound <= deadline) {
                return k;
            }
        }
        return kMax + 1;
    }

    /**
     * Whether a layout at some count up to {@code maxGpus} GPUs of {@code rig} may fit, judged once per layout shape
     * (tensor, pipeline, context and expert sizes; the workload's own micro-batches) rather than per count: each
     * shape is estimated ZeRO-sharded and fully recomputed over the most data-parallel replicas the limit allows,
     * which bounds from below every layout of that shape at every count, any ZeRO stage and any recomputation
     * ({@link FitBounds}). With a global batch the micro-batches change with the count, and every count is checked
     * on its own instead (true here).
     */
    private boolean anyShapeMayFit(Rig rig, int maxGpus) {
        if (settings.globalBatchTokens() > 0 || rig.capacityBytes() <= 0) {
            return true;
        }
        boolean dataOnly = workload.mode() == Mode.QLORA;
        int[] split = batchSplit(1);
        for (int cp : contextSizes) {
            int maxTensor = dataOnly || !framework.tensorParallel() ? 1 : Math.min(maxGpus / cp, rig.gpusPerNode());
            for (int t = 1; t <= maxTensor; t *= 2) {
                if (model.heads() % t != 0) {
                    continue;
                }
                int maxStages = dataOnly ? 1 : Math.min(maxGpus / cp / t, model.layers());
                for (int p = 1; p <= maxStages; p++) {
                    List<Integer> stages = p == 1 ? List.of() : framework.stageLayers(model.layers(), p);
                    if (stages == null) {
                        continue;
                    }
                    for (int ep : expertSizes) {
                        if (bounds.shapeMayFit(t, p, cp, ep, t > 1, split[1], split[0], layoutStages(stages),
                                rig.capacityBytes())) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether any layout at {@code gpus} GPUs of {@code rig} may fit by {@link FitBounds}: a count where none may is
     * passed over without timing its layouts, as {@link #rank} would find none of them fitting.
     */
    private boolean anyMayFit(Rig rig, int gpus) {
        for (PlanLayout layout : layouts(gpus, rig.gpusPerNode())) {
            if (bounds.mayFit(layout, rig.capacityBytes())) {
                return true;
            }
        }
        return false;
    }

    /** Whether any layout of {@code candidates} finishes within {@code deadline} hours. */
    private static boolean anyOnTime(List<PlanCandidate> candidates, double deadline) {
        for (PlanCandidate c : candidates) {
            if (onTime(c, deadline)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Every layout at {@code gpus} GPUs with its step time, fastest first; memory not yet checked. Kept for the last
     * rig's most recent counts: the search and the answer at the chosen count ask again for counts they have ordered.
     */
    List<PlanCandidate> ordered(Rig rig, int gpus) {
        if (orderedRig != rig) {
            orderedRig = rig;
            orderedCounts.clear();
        }
        return orderedCounts.computeIfAbsent(gpus, n -> order(timed(rig, n)));
    }

    /**
     * Every layout at {@code gpus} GPUs with its step time, in the order they are laid out: what the scan reads to
     * pass over a count none of whose layouts meets the deadline without sorting them. Kept for the rig's last count.
     */
    private List<PlanCandidate> timed(Rig rig, int gpus) {
        if (lastTimedRig == rig && lastTimedGpus == gpus) {
            return lastTimed;
        }
        Fabric fabric = rig.fabric(gpus);
        List<PlanLayout> layouts = layouts(gpus, rig.gpusPerNode());
        List<PlanCandidate> out = new ArrayList<>(layouts.size());
        for (PlanLayout layout : layouts) {
            StepTime step = steps.training(rig.gpu(), fabric, layout);
            Double hours = step == null ? null
                    : settings.tokenBudget() / (step.tokensPerSecond() * Goodput.fraction(gpus)) / 3600.0;
            out.add(new PlanCandidate(layout, -1, false, false, step, hours));
        }
        lastTimedRig = rig;
        lastTimedGpus = gpus;
        lastTimed = out;
        return out;
    }

    private static List<PlanCandidate> order(List<PlanCandidate> timed) {
        List<PlanCandidate> out = new ArrayList<>(timed);
        out.sort(Comparator.comparingDouble(Planner::perToken)
                .thenComparingInt(c -> c.layout().zero())
                .thenComparing(c -> c.layout().recompute())
                .thenComparingInt(c -> c.layout().parallelism().expertParallel())
                .thenComparingInt(c -> c.layout().parallelism().contextParallel()));
        return List.copyOf(out);
    }

    /** Every layout the planner tries at {@code n} GPUs in nodes of {@code perNode} (see the class comment). */
    List<PlanLayout> layouts(int n, int perNode) {
        List<PlanLayout> out = new ArrayList<>();
        boolean dataOnly = workload.mode() == Mode.QLORA;
        for (int cp : contextSizes) {
            if (n % cp != 0) {
                continue;
            }
            int maxTensor = dataOnly || !framework.tensorParallel() ? 1 : Math.min(n / cp, perNode);
            for (int t = 1; t <= maxTensor; t *= 2) {
                if ((n / cp) % t != 0 || model.heads() % t != 0) {
                    continue;
                }
                int rest = n / cp / t;
                int maxStages = dataOnly ? 1 : Math.min(rest, model.layers());
                for (int p = 1; p <= maxStages; p++) {
                    if (rest % p != 0) {
                        continue;
                    }
                    List<Integer> stages = p == 1 ? List.of() : framework.stageLayers(model.layers(), p);
                    if (stages == null) {
                        continue;
                    }
                    int d = rest / p;
                    int[] split = batchSplit(d);
                    if (split == null) {
                        continue;
                    }
                    List<Integer> named = layoutStages(stages);
                    for (int ep : SearchedSizes.dividing(expertSizes, d * cp)) {
                        addZeroAndRecompute(out, t, p, d, ep, cp, split, named);
                    }
                }
            }
        }
        return out;
    }

    /** The stage sizes a layout names: its split where the stages differ, none for equal stages. */
    private static List<Integer> layoutStages(List<Integer> stages) {
        for (int s : stages) {
            if (s != stages.get(0)) {
                return stages;
            }
        }
        return List.of();
    }

    private void addZeroAndRecompute(List<PlanLayout> out, int t, int p, int d, int ep, int cp, int[] split,
                                     List<Integer> stages) {
        for (int z : zeroStages(t, p, d * cp)) {
            Parallelism par = new Parallelism(t, p, d, z, t > 1, ep, cp);
            for (Recompute r : settings.fixedRecompute() == null ? RECOMPUTE
                    : new Recompute[] {settings.fixedRecompute()}) {
                out.add(new PlanLayout(par, r, split[1], split[0], stages));
            }
        }
    }

    /** The ZeRO stages the framework runs over {@code shard} ranks with these tensor and pipeline sizes. */
    private int[] zeroStages(int t, int p, int shard) {
        if (shard <= 1) {
            return new int[] {0};
        }
        List<Integer> stages = new ArrayList<>();
        for (int z : framework.zeroStages()) {
            if ((p > 1 && z > framework.maxZeroWithPipeline()) || (t > 1 && z > framework.maxZeroWithTensor())) {
                continue;
            }
            if (z == 0 && framework.runsZero(1) && (p == 1 || framework.maxZeroWithPipeline() >= 1)
                    && (t == 1 || framework.maxZeroWithTensor() >= 1)) {
                continue;
            }
            stages.add(z);
        }
        return stages.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The micro-batch size and micro-batches of each of {@code d} replicas: with a global batch of {@code S}
     * sequences, {@code b} the largest divisor of {@code S / d} up to the workload's micro-batch and
     * {@code m = S / (d b)}, or {@code null} when {@code d} does not divide {@code S} (or the global batch is not a
     * whole number of sequences); without one, the workload's micro-batch and accumulation.
     */
    int[] batchSplit(int d) {
        long g = settings.globalBatchTokens();
        if (g <= 0) {
            return new int[] {workload.batch(), workload.gradientAccumulation()};
        }
        int s = workload.sequenceLength();
        if (g % s != 0) {
            return null;
        }
        long sequences = g / s;
        if (sequences % d != 0) {
            return null;
        }
        long perReplica = sequences / d;
        int b = (int) Math.min(workload.batch(), perReplica);
        while (perReplica % b != 0) {
            b--;
        }
        long m = perReplica / b;
        return m > Integer.MAX_VALUE ? null : new int[] {b, (int) m};
    }

    /** The candidate with its per-GPU peak, judged against the rig's capacity and margin. */
    PlanCandidate withMemory(PlanCandidate c, Rig rig) {
        long peak = peak(c.layout());
        long capacity = rig.capacityBytes();
        boolean fits = peak >= 0 && peak <= capacity;
        boolean tight = fits && (capacity - peak < settings.marginFraction() * capacity
                || rangeHigh(c.layout()) > capacity);
        return new PlanCandidate(c.layout(), peak, fits, tight, c.step(), c.hours());
    }

    private Key key(PlanLayout layout) {
        Parallelism p = layout.parallelism();
        return new Key(p, layout.recompute(), Math.min(p.pipelineParallel(), layout.microBatches()),
                layout.microBatches() > 1, layout.microBatchSize(workload.batch()));
    }

    /** The per-GPU peak at a layout, or -1 when the estimator rejects it; each layout is estimated once. */
    public long peak(PlanLayout layout) {
        Key key = key(layout);
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

    /** The high end of the estimate's range at a layout ({@link Estimate#range()}); asked only of layouts that fit. */
    private long rangeHigh(PlanLayout layout) {
        Key key = key(layout);
        Long known = rangeHighs.get(key);
        if (known != null) {
            return known;
        }
        long high;
        try {
            estimates++;
            high = memory.estimate(model, workloadFor(layout)).range().highBytes();
        } catch (IllegalArgumentException rejected) {
            high = Long.MAX_VALUE;
        }
        rangeHighs.put(key, high);
        return high;
    }

    /** The workload with a layout's parallelism, recomputation, micro-batch size and micro-batches. */
    public Workload workloadFor(PlanLayout layout) {
        return workload.toBuilder().parallelism(layout.parallelism()).recompute(layout.recompute())
                .batch(layout.microBatchSize(workload.batch())).gradientAccumulation(layout.microBatches()).build();
    }
}
