package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Component;
import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Turns an option and its layout into a decision-table row: fit, speed, time, cost, energy and reasons. */
final class RowFactory {

    private static final double HOURS_PER_YEAR = 365.0 * 24.0;

    /**
     * The hardware side of one row.
     *
     * @param id               row id
     * @param name             display name
     * @param kind             row kind
     * @param gpu              the GPU model
     * @param units            systems or instances (1 for GPU rows)
     * @param replicas         model copies serving in parallel (inference), else 1
     * @param priceUsd         purchase price of everything, or {@code null} (cloud, or no price known)
     * @param usdPerHour       cloud price per hour for all instances together, or {@code null}
     * @param powerWatts       power of everything at full load, watts
     * @param fastLinks        whether the GPUs talk over NVLink/Infinity Fabric/NVSwitch rather than PCIe only
     * @param reasons          notes already known from the hardware side
     */
    record Offer(String id, String name, HardwareKind kind, GpuSpec gpu, int units, int replicas, Double priceUsd,
                 Double usdPerHour, double powerWatts, boolean fastLinks, List<Reason> reasons) {
    }

    private record Speed(Double tokensPerSecond, Double perSequence, Double prefill, Double hours,
                         List<Reason> reasons) {
    }

    private final ModelSpec model;
    private final Workload workload;
    private final RankingOptions options;

    RowFactory(ModelSpec model, Workload workload, RankingOptions options) {
        this.model = model;
        this.workload = workload;
        this.options = options;
    }

    /** Memory the fit is judged against ({@link GpuSpec#capacityBytes}). */
    long capacityBytes(GpuSpec gpu) {
        return gpu.capacityBytes(workload);
    }

    /**
     * @param layout          the parallel layout of one model copy
     * @param e               the full estimate at that layout
     * @param searchExhausted whether the layout search ran out of GPUs to try
     */
    RecommendationRow build(Offer offer, Parallelism layout, Estimate e, boolean searchExhausted) {
        GpuSpec gpu = offer.gpu();
        Parallelism p = layout;
        long capacity = capacityBytes(gpu);
        long need = e.peakBytes();
        boolean fits = need <= capacity;
        long headroom = capacity - need;
        int gpus = (int) Math.min(Integer.MAX_VALUE, p.gpus() * (long) offer.replicas());

        List<Reason> reasons = new ArrayList<>(offer.reasons());
        if (!fits) {
            reasons.add(Reason.DOES_NOT_FIT);
            if (searchExhausted) {
                reasons.add(Reason.EXCEEDS_MAX_GPUS);
            }
        } else if (headroom < options.tightFitFraction() * capacity) {
            reasons.add(Reason.TIGHT_FIT);
        }
        if (capacity < gpu.memoryBytesUsable()) {
            reasons.add(Reason.SERVING_RESERVATION);
        }
        addLayoutReasons(reasons, p, gpus, offer);
        if (isUnifiedMemory(gpu)) {
            reasons.add(Reason.UNIFIED_MEMORY);
        }

        Speed speed = fits ? speed(gpu, p, e, offer.replicas()) : new Speed(null, null, null, null, List.of());
        reasons.addAll(speed.reasons());
        Double hours = speed.hours();
        Double energyKWh = hours == null ? null : offer.powerWatts() * hours / 1000.0;
        Double costUsd = null;
        Double energyCostUsd = null;
        if (offer.kind() == HardwareKind.CLOUD) {
            if (offer.usdPerHour() == null) {
                reasons.add(Reason.NO_PRICE);
            } else if (hours != null) {
                costUsd = hours * offer.usdPerHour();
            }
        } else {
            if (offer.priceUsd() == null) {
                reasons.add(Reason.NO_PRICE);
            } else if (fits) {
                costUsd = purchaseCost(offer.priceUsd(), hours);
            }
            energyCostUsd = energyKWh == null ? null : energyKWh * options.electricityUsdPerKWh();
        }
        return new RecommendationRow(offer.id(), offer.name(), offer.kind(), gpu.vendor(), gpu.formFactor(), gpu.id(),
                gpu.name(), fits, gpus, offer.units(), offer.replicas(), p, null, need, gpu.memoryBytesUsable(),
                capacity, headroom, (double) headroom / capacity, speed.tokensPerSecond(), speed.perSequence(),
                speed.prefill(), hours, offer.priceUsd(), costUsd, energyKWh, energyCostUsd, dedupe(reasons));
    }

    private Double purchaseCost(double priceUsd, Double hours) {
        if (options.amortizationYears() <= 0) {
            return priceUsd;
        }
        return hours == null ? null : priceUsd * hours / (options.amortizationYears() * HOURS_PER_YEAR);
    }

    private void addLayoutReasons(List<Reason> reasons, Parallelism p, int gpus, RowFactory.Offer offer) {
        if (p.zeroStage() == 3 && p.dataParallel() > 1) {
            reasons.add(Reason.ZERO3_SHARDING);
        }
        if (p.tensorParallel() > 1) {
            reasons.add(Reason.TENSOR_PARALLEL);
        }
        if (p.pipelineParallel() > 1) {
            reasons.add(Reason.PIPELINE_PARALLEL);
        }
        if (offer.units() > 1 || (offer.kind() == HardwareKind.MULTI_GPU && gpus > gpusPerNode(offer.gpu()))) {
            reasons.add(Reason.MULTI_NODE);
        }
        if (p.gpus() > 1 && !offer.fastLinks()) {
            reasons.add(Reason.PCIE_ONLY);
        }
        if (workload.mode() == Mode.QLORA) {
            reasons.add(Reason.QLORA_DEQUANTIZATION);
        }
        if (workload.mode() == Mode.INFER && model.isMoe() && workload.batch() > 1) {
            reasons.add(Reason.MOE_UNIFORM_ROUTING);
        }
    }

    private Speed speed(GpuSpec gpu, Parallelism p, Estimate e, int replicas) {
        return workload.mode() == Mode.INFER ? inferenceSpeed(gpu, p, e, replicas) : trainingSpeed(gpu, p, e);
    }

    private Speed trainingSpeed(GpuSpec gpu, Parallelism p, Estimate e) {
        SpeedModel.PeakRate peak = SpeedModel.trainingPeak(gpu, workload.precision());
        if (peak.tflops() <= 0) {
            return new Speed(null, null, null, null, List.of(Reason.NO_THROUGHPUT_FIGURES));
        }
        int gpus = (int) p.gpus();
        double flops = SpeedModel.trainingFlopsPerToken(e.activeParameters(), e.trainableParameters(), model,
                workload);
        double efficiency = SpeedModel.scaling(gpus, options.trainingScalingPerDoubling())
                * SpeedModel.pipelineEfficiency(p.pipelineParallel(), workload.gradientAccumulation());
        double tps = SpeedModel.trainingTokensPerSecond(gpus, peak.tflops(), options.mfu(), efficiency, flops);
        double hours = options.tokenBudget() / tps / 3600.0;
        return new Speed(tps, null, null, hours, peak.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of());
    }

    private Speed inferenceSpeed(GpuSpec gpu, Parallelism p, Estimate e, int replicas) {
        if (gpu.memoryBandwidthGBps() <= 0) {
            return new Speed(null, null, null, null, List.of(Reason.NO_THROUGHPUT_FIGURES));
        }
        int prompt = workload.sequenceLength();
        int context = workload.effectiveContext();
        int batch = workload.batch();
        SpeedModel.PeakRate peak = SpeedModel.inferencePeak(gpu, workload.effectiveWeightType());
        double tpScaling = SpeedModel.scaling(p.tensorParallel(), options.tensorParallelScalingPerDoubling());

        double weightBytes = e.component(Component.WEIGHTS)
                * SpeedModel.weightReadFraction(e.parameters(), e.activeParameters(), model.moe(), batch);
        double kvBytes = e.component(Component.KV_CACHE) * SpeedModel.meanKvFraction(prompt, context);
        double meanCached = context > prompt ? (prompt + (double) context) / 2.0 : context;
        double flopsPerStep = batch * SpeedModel.decodeFlopsPerToken(e.activeParameters(), model, meanCached);
        double step = SpeedModel.decodeStepSeconds(weightBytes + kvBytes, gpu.memoryBandwidthGBps(),
                options.decodeBandwidthEfficiency(), flopsPerStep, peak.tflops(), options.mfu(),
                p.tensorParallel(), p.pipelineParallel(), tpScaling);
        double perSequence = 1.0 / step;
        double decode = replicas * batch / step;

        Double prefill = null;
        if (peak.tflops() > 0) {
            prefill = replicas * p.tensorParallel() * peak.tflops() * 1e12 * options.mfu() * tpScaling
                    / SpeedModel.prefillFlopsPerToken(e.activeParameters(), model, prompt);
        }
        double seconds = options.tokenBudget() / decode;
        int generatedPerSequence = context - prompt;
        if (generatedPerSequence > 0 && prefill != null) {
            seconds += (double) options.tokenBudget() / generatedPerSequence * prompt / prefill;
        }
        List<Reason> reasons = peak.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of();
        return new Speed(decode, perSequence, prefill, seconds / 3600.0, reasons);
    }

    /** Whether the GPUs have a link faster than PCIe between them (NVLink, NVSwitch, Infinity Fabric/xGMI). */
    static boolean hasFastLinks(String... interconnects) {
        for (String s : interconnects) {
            String l = s == null ? "" : s.toLowerCase(Locale.ROOT);
            if (l.contains("nvlink") || l.contains("nvswitch") || l.contains("infinity") || l.contains("xgmi")
                    || l.contains("roce") || l.contains("fabric")) {
                return true;
            }
        }
        return false;
    }

    /**
     * GPUs of this model one node can hold: a system-on-chip with unified memory is a machine of its own, so several
     * of them are several nodes; other GPUs fill nodes of {@link RankingOptions#gpusPerNode()}.
     */
    int gpusPerNode(GpuSpec gpu) {
        return isUnifiedMemory(gpu) || "soc".equalsIgnoreCase(gpu.formFactor()) ? 1 : options.gpusPerNode();
    }

    private static boolean isUnifiedMemory(GpuSpec gpu) {
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
