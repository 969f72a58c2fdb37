package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Estimate;

import java.util.List;
import java.util.Objects;

/**
 * The decision table for one workload.
 *
 * @param rows              the options after filtering, sorting and the top-N cut, best first
 * @param optionsConsidered rows built before the budget, fits-only, GPU-limit and top-N cuts (options of a kind,
 *                          vendor, form factor or memory size the filters exclude are not built at all)
 * @param singleGpuEstimate per-GPU memory on one GPU without any sharding: the workload's memory need
 * @param options           the options the table was built with (speed factors, budget, filters)
 */
public record Recommendation(List<RecommendationRow> rows, int optionsConsidered, Estimate singleGpuEstimate,
                             RankingOptions options) {

    public Recommendation {
        rows = List.copyOf(rows);
        Objects.requireNonNull(singleGpuEstimate, "singleGpuEstimate");
        Objects.requireNonNull(options, "options");
    }
}
