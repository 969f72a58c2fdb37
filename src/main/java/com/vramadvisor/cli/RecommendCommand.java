package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.DomainRanking;
import com.vramadvisor.engine.ranking.DomainRecommendation;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Workload;
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

    @Option(names = "--budget-usd", paramLabel = "USD", description = "Only options whose cost of the job is within this; for a --workload other than llm without a "
                    + "speed model, bought options whose capital is.")
    Double budgetUsd;

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
            DomainRecommendation rec = DomainRanking.rank(SpreadWorkload.unspread(w),
                    args.catalog.catalog(err).hardware(), o,
                    DomainRun.job(job, w, args));
            DomainRecommendOutput.print(spec.commandLine().getOut(), fmt, rec);
            return 0;
        }
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        // The ranking skips layouts it cannot run; a layout the user asked for must be runnable, or it is bad input.
        new MemoryEstimator().peakBytes(m, w);
        Catalog c = args.catalog.catalog(err);
        Recommendation rec = new Recommender().recommend(m, w, c.hardware(), options(resolved));
        PrintWriter out = spec.commandLine().getOut();
        switch (fmt) {
            case JSON -> out.println(EstimateOutput.json().writeValueAsString(json(m, w, rec)));
            case CSV -> {
                out.print(CsvReportWriter.record(List.of(COLUMNS)));
                for (RecommendationRow r : rec.rows()) {
                    out.print(CsvReportWriter.record(cells(r)));
                }
            }
            default -> printText(out, m, w, rec);
        }
        out.flush();
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
                throw new CliInputException("--budget-usd must be positive, got " + budgetUsd);
            }
            b.maxBudgetUsd(budgetUsd);
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

    private static final String[] COLUMNS = {"hardware", "hardwareId", "kind", "acquisition", "fits", "gpusNeeded",
        "nodes", "gpusPerNode", "interconnect", "network", "layout", "tp", "pp", "dp", "zero", "recompute",
        "sequenceParallel", "microBatches", "perGpuBytes", "usableBytes", "headroom", "headroomBytes",
        "tokensPerSecond", "hours", "gpuHours", "mfu", "boundBy", "purchaseUsd", "cardsUsd", "rentalUsdPerHour",
        "jobCostUsd", "energyKWh", "usersServed", "usersPerDollar", "ttftMs", "tpotMs", "reasons"};

    private static List<String> cells(RecommendationRow r) {
        PlanLayout l = r.layout();
        List<String> c = new ArrayList<>();
        c.add(r.hardwareName());
        c.add(r.hardwareId());
        c.add(r.kind().id());
        c.add(r.acquisition().id());
        c.add(String.valueOf(r.fits()));
        c.add(String.valueOf(r.gpusNeeded()));
        c.add(String.valueOf(r.nodes()));
        c.add(String.valueOf(r.gpusPerNode()));
        c.add(r.interconnect());
        c.add(r.network());
        c.add(r.sharding());
        c.add(String.valueOf(l.tp()));
        c.add(String.valueOf(l.pp()));
        c.add(String.valueOf(l.dp()));
        c.add(String.valueOf(l.zero()));
        c.add(l.recompute().name().toLowerCase(Locale.ROOT));
        c.add(String.valueOf(l.parallelism().sequenceParallel()));
        c.add(String.valueOf(l.microBatches()));
        c.add(String.valueOf(r.perGpuBytes()));
        c.add(String.valueOf(r.usableBytes()));
        c.add(String.format(Locale.ROOT, "%.4f", r.headroomFraction()));
        c.add(String.valueOf(r.headroomBytes()));
        c.add(opt(r.tokensPerSecond()));
        c.add(opt(r.hours()));
        c.add(opt(r.gpuHours()));
        c.add(opt(r.mfu()));
        c.add(r.boundBy() == null ? "" : r.boundBy().code());
        c.add(opt(r.purchaseUsd()));
        c.add(opt(r.cardsUsd()));
        c.add(opt(r.rentalUsdPerHour()));
        c.add(opt(r.jobCostUsd()));
        c.add(opt(r.energyKWh()));
        ServingFigures f = r.serving();
        c.add(f == null ? "" : String.valueOf(f.usersServed()));
        c.add(f == null ? "" : opt(f.usersPerDollar()));
        c.add(f == null ? "" : opt(f.ttftMs()));
        c.add(f == null ? "" : opt(f.tpotMs()));
        c.add(String.join(";", r.reasonCodes()));
        return c;
    }

    private static String opt(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    /**
     * The layout as JSON: parallel sizes (expert {@code ep} and context {@code cp} too), ZeRO stage, recomputation,
     * sequence parallelism, micro-batches per step, sequences per micro-batch ({@code null}: the workload's batch) and
     * the layers of each pipeline stage where they differ ({@code null}: equal stages).
     */
    static Map<String, Object> layoutJson(PlanLayout l) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("tp", l.tp());
        o.put("pp", l.pp());
        o.put("dp", l.dp());
        o.put("ep", l.parallelism().expertParallel());
        o.put("cp", l.parallelism().contextParallel());
        o.put("zero", l.zero());
        o.put("recompute", l.recompute().name().toLowerCase(Locale.ROOT));
        o.put("sequenceParallel", l.parallelism().sequenceParallel());
        o.put("microBatches", l.microBatches());
        o.put("microBatchSize", l.microBatchSize() > 0 ? l.microBatchSize() : null);
        o.put("stageLayers", l.stageLayers().isEmpty() ? null : l.stageLayers());
        return o;
    }

    private static Map<String, Object> json(ModelSpec m, Workload w, Recommendation rec) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("model", EstimateOutput.modelLabel(m));
        root.put("mode", w.mode().name().toLowerCase(Locale.ROOT));
        root.put("singleGpuPeakBytes", rec.singleGpuEstimate().peakBytes());
        root.put("optionsConsidered", rec.optionsConsidered());
        RankingOptions o = rec.options();
        root.put("tokenBudget", o.tokenBudget());
        root.put("deadlineDays", o.deadlineDays());
        root.put("globalBatchTokens", o.globalBatchTokens() > 0 ? o.globalBatchTokens() : null);
        root.put("sortedBy", o.sortKey().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        root.put("computeEfficiency", o.computeEfficiency());
        root.put("amortizationYears", o.amortizationYears());
        root.put("electricityUsdPerKWh", o.electricityUsdPerKWh());
        root.put("pue", o.pue());
        if (w.mode() == Mode.INFER) {
            root.put("tpotTargetMs", o.servingTargets().tpotTargetMs());
            root.put("ttftTargetMs", o.servingTargets().ttftTargetMs());
            root.put("maxRunningRequests", o.servingTargets().maxRunning() > 0 ? o.servingTargets().maxRunning()
                    : null);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RecommendationRow r : rec.rows()) {
            rows.add(rowJson(r));
        }
        root.put("rows", rows);
        return root;
    }

    /** One decision-table row as JSON: every field of {@code docs/decision-table.md}, unknown values as null. */
    static Map<String, Object> rowJson(RecommendationRow r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("hardware", r.hardwareName());
        row.put("hardwareId", r.hardwareId());
        row.put("kind", r.kind().id());
        row.put("acquisition", r.acquisition().id());
        row.put("vendor", r.vendor());
        row.put("formFactor", r.formFactor());
        row.put("fits", r.fits());
        row.put("verdict", r.verdict().id());
        row.put("gpusNeeded", r.gpusNeeded());
        row.put("units", r.units());
        row.put("nodes", r.nodes());
        row.put("gpusPerNode", r.gpusPerNode());
        row.put("interconnect", r.interconnect());
        row.put("network", r.network().isEmpty() ? null : r.network());
        row.put("replicas", r.replicas());
        row.put("sharding", r.sharding());
        row.put("layout", layoutJson(r.layout()));
        row.put("perGpuBytes", r.perGpuBytes());
        row.put("usableBytes", r.usableBytes());
        row.put("capacityBytes", r.capacityBytes());
        row.put("headroom", r.headroomFraction());
        row.put("headroomBytes", r.headroomBytes());
        row.put("tokensPerSecond", r.tokensPerSecond());
        row.put("hours", r.hours());
        row.put("gpuHours", r.gpuHours());
        row.put("mfu", r.mfu());
        row.put("boundBy", r.boundBy() == null ? null : r.boundBy().code());
        row.put("purchaseUsd", r.purchaseUsd());
        row.put("cardsUsd", r.cardsUsd());
        row.put("rentalUsdPerHour", r.rentalUsdPerHour());
        row.put("jobCostUsd", r.jobCostUsd());
        row.put("energyKWh", r.energyKWh());
        ServingFigures s = r.serving();
        if (s != null) {
            row.put("usersServed", s.usersServed());
            row.put("usersPerReplica", s.usersPerReplica());
            row.put("kvSequencesPerReplica", s.kvSequencesPerReplica());
            row.put("maxRunningPerReplica", s.runningCap());
            row.put("peakBytesAtLoad", s.peakBytesAtLoad());
            row.put("usdPerHour", s.usdPerHour());
            row.put("usersPerDollar", s.usersPerDollar());
            row.put("usersPerGpu", s.usersPerGpu());
            row.put("ttftMs", s.ttftMs() == null ? null : LatencyFigures.round(s.ttftMs()));
            row.put("tpotMs", LatencyFigures.round(s.tpotMs()));
        }
        row.put("reasons", r.reasonCodes());
        return row;
    }

    private static void printText(PrintWriter out, ModelSpec m, Workload w, Recommendation rec) {
        RankingOptions o = rec.options();
        out.printf(Locale.ROOT, "Model       %s%n", m.name());
        out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(m, w));
        out.printf(Locale.ROOT, "One GPU needs %s at its peak; token budget %s; deadline %s days; ranked by %s.%n",
                Quantities.gib(rec.singleGpuEstimate().peakBytes()), Quantities.compactCount(o.tokenBudget()),
                num(o.deadlineDays(), "%,.0f"), o.sortKey().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        out.printf(Locale.ROOT, "Bought: amortised over %s years plus energy at %s USD/kWh x PUE %s; rented: the "
                        + "hourly rate.%n%n", num(o.amortizationYears(), "%.1f"), num(o.electricityUsdPerKWh(), "%.3f"),
                num(o.pue(), "%.2f"));
        out.printf(Locale.ROOT, "%-5s %-4s %-36s %5s %-24s %10s %8s %10s %10s %5s %-16s %12s %12s %12s%n",
                "fit", "way", "hardware", "GPUs", "layout", "need/GPU", "headroom", "tokens/s", "time", "MFU",
                "bound by", "capital", "rent/hour", "job cost");
        for (RecommendationRow r : rec.rows()) {
            out.printf(Locale.ROOT, "%-5s %-4s %-36s %5d %-24s %10s %7.1f%% %10s %10s %5s %-16s %12s %12s %12s%n",
                    switch (r.verdict()) {
                        case FITS -> "yes";
                        case TIGHT -> "tight";
                        case DOES_NOT_FIT -> "no";
                    }, r.acquisition() == Acquisition.PURCHASE ? "buy" : "rent",
                    truncate(r.hardwareName(), 36), r.gpusNeeded(), truncate(r.sharding(), 24),
                    Quantities.gib(r.perGpuBytes()), 100 * r.headroomFraction(), num(r.tokensPerSecond(), "%,.0f"),
                    r.hours() == null ? "-" : duration(r.hours()),
                    r.mfu() == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * r.mfu()),
                    r.boundBy() == null ? "-" : r.boundBy().code(), MONEY.amount(r.purchaseUsd(), "-"),
                    MONEY.rate(r.rentalUsdPerHour(), "-"), MONEY.amount(r.jobCostUsd(), "-"));
            if (r.nodes() > 1) {
                out.printf(Locale.ROOT, "     %d machines of %d GPUs over %s%n", r.nodes(), r.gpusPerNode(),
                        r.network());
            }
            if (r.serving() != null) {
                ServingFigures f = r.serving();
                out.printf(Locale.ROOT, "     serves %s users (%s per copy, %s per GPU at that load), TPOT %.1f ms, TTFT %s,"
                                + " %s users per USD/hour%n",
                        Quantities.grouped(f.usersServed()), Quantities.grouped(f.usersPerReplica()),
                        Quantities.gib(f.peakBytesAtLoad()), f.tpotMs(),
                        f.ttftMs() == null ? "unknown" : String.format(Locale.ROOT, "%.0f ms", f.ttftMs()),
                        num(f.usersPerDollar(), "%,.2f"));
            }
            List<String> notes = notes(r);
            if (!notes.isEmpty()) {
                out.printf(Locale.ROOT, "     notes: %s%n", String.join(", ", notes));
            }
        }
        out.println();
        if (w.mode() == Mode.INFER) {
            ServingTargets t = o.servingTargets();
            out.printf(Locale.ROOT, "Users served: concurrent sequences per copy within TPOT %s and TTFT %s, the KV cache"
                    + " and %s, times the copies.%n", t.tpotMs() > 0 ? targetMs(t.tpotMs()) : "(no target)",
                    t.ttftMs() > 0 ? targetMs(t.ttftMs()) : "(no target)",
                    t.maxRunning() > 0 ? "at most " + t.maxRunning() + " running requests" : "the engine's request cap");
        }
        out.println("Memory in GiB (2^30 bytes). Speed, time and cost formulas: docs/decision-table.md.");
    }

    /**
     * The reason codes a reader of the text table needs beside the columns: every one except those the fit column
     * and the money columns already show (does-not-fit, no-price).
     */
    private static List<String> notes(RecommendationRow r) {
        List<String> notes = new ArrayList<>();
        for (Reason reason : r.reasons()) {
            if (reason != Reason.DOES_NOT_FIT && reason != Reason.NO_PRICE) {
                notes.add(reason.code());
            }
        }
        return notes;
    }

    /** A duration as every table shows it ({@link DurationText}): "38 s", "12 min", "3.5 h", "41 days". */
    static String duration(double hours) {
        return TIME.hours(hours);
    }

    /** A latency target as given, up to three decimals: "7.5 ms", "0.001 ms", "50 ms" (never rounded to "0 ms"). */
    static String targetMs(double ms) {
        return BigDecimal.valueOf(ms).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString() + " ms";
    }

    private static String num(Double v, String pattern) {
        return v == null ? "-" : String.format(Locale.ROOT, pattern, v);
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "~";
    }
}
