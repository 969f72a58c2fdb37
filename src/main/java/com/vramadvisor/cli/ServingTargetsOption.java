package com.vramadvisor.cli;

import com.vramadvisor.engine.serving.ServingTargets;
import picocli.CommandLine.Option;

/**
 * The serving flags {@code fit} and {@code recommend} share: the latency targets a user must get and the engine's cap
 * on running requests. {@code fit} answers the most concurrent sequences within them; {@code recommend} counts the
 * users each option serves within them, with a TPOT of {@value ServingTargets#DEFAULT_TPOT_MS} ms when no target is
 * given ({@link ServingTargets#DEFAULTS}).
 */
final class ServingTargetsOption {

    @Option(names = "--tpot-ms", paramLabel = "MS", description = "Inference: the time per output token a user may"
            + " see at most, in milliseconds (fit: with --gpu; recommend: default the scenario file's, else "
            + "50 ms = 20 tokens/s; 0 for none).")
    Double tpotMs;

    @Option(names = "--ttft-ms", paramLabel = "MS", description = "Inference: the time to first token a user may"
            + " wait at most, in milliseconds (fit: with --gpu; recommend: default the scenario file's, else none).")
    Double ttftMs;

    @Option(names = "--max-num-seqs", paramLabel = "N", description = "Inference: the engine's cap on running"
            + " requests per model copy (vLLM max_num_seqs, SGLang max_running_requests, TensorRT-LLM max_batch_size)."
            + " Default: the engine's own.")
    Integer maxNumSeqs;

    @Option(names = "--percentile", paramLabel = "P", description = "Inference: the percentile the TTFT target holds"
            + " at, 99 (default, as MLPerf's latency constraints) or 50 (the median).")
    Integer percentile;

    /** Whether a latency target was given. */
    boolean anyTarget() {
        return tpotMs != null || ttftMs != null;
    }

    /** The targets checked: each above 0 (fit) or at least 0 (recommend, where 0 means none) and at most an hour. */
    void check(boolean zeroMeansNone) {
        for (Double target : new Double[] {tpotMs, ttftMs}) {
            if (target != null && !((zeroMeansNone ? target >= 0 : target > 0)
                    && target <= ServingTargets.MAX_TARGET_MS)) {
                throw new CliInputException("--tpot-ms and --ttft-ms must be " + (zeroMeansNone ? "0 (none) or " : "")
                        + "above 0 and at most " + (long) ServingTargets.MAX_TARGET_MS + " milliseconds, got "
                        + target);
            }
        }
        if (maxNumSeqs != null && (maxNumSeqs < 1 || maxNumSeqs > ServingTargets.MAX_RUNNING)) {
            throw new CliInputException("--max-num-seqs must be between 1 and 1,000,000, got " + maxNumSeqs);
        }
        if (percentile != null && percentile != 50 && percentile != 99) {
            throw new CliInputException("--percentile must be 99 or 50, got " + percentile);
        }
    }

    /** The percentile the TTFT target holds at. */
    int percentile() {
        return percentile == null ? ServingTargets.DEFAULT_PERCENTILE : percentile;
    }

    /** {@code base} (a scenario file's targets, or the defaults) with the flags given applied over it. */
    ServingTargets over(ServingTargets base) {
        check(true);
        ServingTargets t = base;
        if (tpotMs != null) {
            t = t.withTpotMs(tpotMs);
        }
        if (ttftMs != null) {
            t = t.withTtftMs(ttftMs);
        }
        if (maxNumSeqs != null) {
            t = t.withMaxRunning(maxNumSeqs);
        }
        if (percentile != null) {
            t = t.withPercentile(percentile);
        }
        return t;
    }
}
