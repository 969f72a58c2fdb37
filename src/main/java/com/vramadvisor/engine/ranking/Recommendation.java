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
 * @param bestPurchase      the first bought option that fits in the table's order before the top-N cut, or
 *                          {@code null}
 * @param bestRental        the first rented option that fits likewise, or {@code null}
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

    /** A table whose best bought and rented options are its own first fitting ones. */
    public Recommendation(List<RecommendationRow> rows, int optionsConsidered, Estimate singleGpuEstimate,
                          RankingOptions options) {
        this(rows, optionsConsidered, singleGpuEstimate, options, first(rows, Acquisition.PURCHASE),
                first(rows, Acquisition.RENTAL));
    }

    /**
     * The first row of {@code rows} acquired that way that fits with room to spare, else the first that fits only
     * tightly ({@link Reason#TIGHT_FIT}: the capacity lies inside the estimate's range, or the headroom is small), or
     * {@code null}: the option named as the best is one a user can buy without betting on the low end of the range.
     */
    static RecommendationRow first(List<RecommendationRow> rows, Acquisition way) {
        RecommendationRow tight = null;
        for (RecommendationRow r : rows) {
            if (r.fits() && r.acquisition() == way) {
                if (!r.reasons().contains(Reason.TIGHT_FIT)) {
                    return r;
                }
                tight = tight == null ? r : tight;
            }
        }
        return tight;
    }

    /** The best option that fits, bought or rented as asked, or {@code null}. */
    public RecommendationRow best(Acquisition way) {
        return way == Acquisition.PURCHASE ? bestPurchase : bestRental;
    }
}
