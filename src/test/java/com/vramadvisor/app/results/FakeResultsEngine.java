package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Phase;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.RowMoney;
import com.vramadvisor.engine.ranking.RowRanges;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A stand-in engine with round numbers, so view-model tests check the view-model's own logic: 16 GB of weights and
 * 100 kB of activations per token (batch x sequence), peaking in the backward pass.
 */
public final class FakeResultsEngine implements ResultsEngine {

    public static final long WEIGHT_BYTES = 16_000_000_000L;
    public static final long BYTES_PER_TOKEN = 100_000L;

    public static final GpuSpec BIG = gpu("big-80gb", "Big 80GB", "NVIDIA", 80, 80L << 30, 79L << 30, 30_000);
    public static final GpuSpec SMALL = gpu("small-24gb", "Small 24GB", "AMD", 24, 24L << 30, 23L << 30, 1_600);

    int estimates;
    /** The GPU limit of the latest ranking asked for. */
    int maxGpus;
    /** Rankings asked for. */
    int recommendations;
    /** The options of the latest ranking asked for. */
    RankingOptions options;

    static GpuSpec gpu(String id, String name, String vendor, double gb, long total, long usable, double priceUsd) {
        return new GpuSpec(id, name, vendor, "datacenter", "PCIe", gb, "HBM3", total, usable, 2000, 60, 400, 800,
                1600, 1600, 700, "PCIe", 64, 5, 2023, priceUsd, "2024-01", "test");
    }

    @Override
    public Estimate estimate(ModelSpec model, Workload workload) {
        if (workload.batch() == 999) {
            throw new IllegalArgumentException("batch 999 is not allowed here");
        }
        estimates++;
        long activations = (long) workload.batch() * workload.sequenceLength() * BYTES_PER_TOKEN;
        Map<Component, Long> backward = Map.of(Component.WEIGHTS, WEIGHT_BYTES, Component.ACTIVATIONS, activations);
        Map<Component, Long> step = Map.of(Component.WEIGHTS, WEIGHT_BYTES);
        return new Estimate(8_000_000_000L, 8_000_000_000L, 8_000_000_000L, backward,
                List.of(new PhaseBreakdown(Phase.BACKWARD, backward), new PhaseBreakdown(Phase.OPTIMIZER_STEP, step)),
                WEIGHT_BYTES + activations, Phase.BACKWARD, List.of());
    }

    @Override
    public int largestFitting(ModelSpec model, Workload workload, SweepAxis axis, long budgetBytes) {
        long perUnit = switch (axis) {
            case BATCH -> workload.sequenceLength() * BYTES_PER_TOKEN;
            case SEQUENCE, CONTEXT -> workload.batch() * BYTES_PER_TOKEN;
        };
        return (int) Math.max(0, (budgetBytes - WEIGHT_BYTES) / perUnit);
    }

    @Override
    public List<GpuSpec> gpus() {
        return List.of(BIG, SMALL);
    }

    /**
     * One single-GPU row per card, judged by this engine's peak, plus a rented 8-GPU instance of the big card:
     * enough to exercise filters and sorting. Speed is 1,000 tokens/s per GPU; the small card has no price. As the
     * real ranking does, rows on more GPUs than the limit are left out but counted as considered, and a row that
     * takes longer than the deadline is marked past it.
     */
    @Override
    public Recommendation recommend(ModelSpec model, Workload workload, RankingOptions options) {
        this.options = options;
        this.maxGpus = options.maxGpus();
        recommendations++;
        long tokenBudget = options.tokenBudget();
        double deadlineHours = options.deadlineHours();
        Estimate e = estimate(model, workload);
        List<RecommendationRow> rows = new ArrayList<>();
        for (GpuSpec g : gpus()) {
            rows.add(row(g.id(), g.name(), HardwareKind.GPU, g, 1, e.peakBytes(), tokenBudget, deadlineHours,
                    g == SMALL ? null : g.priceUsd()));
        }
        rows.add(row("cloud-8x-big", "Cloud 8 x Big", HardwareKind.CLOUD, BIG, 8, e.peakBytes() / 8 + WEIGHT_BYTES / 2,
                tokenBudget, deadlineHours, 40.0));
        List<RecommendationRow> within = rows.stream().filter(r -> r.gpusNeeded() <= maxGpus).toList();
        return new Recommendation(within, rows.size(), e, options);
    }

    /**
     * A bought row costs the share of its price its hours take of the options' years of use, plus 0.7 kWh per
     * GPU-hour at the options' electricity price; a rented one its hours at the hourly price.
     */
    private RecommendationRow row(String id, String name, HardwareKind kind, GpuSpec g, int gpus, long need,
                                  long tokenBudget, double deadlineHours, Double price) {
        long capacity = g.memoryBytesUsable();
        boolean fits = need <= capacity;
        Double tps = fits ? 1000.0 * gpus : null;
        Double hours = fits ? tokenBudget / tps / 3600 : null;
        boolean rented = kind == HardwareKind.CLOUD;
        Double energy = hours == null || rented ? null : hours * 0.7 * gpus;
        // Test money: a rent is hours x price; a purchase resells at nine tenths of its price, so the job costs a
        // tenth of it plus electricity at $0.124/kWh.
        Double energyCost = energy == null ? null : energy * 0.124;
        Double resale = price == null || rented || !fits ? null : price * 0.9;
        Double cost = price == null || !fits ? null : rented ? hours * price : price - resale + energyCost;
        Parallelism p = gpus == 1 ? Parallelism.SINGLE_GPU : new Parallelism(1, 1, gpus, 3, false);
        List<Reason> reasons = !fits ? List.of(Reason.DOES_NOT_FIT)
                : hours > deadlineHours ? List.of(Reason.PAST_DEADLINE) : List.of();
        RowMoney money = new RowMoney(rented ? null : price, rented ? null : price, rented ? price : null, cost,
                energy, energyCost, rented ? null : 700.0 * gpus, resale, rented || resale == null ? null : 0.0, null,
                null, null);
        return new RecommendationRow(id, name, kind, rented ? Acquisition.RENTAL : Acquisition.PURCHASE, g.vendor(),
                g.formFactor(), g.id(), g.name(), fits, gpus, gpus, 1, 1, gpus, "NVLink", "", 1,
                new PlanLayout(p, Recompute.NONE, 1), null, need, capacity, capacity, capacity - need,
                (capacity - need) / (double) capacity, tps, RecommendationRow.TOKENS, null, null, null, hours,
                hours == null ? null : hours * gpus, fits ? 0.4 : null, fits ? Bound.COMPUTE : null, null,
                rented ? "on-demand" : "purchase", "", "", money, null,
                reasons, RowRanges.NONE);
    }

    /**
     * Serving in the fake: the KV cache holds what the capacity leaves after the weights, at 100 kB per token of
     * context; 7 sequences meet any latency target.
     */
    @Override
    public java.util.Optional<com.vramadvisor.engine.serving.ConcurrencyLimits> concurrencyLimits(ModelSpec model,
            Workload workload, GpuSpec gpu, long budgetBytes, com.vramadvisor.engine.serving.ServingTargets targets) {
        double kv = (double) (budgetBytes - WEIGHT_BYTES) / (BYTES_PER_TOKEN * workload.effectiveContext());
        return java.util.Optional.of(new com.vramadvisor.engine.serving.ConcurrencyLimits(kv, 256L,
                targets.hasLatencyTarget() ? 7 : null));
    }

    /** Ten milliseconds plus half a millisecond per sequence. */
    @Override
    public java.util.OptionalDouble tpotMs(ModelSpec model, Workload workload, GpuSpec gpu) {
        return java.util.OptionalDouble.of(10 + 0.5 * workload.batch());
    }
}
