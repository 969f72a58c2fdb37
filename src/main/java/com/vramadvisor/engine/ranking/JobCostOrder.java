package com.vramadvisor.engine.ranking;

import java.util.Comparator;
import java.util.function.Function;

/**
 * The order of options by the cost of the job, as the decision table and the window's job-cost columns use it, and the precision that cost is shown at.
 *
 * <p><b>Shown precision</b> ({@link #shownUsd}): an amount below one cent reads "&lt; $0.01", an amount below $10
 * is shown in cents, a larger one in whole dollars. A job cost is an estimate from a speed model whose error is
 * tens of percent (docs/decision-table.md), so no finer figure means anything to a reader.
 *
 * <p><b>Order</b> ({@link #comparator}): by the job cost at that precision; where two options show the same job cost
 * the one that costs less to have comes first: between two purchases the lower capital (purchase price), between
 * two rentals the lower hourly rate, and a rental before a purchase (renting costs the job's bill, buying costs the
 * capital). The amortised share of a purchase price is a real cost only when the hardware stays busy with other
 * work; for a job that costs under a cent either way, the purchase price is what the buyer actually pays. Unknown
 * job costs come last in either direction. Callers add their own tie-breakers after it (headroom, hardware id).
 */
public final class JobCostOrder {

    /** The smallest amount shown as a figure, one cent; anything below reads "&lt; $0.01". */
    public static final double CENT_USD = 0.01;
    /** From this amount on, money is shown in whole dollars; below it, in cents. */
    public static final double WHOLE_DOLLARS_FROM_USD = 10.0;
    /** The value every amount above 0 and below one cent ranks as: all of them read "&lt; $0.01". */
    static final double BELOW_A_CENT_USD = CENT_USD / 2;

    private JobCostOrder() {
    }

    /**
     * The amount as the tables show it, US dollars: 0 for 0 (and below), {@code 0.005} for every amount above 0 and
     * below one cent (all shown as "&lt; $0.01"), cents (rounded half up) below $10, whole dollars (half up) from
     * $10, where an amount that rounds to $10.00 in cents counts as $10. Two amounts with the same shown value
     * print the same text.
     */
    public static double shownUsd(double usd) {
        if (!(usd > 0)) {
            return 0;
        }
        if (usd < CENT_USD) {
            return BELOW_A_CENT_USD;
        }
        long cents = Math.round(usd * 100);
        if (cents < Math.round(WHOLE_DOLLARS_FROM_USD * 100)) {
            return cents / 100.0;
        }
        return Math.round(usd);
    }

    /** Whether {@code usd} is above 0 but below one cent, shown as "&lt; $0.01". */
    public static boolean belowACent(double usd) {
        return usd > 0 && usd < CENT_USD;
    }

    /**
     * Orders items by their job cost at the shown precision, then by what they cost to have (see the class comment),
     * unknown job costs last. {@code descending} reverses both keys (the most expensive job first), unknown values
     * still last.
     *
     * @param jobCostUsd       the job's cost, {@code null} when unknown
     * @param acquisition      bought or rented
     * @param purchaseUsd      a purchase's capital, {@code null} when rented or unknown
     * @param rentalUsdPerHour a rental's hourly rate, {@code null} when bought or unknown
     */
    public static <T> Comparator<T> comparator(Function<T, Double> jobCostUsd, Function<T, Acquisition> acquisition,
                                               Function<T, Double> purchaseUsd, Function<T, Double> rentalUsdPerHour,
                                               boolean descending) {
        Comparator<Double> values = Comparator.nullsLast(descending ? Comparator.<Double>reverseOrder()
                : Comparator.<Double>naturalOrder());
        Comparator<T> shown = Comparator.comparing((T t) -> {
            Double usd = jobCostUsd.apply(t);
            return usd == null ? null : shownUsd(usd);
        }, values);
        // A rental before a purchase of the same shown cost: renting costs the bill, buying the capital.
        Comparator<T> rentalFirst = Comparator.comparing((T t) -> acquisition.apply(t) != Acquisition.RENTAL);
        Comparator<T> toHave = (descending ? rentalFirst.reversed() : rentalFirst).thenComparing(
                (T t) -> acquisition.apply(t) == Acquisition.RENTAL ? rentalUsdPerHour.apply(t) : purchaseUsd.apply(t),
                values);
        // Options whose job cost is unknown keep the callers' own tie-breakers.
        return shown.thenComparing((a, b) -> jobCostUsd.apply(a) == null ? 0 : toHave.compare(a, b));
    }

    /** {@link #comparator} over the decision table's rows. */
    static Comparator<RecommendationRow> of(boolean descending) {
        return comparator(RecommendationRow::jobCostUsd, RecommendationRow::acquisition,
                RecommendationRow::purchaseUsd, RecommendationRow::rentalUsdPerHour, descending);
    }
}
