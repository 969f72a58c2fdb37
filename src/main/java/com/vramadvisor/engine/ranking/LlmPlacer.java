package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.Goodput;
import com.vramadvisor.engine.plan.MemoryModel;
import com.vramadvisor.engine.plan.PlanCandidate;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.plan.Planner;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.plan.SpeedModel;
import com.vramadvisor.engine.plan.StepTime;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.serving.ServingLoad;
import com.vramadvisor.engine.speed.Efficiency;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays a language model out on the decision table's options.
 * <ul>
 *   <li>Loose cards: the single card and, where it does not do the job alone, the several-card option. Training uses
 *       the fewest cards that fit and finish within the deadline, at the layout the {@link Planner} finds fastest;
 *       inference the fewest that hold one copy ({@link LayoutSearch}), wider where latency targets ask for it
 *       ({@link ServingLayouts}).</li>
 *   <li>Whole systems, instances or baseboards: training on the fewest that fit and meet the deadline, all their GPUs
 *       used; inference with as many copies as fill them.</li>
 * </ul>
 * With a layout given ({@link ShardingSearch#AS_GIVEN}, or a workload that already names one) that layout is used
 * instead of the search. Speed comes from the {@link StepTimeModel} (training) and the decode roofline with its
 * communication (inference); see {@code docs/decision-table.md}. One placer per table: the planner and the layout
 * search share their estimates across every option.
 */
final class LlmPlacer implements OptionPlacer {

    private final MemoryModel memory;
    private final ModelSpec model;
    private final Workload workload;
    private final RankingOptions options;
    private final Parallelism given;
    private final PlanLayout givenLayout;
    private final Planner planner;
    private final LayoutSearch search;
    private final ServingLayouts serving;
    private final boolean training;
    /**
     * The software whose back-ends and kernels the rows are held to ({@link Support#framework}): for serving, the
     * engine whose layout the workload describes ({@link ServingEngine#of(Workload)}: the one named, else vLLM's paged
     * cache by default); for training, the framework the user named, or none (a single-GPU run under Transformers'
     * Trainer runs wherever PyTorch does).
     */
    private final Framework software;

    /**
     * @param single the estimate on one GPU without sharding
     * @param given  the workload's own layout to use instead of the search, or {@code null} to search
     */
    LlmPlacer(MemoryModel memory, ModelSpec model, Workload workload, RankingOptions options, Estimate single,
              Parallelism given) {
        this.memory = memory;
        this.model = model;
        this.workload = workload;
        this.options = options;
        this.given = given;
        this.givenLayout = given == null ? null
                : new PlanLayout(given, workload.recompute(), workload.gradientAccumulation());
        this.training = workload.mode() != Mode.INFER;
        this.software = !training ? ServingEngine.of(workload).framework()
                : workload.framework() != null && workload.framework().training() ? workload.framework() : null;
        this.search = new LayoutSearch(memory, model, workload);
        search.remember(Parallelism.SINGLE_GPU, single);
        this.serving = new ServingLayouts(model, options, search, this);
        this.planner = new Planner(memory, model, workload, single, new Planner.Settings(options.speed(),
                options.tokenBudget(), options.globalBatchTokens(), options.fixedRecompute(),
                options.tightFitFraction()));
    }

    Planner planner() {
        return planner;
    }

    @Override
    public boolean timed() {
        return true;
    }

    /** Memory the fit is judged against ({@link ServingEngine#capacityBytes}). */
    @Override
    public long capacityBytes(GpuSpec gpu) {
        return ServingEngine.capacityBytes(gpu, workload);
    }

    @Override
    public List<Placement> cards(Offer one, Offer many) {
        List<Placement> out = new ArrayList<>();
        Rig rig = one.rig();
        if (given != null) {
            Offer single = given.gpus() > 1 ? one.with(Reason.PARALLELISM_NEEDS_MORE_GPUS) : one;
            out.add(fixed(single, new PlanLayout(Parallelism.SINGLE_GPU, givenLayout.recompute(),
                    givenLayout.microBatches()), 1, false));
            if (given.gpus() > 1) {
                out.add(fixed(many, givenLayout, 1, false));
            }
            return out;
        }
        if (training) {
            Planner.Answer first = planner.answerAt(rig, 1, true, 1);
            if (first == null) {
                return out;
            }
            Placement alone = training(one, first.chosen(), !first.chosen().fits() && options.maxGpus() == 1);
            out.add(alone);
            if (!doesTheJob(alone) && options.maxGpus() > 1) {
                Planner.Answer plan = planner.plan(rig, options.maxGpus(), options.deadlineHours(), 1);
                if (plan != null && plan.chosen().gpus() > 1) {
                    out.add(training(many, plan.chosen(), !plan.chosen().fits()));
                }
            }
            return out;
        }
        LayoutSearch.Layout copy = search.exactly(Parallelism.SINGLE_GPU, rig.capacityBytes())
                .orElseThrow(() -> new IllegalArgumentException("the workload cannot be estimated on one GPU"));
        Placement alone = inference(one, copy, 1, !copy.fits() && options.maxGpus() == 1);
        out.add(alone);
        if (!(alone.memoryFits() && alone.runs()) && options.maxGpus() > 1) {
            LayoutSearch.Layout several = search.fewest(rig.capacityBytes(), rig.gpusPerNode(), options.maxGpus());
            if (several != null && several.fits() && options.servingTargets().hasLatencyTarget()) {
                several = serving.fastEnough(one, several, rig.gpusPerNode());
            }
            if (several != null && several.gpus() > 1) {
                out.add(inference(many, several, 1, !several.fits()));
            }
        }
        return out;
    }

    /** Whether one card fits and finishes within the deadline. */
    private boolean doesTheJob(Placement p) {
        Double hours = p.speed().hours();
        return p.memoryFits() && (hours == null || hours <= options.deadlineHours());
    }

    @Override
    public List<Placement> units(Offer offer) {
        Rig rig = offer.rig();
        int unit = rig.unitGpus();
        if (given != null) {
            int units = (int) ((given.gpus() + unit - 1) / unit);
            int replicas = training ? 1 : (int) Math.max(1, (long) units * unit / given.gpus());
            return List.of(fixed(offer, givenLayout, replicas, false));
        }
        if (training) {
            // A unit larger than the GPU limit is still laid out, on one unit, so that the filter can drop it and
            // count it among the options considered.
            Planner.Answer plan = unit > options.maxGpus() ? planner.answerAt(rig, unit, false, 1)
                    : planner.plan(rig, options.maxGpus(), options.deadlineHours(), 1);
            return plan == null ? List.of() : List.of(training(offer, plan.chosen(), !plan.chosen().fits()));
        }
        int maxUnits = Math.max(1, options.maxGpus() / unit);
        LayoutSearch.Layout copy = search.fewest(rig.capacityBytes(), rig.gpusPerNode(), maxUnits * unit);
        if (copy == null) {
            return List.of();
        }
        int units = (copy.gpus() + unit - 1) / unit;
        if (copy.fits() && options.servingTargets().hasLatencyTarget()) {
            copy = serving.mostUsers(offer, copy, units * unit);
        }
        int replicas = Math.max(1, units * unit / copy.gpus());
        return List.of(inference(offer, copy, replicas, !copy.fits()));
    }

    /** A training layout the planner found, as a placement. */
    Placement training(Offer offer, PlanCandidate c, boolean exhausted) {
        Estimate e = memory.estimate(model, planner.workloadFor(c.layout()));
        Speed speed = c.fits() ? trainingSpeed(c.step(), offer.gpu(), c.gpus()) : Speed.NONE;
        return placement(offer, c.gpus(), 1, c.layout(), e, speed, null, exhausted);
    }

    private Placement inference(Offer offer, LayoutSearch.Layout copy, int replicas, boolean exhausted) {
        Estimate e = search.estimate(copy.parallelism()).orElseThrow(() -> new IllegalStateException(
                "the estimator gave a peak but no estimate for " + copy.parallelism()));
        Fabric fabric = offer.rig().fabric(copy.gpus());
        Speed speed = copy.fits() ? inferenceSpeed(offer.gpu(), fabric, copy.parallelism(), e, replicas)
                : Speed.NONE;
        ServingFigures figures = copy.fits() ? serving(offer.gpu(), fabric, copy.parallelism(), replicas) : null;
        return placement(offer, copy.gpus() * replicas, replicas,
                new PlanLayout(copy.parallelism(), Recompute.NONE, 1), e, speed, figures, exhausted);
    }

    /** A placement at the workload's own layout (or one GPU of it). */
    private Placement fixed(Offer offer, PlanLayout layout, int replicas, boolean exhausted) {
        Estimate e;
        try {
            e = memory.estimate(model, planner.workloadFor(layout));
        } catch (IllegalArgumentException rejected) {
            e = memory.estimate(model, planner.workloadFor(new PlanLayout(Parallelism.SINGLE_GPU,
                    layout.recompute(), layout.microBatches())));
        }
        boolean fits = e.peakBytes() <= offer.rig().capacityBytes();
        Speed speed = Speed.NONE;
        ServingFigures figures = null;
        if (fits) {
            Fabric fabric = offer.rig().fabric(layout.gpus());
            if (training) {
                StepTime step = planner.stepTimeModel().training(offer.gpu(), fabric, layout);
                speed = trainingSpeed(step, offer.gpu(), layout.gpus());
            } else {
                speed = inferenceSpeed(offer.gpu(), fabric, layout.parallelism(), e, replicas);
                figures = serving(offer.gpu(), fabric, layout.parallelism(), replicas);
            }
        }
        return placement(offer, layout.gpus() * replicas, replicas, layout, e, speed, figures, exhausted);
    }

    /** The placement with this kind's notes: serving targets and reservation, idle GPUs, the layout's terms. */
    private Placement placement(Offer offer, int gpusUsed, int replicas, PlanLayout layout, Estimate e, Speed speed,
                                ServingFigures figures, boolean exhausted) {
        Rig rig = offer.rig();
        speed = atServedLoad(speed, figures);
        long capacity = capacityBytes(offer.gpu());
        boolean memoryFits = e.peakBytes() <= capacity;
        boolean missesTargets = memoryFits && figures != null && !figures.meetsTargets()
                && options.servingTargets().hasLatencyTarget();
        int bought = (gpusUsed + rig.unitGpus() - 1) / rig.unitGpus() * rig.unitGpus();
        int nodes = (bought + rig.gpusPerNode() - 1) / rig.gpusPerNode();
        List<Reason> reasons = new ArrayList<>();
        if (missesTargets) {
            reasons.add(Reason.MISSES_LATENCY_TARGETS);
        }
        if (capacity < offer.gpu().memoryBytesUsable()) {
            reasons.add(Reason.SERVING_RESERVATION);
        }
        if (bought > gpusUsed) {
            reasons.add(Reason.IDLE_GPUS);
        }
        List<Reason> unsupported = new ArrayList<>(Support.llm(training, layout.parallelism(), rig,
                (Math.max(1, layout.gpus()) + rig.gpusPerNode() - 1) / rig.gpusPerNode(), e.parameters()));
        unsupported.addAll(Support.framework(software, !training, workload.effectiveWeightType(), rig.gpu()));
        if (offer.separateInstances() && bought > rig.unitGpus()) {
            unsupported.add(Reason.NO_CLUSTER_NETWORK);
        }
        reasons.addAll(unsupported);
        addLayoutReasons(reasons, layout.parallelism(), rig.fabric(Math.max(1, layout.gpus())), nodes);
        return new Placement(offer, gpusUsed, bought, replicas, layout, e.peakBytes(), capacity,
                e.range().highBytes(), !missesTargets && unsupported.isEmpty(), exhausted, false, speed, figures,
                reasons);
    }

    private void addLayoutReasons(List<Reason> reasons, Parallelism p, Fabric fabric, int nodes) {
        if (p.zeroStage() == 3 && p.dataParallel() > 1) {
            reasons.add(Reason.ZERO3_SHARDING);
        }
        if (p.tensorParallel() > 1) {
            reasons.add(Reason.TENSOR_PARALLEL);
        }
        if (p.pipelineParallel() > 1) {
            reasons.add(Reason.PIPELINE_PARALLEL);
        }
        if (nodes > 1) {
            reasons.add(Reason.MULTI_NODE);
        }
        if (fabric.slowGroup(p.tensorParallel(), 1)
                || (training && fabric.slowGroup(p.dataParallel(), p.tensorParallel())
                && fabric.withinNode(p.dataParallel(), p.tensorParallel()))) {
            reasons.add(Reason.PCIE_ONLY);
        }
        if (workload.mode() == Mode.QLORA) {
            reasons.add(Reason.QLORA_DEQUANTIZATION);
        }
        if (!training && model.isMoe() && workload.batch() > 1) {
            reasons.add(Reason.MOE_UNIFORM_ROUTING);
        }
    }

    /**
     * Users served by {@code replicas} copies of layout {@code p} ({@link UsersServed}); {@code null} for training or
     * a GPU without a memory bandwidth figure.
     */
    ServingFigures serving(GpuSpec gpu, Fabric fabric, Parallelism p, int replicas) {
        if (training || gpu.memoryBandwidthGBps() <= 0) {
            return null;
        }
        return UsersServed.of(model, workload.toBuilder().parallelism(p).build(), gpu, capacityBytes(gpu), fabric,
                options, replicas);
    }

    /**
     * Training speed from the step-time model on {@code gpus} GPUs, less the time interruptions cost
     * ({@link Goodput}); without a rate for the precision, no speed and a reason.
     */
    Speed trainingSpeed(StepTime step, GpuSpec gpu, int gpus) {
        if (step == null) {
            return Speed.missing(Reason.NO_THROUGHPUT_FIGURES);
        }
        double tps = step.tokensPerSecond() * Goodput.fraction(gpus);
        SpeedModel.PeakRate peak = SpeedModel.trainingPeak(gpu, workload.precision());
        return new Speed(tps, RecommendationRow.TOKENS, null, null, step.stepSeconds(),
                options.tokenBudget() / tps / 3600.0, step.mfu(), step.bound(),
                peak.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of());
    }

    /**
     * Inference speed of {@code replicas} copies of layout {@code p}: the decode step of the serving latency model
     * ({@link ServingLatency#decodeStep}: the roofline plus tensor-parallel and pipeline communication over the
     * fabric, {@link StepTimeModel#decodeCommSeconds}), and prefill at the compute rate.
     */
    Speed inferenceSpeed(GpuSpec gpu, Fabric fabric, Parallelism p, Estimate e, int replicas) {
        if (gpu.memoryBandwidthGBps() <= 0) {
            return Speed.missing(Reason.NO_THROUGHPUT_FIGURES);
        }
        int prompt = workload.sequenceLength();
        int batch = workload.batch();
        SpeedModel.PeakRate peak = ServingLatency.peak(gpu, workload);
        Efficiency eff = ServingLatency.efficiency(options.speed(), gpu, workload);
        ServingLatency.Step decodeStep = ServingLatency.decodeStep(model, workload, e, gpu, fabric, p, eff);
        double step = decodeStep.seconds();
        double perSequence = 1.0 / step;
        double decode = replicas * batch / step;
        Double prefill = null;
        if (peak.tflops() > 0) {
            prefill = replicas * prompt / ServingLatency.passCompute(model, e,
                    ServingLatency.atWeights(eff, gpu, workload), peak.tflops(), p, prompt, prompt, 0, 0);
        }
        double seconds = options.tokenBudget() / decode + promptSeconds(prefill);
        List<Reason> reasons = peak.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of();
        return new Speed(decode, RecommendationRow.TOKENS, perSequence, prefill, step, seconds / 3600.0, null,
                decodeStep.bound(), reasons);
    }

    /**
     * The inference speed at the load the option serves ({@link ServingFigures#usersServed} sequences decoding
     * together at {@link ServingFigures#tpotMs} each), so that the tokens/s, time and job cost of a serving row
     * describe the same option as its users column: {@code tokens/s = usersServed x 1000 / tpotMs}, and the token
     * budget takes {@code budget / tokens/s}. Under a serving engine's steady load the arriving prompts are inside
     * TPOT already ({@link ServingLoad}); without that load (Hugging Face {@code generate}, no output length) the
     * prompts' prefill is added as in {@link #inferenceSpeed}. Unchanged when nobody is served.
     */
    private Speed atServedLoad(Speed single, ServingFigures figures) {
        if (figures == null || figures.usersServed() <= 0 || !(figures.tpotMs() > 0)
                || single.itemsPerSecond() == null) {
            return single;
        }
        double perSequence = 1000.0 / figures.tpotMs();
        double decode = figures.usersServed() * perSequence;
        boolean loaded = ServingLoad.arrivingPromptTokensPerStep(
                workload.toBuilder().batch(Math.max(1, figures.usersPerReplica())).build()) > 0;
        double seconds = options.tokenBudget() / decode + (loaded ? 0 : promptSeconds(single.prefill()));
        Bound bound = figures.tpotBound() != null ? figures.tpotBound() : single.bound();
        return new Speed(decode, RecommendationRow.TOKENS, perSequence, single.prefill(), figures.tpotMs() / 1000.0,
                seconds / 3600.0, null, bound, single.reasons());
    }

    /**
     * Seconds the token budget's prompts take to prefill at {@code prefill} tokens per second: the budget counts
     * generated tokens, so {@code budget / (context - prompt)} requests of {@code prompt} tokens each; 0 without
     * generated tokens or a prefill rate.
     */
    private double promptSeconds(Double prefill) {
        int prompt = workload.sequenceLength();
        int generated = workload.effectiveContext() - prompt;
        return generated > 0 && prefill != null ? (double) options.tokenBudget() / generated * prompt / prefill : 0;
    }
}
