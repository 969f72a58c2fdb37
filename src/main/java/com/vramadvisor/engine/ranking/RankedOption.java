package com.vramadvisor.engine.ranking;

import java.util.List;

/**
 * What both decision tables' rows ({@link RecommendationRow}, {@link DomainRow}) say about fit and money, so that one
 * rule names the best option of either ({@link #best}) and one order ranks them by the job's cost
 * ({@link JobCostOrder}).
 */
interface RankedOption {

    boolean fits();

    Acquisition acquisition();

    List<Reason> reasons();

    /** The cost of the job, US dollars; {@code null} when unknown. */
    Double jobCostUsd();

    /** Bought: the capital, US dollars; {@code null} when rented or unpriced. */
    Double purchaseUsd();

    /** Rented: the rent of all instances per hour, US dollars; {@code null} when bought or unpriced. */
    Double rentalUsdPerHour();

    /**
     * The first row of {@code rows} acquired that way that fits with room to spare, else the first that fits only
     * tightly ({@link Reason#TIGHT_FIT}: the capacity lies inside the estimate's range, or the headroom is small), or
     * {@code null}: the option named as the best is one a user can buy without betting on the low end of the range.
     */
    static <R extends RankedOption> R best(List<R> rows, Acquisition way) {
        R tight = null;
        for (R r : rows) {
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
