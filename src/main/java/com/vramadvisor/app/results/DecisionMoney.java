package com.vramadvisor.app.results;

/**
 * The money cells of a decision-table row beyond capital, rent and job cost, as the command line's table has them:
 * the break-even of a bought option, work per watt-hour, the price's date, and the market a price comes from. Raw
 * values to sort and filter on beside texts formatted for the locale.
 *
 * @param breakEvenUtilization bought: the share of the time the hardware must stay busy for buying to beat renting
 *                             the same GPUs; {@code null} when rented, when nobody rents these GPUs, or never
 * @param paysOffText          that share as the command line prints it ("38%", "never", "-")
 * @param paysOffTip           against what rent, over how many years, and the months to break even at the usage
 * @param itemsPerWattHour     work per watt-hour of the GPUs' board power; {@code null} when unknown
 * @param workPerWhText        the same with its unit ("1,234 tokens/Wh")
 * @param priceDate            the date of the option's price ({@code 2025-06}), empty when unknown
 * @param priceDateText        the date as shown, marked when older than 18 months
 * @param priceDateTip         the date in a sentence, and why an old one matters
 * @param stalePrice           whether the price is older than 18 months against this month
 * @param marketText           rented: the provider and its market ("Lambda · On demand"); bought: "Purchase"
 * @param marketTip            what that market means (interruption, commitment)
 * @param powerWatts           the option's draw at load, watts; {@code null} when unknown
 */
public record DecisionMoney(Double breakEvenUtilization, String paysOffText, String paysOffTip,
                            Double itemsPerWattHour, String workPerWhText, String priceDate, String priceDateText,
                            String priceDateTip, boolean stalePrice, String marketText, String marketTip,
                            Double powerWatts) {

    /** Nothing known, for rows built without money. */
    public static final DecisionMoney NONE = new DecisionMoney(null, "-", "", null, PlanTexts.UNKNOWN, "",
            PlanTexts.UNKNOWN, "", false, "", "", null);

    /**
     * The break-even as a sort key: a known share first (lowest first), then "never", then rows without any rental
     * to compare (rented rows last).
     */
    public double paysOffRank() {
        if (breakEvenUtilization != null) {
            return breakEvenUtilization;
        }
        return "-".equals(paysOffText) ? 3 : 2;
    }
}
