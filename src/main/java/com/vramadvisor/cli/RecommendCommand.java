package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.ServingFigures;
import com.vramadvisor.engine.ranking.SortKey;
import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.figures.DurationText;
import com.vramadvisor.figures.MoneyText;
import com.vramadvisor.report.CsvReportWriter;
import com.vramadvisor.scenario.SpreadWorkload;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code recommend}: the decision table, every catalog option ranked for one workload. */
@Command(name = "recommend", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Rank every GPU, system and cloud offer in the catalog for a workload.")
final class RecommendCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Option(names = {"--max-job-cost", "--budget-usd"}, paramLabel = "USD",
            description = "Only options whose cost of the job is within this; for a workload without a speed model, "
                    + "bought options whose capital is.")
    Double budgetUsd;

    @Option(names = "--budget", paramLabel = "USD",
            description = "Only bought options whose capital (what buying costs up front) is within this; rented "
                    + "options stay.")
    Double capitalUsd;

    @Option(names = "--power-kw", paramLabel = "KW",
            description = "Only bought options that draw at most this many kW at load (a room's or a circuit's "
                    + "limit); rented options stay.")
    Double powerKw;

    @Option(names = "--vendor", paramLabel = "LIST", split = ",", description = "Only these GPU vendors.")
    List<String> vendors;

    @Option(names = "--kind", paramLabel = "LIST", split = ",", description = "gpu, multi-gpu, system, cloud.")
    List<String> kinds;

    @Option(names = "--form-factor", paramLabel = "LIST", split = ",",
            description = "Only GPUs of these form factors as the catalog names them: PCIe, SXM4, SXM5, OAM, SoC, ...")
    List<String> formFactors;

    @Option(names = "--min-memory-gb", paramLabel = "GB", description = "Only GPUs with at least this memory.")
    Double minMemoryGb;

    @Option(names = "--fits-only", description = "Hide options that do not fit.")
    boolean fitsOnly;

    @Option(names = "--show-unsupported",
            description = "Also list options that no software runs the workload on as laid out (a real-time scene on "
                    + "a GPU without a graphics API, multi-GPU training without NCCL, RCCL, HCCL or oneCCL, tensor "
                    + "parallelism across machines on 10 GbE, ...), each with its reason; left out by default.")
    boolean showUnsupported;

    @Mixin
    RankingLimitsOption limits;

    @Mixin
    ServingTargetsOption targets;

    @Mixin
    DomainJobOption job = new DomainJobOption();

    @Option(names = "--acquisition", paramLabel = "WAY",
            description = "buy or rent: only bought or only rented options.")
    String acquisition;

    @Option(names = "--sort", paramLabel = "KEY", completionCandidates = SortKeys.class,
            description = "What to rank by: cost (of the job, the default), time (to result), capital (purchase "
                    + "price), or a column. Accepted: ${COMPLETION-CANDIDATES}. For --workload other than llm, cost "
                    + "is the job's cost where the workload has a speed model (vision, diffusion without offload, md lj, grid), else the capital "
                    + "to buy or the rent per hour, and keys that need a speed are refused.")
    String sort;

    @Option(names = "--desc", description = "Sort descending.")
    boolean descending;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text, json or csv (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON, OutputFormat.CSV);
        PrintWriter err = spec.commandLine().getErr();
        if (args.kind() != WorkloadKind.LLM) {
            if (targets.anyTarget() || targets.maxNumSeqs != null) {
                throw new CliInputException("--tpot-ms, --ttft-ms and --max-num-seqs are serving inputs for language"
                        + " models");
            }
            Sizable w = DomainRun.build(args.kind(), args, spec);
            RankingOptions o = filters(limits.domainBuilder(args, w.defaultJob().isPresent())).build();
            // The table counts GPUs from the whole workload, however many GPUs a scenario file split it over.
            Recommendation rec = new Recommender().recommend(SpreadWorkload.unspread(w),
                    args.catalog.catalog(err).hardware(), o, DomainRun.job(job, w, args));
            DecisionOutput.print(spec.commandLine().getOut(), fmt, DecisionOutput.Subject.OTHER, rec);
            return 0;
        }
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        // The ranking skips layouts it cannot run; a layout the user asked for must be runnable, or it is bad input.
        new MemoryEstimator().peakBytes(m, w);
        Catalog c = args.catalog.catalog(err);
        Recommendation rec = new Recommender().recommend(m, w, c.hardware(), options(resolved));
        DecisionOutput.print(spec.commandLine().getOut(), fmt, new DecisionOutput.Subject(m, w), rec);
        return 0;
    }

    /**
     * The ranking: a scenario file's token budget, GPU limit and serving targets unless the flags give them, then the
     * flags; inference ranks by users per dollar unless {@code --sort} says otherwise.
     */
    private RankingOptions options(ModelResolver.Resolved resolved) {
        RankingOptions.Builder b = limits.given(args).builder(resolved);
        if (resolved.workload().mode() == Mode.INFER) {
            b.servingTargets(targets.over(resolved.servingTargets())).rankByUsersPerDollar();
        } else if (targets.anyTarget() || targets.maxNumSeqs != null) {
            throw new CliInputException("--tpot-ms, --ttft-ms and --max-num-seqs need --mode infer");
        }
        return filters(b).build();
    }

    /** The filters and sort order of the table, for language models and the other workload kinds alike. */
    RankingOptions.Builder filters(RankingOptions.Builder b) {
        if (budgetUsd != null) {
            if (!(budgetUsd > 0)) {
                throw new CliInputException("--max-job-cost must be positive, got " + budgetUsd);
            }
            b.maxBudgetUsd(budgetUsd);
        }
        if (capitalUsd != null) {
            if (!(capitalUsd > 0) || Double.isInfinite(capitalUsd)) {
                throw new CliInputException("--budget must be a positive number of US dollars, got " + capitalUsd);
            }
            b.maxCapitalUsd(capitalUsd);
        }
        if (powerKw != null) {
            if (!(powerKw > 0) || Double.isInfinite(powerKw)) {
                throw new CliInputException("--power-kw must be a positive number of kW, got " + powerKw);
            }
            b.maxPowerKw(powerKw);
        }
        if (vendors != null && !vendors.isEmpty()) {
            Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
            set.addAll(vendors);
            b.vendors(set);
        }
        if (formFactors != null && !formFactors.isEmpty()) {
            b.formFactors(Set.copyOf(formFactors));
        }
        if (kinds != null && !kinds.isEmpty()) {
            EnumSet<HardwareKind> set = EnumSet.noneOf(HardwareKind.class);
            for (String k : kinds) {
                set.add(kind(k));
            }
            b.kinds(set);
        }
        if (minMemoryGb != null) {
            b.minMemoryGbPerGpu(minMemoryGb);
        }
        if (acquisition != null) {
            b.acquisitions(Set.of(acquisition(acquisition)));
        }
        if (sort != null) {
            b.rankBy(SortKey.parse(sort));
        }
        if (descending) {
            b.descending(true);
        }
        if (fitsOnly) {
            b.fitsOnly(true);
        }
        if (showUnsupported) {
            b.showUnsupported(true);
        }
        return b;
    }

    /**
     * Every key --sort accepts, generated from {@link SortKey} as its parser spells them, for the help text and shell
     * completion: the three goals, then each column in kebab-case.
     */
    static final class SortKeys implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            List<String> keys = new ArrayList<>(List.of("cost", "time", "capital"));
            for (SortKey k : SortKey.values()) {
                keys.add(k.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
            return keys.iterator();
        }
    }

    private static Acquisition acquisition(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "buy", "purchase" -> Acquisition.PURCHASE;
            case "rent", "rental" -> Acquisition.RENTAL;
            default -> throw new CliInputException("--acquisition takes buy or rent, got '" + text + "'");
        };
    }

    private static HardwareKind kind(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (HardwareKind k : HardwareKind.values()) {
            if (k.id().equals(t)) {
                return k;
            }
        }
        throw new CliInputException("--kind takes gpu, multi-gpu, system or cloud, got '" + text + "'");
    }

    /** The text tables' durations and money, in English like the rest of the command line's output. */
    static final DurationText TIME = DurationText.of(Locale.ENGLISH);
    static final MoneyText MONEY = MoneyText.of(Locale.ENGLISH);

    /** A duration as every table shows it ({@link DurationText}): "38 s", "12 min", "3.5 h", "41 days". */
    static String duration(double hours) {
        return TIME.hours(hours);
    }

    /** A latency target as given, up to three decimals: "7.5 ms", "0.001 ms", "50 ms" (never rounded to "0 ms"). */
    static String targetMs(double ms) {
        return BigDecimal.valueOf(ms).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString() + " ms";
    }
}
