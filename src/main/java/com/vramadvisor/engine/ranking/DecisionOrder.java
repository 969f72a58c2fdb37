package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.WorkloadKind;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The order of the decision table, the same for every workload kind. With {@link RankingOptions#fitsFirst()} (the
 * default): rows that fit first; then, where the table is timed and the column is one where less is better, rows that
 * finish the job within the deadline before those past it or without a time (a GPU without throughput figures is not
 * known to meet it); rows marked {@link Reason#SLOW_FP64} (a double-precision workload on a GPU whose FP64 rate is
 * below 1/8 of its FP32 rate) after the others; in the default order, rows that fit only tightly
 * ({@link Reason#TIGHT_FIT}) after those with room to spare; then the column:
 * <ul>
 *   <li>{@link SortKey#JOB_COST_USD} (the default): in a timed table the job's cost, rented or bought, at the
 *       precision shown ({@link JobCostOrder}); in a table without a speed model there is no job to cost, so bought
 *       options come before rented ones, each by what it costs in its own currency (capital, rent per hour): a
 *       purchase price is never ranked against a rental bill;</li>
 *   <li>any other column as {@link SortKey#comparator} orders it.</li>
 * </ul>
 * Ties go to the larger headroom, then the hardware id and the row kind, so the order is total.
 */
final class DecisionOrder {

    /** Columns that need a speed or a job cost, which only the rows of a timed table have. */
    static final Set<SortKey> SPEED_KEYS = EnumSet.of(SortKey.TOKENS_PER_SECOND, SortKey.HOURS, SortKey.GPU_HOURS,
            SortKey.MFU, SortKey.ENERGY_KWH);

    private DecisionOrder() {
    }

    /**
     * @param kind  the workload kind the table is for
     * @param timed whether the table has a speed model
     * @throws IllegalArgumentException for a column the table's rows cannot have: MFU beyond language models (their
     *                                  work is not a model-FLOPs count), a speed column without a speed model
     */
    static void check(SortKey key, WorkloadKind kind, boolean timed) {
        if (key == SortKey.MFU && kind != WorkloadKind.LLM) {
            throw new IllegalArgumentException("cannot sort by mfu: workloads beyond language models have no"
                    + " model-FLOPs utilisation; sort by cost, time, capital, tokens-per-second or headroom-bytes");
        }
        if (SPEED_KEYS.contains(key) && !timed) {
            String name = key == SortKey.HOURS ? "time" : key.name().toLowerCase(Locale.ROOT).replace('_', '-');
            throw new IllegalArgumentException("cannot sort by " + name + ": this workload has no"
                    + " speed estimate; sort by cost, capital, rental-usd-per-hour, headroom-bytes or gpus-needed");
        }
    }

    /** The table's comparator; {@code timed} when the rows have a speed model. */
    static Comparator<RecommendationRow> of(RankingOptions o, boolean timed) {
        Comparator<RecommendationRow> order = Comparator
                .comparing((RecommendationRow r) -> r.reasons().contains(Reason.SLOW_FP64));
        if (o.fitsFirst() && o.sortKey() == SortKey.JOB_COST_USD) {
            // In the default order a row that fits only tightly (inside the estimate's range or the safety margin)
            // comes after those with room to spare, as the best option named above the table does; a column the
            // user sorts by keeps its own order.
            order = order.thenComparing(r -> r.reasons().contains(Reason.TIGHT_FIT));
        }
        order = order.thenComparing(column(o.sortKey(), o.descending(), timed));
        if (o.fitsFirst()) {
            Comparator<RecommendationRow> fitting = Comparator.comparing((RecommendationRow r) -> !r.fits());
            if (timed && !o.sortKey().higherIsBetter()) {
                // Ranked by users served, the deadline of the token budget does not order the rows: serving has
                // none. A row without a time is not known to meet the deadline, so it ranks with those past it.
                // Among those, rows known to miss it come before rows whose time nobody knows.
                fitting = fitting.thenComparing(r -> r.hours() == null || r.reasons().contains(Reason.PAST_DEADLINE))
                        .thenComparing(r -> r.hours() == null);
            }
            order = fitting.thenComparing(order);
        }
        return order.thenComparing(Comparator.comparingLong(RecommendationRow::headroomBytes).reversed())
                .thenComparing(RecommendationRow::hardwareId).thenComparing(RecommendationRow::kind);
    }

    private static Comparator<RecommendationRow> column(SortKey key, boolean descending, boolean timed) {
        if (key == SortKey.JOB_COST_USD && !timed) {
            Comparator<Double> values = Comparator.nullsLast(descending ? Comparator.<Double>reverseOrder()
                    : Comparator.<Double>naturalOrder());
            return Comparator.comparing(RecommendationRow::acquisition)
                    .thenComparing(RecommendationRow::cost, values);
        }
        return key.comparator(descending);
    }
}
