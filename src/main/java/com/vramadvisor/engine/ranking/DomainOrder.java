package com.vramadvisor.engine.ranking;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The order of the decision table for workloads beyond language models. By default (sort key {@code cost}): rows
 * that fit first, then rows that finish the job within the deadline before those past it or without a time (where
 * the workload has a throughput model, a GPU without figures is not known to meet the deadline), bought options before
 * rented ones (bought and rented options are never ranked against each other), then by the job's cost where the
 * workload has a throughput model (the capital's share plus electricity, or rent x hours, at the precision shown and
 * then the lower capital or hourly rate: {@link JobCostOrder}), or else by what the option costs in its own
 * currency (capital of whole machines, or rent per hour); unknown values last; then by headroom, largest first. Another column can be chosen as for language models; those that need a speed
 * ({@link #SPEED_KEYS}) only where the workload has a throughput model, and MFU never (the work of these kinds is not
 * a model-FLOPs count). Rows marked {@link Reason#SLOW_FP64} (a double-precision workload on a GPU whose FP64 rate is
 * below 1/8 of its FP32 rate) come after every row without that mark, whatever the column, after the fits-first
 * split.
 */
final class DomainOrder {

    /** Columns that need a speed or a job cost, which only rows of a workload with a throughput model have. */
    static final Set<SortKey> SPEED_KEYS = EnumSet.of(SortKey.TOKENS_PER_SECOND, SortKey.HOURS, SortKey.GPU_HOURS,
            SortKey.MFU, SortKey.ENERGY_KWH);

    private DomainOrder() {
    }

    /**
     * @param timed whether the table has a speed model
     * @throws IllegalArgumentException for a column that needs a speed the table does not have, and for MFU
     */
    static void check(SortKey key, boolean timed) {
        if (key == SortKey.MFU) {
            throw new IllegalArgumentException("cannot sort by mfu: workloads beyond language models have no"
                    + " model-FLOPs utilisation; sort by cost, time, capital, tokens-per-second or headroom-bytes");
        }
        if (SPEED_KEYS.contains(key) && !timed) {
            String name = key == SortKey.HOURS ? "time" : key.name().toLowerCase(Locale.ROOT).replace('_', '-');
            throw new IllegalArgumentException("cannot sort by " + name + ": this workload has no"
                    + " speed estimate; sort by cost, capital, rental-usd-per-hour, headroom-bytes or gpus-needed");
        }
    }

    /** The table's comparator for these options; {@code timed} when the rows have a speed. */
    static Comparator<DomainRow> of(RankingOptions o, boolean timed) {
        Comparator<DomainRow> order = Comparator.comparing((DomainRow r) -> r.reasons().contains(Reason.SLOW_FP64))
                .thenComparing(column(o.sortKey(), o.descending(), timed));
        if (o.fitsFirst()) {
            // In a timed table a row without a time (no throughput figures) is not known to meet the deadline.
            order = Comparator.comparing((DomainRow r) -> !r.fits())
                    .thenComparing(r -> timed && r.hours() == null || r.reasons().contains(Reason.PAST_DEADLINE))
                    .thenComparing(order);
        }
        return order.thenComparing(Comparator.comparingLong(DomainRow::headroomBytes).reversed())
                .thenComparing(DomainRow::hardwareId).thenComparing(DomainRow::kind);
    }

    private static Comparator<DomainRow> column(SortKey key, boolean descending, boolean timed) {
        Comparator<DomainRow> c = switch (key) {
            case JOB_COST_USD -> Comparator.comparing(DomainRow::acquisition).thenComparing(timed
                    ? JobCostOrder.<DomainRow>of(descending) : nullable(DomainRow::cost, descending));
            case TOKENS_PER_SECOND -> nullable(DomainRow::itemsPerSecond, descending);
            case HOURS -> nullable(DomainRow::hours, descending);
            case GPU_HOURS -> nullable(DomainRow::gpuHours, descending);
            case ENERGY_KWH -> nullable(DomainRow::energyKWh, descending);
            case PURCHASE_USD -> nullable(DomainRow::purchaseUsd, descending);
            case CARDS_USD -> nullable(DomainRow::cardsUsd, descending);
            case RENTAL_USD_PER_HOUR -> nullable(DomainRow::rentalUsdPerHour, descending);
            case HARDWARE -> direct(Comparator.comparing(r -> r.hardwareName().toLowerCase(Locale.ROOT)), descending);
            case KIND -> direct(Comparator.comparing(DomainRow::kind), descending);
            case ACQUISITION -> direct(Comparator.comparing(DomainRow::acquisition), descending);
            case VENDOR -> direct(Comparator.comparing(r -> r.vendor().toLowerCase(Locale.ROOT)), descending);
            case FITS -> direct(Comparator.comparing(DomainRow::fits), descending);
            case GPUS_NEEDED -> direct(Comparator.comparingInt(DomainRow::gpusNeeded), descending);
            case PER_GPU_BYTES -> direct(Comparator.comparingLong(DomainRow::perGpuBytes), descending);
            case USABLE_BYTES -> direct(Comparator.comparingLong(DomainRow::usableBytes), descending);
            case HEADROOM_BYTES -> direct(Comparator.comparingLong(DomainRow::headroomBytes), descending);
            case HEADROOM_FRACTION -> direct(Comparator.comparingDouble(DomainRow::headroomFraction), descending);
            default -> {
                check(key, timed);
                throw new IllegalStateException("unhandled sort key " + key);
            }
        };
        return c;
    }

    private static Comparator<DomainRow> direct(Comparator<DomainRow> ascending, boolean descending) {
        return descending ? ascending.reversed() : ascending;
    }

    /** Unknown values last whichever the direction. */
    private static Comparator<DomainRow> nullable(Function<DomainRow, Double> value, boolean descending) {
        return Comparator.comparing(value, Comparator.nullsLast(descending ? Comparator.<Double>reverseOrder()
                : Comparator.<Double>naturalOrder()));
    }
}
