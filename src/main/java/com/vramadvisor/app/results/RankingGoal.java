package com.vramadvisor.app.results;

import com.vramadvisor.engine.ranking.SortKey;

/**
 * What the decision table ranks by, in the words of the question a user asks: the cheapest job, the soonest result,
 * or the least money up front. Each goal is one of the engine's sort keys and one column of the table.
 */
public enum RankingGoal {
    /** The cost of the job: rent for its hours, or the amortised purchase plus energy. */
    COST("cost", SortKey.JOB_COST_USD),
    /** The wall-clock time to process the token budget. */
    TIME("time", SortKey.HOURS),
    /** What the machines cost to buy; rented options have none and come last. */
    CAPITAL("capital", SortKey.PURCHASE_USD),
    /** Serving: users served within the latency targets per US dollar an hour, most first; inference's default. */
    USERS("users", SortKey.USERS_PER_DOLLAR);

    private final String id;
    private final SortKey sortKey;

    RankingGoal(String id, SortKey sortKey) {
        this.id = id;
        this.sortKey = sortKey;
    }

    /** Stable lowercase id; the texts are keyed on it ({@code results.goal.cost}). */
    public String id() {
        return id;
    }

    public SortKey sortKey() {
        return sortKey;
    }
}
