package com.vramadvisor.engine.hardware;

import java.util.Locale;
import java.util.Optional;

/**
 * How a cloud offer is rented: the terms its hourly price comes with.
 *
 * <p>A commitment bills every hour of its term whether the instance is used or not: AWS bills a reserved instance
 * without upfront payment at its hourly rate for every hour of the term regardless of use (EC2 User Guide, "Payment
 * options" for Reserved Instances), and Google Cloud bills a committed use discount monthly for the whole term
 * (Compute Engine, "Committed use discounts"). A one-year commitment therefore costs {@link #termHours()} (8,760)
 * times its hourly price, however short the job; the ranking charges that.
 */
public enum Market {
    /** Pay as you go, by the hour or second, no term; runs until the renter stops it. */
    ON_DEMAND("on-demand", 0),
    /** A one-year commitment (reserved instance, savings plan, committed use discount), billed for the whole year. */
    COMMIT_1Y("commit-1y", 1),
    /** A three-year commitment, billed for the whole three years. */
    COMMIT_3Y("commit-3y", 3),
    /** Spare capacity at a lower price that the provider takes back when it needs it (spot, preemptible). */
    SPOT("spot", 0),
    /** A third party's machine listed on a marketplace at the host's price; availability depends on the host. */
    MARKETPLACE("marketplace", 0);

    /** Hours in one year of a commitment: 365 days of 24 hours, as AWS and Google Cloud bill a term. */
    public static final int HOURS_PER_YEAR = 8_760;

    private final String id;
    private final int termYears;

    Market(String id, int termYears) {
        this.id = id;
        this.termYears = termYears;
    }

    /** The name in {@code cloud.json} ({@code on-demand}, {@code commit-1y}, ...). */
    public String id() {
        return id;
    }

    /** Years the renter is billed for whatever the use: 1 or 3 for a commitment, 0 otherwise. */
    public int termYears() {
        return termYears;
    }

    /** Hours billed for the whole term ({@link #HOURS_PER_YEAR} per year); 0 for a market without a term. */
    public long termHours() {
        return (long) termYears * HOURS_PER_YEAR;
    }

    /** Whether the price binds the renter to a whole term. */
    public boolean isCommitment() {
        return termYears > 0;
    }

    /** The market with this {@link #id()}, if any (case is ignored). */
    public static Optional<Market> fromId(String id) {
        String wanted = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (Market m : values()) {
            if (m.id.equals(wanted)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
