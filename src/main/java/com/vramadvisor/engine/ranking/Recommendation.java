package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.money.MoneyFacts;
import com.vramadvisor.engine.money.OwnershipTerms;

import java.util.List;
import java.util.Objects;

/**
 * The decision table for one workload of any kind, with what its summary says.
 *
 * @param rows              the options after filtering, sorting and the top-N cut, best first
 * @param optionsConsidered rows built before the budget, fits-only, GPU-limit and top-N cuts (options of a kind,
 *                          vendor, form factor or memory size the filters exclude are not built at all)
 * @param optionsFitting    of those, the ones that fit (before any filter or cut), so that a summary can say how many
 *                          options hold the workload when the table shows a few
 * @param options           the options the table was built with (speed factors, budget, filters)
 * @param bestPurchase      the bought option to name as the best, in the table's order before the top-N cut
 *                          ({@link #best(List, Acquisition)}); {@code null} when none fits
 * @param bestRental        the rented one likewise
 * @param kind              the workload kind
 * @param singleGpuEstimate language models: per-GPU memory on one GPU without any sharding; {@code null} for the
 *                          other kinds
 * @param estimate          the other kinds: the workload's memory on one GPU as described; {@code null} for language
 *                          models
 * @param spreads           whether the workload spreads over several GPUs (language models always can)
 * @param copies            whether more GPUs run copies of the whole workload for speed (diffusion); memory then does
 *                          not spread
 * @param job               the other kinds: the job the rows' hours and job cost are for; {@code null} for language
 *                          models (their job is the token budget of {@link RankingOptions#tokenBudget()}) and for a
 *                          workload without a throughput model
 * @param itemUnit          what the rows' items per second count ("tokens", "images", "time steps"); empty without a
 *                          speed model
 * @param timed             whether the rows have a speed model, so time and job cost
 * @param ownership         what owning hardware cost beside its price in this table (electricity, PUE, colocation,
 *                          resale), as the hardware list's money facts and the options gave it
 * @param verdict           why the summary names what it names: renting or buying cheaper, and the break-even
 * @param optionsUnsupported of {@code optionsConsidered}, the rows that no software runs as laid out
 *                          ({@link Reason#unsupported()}), left out of {@code rows} unless
 *                          {@link RankingOptions#showUnsupported()}
 * @param nothingFits       when no option fits: the nearest one and the changes to try; {@code null} when one fits
 */
public record Recommendation(List<RecommendationRow> rows, int optionsConsidered, int optionsFitting,
                             RankingOptions options, RecommendationRow bestPurchase, RecommendationRow bestRental,
                             WorkloadKind kind, Estimate singleGpuEstimate, SizedEstimate estimate, boolean spreads,
                             boolean copies, JobSize job, String itemUnit, boolean timed, OwnershipTerms ownership,
                             MoneyVerdict verdict, int optionsUnsupported, NothingFits nothingFits) {

    public Recommendation {
        rows = List.copyOf(rows);
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(kind, "kind");
        if ((kind == WorkloadKind.LLM) != (singleGpuEstimate != null) || (kind == WorkloadKind.LLM) == (estimate != null)) {
            throw new IllegalArgumentException("a language-model table has a single-GPU estimate, other kinds a sized"
                    + " estimate");
        }
        itemUnit = itemUnit == null ? "" : itemUnit;
        Objects.requireNonNull(ownership, "ownership");
        Objects.requireNonNull(verdict, "verdict");
    }

    /** A language model's table whose best options and fitting count are taken from its own rows. */
    public Recommendation(List<RecommendationRow> rows, int optionsConsidered, Estimate singleGpuEstimate,
                          RankingOptions options) {
        this(rows, optionsConsidered, (int) rows.stream().filter(RecommendationRow::fits).count(), options,
                best(rows, Acquisition.PURCHASE), best(rows, Acquisition.RENTAL), WorkloadKind.LLM,
                singleGpuEstimate, null, true, false, null, RecommendationRow.TOKENS, true,
                options.ownership(MoneyFacts.EMPTY), verdict(rows, options), 0,
                NothingFits.of(rows, false, false, false, true));
    }

    /** What one GPU must hold without any sharding: the workload's memory need. */
    public long singleGpuPeakBytes() {
        return singleGpuEstimate != null ? singleGpuEstimate.peakBytes() : estimate.peakBytes();
    }

    /** Whether the rows carry a speed, time and job cost. */
    public boolean hasSpeed() {
        return timed;
    }

    /** The best option that fits, bought or rented as asked, or {@code null}. */
    public RecommendationRow best(Acquisition way) {
        return way == Acquisition.PURCHASE ? bestPurchase : bestRental;
    }

    /**
     * The verdict of a table whose rows are in its order: the acquisition of the first row that fits, meets the
     * deadline and has a job cost; the best of each way; the best purchase's break-even.
     */
    static MoneyVerdict verdict(List<RecommendationRow> rows, RankingOptions options) {
        Acquisition cheaper = null;
        for (RecommendationRow r : rows) {
            if (r.fits() && r.jobCostUsd() != null && !r.reasons().contains(Reason.PAST_DEADLINE)) {
                cheaper = r.acquisition();
                break;
            }
        }
        RecommendationRow rent = best(rows, Acquisition.RENTAL);
        RecommendationRow buy = best(rows, Acquisition.PURCHASE);
        boolean comparable = buy != null && buy.money().equalWorkRentUsdPerHour() != null;
        return new MoneyVerdict(cheaper, rent, buy, buy == null ? null : buy.money().breakEvenUtilization(),
                comparable, options.breakEvenYears());
    }

    /**
     * The first row of {@code rows} acquired that way that fits with room to spare, else the first that fits only
     * tightly ({@link Reason#TIGHT_FIT}: the capacity lies inside the estimate's range, or the headroom is small), or
     * {@code null}: the option named as the best is one a user can buy without betting on the low end of the range.
     */
    static RecommendationRow best(List<RecommendationRow> rows, Acquisition way) {
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
}
