package com.vramadvisor.cli;

import com.vramadvisor.engine.ranking.RankingOptions;
import picocli.CommandLine.Option;

/**
 * The ranking flags {@code recommend} and {@code report} share: the token budget, the GPU limit and how many rows to
 * keep. A scenario file's token budget and GPU limit apply unless the flags give them.
 */
final class RankingLimitsOption {

    @Option(names = "--tokens", paramLabel = "N",
            description = "Token budget for time and cost: tokens to train on, or to generate for inference "
                    + "(default: the scenario file's, else 1B).")
    String tokens;

    @Option(names = "--max-gpus", paramLabel = "N",
            description = "Most GPUs one option may use; an option that needs more is laid out on at most N and "
                    + "marked exceeds-max-gpus (default: the scenario file's, else "
                    + RankingOptions.DEFAULT_MAX_GPUS + ").")
    Integer maxGpus;

    @Option(names = "--top", paramLabel = "N", description = "Keep only the first N hardware options.")
    Integer top;

    /** A ranking with the scenario's token budget and GPU limit, then these flags; a one-line error for bad values. */
    RankingOptions.Builder builder(ModelResolver.Resolved resolved) {
        RankingOptions.Builder b = RankingOptions.builder().tokenBudget(resolved.tokenBudget())
                .maxGpus(resolved.maxGpus());
        if (tokens != null) {
            b.tokenBudget(Quantities.parseCount(tokens));
        }
        if (maxGpus != null) {
            if (maxGpus < 1) {
                throw new CliInputException("--max-gpus must be at least 1, got " + maxGpus);
            }
            b.maxGpus(maxGpus);
        }
        if (top != null) {
            if (top < 1) {
                throw new CliInputException("--top must be at least 1, got " + top);
            }
            b.topN(top);
        }
        return b;
    }
}
