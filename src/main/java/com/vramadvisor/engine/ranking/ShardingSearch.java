package com.vramadvisor.engine.ranking;

/**
 * How the decision table picks the parallel layout for options with more than one GPU.
 * <ul>
 *   <li>{@link #AUTOMATIC}: searched per option (see {@link Recommender} for the search).</li>
 *   <li>{@link #AS_GIVEN}: exactly the workload's {@link com.vramadvisor.engine.llm.Parallelism}; an option uses
 *       {@code t * p * d} GPUs.</li>
 *   <li>{@link #AUTOMATIC_UNLESS_GIVEN}: as given when the workload asks for more than one GPU or for a ZeRO
 *       stage, automatic otherwise. The default.</li>
 * </ul>
 */
public enum ShardingSearch {
    AUTOMATIC,
    AS_GIVEN,
    AUTOMATIC_UNLESS_GIVEN
}
