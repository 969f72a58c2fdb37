package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.PlanLayout;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One option of the decision table, for every workload kind: language models, vision, diffusion, rendering,
 * molecular dynamics and grids. Memory is in bytes; GB means 10^9 bytes wherever a label says so. Values that cannot
 * be known (no speed because the workload does not fit or has no throughput model, no price in the hardware list) are
 * {@code null}. See {@code docs/decision-table.md} for every formula and its source.
 *
 * @param hardwareId       id of the GPU, system or cloud offer
 * @param hardwareName     display name ({@code 4 x NVIDIA A100 80GB SXM} for several cards)
 * @param kind             single GPU, several of one GPU, system or cloud offer
 * @param acquisition      bought or rented
 * @param vendor           GPU vendor
 * @param formFactor       GPU form factor (PCIe, SXM, ...)
 * @param gpuId            id of the GPU model the option is built from
 * @param gpuName          display name of that GPU model
 * @param fits             whether the workload runs on the option: its per-GPU need within {@code capacityBytes},
 *                         the GPU able to run it (double precision where needed) and, for serving with latency
 *                         targets, at least one user served within them
 * @param gpusNeeded       GPUs the workload runs on (all copies together); for a workload that does not spread
 *                         (a rendering scene), 1 when it fits and 0 when it does not
 * @param gpusBought       GPUs the option comes with at that count (whole boards, machines, systems or instances)
 * @param units            systems or cloud instances (1 for GPU rows)
 * @param nodes            machines the option spans
 * @param gpusPerNode      GPUs in each of those machines
 * @param interconnect     the link between GPUs inside a machine, in words
 * @param network          the network between machines, in words; empty for a single machine
 * @param replicas         independent copies of the model serving in parallel (language-model inference), else 1
 * @param layout           language models: the layout of one copy (parallel sizes, ZeRO stage, recomputation,
 *                         sequence parallelism, micro-batches); {@code null} for the other kinds
 * @param sharding         the layout as a short label ({@code tp8-pp2-zero1-dp4}); empty without a layout
 * @param perGpuBytes      the memory estimate's peak on one GPU at that layout or GPU count
 * @param usableBytes      memory one process can allocate on the GPU
 * @param capacityBytes    the memory the fit is judged against (a serving engine's reservation, or usable memory)
 * @param headroomBytes    {@code capacityBytes - perGpuBytes}; negative when it does not fit
 * @param headroomFraction {@code headroomBytes / capacityBytes}
 * @param itemsPerSecond   the workload's throughput on all the option's GPUs: language-model training, tokens
 *                         processed per second; inference, generated tokens per second over the batch and all
 *                         replicas; other kinds, items of their job (images, time steps, iterations) per second;
 *                         {@code null} without a speed
 * @param itemUnit         what {@code itemsPerSecond} counts ({@code tokens}, {@code images}, {@code time steps});
 *                         empty without a speed model
 * @param decodeTokensPerSecondPerSequence language-model inference: tokens per second one sequence sees
 * @param prefillTokensPerSecond language-model inference: prompt tokens per second over all replicas
 * @param stepSeconds      one step (a global batch, a time step), where the speed model has one
 * @param hours            wall-clock hours of the job (the token budget, or the kind's job)
 * @param gpuHours         {@code hours x gpusNeeded}
 * @param mfu              language-model training: model FLOPs utilisation of the step-time model
 * @param boundBy          the term of the speed model that takes the most time; {@code null} without a speed
 * @param itemsPerWattHour work per energy: {@code itemsPerSecond x 3,600} over the GPUs' board power (tokens or
 *                         images per watt-hour of the GPUs that run the workload, hosts and cooling left out, so rows
 *                         of any acquisition compare); {@code null} without a speed or a board power
 * @param market           where the price comes from: {@code purchase}, or the rental market ({@code on-demand},
 *                         {@code commit-1y}, {@code commit-3y}, {@code spot}, {@code marketplace})
 * @param provider         rented: the provider; empty when bought
 * @param priceDate        the date of the option's price (the GPU's for cards, the system's, the offer's); empty when
 *                         unknown
 * @param money            what the option costs: capital, rent, the job's cost and the ownership terms behind it
 * @param serving          language-model inference: users served within the latency targets, their latency and what
 *                         each costs ({@link ServingFigures}); {@code null} otherwise, and for rows that do not fit in
 *                         memory or have no speed
 * @param reasons          why it does not fit, and which assumptions matter
 * @param ranges           the ranges of the speed, time and cost figures from the held-out measurements
 *                         ({@link RowRanges}); {@link RowRanges#NONE} where none is known
 */
public record RecommendationRow(String hardwareId, String hardwareName, HardwareKind kind, Acquisition acquisition,
                                String vendor, String formFactor, String gpuId, String gpuName, boolean fits,
                                int gpusNeeded, int gpusBought, int units, int nodes, int gpusPerNode,
                                String interconnect, String network, int replicas, PlanLayout layout,
                                String sharding, long perGpuBytes, long usableBytes, long capacityBytes,
                                long headroomBytes, double headroomFraction, Double itemsPerSecond, String itemUnit,
                                Double decodeTokensPerSecondPerSequence, Double prefillTokensPerSecond,
                                Double stepSeconds, Double hours, Double gpuHours, Double mfu, Bound boundBy,
                                Double itemsPerWattHour, String market, String provider, String priceDate,
                                RowMoney money, ServingFigures serving, List<Reason> reasons, RowRanges ranges) {

    /** The unit of a language model's throughput. */
    public static final String TOKENS = "tokens";

    public RecommendationRow {
        Objects.requireNonNull(hardwareId, "hardwareId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(acquisition, "acquisition");
        Objects.requireNonNull(money, "money");
        hardwareName = hardwareName == null ? hardwareId : hardwareName;
        vendor = vendor == null ? "" : vendor;
        formFactor = formFactor == null ? "" : formFactor;
        gpuId = gpuId == null ? "" : gpuId;
        gpuName = gpuName == null ? gpuId : gpuName;
        interconnect = interconnect == null ? "" : interconnect;
        network = network == null ? "" : network;
        sharding = sharding == null ? layout == null ? "" : layout.label() : sharding;
        itemUnit = itemUnit == null ? "" : itemUnit;
        market = market == null ? "" : market;
        provider = provider == null ? "" : provider;
        priceDate = priceDate == null ? "" : priceDate;
        if (capacityBytes > usableBytes) {
            throw new IllegalArgumentException(hardwareId + ": capacity cannot exceed usable memory");
        }
        if (fits && perGpuBytes > capacityBytes) {
            throw new IllegalArgumentException(hardwareId + ": a row cannot fit when the need exceeds the capacity");
        }
        if (acquisition == Acquisition.RENTAL && (money.capitalUsd() != null || money.cardsUsd() != null)) {
            throw new IllegalArgumentException(hardwareId + ": a rented option has no purchase price");
        }
        if (acquisition == Acquisition.PURCHASE && money.rentalUsdPerHour() != null) {
            throw new IllegalArgumentException(hardwareId + ": a bought option has no hourly rent");
        }
        reasons = List.copyOf(reasons);
        ranges = ranges == null ? RowRanges.NONE : ranges;
    }

    /** The parallel sizes and ZeRO stage of the layout; one GPU for kinds without a layout. */
    public Parallelism parallelism() {
        return layout == null ? Parallelism.SINGLE_GPU : layout.parallelism();
    }

    /** Language models: tokens per second ({@link #itemsPerSecond}); {@code null} for the other kinds. */
    public Double tokensPerSecond() {
        return TOKENS.equals(itemUnit) ? itemsPerSecond : null;
    }

    /** Whether the row has a speed. */
    public boolean hasSpeed() {
        return itemsPerSecond != null;
    }

    /** Bought: the capital of whole machines; {@code null} when rented or unpriced ({@link RowMoney#capitalUsd}). */
    public Double purchaseUsd() {
        return money.capitalUsd();
    }

    /** Bought: the GPUs alone; {@code null} when rented or unknown. */
    public Double cardsUsd() {
        return money.cardsUsd();
    }

    /** Rented: all instances per hour; {@code null} when bought or unpriced. */
    public Double rentalUsdPerHour() {
        return money.rentalUsdPerHour();
    }

    /** What the job costs the user, rented or bought ({@link RowMoney#jobCostUsd}); {@code null} when unknown. */
    public Double jobCostUsd() {
        return money.jobCostUsd();
    }

    /** Electricity the job draws, kWh, PUE included; {@code null} when unknown. */
    public Double energyKWh() {
        return money.energyKWh();
    }

    /** What that electricity costs an owner; {@code null} when rented or unknown. */
    public Double energyCostUsd() {
        return money.energyCostUsd();
    }

    /**
     * What the option costs in its own currency: the capital of whole machines when bought, the rent per hour of all
     * instances when rented; {@code null} when unpriced. The two are never compared with each other.
     */
    public Double cost() {
        return acquisition == Acquisition.PURCHASE ? money.capitalUsd() : money.rentalUsdPerHour();
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
     * The three-state fit: does not fit when the workload does not run on the option, tight when it fits but the
     * capacity lies inside the estimate's range or the headroom is small ({@link Reason#TIGHT_FIT}), else fits.
     */
    public FitVerdict verdict() {
        if (!fits) {
            return FitVerdict.DOES_NOT_FIT;
        }
        return reasons.contains(Reason.TIGHT_FIT) ? FitVerdict.TIGHT : FitVerdict.FITS;
    }
}
