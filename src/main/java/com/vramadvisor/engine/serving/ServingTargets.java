package com.vramadvisor.engine.serving;

/**
 * What a serving deployment promises each user, and the cap on requests it runs at once: the inputs that turn the
 * latency model ({@link ServingLatency}) and the KV capacity ({@link KvCapacity}) into "users served".
 *
 * <ul>
 *   <li>TPOT target {@value #DEFAULT_TPOT_MS} ms by default: 20 output tokens per second per user, about 900 words per
 *       minute at 0.75 English words per token (OpenAI's tokenizer guide), well above the 238 words per minute of
 *       silent reading measured over 190 studies (Brysbaert 2019, "How many words do we read per minute?", Journal
 *       of Memory and Language 109), and between the 40 ms of MLPerf Inference v5.0's interactive Llama 2 70B
 *       scenario and the 200 ms of its server scenario (MLCommons inference rules, TPOT at the 99th percentile).
 *       Databricks' "LLM Inference Performance Engineering: Best Practices" (October 2023) already puts a 100 ms TPOT
 *       (10 tokens/s, about 450 words per minute) above what a typical person reads.</li>
 *   <li>No TTFT target by default: TTFT depends on how requests arrive, and the latency model's wait behind other
 *       prompts is that of a steady closed loop of users ({@link ServingQueue}), so a default target would pass
 *       options that a bursty server misses. MLPerf's are 450 ms (interactive) and 2,000 ms (server) for Llama 2 70B.</li>
 *   <li>A TTFT target holds at the 99th percentile by default, as MLPerf's latency constraints do (MLCommons
 *       inference rules: TTFT and TPOT at the 99th percentile); {@code --percentile 50} holds it at the median.</li>
 *   <li>No cap on running requests by default beyond the engine's own ({@link SchedulerLimit}).</li>
 * </ul>
 *
 * @param tpotMs     time per output token a user may see at most, milliseconds; 0 for no target
 * @param ttftMs     time to first token a user may wait at most, milliseconds; 0 for no target
 * @param maxRunning requests one model copy runs at once at most (vLLM {@code max_num_seqs}); 0 for the engine's
 *                   default
 * @param percentile the percentile the TTFT target holds at: 99 or 50
 */
public record ServingTargets(double tpotMs, double ttftMs, int maxRunning, int percentile) {

    /** The percentile targets hold at by default. */
    public static final int DEFAULT_PERCENTILE = 99;

    /** 50 ms: 20 tokens per second per user, see the class comment. */
    public static final double DEFAULT_TPOT_MS = 50;
    /** The largest latency target accepted, one hour in milliseconds: beyond any interactive use, yet finite. */
    public static final double MAX_TARGET_MS = 3_600_000;
    /** The largest cap on running requests accepted, as {@code fit --max-num-seqs} accepts. */
    public static final int MAX_RUNNING = 1_000_000;

    /** No latency target and the engine's own cap: users served is what the KV cache holds. */
    public static final ServingTargets NONE = new ServingTargets(0, 0, 0);
    /** The front doors' default: a TPOT of {@value #DEFAULT_TPOT_MS} ms, no TTFT target, the engine's cap. */
    public static final ServingTargets DEFAULTS = new ServingTargets(DEFAULT_TPOT_MS, 0, 0);

    public ServingTargets {
        requireTarget(tpotMs, "TPOT");
        requireTarget(ttftMs, "TTFT");
        if (percentile != 50 && percentile != 99) {
            throw new IllegalArgumentException("targets hold at the 50th or the 99th percentile, got " + percentile);
        }
        if (maxRunning < 0 || maxRunning > MAX_RUNNING) {
            throw new IllegalArgumentException("the cap on running requests must be between 0 (the engine's) and "
                    + MAX_RUNNING + ", got " + maxRunning);
        }
    }

    /** Targets at the 99th percentile. */
    public ServingTargets(double tpotMs, double ttftMs, int maxRunning) {
        this(tpotMs, ttftMs, maxRunning, DEFAULT_PERCENTILE);
    }

    private static void requireTarget(double ms, String what) {
        if (!(ms >= 0 && ms <= MAX_TARGET_MS)) {
            throw new IllegalArgumentException(what + " target must be between 0 (none) and " + (long) MAX_TARGET_MS
                    + " ms, got " + ms);
        }
    }

    /** The TPOT target in milliseconds, or {@code null} for none (as {@link ServingLatency#maxConcurrency} takes it). */
    public Double tpotTargetMs() {
        return tpotMs > 0 ? tpotMs : null;
    }

    /** The TTFT target in milliseconds, or {@code null} for none. */
    public Double ttftTargetMs() {
        return ttftMs > 0 ? ttftMs : null;
    }

    /** Whether any latency target is set. */
    public boolean hasLatencyTarget() {
        return tpotMs > 0 || ttftMs > 0;
    }

    public ServingTargets withTpotMs(double v) {
        return new ServingTargets(v, ttftMs, maxRunning, percentile);
    }

    public ServingTargets withTtftMs(double v) {
        return new ServingTargets(tpotMs, v, maxRunning, percentile);
    }

    public ServingTargets withMaxRunning(int v) {
        return new ServingTargets(tpotMs, ttftMs, v, percentile);
    }

    public ServingTargets withPercentile(int v) {
        return new ServingTargets(tpotMs, ttftMs, maxRunning, v);
    }
}
