package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Parallelism;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One option of the decision table. Memory is in bytes; GB means 10^9 bytes wherever a label says so. Values that
 * cannot be known (no speed because the workload does not fit, no price in the hardware list) are {@code null}.
 * See {@code docs/decision-table.md} for every formula and its source.
 *
 * @param hardwareId                  id of the GPU, system or cloud offer
 * @param hardwareName                display name ({@code 4 x NVIDIA A100 80GB SXM} for several cards)
 * @param kind                        single GPU, several of one GPU, system or cloud offer
 * @param vendor                      GPU vendor
 * @param formFactor                  GPU form factor (PCIe, SXM, ...)
 * @param gpuId                       id of the GPU model the option is built from
 * @param gpuName                     display name of that GPU model
 * @param fits                        whether {@code perGpuBytes <= capacityBytes} (never true when the need
 *                                    exceeds {@code usableBytes})
 * @param gpusNeeded                  GPUs the workload runs on
 * @param units                       systems or cloud instances needed (1 for GPU rows)
 * @param replicas                    independent copies of the model serving in parallel (inference on options
 *                                    with more GPUs than one copy needs); 1 for training
 * @param parallelism                 the layout of one copy: tensor, pipeline, data parallel sizes and ZeRO stage
 * @param sharding                    the layout as a short label: {@code single}, {@code zero3-dp4},
 *                                    {@code tp2-zero3-dp2}, {@code tp8-pp2}, {@code dp8}
 * @param perGpuBytes                 the memory estimate's peak on one GPU at that layout
 * @param usableBytes                 memory one process can allocate on the GPU ({@code GpuSpec.memoryBytesUsable})
 * @param capacityBytes               the memory the fit is judged against: {@code usableBytes}, or a serving
 *                                    engine's reservation when the workload sets one
 * @param headroomBytes               {@code capacityBytes - perGpuBytes}; negative when it does not fit
 * @param headroomFraction            {@code headroomBytes / capacityBytes}
 * @param tokensPerSecond             training: tokens processed per second by all GPUs; inference: generated
 *                                    tokens per second summed over the batch and all replicas
 * @param decodeTokensPerSecondPerSequence inference: tokens per second one sequence sees; {@code null} for training
 * @param prefillTokensPerSecond      inference: prompt tokens per second over all replicas; {@code null} for
 *                                    training
 * @param hours                       wall-clock hours to process the token budget
 * @param priceUsd                    purchase price of everything the option needs, US dollars; {@code null} for
 *                                    cloud offers and when no price is known
 * @param costUsd                     cloud: {@code hours x price per instance-hour x instances}; purchase: the
 *                                    price, or its amortised share when amortisation is set
 * @param energyKWh                   electricity for the token budget at board power, kWh
 * @param energyCostUsd               {@code energyKWh x electricity price} for purchases; {@code null} for cloud
 *                                    offers (the hourly price includes power)
 * @param reasons                     why it does not fit, and which assumptions matter
 */
public record RecommendationRow(String hardwareId, String hardwareName, HardwareKind kind, String vendor,
                                String formFactor, String gpuId, String gpuName, boolean fits, int gpusNeeded,
                                int units, int replicas, Parallelism parallelism, String sharding, long perGpuBytes,
                                long usableBytes, long capacityBytes, long headroomBytes, double headroomFraction,
                                Double tokensPerSecond, Double decodeTokensPerSecondPerSequence,
                                Double prefillTokensPerSecond, Double hours, Double priceUsd, Double costUsd,
                                Double energyKWh, Double energyCostUsd, List<Reason> reasons) {

    public RecommendationRow {
        Objects.requireNonNull(hardwareId, "hardwareId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(parallelism, "parallelism");
        hardwareName = hardwareName == null ? hardwareId : hardwareName;
        vendor = vendor == null ? "" : vendor;
        formFactor = formFactor == null ? "" : formFactor;
        gpuId = gpuId == null ? "" : gpuId;
        gpuName = gpuName == null ? gpuId : gpuName;
        sharding = sharding == null ? shardingLabel(parallelism) : sharding;
        if (capacityBytes > usableBytes) {
            throw new IllegalArgumentException(hardwareId + ": capacity cannot exceed usable memory");
        }
        if (fits && perGpuBytes > capacityBytes) {
            throw new IllegalArgumentException(hardwareId + ": a row cannot fit when the need exceeds the capacity");
        }
        reasons = List.copyOf(reasons);
    }

    /** The reason codes as strings, in order ({@code does-not-fit}, {@code zero3-sharding}, ...). */
    public List<String> reasonCodes() {
        List<String> codes = new ArrayList<>(reasons.size());
        for (Reason r : reasons) {
            codes.add(r.code());
        }
        return codes;
    }

    /**
     * A short label for a parallel layout: tensor-parallel {@code tpN}, pipeline {@code ppN}, data parallel
     * {@code dpN} with {@code zeroK-} before it when a ZeRO stage shards over it; {@code single} for one GPU.
     */
    public static String shardingLabel(Parallelism p) {
        StringBuilder s = new StringBuilder();
        if (p.tensorParallel() > 1) {
            s.append("tp").append(p.tensorParallel());
        }
        if (p.pipelineParallel() > 1) {
            s.append(s.length() == 0 ? "" : "-").append("pp").append(p.pipelineParallel());
        }
        if (p.dataParallel() > 1) {
            s.append(s.length() == 0 ? "" : "-");
            if (p.zeroStage() > 0) {
                s.append("zero").append(p.zeroStage()).append('-');
            }
            s.append("dp").append(p.dataParallel());
        }
        return s.length() == 0 ? "single" : s.toString();
    }
}
