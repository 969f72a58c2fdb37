package com.vramadvisor.engine.ranking;

/**
 * Why the table's summary names what it names: whether renting or buying gets the job done for less, and where the
 * other way would win. The command line, the window and the reports word it from these figures alone, so all say the
 * same. Built by the {@link Recommender} from the table's own rows, in its order.
 *
 * @param cheaper               the acquisition of the first row that fits, meets the deadline and has a job cost;
 *                              {@code null} when no row has all three
 * @param bestRental            the rented option the summary names ({@link Recommendation#bestRental}), or {@code null}
 * @param bestPurchase          the bought option it names, or {@code null}
 * @param breakEvenUtilization  of {@code bestPurchase}: the share of the time it must stay busy over {@code years} for
 *                              buying to beat renting the same work ({@link RowMoney#breakEvenUtilization}); {@code null}
 *                              when no such rental is known or buying never wins
 * @param comparableRental      whether a rental of {@code bestPurchase}'s GPU exists to state a break-even against
 * @param years                 the horizon of the break-even ({@link RankingOptions#breakEvenYears})
 */
public record MoneyVerdict(Acquisition cheaper, RecommendationRow bestRental, RecommendationRow bestPurchase,
                           Double breakEvenUtilization, boolean comparableRental, double years) {
}
