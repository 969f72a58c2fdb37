package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.PlanLayout;

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
 * @param acquisition                 bought or rented
 * @param vendor                      GPU vendor
 * @param formFactor                  GPU form factor (PCIe, SXM, ...)
 * @param gpuId                       id of the GPU model the option is built from
 * @param gpuName                     display name of that GPU model
 * @param fits                        whether {@code perGpuBytes <= capacityBytes}
 * @param gpusNeeded                  GPUs the workload runs on (all copies together)
 * @param units                       systems or cloud instances (1 for GPU rows)
 * @param nodes                       machines the option spans
 * @param gpusPerNode                 GPUs in each of those machines
 * @param interconnect                the link between GPUs inside a machine, in words
 * @param network                     the network between machines, in words; empty for a single machine
 * @param replicas                    independent copies of the model serving in parallel (inference), 1 for
 *                                    training
 * @param layout                      the layout of one copy: parallel sizes, ZeRO stage, recomputation, sequence
 *                                    parallelism and micro-batches per step
 * @param sharding                    the layout as a short label ({@code tp8-pp2-zero1-dp4})
 * @param perGpuBytes                 the memory estimate's peak on one GPU at that layout
 * @param usableBytes                 memory one process can allocate on the GPU
 * @param capacityBytes               the memory the fit is judged against
 * @param headroomBytes               {@code capacityBytes - perGpuBytes}; negative when it does not fit
 * @param headroomFraction            {@code headroomBytes / capacityBytes}
 * @param tokensPerSecond             training: tokens processed per second by all GPUs; inference: generated
 *                                    tokens per second over the batch and all replicas
 * @param decodeTokensPerSecondPerSequence inference: tokens per second one sequence sees; {@code null} for training
 * @param prefillTokensPerSecond      inference: prompt tokens per second over all replicas; {@code null} for training
 * @param hours                       wall-clock hours to process the token budget
 * @param gpuHours                    {@code hours x gpusNeeded}
 * @param mfu                         training: model FLOPs utilisation of the step-time model; {@code null} for
 *                                    inference
 * @param boundBy                     the term of the speed model that takes the most time; {@code null} without
 *                                    a speed
 * @param purchaseUsd                 bought: whole machines (cards plus hosts, or the systems' price); {@code null}
 *                                    when rented or when a price is missing
 * @param cardsUsd                    bought: the GPUs alone; {@code null} when rented or unknown
 * @param rentalUsdPerHour            rented: all instances per hour; {@code null} when bought
 * @param jobCostUsd                  the cost of processing the token budget: rent for the hours, or the
 *                                    amortised share of the purchase plus energy
 * @param energyKWh                   electricity for the token budget at board and host power times the PUE, kWh;
 *                                    {@code null} when a power figure is missing or there is no speed
 * @param energyCostUsd               {@code energyKWh x electricity price} for purchases; {@code null} when rented
 * @param serving                     inference: users served within the latency targets, their latency and what
 *                                    each costs ({@link ServingFigures}); {@code null} for training and for rows
 *                                    that do not fit in memory or have no speed
 * @param reasons                     why it does not fit, and which assumptions matter
 */
public record RecommendationRow(String hardwareId, String hardwareName, HardwareKind kind, Acquisition acquisition,
                                String vendor, String formFactor, String gpuId, String gpuName, boolean fits,
                                int gpusNeeded, int units, int nodes, int gpusPerNode, String interconnect,
                                String network, int replicas, PlanLayout layout, String sharding, long perGpuBytes,
                                long usableBytes, long capacityBytes, long headroomBytes, double headroomFraction,
                                Double tokensPerSecond, Double decodeTokensPerSecondPerSequence,
                                Double prefillTokensPerSecond, Double hours, Double gpuHours, Double mfu,
                                Bound boundBy, Double purchaseUsd, Double cardsUsd, Double rentalUsdPerHour,
                                Double jobCostUsd, Double energyKWh, Double energyCostUsd, ServingFigures serving,
                                List<Reason> reasons) implements RankedOption {

    public RecommendationRow {
        Objects.requireNonNull(hardwareId, "hardwareId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(acquisition, "acquisition");
        Objects.requireNonNull(layout, "layout");
        hardwareName = hardwareName == null ? hardwareId : hardwareName;
        vendor = vendor == null ? "" : vendor;
        formFactor = formFactor == null ? "" : formFactor;
        gpuId = gpuId == null ? "" : gpuId;
        gpuName = gpuName == null ? gpuId : gpuName;
        interconnect = interconnect == null ? "" : interconnect;
        network = network == null ? "" : network;
        sharding = sharding == null ? layout.label() : sharding;
        if (capacityBytes > usableBytes) {
            throw new IllegalArgumentException(hardwareId + ": capacity cannot exceed usable memory");
        }
        if (fits && perGpuBytes > capacityBytes) {
            throw new IllegalArgumentException(hardwareId + ": a row cannot fit when the need exceeds the capacity");
        }
        if (acquisition == Acquisition.RENTAL && purchaseUsd != null) {
            throw new IllegalArgumentException(hardwareId + ": a rented option has no purchase price");
        }
        if (acquisition == Acquisition.PURCHASE && rentalUsdPerHour != null) {
            throw new IllegalArgumentException(hardwareId + ": a bought option has no hourly rent");
        }
        reasons = List.copyOf(reasons);
    }

    /** The parallel sizes and ZeRO stage of the layout. */
    public Parallelism parallelism() {
        return layout.parallelism();
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
        return PlanLayout.shardingLabel(p);
    }

    /**
     * The three-state fit: does not fit when the estimate exceeds the capacity, tight when it fits but the capacity
     * lies inside the estimate's range or the headroom is small ({@link Reason#TIGHT_FIT}), else fits.
     */
    public FitVerdict verdict() {
        if (!fits) {
            return FitVerdict.DOES_NOT_FIT;
        }
        return reasons.contains(Reason.TIGHT_FIT) ? FitVerdict.TIGHT : FitVerdict.FITS;
    }
}
