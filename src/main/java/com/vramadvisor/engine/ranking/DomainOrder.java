package com.vramadvisor.engine.ranking;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The order of the decision table for workloads beyond language models. By default (sort key {@code cost}): rows
 * that fit first, bought options before rented ones (a purchase price and an hourly rent are never ranked against
 * each other), then by what the option costs in its own currency (capital of whole machines, or rent per hour),
 * unknown prices last, then by headroom, largest first. Another column can be chosen as for language models, except
 * those that need a speed ({@link #SPEED_KEYS}): the domain estimators do not model throughput. Rows marked
 * {@link Reason#SLOW_FP64} (a double-precision workload on a GPU whose FP64 rate is below 1/8 of its FP32 rate) come
 * after every row without that mark, whatever the column, after the fits-first split.
 */
final class DomainOrder {

    /** Columns that need a speed or a job cost, which rows beyond language models do not have. */
    static final Set<SortKey> SPEED_KEYS = EnumSet.of(SortKey.TOKENS_PER_SECOND, SortKey.HOURS, SortKey.GPU_HOURS,
            SortKey.MFU, SortKey.ENERGY_KWH);

    private DomainOrder() {
    }

    /**
     * @throws IllegalArgumentException for a column that needs a speed
     */
    static void check(SortKey key) {
        if (SPEED_KEYS.contains(key)) {
            String name = key == SortKey.HOURS ? "time" : key.name().toLowerCase(Locale.ROOT).replace('_', '-');
            throw new IllegalArgumentException("cannot sort by " + name + ": workloads beyond language models have no"
                    + " speed estimate; sort by cost, capital, rental-usd-per-hour, headroom-bytes or gpus-needed");
        }
    }

    /** The table's comparator for these options. */
    static Comparator<DomainRow> of(RankingOptions o) {
        Comparator<DomainRow> order = Comparator.comparing((DomainRow r) -> r.reasons().contains(Reason.SLOW_FP64))
                .thenComparing(column(o.sortKey(), o.descending()));
        if (o.fitsFirst()) {
            order = Comparator.comparing((DomainRow r) -> !r.fits()).thenComparing(order);
        }
        return order.thenComparing(Comparator.comparingLong(DomainRow::headroomBytes).reversed())
                .thenComparing(DomainRow::hardwareId).thenComparing(DomainRow::kind);
    }

    private static Comparator<DomainRow> column(SortKey key, boolean descending) {
        Comparator<DomainRow> c = switch (key) {
            case JOB_COST_USD -> Comparator.comparing(DomainRow::acquisition)
                    .thenComparing(nullable(DomainRow::cost, descending));
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
                check(key);
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
