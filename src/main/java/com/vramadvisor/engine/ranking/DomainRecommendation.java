package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.SizedEstimate;

import java.util.List;
import java.util.Objects;

/**
 * The decision table for one workload beyond language models, with its summary.
 *
 * @param rows              the options after filtering, sorting and the top-N cut, best first
 * @param optionsConsidered rows built before the budget, fits-only, GPU-limit and top-N cuts
 * @param optionsFitting    of those, the ones that fit
 * @param estimate          the workload's memory on one GPU as described
 * @param spreads           whether the workload spreads over several GPUs ({@code Sizable#perGpu} is present beyond
 *                          one GPU); when it does not, one GPU must hold it all
 * @param copies            whether more GPUs run copies of the whole workload for speed ({@code Sizable#copies}:
 *                          diffusion); memory still does not spread
 * @param options           the options the table was built with
 * @param bestPurchase      the bought option to name as the best, in the table's order before the top-N cut: the
 *                          first that fits with room to spare, else the first tight fit ({@link RankedOption#best});
 *                          {@code null} when none fits
 * @param bestRental        the rented one likewise
 * @param job               the job the rows' hours and job cost are for; {@code null} when the workload has no
 *                          throughput model (the rows then have no speed)
 * @param itemUnit          what the rows' items per second count ("images", "time steps"); empty without a speed
 */
public record DomainRecommendation(List<DomainRow> rows, int optionsConsidered, int optionsFitting,
                                   SizedEstimate estimate, boolean spreads, boolean copies,
                                   RankingOptions options,
                                   DomainRow bestPurchase, DomainRow bestRental, JobSize job, String itemUnit) {

    public DomainRecommendation {
        rows = List.copyOf(rows);
        Objects.requireNonNull(estimate, "estimate");
        Objects.requireNonNull(options, "options");
        itemUnit = itemUnit == null ? "" : itemUnit;
    }

    /** Whether the rows carry a speed, time and job cost. */
    public boolean hasSpeed() {
        return job != null;
    }

    /** The best option that fits, bought or rented as asked, or {@code null}. */
    public DomainRow best(Acquisition way) {
        return way == Acquisition.PURCHASE ? bestPurchase : bestRental;
    }
}
