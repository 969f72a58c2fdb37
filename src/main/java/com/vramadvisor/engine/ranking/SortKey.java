package com.vramadvisor.engine.ranking;

import java.util.Comparator;
import java.util.Locale;
import java.util.function.Function;

/**
 * Columns the decision table can be sorted by. Rows whose value is unknown ({@code null}: no speed, no price) sort
 * last in either direction.
 */
public enum SortKey {
    HARDWARE(Comparator.comparing(r -> r.hardwareName().toLowerCase(Locale.ROOT))),
    KIND(Comparator.comparing(RecommendationRow::kind)),
    ACQUISITION(Comparator.comparing(RecommendationRow::acquisition)),
    VENDOR(Comparator.comparing(r -> r.vendor().toLowerCase(Locale.ROOT))),
    FITS(Comparator.comparing(RecommendationRow::fits)),
    GPUS_NEEDED(Comparator.comparingInt(RecommendationRow::gpusNeeded)),
    PER_GPU_BYTES(Comparator.comparingLong(RecommendationRow::perGpuBytes)),
    USABLE_BYTES(Comparator.comparingLong(RecommendationRow::usableBytes)),
    HEADROOM_BYTES(Comparator.comparingLong(RecommendationRow::headroomBytes)),
    HEADROOM_FRACTION(Comparator.comparingDouble(RecommendationRow::headroomFraction)),
    /** Throughput in the workload's items: tokens, images, time steps per second. */
    TOKENS_PER_SECOND(RecommendationRow::itemsPerSecond),
    /** Time to result. */
    HOURS(RecommendationRow::hours),
    GPU_HOURS(RecommendationRow::gpuHours),
    MFU(RecommendationRow::mfu),
    /**
     * Cost of the job: rent for its hours, or the amortised purchase plus energy; at the precision shown, then what
     * the option costs to have ({@link JobCostOrder}).
     */
    JOB_COST_USD(RecommendationRow::jobCostUsd),
    /** Capital: what the machines cost to buy (rented options have none and sort last). */
    PURCHASE_USD(RecommendationRow::purchaseUsd),
    CARDS_USD(RecommendationRow::cardsUsd),
    RENTAL_USD_PER_HOUR(RecommendationRow::rentalUsdPerHour),
    ENERGY_KWH(RecommendationRow::energyKWh),
    /** Inference: concurrent users served within the latency targets (training rows have none and sort last). */
    USERS_SERVED(r -> r.serving() == null ? null : (double) r.serving().usersServed()),
    /** Inference: users served per US dollar an hour of the option costs; the serving table's default, descending. */
    USERS_PER_DOLLAR(r -> r.serving() == null ? null : r.serving().usersPerDollar()),
    USERS_PER_GPU(r -> r.serving() == null ? null : r.serving().usersPerGpu()),
    TTFT_MS(r -> r.serving() == null ? null : r.serving().ttftMs()),
    TPOT_MS(r -> r.serving() == null ? null : r.serving().tpotMs());

    private final Comparator<RecommendationRow> ascending;
    private final Function<RecommendationRow, Double> nullableValue;

    SortKey(Comparator<RecommendationRow> ascending) {
        this.ascending = ascending;
        this.nullableValue = null;
    }

    SortKey(Function<RecommendationRow, Double> nullableValue) {
        this.ascending = Comparator.comparing(nullableValue, Comparator.nullsLast(Comparator.naturalOrder()));
        this.nullableValue = nullableValue;
    }

    /**
     * Whether more is better for this column, so that a ranking by it puts the largest first (users served and their
     * ratios); {@link RankingOptions.Builder#rankBy} sorts those descending.
     */
    public boolean higherIsBetter() {
        return this == USERS_SERVED || this == USERS_PER_DOLLAR || this == USERS_PER_GPU;
    }

    /** Orders rows by this column; unknown values last whichever the direction. */
    public Comparator<RecommendationRow> comparator(boolean descending) {
        if (this == JOB_COST_USD) {
            return JobCostOrder.of(descending);
        }
        if (!descending) {
            return ascending;
        }
        if (nullableValue == null) {
            return ascending.reversed();
        }
        return Comparator.comparing(nullableValue, Comparator.nullsLast(Comparator.<Double>reverseOrder()));
    }

    /**
     * Parses a column name as the command line spells it ({@code job-cost-usd}, {@code tokensPerSecond},
     * {@code TOKENS_PER_SECOND}), case-insensitive, or one of the three goals: {@code time} (hours), {@code cost}
     * (job cost), {@code capital} (purchase price) and {@code users} (users per dollar, for serving).
     *
     * @throws IllegalArgumentException naming the accepted keys
     */
    public static SortKey parse(String text) {
        String wanted = text.trim().replaceAll("[-_ ]", "").toLowerCase(Locale.ROOT);
        switch (wanted) {
            case "time":
                return HOURS;
            case "cost":
            case "costusd":
                return JOB_COST_USD;
            case "capital":
            case "priceusd":
                return PURCHASE_USD;
            case "users":
                return USERS_PER_DOLLAR;
            default:
                break;
        }
        StringBuilder names = new StringBuilder();
        for (SortKey k : values()) {
            String plain = k.name().replace("_", "").toLowerCase(Locale.ROOT);
            if (plain.equals(wanted)) {
                return k;
            }
            names.append(names.length() == 0 ? "" : ", ").append(k.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw new IllegalArgumentException("unknown sort key '" + text + "' (expected time, cost, capital, users or one of "
                + names + ")");
    }
}
