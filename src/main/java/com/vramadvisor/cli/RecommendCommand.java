package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.SortKey;
import com.vramadvisor.report.CsvReportWriter;
import java.io.PrintWriter;
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

    @Option(names = "--budget-usd", paramLabel = "USD", description = "Only options whose cost is within this.")
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

    @Option(names = "--mfu", paramLabel = "F", description = "Model-FLOPs utilisation for speed (default 0.40).")
    Double mfu;

    @Option(names = "--sort", paramLabel = "KEY",
            description = "Sort column: cost-usd, hours, tokens-per-second, headroom-fraction, gpus-needed, ...")
    String sort;

    @Option(names = "--desc", description = "Sort descending.")
    boolean descending;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text, json or csv (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON, OutputFormat.CSV);
        PrintWriter err = spec.commandLine().getErr();
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        // The ranking skips layouts it cannot run; a layout the user asked for must be runnable, or it is bad input.
        new MemoryEstimator().peakBytes(m, w);
        Catalog c = args.catalog.catalog(err);
        Recommendation rec = new Recommender(new MemoryEstimator()::estimate)
                .recommend(m, w, c.gpus(), c.systems(), c.cloudOffers(), options(resolved));
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

    /** The ranking: a scenario file's token budget and GPU limit unless the flags give them, then the flags. */
    private RankingOptions options(ModelResolver.Resolved resolved) {
        RankingOptions.Builder b = limits.builder(resolved);
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
        if (mfu != null) {
            if (!(mfu > 0 && mfu <= 1)) {
                throw new CliInputException("--mfu must be above 0 and at most 1, got " + mfu);
            }
            b.mfu(mfu);
        }
        if (sort != null) {
            b.sortKey(SortKey.parse(sort));
        }
        if (descending) {
            b.descending(true);
        }
        if (fitsOnly) {
            b.fitsOnly(true);
        }
        return b.build();
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

    private static final String[] COLUMNS = {"hardware", "hardwareId", "kind", "fits", "gpusNeeded", "sharding",
        "perGpuBytes", "usableBytes", "headroom", "headroomBytes", "tokensPerSecond", "hours", "priceUsd", "costUsd",
        "energyKWh", "reasons"};

    private static List<String> cells(RecommendationRow r) {
        List<String> c = new ArrayList<>();
        c.add(r.hardwareName());
        c.add(r.hardwareId());
        c.add(r.kind().id());
        c.add(String.valueOf(r.fits()));
        c.add(String.valueOf(r.gpusNeeded()));
        c.add(r.sharding());
        c.add(String.valueOf(r.perGpuBytes()));
        c.add(String.valueOf(r.usableBytes()));
        c.add(String.format(Locale.ROOT, "%.4f", r.headroomFraction()));
        c.add(String.valueOf(r.headroomBytes()));
        c.add(opt(r.tokensPerSecond()));
        c.add(opt(r.hours()));
        c.add(opt(r.priceUsd()));
        c.add(opt(r.costUsd()));
        c.add(opt(r.energyKWh()));
        c.add(String.join(";", r.reasonCodes()));
        return c;
    }

    private static String opt(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static Map<String, Object> json(ModelSpec m, Workload w, Recommendation rec) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("model", EstimateOutput.modelLabel(m));
        root.put("mode", w.mode().name().toLowerCase(Locale.ROOT));
        root.put("singleGpuPeakBytes", rec.singleGpuEstimate().peakBytes());
        root.put("optionsConsidered", rec.optionsConsidered());
        root.put("tokenBudget", rec.options().tokenBudget());
        root.put("mfu", rec.options().mfu());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RecommendationRow r : rec.rows()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("hardware", r.hardwareName());
            o.put("hardwareId", r.hardwareId());
            o.put("kind", r.kind().id());
            o.put("vendor", r.vendor());
            o.put("formFactor", r.formFactor());
            o.put("fits", r.fits());
            o.put("gpusNeeded", r.gpusNeeded());
            o.put("units", r.units());
            o.put("sharding", r.sharding());
            o.put("perGpuBytes", r.perGpuBytes());
            o.put("usableBytes", r.usableBytes());
            o.put("capacityBytes", r.capacityBytes());
            o.put("headroom", r.headroomFraction());
            o.put("headroomBytes", r.headroomBytes());
            o.put("tokensPerSecond", r.tokensPerSecond());
            o.put("hours", r.hours());
            o.put("priceUsd", r.priceUsd());
            o.put("costUsd", r.costUsd());
            o.put("energyKWh", r.energyKWh());
            o.put("reasons", r.reasonCodes());
            rows.add(o);
        }
        root.put("rows", rows);
        return root;
    }

    private static void printText(PrintWriter out, ModelSpec m, Workload w, Recommendation rec) {
        out.printf(Locale.ROOT, "Model       %s%n", m.name());
        out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(w));
        out.printf(Locale.ROOT, "One GPU needs %s at its peak; token budget %s; MFU %.2f.%n%n",
                Quantities.gib(rec.singleGpuEstimate().peakBytes()),
                Quantities.compactCount(rec.options().tokenBudget()), rec.options().mfu());
        out.printf(Locale.ROOT, "%-4s %-40s %-9s %5s %-16s %12s %12s %9s %12s %10s %12s%n", "fit", "hardware", "kind",
                "GPUs", "sharding", "need/GPU", "usable/GPU", "headroom", "tokens/s", "hours", "cost USD");
        for (RecommendationRow r : rec.rows()) {
            out.printf(Locale.ROOT, "%-4s %-40s %-9s %5d %-16s %12s %12s %8.1f%% %12s %10s %12s%n",
                    r.fits() ? "yes" : "no", truncate(r.hardwareName(), 40), r.kind().id(), r.gpusNeeded(),
                    truncate(r.sharding(), 16), Quantities.gib(r.perGpuBytes()), Quantities.gib(r.usableBytes()),
                    100 * r.headroomFraction(), num(r.tokensPerSecond(), "%,.0f"), num(r.hours(), "%,.1f"),
                    num(r.costUsd(), "%,.0f"));
        }
        out.println();
        out.println("Memory in GiB (2^30 bytes). Speed, time and cost formulas: docs/decision-table.md.");
    }

    private static String num(Double v, String pattern) {
        return v == null ? "-" : String.format(Locale.ROOT, pattern, v);
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "~";
    }
}
