package com.vramadvisor.cli;

import com.vramadvisor.engine.money.Usage;
import java.time.YearMonth;
import java.time.ZoneOffset;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The ranking flags {@code recommend}, {@code report} and {@code plan} share: the token budget, the GPU limit, how many
 * rows to keep, the deadline and global batch of the layout planner, and what efficiency, amortisation, electricity
 * and PUE the speed and cost assume. A scenario file's token budget, GPU limit and deadline apply unless the flags
 * give them.
 */
final class RankingLimitsOption {

    @Option(names = "--tokens", paramLabel = "N",
            description = "Token budget for time and cost: tokens to train on, or to generate for inference "
                    + "(default: the scenario file's, else 1B).")
    String tokens;

    @Option(names = "--max-gpus", paramLabel = "N",
            description = "Most GPUs one option may use; an option that needs more is laid out on at most N and "
                    + "marked exceeds-max-gpus (default: the scenario file's, else "
                    + RankingOptions.DEFAULT_MAX_GPUS + "; plan: " + PlanCommand.DEFAULT_MAX_GPUS + ").")
    Integer maxGpus;

    @Option(names = "--top", paramLabel = "N", description = "Keep only the first N hardware options.")
    Integer top;

    @Option(names = "--days", paramLabel = "D",
            description = "Deadline: training uses the fewest GPUs that finish within D days; options that take "
                    + "longer are marked past-deadline and ranked after the others (default: the scenario file's, "
                    + "else 90).")
    Double days;

    @Option(names = "--global-batch", paramLabel = "TOKENS",
            description = "Training: tokens per optimizer step over all GPUs, a whole number of --seq sequences (e.g."
                    + " 4194304: 1,024 sequences of 4,096); every layout splits it exactly into data-parallel copies x"
                    + " micro-batch x micro-batches. Default: the workload's batch and accumulation per data-parallel"
                    + " copy.")
    String globalBatch;

    @Option(names = "--compute-efficiency", paramLabel = "F",
            description = "Fraction of the dense tensor peak that matrix multiplications reach (default 0.50).")
    Double computeEfficiency;

    @Option(names = "--utilization", paramLabel = "U",
            description = "How bought hardware will be used: busy U (0-1) of the time for --years with work like this "
                    + "job, which then carries its share of the cost of owning it. Default: bought for this job "
                    + "alone and sold when it ends.")
    Double utilization;

    @Option(names = "--years", paramLabel = "Y",
            description = "Years bought hardware is kept and busy at --utilization (default with --utilization: 3; "
                    + "--years alone means busy all the time).")
    Double years;

    /** Before usage existed: a purchase spread over Y years of full use, which is --utilization 1 --years Y. */
    @Option(names = "--amortize-years", paramLabel = "Y", hidden = true)
    Double amortizeYears;

    @Option(names = "--electricity-usd-kwh", paramLabel = "USD",
            description = "Electricity price for bought hardware, USD per kWh (default 0.124).")
    Double electricity;

    @Option(names = "--pue", paramLabel = "F",
            description = "Power usage effectiveness of the room bought hardware runs in (default 1.58).")
    Double pue;

    /** Set by the command when the user gave --recompute, so that layouts keep it. */
    boolean recomputeGiven;

    /** Whether the serving engine picks its prefill chunk per GPU ({@link ScenarioArgs#chunkLeftToEngine()}). */
    boolean chunkLeftToEngine;

    /** These flags, told whether the workload flags gave a recomputation. */
    RankingLimitsOption given(ScenarioArgs args) {
        recomputeGiven = args.workload.recomputeGiven();
        chunkLeftToEngine = args.chunkLeftToEngine();
        return this;
    }

    /**
     * A ranking for a workload beyond language models: the GPU limit and the top-N cut, and, where the workload has a
     * throughput model ({@code timed}), the deadline, efficiency, amortisation, electricity and PUE flags. The token
     * flags ({@code --tokens}, {@code --global-batch}) are refused, since their job is given in images or steps, and so
     * is every speed and cost flag for a workload without a throughput model. A scenario file's GPU limit and
     * deadline apply unless {@code --max-gpus} or {@code --days} is given, as the window's table uses them.
     */
    RankingOptions.Builder domainBuilder(ScenarioArgs args, boolean timed) {
        String[][] tokenFlags = {{"--tokens", tokens}, {"--global-batch", globalBatch}};
        for (String[] f : tokenFlags) {
            if (f[1] != null) {
                throw new CliInputException(f[0] + " counts language-model tokens; it means nothing to --workload "
                        + args.kind().id() + (timed ? " (give the job with --epochs and --dataset-size, --images or"
                        + " --steps)" : ""));
            }
        }
        if (!timed) {
            String[][] speedFlags = {{"--days", str(days)}, {"--compute-efficiency", str(computeEfficiency)},
                {"--amortize-years", str(amortizeYears)}, {"--electricity-usd-kwh", str(electricity)},
                {"--pue", str(pue)}, {"--utilization", str(utilization)}, {"--years", str(years)}};
            for (String[] f : speedFlags) {
                if (f[1] != null) {
                    throw new CliInputException(f[0] + " feeds the speed and job-cost models, which this workload"
                            + " does not have; leave it out");
                }
            }
        }
        RankingOptions.Builder b = RankingOptions.builder();
        ScenarioInputs fromFile = args.scenarioFile();
        if (fromFile != null) {
            b.maxGpus(fromFile.maxGpus()).deadlineDays(fromFile.deadlineDays()).usage(fromFile.usage());
        }
        if (maxGpus != null) {
            b.maxGpus(checkedMaxGpus());
        }
        if (top != null) {
            if (top < 1) {
                throw new CliInputException("--top must be at least 1, got " + top);
            }
            b.topN(top);
        }
        return costFlags(b);
    }

    /**
     * {@code --max-gpus} within 1 to {@link Parallelism#MAX_GPUS}, checked before any ranking starts: a search over
     * GPU counts and the counts' arithmetic stay bounded whatever the flag says.
     */
    private int checkedMaxGpus() {
        if (maxGpus < 1 || maxGpus > Parallelism.MAX_GPUS) {
            throw new CliInputException(String.format(Locale.ROOT, "--max-gpus must be 1 to %,d, got %d",
                    Parallelism.MAX_GPUS, maxGpus));
        }
        return maxGpus;
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }

    /**
     * A ranking with the scenario's token budget, GPU limit and (inference) serving targets, then these flags; a
     * one-line error for bad values.
     */
    RankingOptions.Builder builder(ModelResolver.Resolved resolved) {
        RankingOptions.Builder b = RankingOptions.builder().tokenBudget(resolved.tokenBudget())
                .maxGpus(resolved.maxGpus()).deadlineDays(resolved.deadlineDays()).usage(resolved.usage());
        if (resolved.workload().mode() == Mode.INFER) {
            // Serving: users within the scenario's latency targets (or the defaults), most per dollar first.
            b.servingTargets(resolved.servingTargets()).rankByUsersPerDollar().servingChunkPerGpu(chunkLeftToEngine);
        }
        if (recomputeGiven) {
            b.fixedRecompute(resolved.workload().recompute());
        }
        if (tokens != null) {
            b.tokenBudget(Quantities.parseCount(tokens));
        }
        if (maxGpus != null) {
            b.maxGpus(checkedMaxGpus());
        }
        if (top != null) {
            if (top < 1) {
                throw new CliInputException("--top must be at least 1, got " + top);
            }
            b.topN(top);
        }
        if (globalBatch != null) {
            long tokensPerStep = Quantities.parseCount(globalBatch);
            if (tokensPerStep < 1) {
                throw new CliInputException("--global-batch must be at least 1 token, got " + globalBatch);
            }
            b.globalBatchTokens(tokensPerStep);
        }
        return costFlags(b);
    }

    /**
     * The usage the flags give ({@code --utilization}, {@code --years}, or the older {@code --amortize-years}), or
     * {@code null} for this job only.
     */
    Usage usage() {
        if (amortizeYears != null && (utilization != null || years != null)) {
            throw new CliInputException("--amortize-years is --utilization 1 --years Y; give one or the other");
        }
        Double y = amortizeYears != null ? amortizeYears : years;
        Double u = amortizeYears != null ? Double.valueOf(1) : utilization;
        if (u == null && y == null) {
            return null;
        }
        if (u != null && !(u > 0 && u <= 1)) {
            throw new CliInputException("--utilization must be above 0 and at most 1, got " + u);
        }
        if (y != null && !(y > 0 && y <= Usage.MAX_YEARS)) {
            throw new CliInputException("--years must be above 0 and at most " + (int) Usage.MAX_YEARS + ", got " + y);
        }
        return Usage.of(u == null ? 1 : u, y == null ? RankingOptions.DEFAULT_BREAK_EVEN_YEARS : y);
    }

    /**
     * The month prices are judged against: this month, or the {@code vramadvisor.priceAsOf} system property
     * ({@code YYYY-MM}) for reproducible output.
     */
    static String priceAsOf() {
        String given = System.getProperty("vramadvisor.priceAsOf");
        return given != null && given.matches("\\d{4}-(0[1-9]|1[0-2])") ? given
                : YearMonth.now(ZoneOffset.UTC).toString();
    }

    /** The deadline, efficiency, usage, electricity and PUE flags, each checked. */
    private RankingOptions.Builder costFlags(RankingOptions.Builder b) {
        if (days != null) {
            if (!(days > 0) || days > 36_500) {
                throw new CliInputException("--days must be above 0 and at most 36500, got " + days);
            }
            b.deadlineDays(days);
        }
        if (computeEfficiency != null) {
            if (!(computeEfficiency > 0 && computeEfficiency <= 1)) {
                throw new CliInputException("--compute-efficiency must be above 0 and at most 1, got "
                        + computeEfficiency);
            }
            b.computeEfficiency(computeEfficiency);
        }
        Usage usage = usage();
        if (usage != null) {
            b.usage(usage);
        }
        b.priceAsOf(priceAsOf());
        if (electricity != null) {
            if (!(electricity >= 0) || electricity > 100) {
                throw new CliInputException("--electricity-usd-kwh must be 0 to 100, got " + electricity);
            }
            b.electricityUsdPerKWh(electricity);
        }
        if (pue != null) {
            if (!(pue >= 1) || pue > 10) {
                throw new CliInputException("--pue must be 1 to 10, got " + pue);
            }
            b.pue(pue);
        }
        return b;
    }
}
