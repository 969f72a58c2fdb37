package com.vramadvisor.engine.ranking;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Everything the decision table needs beyond the model and the workload: the speed model's stated factors, the
 * token budget, prices, the parallel-layout search, and the filters and sort order of the table. Immutable; start
 * from {@link #defaults()} or {@link #builder()}. The defaults and their sources are in
 * {@code docs/decision-table.md}.
 *
 * @param mfu                               utilisation of the peak tensor rate by the FLOPs the hardware executes,
 *                                          for training and prefill (0-1]
 * @param decodeBandwidthEfficiency         fraction of peak memory bandwidth a decode step achieves (0-1]
 * @param trainingScalingPerDoubling        throughput kept per doubling of training GPUs (0-1]; {@code n} GPUs
 *                                          deliver {@code n x f^log2(n)} times one GPU
 * @param tensorParallelScalingPerDoubling  throughput kept per doubling of the tensor-parallel size in inference
 * @param tokenBudget                       training: tokens to train on; inference: tokens to generate
 * @param electricityUsdPerKWh              electricity price for owned hardware, US dollars per kWh
 * @param amortizationYears                 0 to charge a purchase its whole price; otherwise the price is spread
 *                                          over this many years of use and a run pays its share
 * @param sharding                          how multi-GPU layouts are chosen
 * @param maxGpus                           most GPUs one option may use: the layout search tries no more, an option
 *                                          that needs more to fit is laid out within the limit and marked
 *                                          {@link Reason#EXCEEDS_MAX_GPUS}, and rows that still run on more GPUs
 *                                          (one system or instance larger than the limit, or the workload's own
 *                                          layout) are dropped like the other filters' rows
 * @param gpusPerNode                       GPUs in one node: tensor parallelism stays within a node
 * @param tightFitFraction                  headroom below this fraction of capacity is flagged as a tight fit
 * @param vendors                           keep only GPUs of these vendors (case-insensitive); empty keeps all
 * @param formFactors                       keep only these form factors (case-insensitive); empty keeps all
 * @param kinds                             keep only these row kinds; empty keeps all
 * @param maxBudgetUsd                      keep only rows whose cost is known and at most this; 0 for no limit
 * @param minMemoryGbPerGpu                 keep only GPUs with at least this nominal memory (GB, 10^9 bytes)
 * @param fitsOnly                          keep only rows that fit
 * @param sortKey                           column to sort by
 * @param descending                        sort direction
 * @param fitsFirst                         put rows that fit before rows that do not, whatever the sort key
 * @param topN                              keep the first N rows after sorting; 0 keeps all
 */
public record RankingOptions(double mfu, double decodeBandwidthEfficiency, double trainingScalingPerDoubling,
                             double tensorParallelScalingPerDoubling, long tokenBudget, double electricityUsdPerKWh,
                             double amortizationYears, ShardingSearch sharding, int maxGpus, int gpusPerNode,
                             double tightFitFraction, Set<String> vendors, Set<String> formFactors,
                             Set<HardwareKind> kinds, double maxBudgetUsd, double minMemoryGbPerGpu,
                             boolean fitsOnly, SortKey sortKey, boolean descending, boolean fitsFirst, int topN) {

    /**
     * 0.40: large training runs report 38-43 % BF16 model-FLOPs utilisation on H100 (Llama 3 405B, Dubey et al.
     * 2024, table 4) and 46.2 % on TPU v4 (PaLM 540B, Chowdhery et al. 2022, table 3); fine-tuning stacks usually
     * reach less.
     */
    public static final double DEFAULT_MFU = 0.40;
    /**
     * 0.60: NVIDIA's published TensorRT-LLM latencies for Llama-2-7B at batch 1 (NeMo Framework performance page,
     * 128 prompt and 20 generated tokens: 153.8 ms on H100 SXM, 234.0 ms on A100 80GB SXM) imply at least 52-57 %
     * of the bandwidth roofline even with the prompt's time counted against the 20 tokens.
     */
    public static final double DEFAULT_DECODE_BANDWIDTH_EFFICIENCY = 0.60;
    /**
     * 0.97 per doubling: Megatron-LM sustained 76 % scaling efficiency from 1 to 512 GPUs (Shoeybi et al. 2019,
     * abstract), i.e. 0.76^(1/9) = 0.970 per doubling.
     */
    public static final double DEFAULT_TRAINING_SCALING_PER_DOUBLING = 0.97;
    /**
     * 0.95 per doubling: NVIDIA NIM 1.8.0 serves Llama-3.3-70B in FP8 with TP2 on 2 x H100 80GB at 18.58 ms per
     * token at concurrency 1 (NIM LLM benchmarking page), 0.565 of the 10.5 ms roofline at the H100 SXM's 3,350 GB/s;
     * with a decode efficiency of 0.60 that leaves 0.94 for the doubling.
     */
    public static final double DEFAULT_TENSOR_PARALLEL_SCALING_PER_DOUBLING = 0.95;
    /** 10^9 tokens: a round budget that makes hours and cost comparable between rows. */
    public static final long DEFAULT_TOKEN_BUDGET = 1_000_000_000L;
    /**
     * 0.124 USD/kWh: average US commercial-sector price in 2022, from the EIA Electric Power Monthly (table 5.2
     * revenue 172,257 million USD over table 5.1 sales 1,390,873 GWh).
     */
    public static final double DEFAULT_ELECTRICITY_USD_PER_KWH = 0.124;
    /** 8 GPUs: the HGX/DGX node size; Narayanan et al. 2021 keep tensor parallelism within a node. */
    public static final int DEFAULT_GPUS_PER_NODE = 8;
    /**
     * 1024 GPUs: 128 nodes of 8, far beyond the catalog's largest system, so the default leaves every option of the
     * catalog to the search while bounding its work; it stands for "no limit" wherever a user leaves the limit empty.
     */
    public static final int DEFAULT_MAX_GPUS = 1024;
    /** 5 %: about the allocator reserve the runtime-overhead component already adds; less is flagged. */
    public static final double DEFAULT_TIGHT_FIT_FRACTION = 0.05;

    public RankingOptions {
        requireFraction(mfu, "model-FLOPs utilisation");
        requireFraction(decodeBandwidthEfficiency, "decode bandwidth efficiency");
        requireFraction(trainingScalingPerDoubling, "training scaling per doubling");
        requireFraction(tensorParallelScalingPerDoubling, "tensor-parallel scaling per doubling");
        if (tokenBudget < 1) {
            throw new IllegalArgumentException("token budget must be at least 1, got " + tokenBudget);
        }
        if (!(electricityUsdPerKWh >= 0) || Double.isInfinite(electricityUsdPerKWh)) {
            throw new IllegalArgumentException("electricity price must be 0 or more, got " + electricityUsdPerKWh);
        }
        if (!(amortizationYears >= 0) || Double.isInfinite(amortizationYears)) {
            throw new IllegalArgumentException("amortisation years must be 0 or more, got " + amortizationYears);
        }
        Objects.requireNonNull(sharding, "sharding");
        Objects.requireNonNull(sortKey, "sortKey");
        if (maxGpus < 1 || gpusPerNode < 1) {
            throw new IllegalArgumentException("GPU limits must be at least 1");
        }
        if (!(tightFitFraction >= 0 && tightFitFraction < 1)) {
            throw new IllegalArgumentException("tight-fit fraction must be in [0, 1), got " + tightFitFraction);
        }
        if (!(maxBudgetUsd >= 0)) {
            throw new IllegalArgumentException("budget must be 0 (none) or more, got " + maxBudgetUsd);
        }
        if (!(minMemoryGbPerGpu >= 0)) {
            throw new IllegalArgumentException("minimum memory must be 0 or more, got " + minMemoryGbPerGpu);
        }
        if (topN < 0) {
            throw new IllegalArgumentException("top N must be 0 (all) or more, got " + topN);
        }
        vendors = lowercase(vendors);
        formFactors = lowercase(formFactors);
        kinds = kinds == null || kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
    }

    private static void requireFraction(double v, String what) {
        if (!(v > 0 && v <= 1)) {
            throw new IllegalArgumentException(what + " must be in (0, 1], got " + v);
        }
    }

    private static Set<String> lowercase(Set<String> values) {
        if (values == null) {
            return Set.of();
        }
        Set<String> out = new TreeSet<>();
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                out.add(v.trim().toLowerCase(Locale.ROOT));
            }
        }
        return Set.copyOf(out);
    }

    public static RankingOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    public static final class Builder {
        private double mfu = DEFAULT_MFU;
        private double decodeBandwidthEfficiency = DEFAULT_DECODE_BANDWIDTH_EFFICIENCY;
        private double trainingScalingPerDoubling = DEFAULT_TRAINING_SCALING_PER_DOUBLING;
        private double tensorParallelScalingPerDoubling = DEFAULT_TENSOR_PARALLEL_SCALING_PER_DOUBLING;
        private long tokenBudget = DEFAULT_TOKEN_BUDGET;
        private double electricityUsdPerKWh = DEFAULT_ELECTRICITY_USD_PER_KWH;
        private double amortizationYears;
        private ShardingSearch sharding = ShardingSearch.AUTOMATIC_UNLESS_GIVEN;
        private int maxGpus = DEFAULT_MAX_GPUS;
        private int gpusPerNode = DEFAULT_GPUS_PER_NODE;
        private double tightFitFraction = DEFAULT_TIGHT_FIT_FRACTION;
        private Set<String> vendors = Set.of();
        private Set<String> formFactors = Set.of();
        private Set<HardwareKind> kinds = Set.of();
        private double maxBudgetUsd;
        private double minMemoryGbPerGpu;
        private boolean fitsOnly;
        private SortKey sortKey = SortKey.COST_USD;
        private boolean descending;
        private boolean fitsFirst = true;
        private int topN;

        private Builder() {
        }

        private Builder(RankingOptions o) {
            mfu = o.mfu;
            decodeBandwidthEfficiency = o.decodeBandwidthEfficiency;
            trainingScalingPerDoubling = o.trainingScalingPerDoubling;
            tensorParallelScalingPerDoubling = o.tensorParallelScalingPerDoubling;
            tokenBudget = o.tokenBudget;
            electricityUsdPerKWh = o.electricityUsdPerKWh;
            amortizationYears = o.amortizationYears;
            sharding = o.sharding;
            maxGpus = o.maxGpus;
            gpusPerNode = o.gpusPerNode;
            tightFitFraction = o.tightFitFraction;
            vendors = o.vendors;
            formFactors = o.formFactors;
            kinds = o.kinds;
            maxBudgetUsd = o.maxBudgetUsd;
            minMemoryGbPerGpu = o.minMemoryGbPerGpu;
            fitsOnly = o.fitsOnly;
            sortKey = o.sortKey;
            descending = o.descending;
            fitsFirst = o.fitsFirst;
            topN = o.topN;
        }

        public Builder mfu(double v) { mfu = v; return this; }
        public Builder decodeBandwidthEfficiency(double v) { decodeBandwidthEfficiency = v; return this; }
        public Builder trainingScalingPerDoubling(double v) { trainingScalingPerDoubling = v; return this; }
        public Builder tensorParallelScalingPerDoubling(double v) { tensorParallelScalingPerDoubling = v; return this; }
        public Builder tokenBudget(long v) { tokenBudget = v; return this; }
        public Builder electricityUsdPerKWh(double v) { electricityUsdPerKWh = v; return this; }
        public Builder amortizationYears(double v) { amortizationYears = v; return this; }
        public Builder sharding(ShardingSearch v) { sharding = v; return this; }
        public Builder maxGpus(int v) { maxGpus = v; return this; }
        public Builder gpusPerNode(int v) { gpusPerNode = v; return this; }
        public Builder tightFitFraction(double v) { tightFitFraction = v; return this; }
        public Builder vendors(Set<String> v) { vendors = v; return this; }
        public Builder formFactors(Set<String> v) { formFactors = v; return this; }
        public Builder kinds(Set<HardwareKind> v) { kinds = v; return this; }
        public Builder maxBudgetUsd(double v) { maxBudgetUsd = v; return this; }
        public Builder minMemoryGbPerGpu(double v) { minMemoryGbPerGpu = v; return this; }
        public Builder fitsOnly(boolean v) { fitsOnly = v; return this; }
        public Builder sortKey(SortKey v) { sortKey = v; return this; }
        public Builder descending(boolean v) { descending = v; return this; }
        public Builder fitsFirst(boolean v) { fitsFirst = v; return this; }
        public Builder topN(int v) { topN = v; return this; }

        public RankingOptions build() {
            return new RankingOptions(mfu, decodeBandwidthEfficiency, trainingScalingPerDoubling,
                    tensorParallelScalingPerDoubling, tokenBudget, electricityUsdPerKWh, amortizationYears, sharding,
                    maxGpus, gpusPerNode, tightFitFraction, vendors, formFactors, kinds, maxBudgetUsd,
                    minMemoryGbPerGpu, fitsOnly, sortKey, descending, fitsFirst, topN);
        }
    }
}
