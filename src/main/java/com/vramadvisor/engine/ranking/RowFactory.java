package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.Goodput;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.plan.SpeedModel;
import com.vramadvisor.engine.plan.StepTime;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.serving.ServingLoad;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Turns an option and its layout into a decision-table row: fit, speed, time, cost, energy and reasons. */
final class RowFactory {

    /**
     * The hardware side of one option, priced per unit.
     *
     * @param id                row id
     * @param name              display name of one unit (a card, a system, an instance)
     * @param kind              row kind
     * @param acquisition       bought or rented
     * @param rig               the GPU, its unit size, node size and network
     * @param interconnect      the link between GPUs inside a node, in words
     * @param unitPriceUsd      purchase price of one system, {@code null} for cards (priced from the GPU and its
     *                          node class) and rentals
     * @param unitUsdPerHour    rent of one instance per hour, {@code null} when bought or unpriced
     * @param unitPowerWatts    power of one system, {@code null} where GPUs and hosts are added up instead
     * @param hostPriceUsd      price of one node's host for cards, {@code null} when unknown or not applicable
     * @param hostPowerWatts    power of one node's host for cards, {@code null} when unknown
     * @param reasons           notes already known from the hardware side
     */
    record Offer(String id, String name, HardwareKind kind, Acquisition acquisition, Rig rig, String interconnect,
                 Double unitPriceUsd, Double unitUsdPerHour, Double unitPowerWatts, Double hostPriceUsd,
                 Double hostPowerWatts, List<Reason> reasons) {

        GpuSpec gpu() {
            return rig.gpu();
        }

        /** The same option as another row kind. */
        Offer as(HardwareKind other) {
            return new Offer(id, name, other, acquisition, rig, interconnect, unitPriceUsd, unitUsdPerHour,
                    unitPowerWatts, hostPriceUsd, hostPowerWatts, reasons);
        }
    }

    /** A row's speed: throughput, time, and for training the step-time model's MFU and bounding term. */
    record Speed(Double tokensPerSecond, Double perSequence, Double prefill, Double hours, Double mfu, Bound bound,
                 List<Reason> reasons) {
        static final Speed NONE = new Speed(null, null, null, null, null, null, List.of());
    }

    private final ModelSpec model;
    private final Workload workload;
    private final RankingOptions options;
    private final CostModel costs;

    RowFactory(ModelSpec model, Workload workload, RankingOptions options) {
        this.model = model;
        this.workload = workload;
        this.options = options;
        this.costs = new CostModel(options);
    }

    /** Memory the fit is judged against ({@link ServingEngine#capacityBytes}). */
    long capacityBytes(GpuSpec gpu) {
        return ServingEngine.capacityBytes(gpu, workload);
    }

    /**
     * @param gpusUsed        GPUs the workload runs on, all replicas together
     * @param replicas        model copies (inference), else 1
     * @param layout          the layout of one copy
     * @param e               the full estimate at that layout
     * @param speed           the speed at that layout, {@link Speed#NONE} when it does not fit
     * @param serving         inference: the users served, unpriced ({@link #serving}); {@code null} otherwise
     * @param searchExhausted whether the layout search ran out of GPUs to try
     */
    RecommendationRow build(Offer offer, int gpusUsed, int replicas, PlanLayout layout, Estimate e, Speed speed,
                            ServingFigures serving, boolean searchExhausted) {
        GpuSpec gpu = offer.gpu();
        Rig rig = offer.rig();
        speed = atServedLoad(speed, serving);
        long capacity = capacityBytes(gpu);
        long need = e.peakBytes();
        boolean fits = need <= capacity;
        boolean missesTargets = fits && serving != null && !serving.meetsTargets()
                && options.servingTargets().hasLatencyTarget();
        long headroom = capacity - need;
        int bought = roundUp(gpusUsed, rig.unitGpus());
        int units = bought / rig.unitGpus();
        int perNode = Math.min(bought, rig.gpusPerNode());
        int nodes = (bought + rig.gpusPerNode() - 1) / rig.gpusPerNode();

        List<Reason> reasons = new ArrayList<>(offer.reasons());
        if (!fits) {
            reasons.add(Reason.DOES_NOT_FIT);
            if (searchExhausted) {
                reasons.add(Reason.EXCEEDS_MAX_GPUS);
            }
        } else if (headroom < options.tightFitFraction() * capacity || e.range().highBytes() > capacity) {
            // Tight: the capacity lies inside the estimate's range (docs/verifying.md), or the headroom is small.
            reasons.add(Reason.TIGHT_FIT);
        }
        if (missesTargets) {
            reasons.add(Reason.MISSES_LATENCY_TARGETS);
        }
        if (capacity < gpu.memoryBytesUsable()) {
            reasons.add(Reason.SERVING_RESERVATION);
        }
        if (offer.kind() != HardwareKind.SYSTEM && offer.kind() != HardwareKind.CLOUD && rig.unitGpus() > 1) {
            reasons.add(Reason.WHOLE_BOARDS);
        }
        if (bought > gpusUsed) {
            reasons.add(Reason.IDLE_GPUS);
        }
        addLayoutReasons(reasons, layout.parallelism(), rig.fabric(Math.max(1, layout.gpus())), nodes);
        if (isUnifiedMemory(gpu)) {
            reasons.add(Reason.UNIFIED_MEMORY);
        }
        reasons.addAll(speed.reasons());
        Double hours = speed.hours();
        if (hours != null && hours > options.deadlineHours()) {
            reasons.add(Reason.PAST_DEADLINE);
        }

        CostModel.Costs money = offer.acquisition() == Acquisition.RENTAL
                ? costs.rental(offer.unitUsdPerHour() == null ? null : offer.unitUsdPerHour() * units, hours)
                : purchase(offer, bought, units, nodes, hours);
        if ((offer.acquisition() == Acquisition.RENTAL ? money.rentalUsdPerHour() : money.purchaseUsd()) == null) {
            reasons.add(Reason.NO_PRICE);
        }
        if (offer.acquisition() == Acquisition.PURCHASE && hours != null && money.energyKWh() == null) {
            reasons.add(Reason.NO_POWER_FIGURE);
        }
        String name = units > 1 || (offer.kind() == HardwareKind.MULTI_GPU) ? countLabel(offer, bought, units)
                : offer.name();
        Double gpuHours = hours == null ? null : hours * gpusUsed;
        ServingFigures priced = serving == null ? null : serving.priced(hourlyCost(offer, money, hours), bought);
        return new RecommendationRow(offer.id(), name, offer.kind(), offer.acquisition(), gpu.vendor(),
                gpu.formFactor(), gpu.id(), gpu.name(), fits && !missesTargets, gpusUsed, units, nodes, perNode, offer.interconnect(),
                nodes > 1 ? rig.network() : "", replicas, layout, null, need, gpu.memoryBytesUsable(), capacity,
                headroom, (double) headroom / capacity, speed.tokensPerSecond(), speed.perSequence(),
                speed.prefill(), hours, gpuHours, speed.mfu(), speed.bound(), money.purchaseUsd(), money.cardsUsd(),
                money.rentalUsdPerHour(), money.jobCostUsd(), money.energyKWh(), money.energyCostUsd(), priced,
                dedupe(reasons));
    }

    /**
     * What the option costs per hour of serving: the rent, or for a purchase the job cost over its hours (the
     * amortised share of the price, {@code purchase / (years x 8,760)}, plus the energy of an hour), so that bought
     * and rented options meet in one unit; {@code null} when unknown.
     */
    private static Double hourlyCost(Offer offer, CostModel.Costs money, Double hours) {
        if (offer.acquisition() == Acquisition.RENTAL) {
            return money.rentalUsdPerHour();
        }
        return money.jobCostUsd() == null || hours == null || !(hours > 0) ? null : money.jobCostUsd() / hours;
    }

    /**
     * Users served by {@code replicas} copies of layout {@code p} ({@link UsersServed}); {@code null} for training or
     * a GPU without a memory bandwidth figure.
     */
    ServingFigures serving(GpuSpec gpu, Fabric fabric, Parallelism p, int replicas) {
        if (workload.mode() != Mode.INFER || gpu.memoryBandwidthGBps() <= 0) {
            return null;
        }
        return UsersServed.of(model, workload.toBuilder().parallelism(p).build(), gpu, capacityBytes(gpu), fabric,
                options, replicas);
    }

    private static String countLabel(Offer offer, int bought, int units) {
        if (offer.kind() == HardwareKind.SYSTEM || offer.kind() == HardwareKind.CLOUD) {
            return units + " x " + offer.name();
        }
        return bought + " x " + offer.gpu().name();
    }

    /** Cards plus hosts for loose GPUs; the systems' price for systems. */
    private CostModel.Costs purchase(Offer offer, int bought, int units, int nodes, Double hours) {
        GpuSpec gpu = offer.gpu();
        Double cards = gpu.hasPrice() ? gpu.priceUsd() * bought : null;
        Double gpuPower = gpu.tdpWatts() > 0 ? (double) gpu.tdpWatts() * bought : null;
        if (offer.kind() == HardwareKind.SYSTEM) {
            Double price = offer.unitPriceUsd() == null ? null : offer.unitPriceUsd() * units;
            Double power = offer.unitPowerWatts() != null ? Double.valueOf(offer.unitPowerWatts() * units)
                    : cardsAndHosts(gpuPower, offer.hostPowerWatts(), nodes);
            return costs.purchase(price, cards, power, hours);
        }
        return costs.purchase(cardsAndHosts(cards, offer.hostPriceUsd(), nodes), cards,
                cardsAndHosts(gpuPower, offer.hostPowerWatts(), nodes), hours);
    }

    /** {@code cards + perHost x hosts}, or {@code null} when either is unknown. */
    private static Double cardsAndHosts(Double cards, Double perHost, int hosts) {
        return cards == null || perHost == null ? null : cards + perHost * hosts;
    }

    private static int roundUp(int n, int unit) {
        return (n + unit - 1) / unit * unit;
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
                || (workload.mode() != Mode.INFER && fabric.slowGroup(p.dataParallel(), p.tensorParallel())
                && fabric.withinNode(p.dataParallel(), p.tensorParallel()))) {
            reasons.add(Reason.PCIE_ONLY);
        }
        if (workload.mode() == Mode.QLORA) {
            reasons.add(Reason.QLORA_DEQUANTIZATION);
        }
        if (workload.mode() == Mode.INFER && model.isMoe() && workload.batch() > 1) {
            reasons.add(Reason.MOE_UNIFORM_ROUTING);
        }
    }

    /**
     * Training speed from the step-time model on {@code gpus} GPUs, less the time interruptions cost
     * ({@link Goodput}); without a rate for the precision, no speed and a reason.
     */
    Speed trainingSpeed(StepTime step, GpuSpec gpu, int gpus) {
        if (step == null) {
            return new Speed(null, null, null, null, null, null, List.of(Reason.NO_THROUGHPUT_FIGURES));
        }
        double tps = step.tokensPerSecond() * Goodput.fraction(gpus);
        SpeedModel.PeakRate peak = SpeedModel.trainingPeak(gpu, workload.precision());
        return new Speed(tps, null, null, options.tokenBudget() / tps / 3600.0, step.mfu(), step.bound(),
                peak.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of());
    }

    /**
     * Inference speed of {@code replicas} copies of layout {@code p}: the decode step of the serving latency model
     * ({@link ServingLatency#decodeStep}: the roofline plus tensor-parallel and pipeline communication over the fabric,
     * {@link StepTimeModel#decodeCommSeconds}), and prefill at the compute rate.
     */
    Speed inferenceSpeed(GpuSpec gpu, Fabric fabric, Parallelism p, Estimate e, int replicas) {
        if (gpu.memoryBandwidthGBps() <= 0) {
            return new Speed(null, null, null, null, null, null, List.of(Reason.NO_THROUGHPUT_FIGURES));
        }
        int prompt = workload.sequenceLength();
        int batch = workload.batch();
        SpeedModel.PeakRate peak = SpeedModel.inferencePeak(gpu, workload.effectiveWeightType());
        Efficiency eff = ServingLatency.efficiency(options.speed(), gpu, workload);
        ServingLatency.Step decodeStep = ServingLatency.decodeStep(model, workload, e, gpu, fabric, p, eff);
        double step = decodeStep.seconds();
        Bound bound = decodeStep.bound();
        double perSequence = 1.0 / step;
        double decode = replicas * batch / step;

        Double prefill = null;
        if (peak.tflops() > 0) {
            prefill = replicas * prompt / ServingLatency.passCompute(model, e,
                    ServingLatency.atWeights(eff, gpu, workload), peak.tflops(), p, prompt, prompt,
                    0, 0);
        }
        double seconds = options.tokenBudget() / decode + promptSeconds(prefill);
        List<Reason> reasons = peak.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of();
        return new Speed(decode, perSequence, prefill, seconds / 3600.0, null, bound, reasons);
    }

    /**
     * The inference speed at the load the option serves ({@link ServingFigures#usersServed} sequences decoding
     * together at {@link ServingFigures#tpotMs} each), so that the tokens/s, time and job cost of a serving row
     * describe the same option as its users column: {@code tokens/s = usersServed x 1000 / tpotMs}, and the token
     * budget takes {@code budget / tokens/s}. Under a serving engine's steady load the arriving prompts are inside
     * TPOT already ({@link ServingLoad}); without that load (Hugging Face {@code generate}, no output length) the
     * prompts' prefill is added as in {@link #inferenceSpeed}. Unchanged when nobody is served.
     */
    Speed atServedLoad(Speed single, ServingFigures serving) {
        if (serving == null || serving.usersServed() <= 0 || !(serving.tpotMs() > 0)
                || single.tokensPerSecond() == null) {
            return single;
        }
        double perSequence = 1000.0 / serving.tpotMs();
        double decode = serving.usersServed() * perSequence;
        boolean loaded = ServingLoad.arrivingPromptTokensPerStep(
                workload.toBuilder().batch(Math.max(1, serving.usersPerReplica())).build()) > 0;
        double seconds = options.tokenBudget() / decode + (loaded ? 0 : promptSeconds(single.prefill()));
        Bound bound = serving.tpotBound() != null ? serving.tpotBound() : single.bound();
        return new Speed(decode, perSequence, single.prefill(), seconds / 3600.0, null, bound, single.reasons());
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

    static boolean isUnifiedMemory(GpuSpec gpu) {
        String type = gpu.memoryType() == null ? "" : gpu.memoryType().toLowerCase(Locale.ROOT);
        return "apple".equalsIgnoreCase(gpu.vendor()) || type.contains("unified") || type.contains("lpddr");
    }

    private static List<Reason> dedupe(List<Reason> reasons) {
        List<Reason> out = new ArrayList<>();
        for (Reason r : reasons) {
            if (!out.contains(r)) {
                out.add(r);
            }
        }
        return out;
    }
}
