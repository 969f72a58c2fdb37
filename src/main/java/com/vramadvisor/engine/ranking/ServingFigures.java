package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.plan.Bound;

/**
 * The serving side of an inference row of the decision table: how many users the option serves within the latency
 * targets, and what each costs. See {@code docs/decision-table.md}, "Users served".
 *
 * <pre>
 *   perReplica     = the largest concurrency n &lt;= min(KV capacity, running-request cap) with
 *                    TPOT(n) &lt;= target and TTFT(n) &lt;= target       (ServingLatency.maxConcurrency)
 *   usersServed    = perReplica x replicas
 *   usersPerDollar = usersServed / (USD per hour)     rent per hour; bought: purchase / (years x 8,760) + energy per hour
 *   usersPerGpu    = usersServed / GPUs used
 * </pre>
 *
 * @param usersServed           concurrent users all replicas serve within the targets
 * @param usersPerReplica       the same for one model copy
 * @param kvSequencesPerReplica whole sequences of the workload's context the KV cache of one copy holds
 * @param runningCap            the cap on running requests per copy (the engine's scheduler default or the user's),
 *                              {@code null} when the engine has none
 * @param ttftMs                time to first token at {@code max(1, usersPerReplica)} concurrent sequences,
 *                              {@code null} when the GPU has no peak rate
 * @param tpotMs                time per output token at that concurrency
 * @param meetsTargets          whether at least one user is served within the targets
 * @param usdPerHour            what the option costs per hour, {@code null} when a price or power figure is missing
 * @param usersPerDollar        {@code usersServed / usdPerHour}: users served per US dollar an hour of the option
 *                              costs; {@code null} without a cost
 * @param usersPerGpu           {@code usersServed / gpusUsed}
 * @param tpotBound             what bounds the decode step at that concurrency, {@code null} when unknown
 * @param peakBytesAtLoad       the per-GPU peak with {@code max(1, usersPerReplica)} sequences per copy (weights, their
 *                              KV cache and activations): what the users served take, beside the row's peak for the
 *                              workload's own batch
 */
public record ServingFigures(int usersServed, int usersPerReplica, long kvSequencesPerReplica, Long runningCap,
                             Double ttftMs, double tpotMs, boolean meetsTargets, Double usdPerHour,
                             Double usersPerDollar, double usersPerGpu, Bound tpotBound,
                             long peakBytesAtLoad) {

    /** The same figures priced at {@code usdPerHour} (or unpriced with {@code null}) over {@code gpusUsed} GPUs. */
    ServingFigures priced(Double hourly, int gpusUsed) {
        Double perDollar = hourly == null || !(hourly > 0) ? null : usersServed / hourly;
        return new ServingFigures(usersServed, usersPerReplica, kvSequencesPerReplica, runningCap, ttftMs, tpotMs,
                meetsTargets, hourly, perDollar, gpusUsed > 0 ? (double) usersServed / gpusUsed : 0, tpotBound,
                peakBytesAtLoad);
    }
}
