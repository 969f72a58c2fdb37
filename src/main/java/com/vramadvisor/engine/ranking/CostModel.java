package com.vramadvisor.engine.ranking;

/**
 * What an option costs: bought options by their capital, amortised over a horizon, plus the energy they draw; rented
 * options by the hour. The two meet only in {@link #jobCostUsd}: the cost of processing the token budget.
 * <ul>
 *   <li>Purchase: {@code jobCost = purchase x hours / (years x 8,760) + energy x electricity price}, with
 *       {@code energy = power x hours x PUE / 1000} kWh at the GPUs' board power plus the hosts' power (or a system's
 *       stated power).</li>
 *   <li>Rental: {@code jobCost = hours x price per instance-hour x instances}; the rent includes power.</li>
 * </ul>
 * Unknown inputs stay unknown: without a price there is no job cost, without a power figure no energy (and no job
 * cost for a purchase, which would otherwise look cheaper than it is).
 */
final class CostModel {

    private static final double HOURS_PER_YEAR = RankingOptions.HOURS_PER_YEAR;

    /**
     * The money side of one row.
     *
     * @param purchaseUsd      whole machines, or {@code null}
     * @param cardsUsd         the GPUs alone, or {@code null}
     * @param rentalUsdPerHour all instances per hour, or {@code null}
     * @param jobCostUsd       cost of the token budget, or {@code null}
     * @param energyKWh        electricity drawn for it including the PUE, or {@code null}
     * @param energyCostUsd    its price, or {@code null}
     * @param powerWatts       the draw at load, watts, or {@code null}
     */
    record Costs(Double purchaseUsd, Double cardsUsd, Double rentalUsdPerHour, Double jobCostUsd, Double energyKWh,
                 Double energyCostUsd, Double powerWatts) {
    }

    private final RankingOptions options;

    CostModel(RankingOptions options) {
        this.options = options;
    }

    /**
     * A bought option.
     *
     * @param purchaseUsd whole machines, {@code null} when a price is missing
     * @param cardsUsd    the GPUs alone, {@code null} when unknown
     * @param powerWatts  GPUs and hosts at load, {@code null} when a figure is missing
     * @param hours       hours for the token budget, {@code null} without a speed
     */
    Costs purchase(Double purchaseUsd, Double cardsUsd, Double powerWatts, Double hours) {
        Double energy = powerWatts == null || hours == null ? null : powerWatts * hours * options.pue() / 1000.0;
        Double energyCost = energy == null ? null : energy * options.electricityUsdPerKWh();
        Double job = purchaseUsd == null || hours == null || energyCost == null ? null
                : purchaseUsd * hours / (options.amortizationYears() * HOURS_PER_YEAR) + energyCost;
        return new Costs(purchaseUsd, cardsUsd, null, job, energy, energyCost, powerWatts);
    }

    /** A rented option at {@code usdPerHour} for all its instances ({@code null} when unpriced). */
    Costs rental(Double usdPerHour, Double hours) {
        Double job = usdPerHour == null || hours == null ? null : usdPerHour * hours;
        return new Costs(null, null, usdPerHour, job, null, null, null);
    }
}
