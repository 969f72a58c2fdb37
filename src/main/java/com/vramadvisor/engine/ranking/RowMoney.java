package com.vramadvisor.engine.ranking;

/**
 * The money side of one decision-table row, US dollars. Bought and rented options meet only in {@link #jobCostUsd}:
 * what getting this job done costs the user that way. Unknown values are {@code null}; formulas and sources in
 * {@code docs/decision-table.md}, section "Money".
 *
 * @param capitalUsd           bought: whole machines (cards plus hosts of their node class, the systems' price, the
 *                             cluster network between machines); {@code null} when rented or a price is missing
 * @param cardsUsd             bought: the GPUs alone; {@code null} when rented or unknown
 * @param rentalUsdPerHour     rented: all instances per hour; {@code null} when bought or unpriced
 * @param jobCostUsd           the job's cost: rented, what the provider bills for it; bought, what owning the
 *                             hardware costs for it (capital less resale, hosting and energy, in the share of the use
 *                             the job takes); {@code null} when a price, a power figure or a speed is missing
 * @param energyKWh            electricity the job draws at the GPUs' board power and the hosts' power, times the PUE;
 *                             {@code null} when a power figure or a speed is missing
 * @param energyCostUsd        bought: {@code energyKWh x electricity price}; {@code null} when rented (the rent
 *                             includes power) or unknown
 * @param powerWatts           the option's draw at load (GPUs and hosts, or a system's stated power), watts; {@code null}
 *                             when unknown
 * @param resaleUsd            bought: what the hardware sells for when the use ends; {@code null} when rented or unknown
 * @param hostingUsd           bought: colocation over the use for servers (nothing for a desk-side machine);
 *                             {@code null} when rented or unknown
 * @param breakEvenUtilization bought: the share of the time the hardware must stay busy over the ownership horizon
 *                             for buying to cost less per job than renting the same work
 *                             ({@code equalWorkRentUsdPerHour}); {@code null} when no such rental exists or buying
 *                             never costs less
 * @param breakEvenMonths      bought: months of use, at the stated utilisation, after which buying has cost less than
 *                             renting the same work; {@code null} when it never does within ten years
 * @param equalWorkRentUsdPerHour bought: what renting this row's work costs an hour, the less of renting the same GPUs
 *                             (the cheapest steady rental of this GPU per GPU-hour, times the GPUs) and renting the
 *                             same items per hour from the table's cheapest steady rental per item; the break-even is
 *                             stated against it; {@code null} when no steady rental of either kind is known
 */
public record RowMoney(Double capitalUsd, Double cardsUsd, Double rentalUsdPerHour, Double jobCostUsd,
                       Double energyKWh, Double energyCostUsd, Double powerWatts, Double resaleUsd, Double hostingUsd,
                       Double breakEvenUtilization, Double breakEvenMonths, Double equalWorkRentUsdPerHour) {

    /** Nothing known: an option whose GPU is not in the hardware list. */
    public static final RowMoney UNKNOWN = new RowMoney(null, null, null, null, null, null, null, null, null, null,
            null, null);
}
