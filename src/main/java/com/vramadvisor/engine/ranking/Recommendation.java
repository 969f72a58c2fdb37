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
 * @param bestPurchase      the bought option to name as the best, in the table's order before the top-N cut: the
 *                          first that fits with room to spare, else the first tight fit ({@link RankedOption#best});
 *                          {@code null} when none fits
 * @param bestRental        the rented one likewise
 * @param optionsFitting    of the {@code optionsConsidered} rows, those that fit (before any filter or cut), so
 *                          that a summary can say how many options hold the workload when the table shows a few
 */
public record Recommendation(List<RecommendationRow> rows, int optionsConsidered, Estimate singleGpuEstimate,
                             RankingOptions options, RecommendationRow bestPurchase, RecommendationRow bestRental,
                             int optionsFitting) {

    public Recommendation {
        rows = List.copyOf(rows);
        Objects.requireNonNull(singleGpuEstimate, "singleGpuEstimate");
        Objects.requireNonNull(options, "options");
    }

    /** A table whose fitting options are those among its own rows. */
    public Recommendation(List<RecommendationRow> rows, int optionsConsidered, Estimate singleGpuEstimate,
                          RankingOptions options, RecommendationRow bestPurchase, RecommendationRow bestRental) {
        this(rows, optionsConsidered, singleGpuEstimate, options, bestPurchase, bestRental,
                (int) rows.stream().filter(RecommendationRow::fits).count());
    }

    /** A table whose best bought and rented options are taken from its own rows ({@link RankedOption#best}). */
    public Recommendation(List<RecommendationRow> rows, int optionsConsidered, Estimate singleGpuEstimate,
                          RankingOptions options) {
        this(rows, optionsConsidered, singleGpuEstimate, options, RankedOption.best(rows, Acquisition.PURCHASE),
                RankedOption.best(rows, Acquisition.RENTAL));
    }

    /** The best option that fits, bought or rented as asked, or {@code null}. */
    public RecommendationRow best(Acquisition way) {
        return way == Acquisition.PURCHASE ? bestPurchase : bestRental;
    }
}
