package com.vramadvisor.app.results;

/**
 * The serving cells of an inference row of the decision table ({@link com.vramadvisor.engine.ranking.ServingFigures}),
 * raw values to sort on and texts formatted for the locale; {@link #NONE} for training rows and rows without them.
 *
 * @param usersServed    concurrent users all copies serve within the targets, {@code null} when unknown
 * @param usersText      that number
 * @param usersPerDollar users per US dollar an hour of the option costs, {@code null} when unknown
 * @param perDollarText  that ratio
 * @param tpotMs         time per output token at the operating point, milliseconds
 * @param tpotText       that time
 * @param ttftMs         time to first token at the operating point, milliseconds; {@code null} when unknown
 * @param ttftText       that time
 * @param tip            how the users were counted: per copy, copies, KV capacity, the running cap and the cost
 */
public record DecisionServing(Integer usersServed, String usersText, Double usersPerDollar, String perDollarText,
                              Double tpotMs, String tpotText, Double ttftMs, String ttftText, String tip) {

    /** No serving figures: blank cells. */
    public static final DecisionServing NONE = new DecisionServing(null, "", null, "", null, "", null, "", "");

    /** Most users first, unknown last, for a column sorted ascending. */
    Integer usersRank() {
        return usersServed == null ? null : -usersServed;
    }

    /** Most users per dollar first, unknown last, for a column sorted ascending. */
    Double perDollarRank() {
        return usersPerDollar == null ? null : -usersPerDollar;
    }
}
