package com.vramadvisor.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.money.OwnershipTerms;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.MoneyVerdict;
import com.vramadvisor.engine.ranking.NothingFits;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.RowMoney;
import com.vramadvisor.engine.ranking.RowRanges;
import com.vramadvisor.engine.ranking.ServingFigures;
import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.engine.speed.SpeedRange;
import com.vramadvisor.report.CsvReportWriter;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code recommend}'s output for every workload kind: the decision table as text, JSON or CSV, one row schema
 * ({@link #rowJson}) whatever the kind. Fields a kind cannot have (a layout beyond language models, a speed for a
 * rendering scene) are {@code null} in JSON and empty in CSV; text leaves their columns out.
 */
final class DecisionOutput {

    private static final String[] COLUMNS = {"hardware", "hardwareId", "kind", "acquisition", "fits", "verdict",
        "gpusNeeded", "gpusBought", "nodes", "gpusPerNode", "interconnect", "network", "layout", "tp", "pp", "dp",
        "zero", "recompute", "sequenceParallel", "microBatches", "perGpuBytes", "usableBytes", "headroom",
        "headroomBytes", "itemsPerSecond", "itemUnit", "hours", "gpuHours", "mfu", "boundBy", "capitalUsd", "cardsUsd",
        "rentalUsdPerHour", "jobCostUsd", "energyKWh", "usersServed", "usersPerDollar", "ttftMs", "tpotMs",
        "reasons"};

    /** What the table is about, for the lines above it: a language model and its workload, or another kind. */
    record Subject(ModelSpec model, Workload workload) {
        static final Subject OTHER = new Subject(null, null);
    }

    private DecisionOutput() {
    }

    static void print(PrintWriter out, OutputFormat fmt, Subject subject, Recommendation rec) {
        switch (fmt) {
            case JSON -> {
                try {
                    out.println(EstimateOutput.json().writeValueAsString(json(subject, rec)));
                } catch (JsonProcessingException e) {
                    throw new UncheckedIOException(e);
                }
            }
            case CSV -> {
                out.print(CsvReportWriter.record(List.of(COLUMNS)));
                for (RecommendationRow r : rec.rows()) {
                    out.print(CsvReportWriter.record(cells(r)));
                }
            }
            default -> printText(out, subject, rec);
        }
        out.flush();
    }

    static Map<String, Object> json(Subject subject, Recommendation rec) {
        Map<String, Object> root = new LinkedHashMap<>();
        RankingOptions o = rec.options();
        root.put("workload", rec.kind().id());
        if (rec.kind() == WorkloadKind.LLM) {
            root.put("model", EstimateOutput.modelLabel(subject.model()));
            root.put("mode", subject.workload().mode().name().toLowerCase(Locale.ROOT));
        } else {
            SizedEstimate e = rec.estimate();
            root.put("subject", e.subject());
            root.put("peakPhase", e.peakPhase());
        }
        root.put("singleGpuPeakBytes", rec.singleGpuPeakBytes());
        root.put("spreadsOverGpus", rec.spreads());
        root.put("runsCopies", rec.copies());
        root.put("speedEstimated", rec.hasSpeed());
        if (rec.kind() == WorkloadKind.LLM) {
            root.put("job", null);
            root.put("jobItems", o.tokenBudget());
        } else {
            root.put("job", rec.job() == null ? null : rec.job().description());
            root.put("jobItems", rec.job() == null ? null : rec.job().items());
        }
        root.put("itemUnit", rec.itemUnit().isEmpty() ? null : rec.itemUnit());
        root.put("optionsConsidered", rec.optionsConsidered());
        root.put("optionsFitting", rec.optionsFitting());
        root.put("optionsUnsupported", rec.optionsUnsupported());
        root.put("nothingFits", nothingFitsJson(rec.nothingFits()));
        root.put("maxGpus", o.maxGpus());
        root.put("tokenBudget", rec.kind() == WorkloadKind.LLM ? o.tokenBudget() : null);
        root.put("deadlineDays", o.deadlineDays());
        root.put("globalBatchTokens", o.globalBatchTokens() > 0 ? o.globalBatchTokens() : null);
        root.put("sortedBy", o.sortKey().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        root.put("computeEfficiency", o.speed().computeOverride());
        root.put("bandwidthEfficiency", o.speed().bandwidthOverride());
        Map<String, Object> usage = new LinkedHashMap<>();
        usage.put("jobOnly", o.usage().jobOnly());
        usage.put("utilization", o.usage().jobOnly() ? null : o.usage().utilization());
        usage.put("years", o.usage().jobOnly() ? null : o.usage().years());
        root.put("usage", usage);
        root.put("breakEvenYears", o.breakEvenYears());
        OwnershipTerms terms = rec.ownership();
        root.put("electricityUsdPerKWh", terms.electricityUsdPerKWh());
        root.put("pue", terms.pue());
        root.put("colocationUsdPerKwMonth", terms.colocationUsdPerKwMonth());
        root.put("sellingCostFraction", terms.sellingCostFraction());
        if (subject.workload() != null && subject.workload().mode() == Mode.INFER) {
            root.put("tpotTargetMs", o.servingTargets().tpotTargetMs());
            root.put("ttftTargetMs", o.servingTargets().ttftTargetMs());
            root.put("maxRunningRequests", o.servingTargets().maxRunning() > 0 ? o.servingTargets().maxRunning()
                    : null);
            root.put("latencyPercentile", o.servingTargets().percentile());
        }
        root.put("bestPurchase", rec.bestPurchase() == null ? null : rec.bestPurchase().hardwareId());
        root.put("bestRental", rec.bestRental() == null ? null : rec.bestRental().hardwareId());
        MoneyVerdict v = rec.verdict();
        Map<String, Object> verdict = new LinkedHashMap<>();
        verdict.put("cheaper", v.cheaper() == null ? null : v.cheaper().id());
        verdict.put("breakEvenUtilization", v.breakEvenUtilization());
        verdict.put("years", v.years());
        verdict.put("sentence", MoneyWords.verdict(rec));
        root.put("verdict", verdict);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RecommendationRow r : rec.rows()) {
            rows.add(rowJson(r));
        }
        root.put("rows", rows);
        return root;
    }

    /**
     * A range as JSON, {@code {low, high}}, or {@code null} (docs/verifying.md: the 10th to 90th percentile of the
     * held-out errors of the figure's group).
     */
    static Map<String, Object> range(SpeedRange r) {
        if (r == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("low", r.low());
        m.put("high", r.high());
        return m;
    }

    /**
     * When no option fits: the sentence the text output starts with, the nearest option, its need over its capacity
     * and the changes to try; {@code null} when one fits.
     */
    private static Map<String, Object> nothingFitsJson(NothingFits n) {
        if (n == null) {
            return null;
        }
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("sentence", n.sentence());
        o.put("nearest", n.nearest() == null ? null : n.nearest().hardwareId());
        o.put("nearestKind", n.nearest() == null ? null : n.nearest().kind().id());
        o.put("needOverCapacity", n.nearest() == null ? null : n.needOverCapacity());
        o.put("changes", n.changes().stream().map(NothingFits.Change::code).toList());
        return o;
    }

    /**
     * One decision-table row as JSON, the same fields for every workload kind ({@code docs/decision-table.md});
     * unknown values and fields the kind does not have are {@code null}. Every speed, time and cost figure has its
     * range beside it ({@code ...Range}: {@code {low, high}} from the held-out measurements, {@link RowRanges}).
     */
    static Map<String, Object> rowJson(RecommendationRow r) {
        RowRanges g = r.ranges();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("hardware", r.hardwareName());
        row.put("hardwareId", r.hardwareId());
        row.put("kind", r.kind().id());
        row.put("acquisition", r.acquisition().id());
        row.put("vendor", r.vendor());
        row.put("formFactor", r.formFactor());
        row.put("fits", r.fits());
        row.put("verdict", r.verdict().id());
        // A workload that does not spread and does not fit: no count of GPUs holds it.
        row.put("gpusNeeded", r.gpusNeeded() == 0 ? null : r.gpusNeeded());
        row.put("gpusBought", r.gpusBought());
        row.put("units", r.units());
        row.put("nodes", r.nodes());
        row.put("gpusPerNode", r.gpusPerNode());
        row.put("interconnect", r.interconnect());
        row.put("network", r.network().isEmpty() ? null : r.network());
        row.put("replicas", r.replicas());
        row.put("sharding", r.layout() == null ? null : r.sharding());
        row.put("layout", r.layout() == null ? null : layoutJson(r.layout()));
        row.put("perGpuBytes", r.perGpuBytes());
        row.put("usableBytes", r.usableBytes());
        row.put("capacityBytes", r.capacityBytes());
        row.put("headroom", r.headroomFraction());
        row.put("headroomBytes", r.headroomBytes());
        row.put("itemsPerSecond", r.itemsPerSecond());
        row.put("itemsPerSecondRange", range(g.itemsPerSecond()));
        row.put("itemUnit", r.itemUnit().isEmpty() ? null : r.itemUnit());
        row.put("tokensPerSecond", r.tokensPerSecond());
        row.put("tokensPerSecondRange", r.tokensPerSecond() == null ? null : range(g.itemsPerSecond()));
        row.put("stepSeconds", r.stepSeconds());
        row.put("hours", r.hours());
        row.put("hoursRange", range(g.hours()));
        row.put("gpuHours", r.gpuHours());
        row.put("gpuHoursRange", range(g.gpuHours()));
        row.put("mfu", r.mfu());
        row.put("mfuRange", range(g.mfu()));
        row.put("boundBy", r.boundBy() == null ? null : r.boundBy().code());
        row.put("itemsPerWattHour", r.itemsPerWattHour());
        row.put("market", r.market().isEmpty() ? null : r.market());
        row.put("provider", r.provider().isEmpty() ? null : r.provider());
        row.put("priceDate", r.priceDate().isEmpty() ? null : r.priceDate());
        RowMoney m = r.money();
        row.put("capitalUsd", m.capitalUsd());
        row.put("cardsUsd", m.cardsUsd());
        row.put("rentalUsdPerHour", m.rentalUsdPerHour());
        row.put("jobCostUsd", m.jobCostUsd());
        row.put("jobCostUsdRange", range(g.jobCostUsd()));
        row.put("energyKWh", m.energyKWh());
        row.put("powerWatts", m.powerWatts());
        row.put("resaleUsd", m.resaleUsd());
        row.put("hostingUsd", m.hostingUsd());
        row.put("breakEvenUtilization", m.breakEvenUtilization());
        row.put("breakEvenMonths", m.breakEvenMonths());
        row.put("equalWorkRentUsdPerHour", m.equalWorkRentUsdPerHour());
        ServingFigures s = r.serving();
        row.put("usersServed", s == null ? null : s.usersServed());
        row.put("usersPerReplica", s == null ? null : s.usersPerReplica());
        row.put("kvSequencesPerReplica", s == null ? null : s.kvSequencesPerReplica());
        row.put("maxRunningPerReplica", s == null ? null : s.runningCap());
        row.put("peakBytesAtLoad", s == null ? null : s.peakBytesAtLoad());
        row.put("usdPerHour", s == null ? null : s.usdPerHour());
        row.put("usersPerDollar", s == null ? null : s.usersPerDollar());
        row.put("usersPerGpu", s == null ? null : s.usersPerGpu());
        row.put("ttftMs", s == null || s.ttftMs() == null ? null : LatencyFigures.round(s.ttftMs()));
        row.put("ttftMsRange", range(g.ttftMs()));
        row.put("tpotMs", s == null ? null : LatencyFigures.round(s.tpotMs()));
        row.put("tpotMsRange", range(g.tpotMs()));
        row.put("reasons", r.reasonCodes());
        return row;
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

    private static List<String> cells(RecommendationRow r) {
        PlanLayout l = r.layout();
        List<String> c = new ArrayList<>();
        c.add(r.hardwareName());
        c.add(r.hardwareId());
        c.add(r.kind().id());
        c.add(r.acquisition().id());
        c.add(String.valueOf(r.fits()));
        c.add(r.verdict().id());
        c.add(String.valueOf(r.gpusNeeded()));
        c.add(String.valueOf(r.gpusBought()));
        c.add(String.valueOf(r.nodes()));
        c.add(String.valueOf(r.gpusPerNode()));
        c.add(r.interconnect());
        c.add(r.network());
        c.add(l == null ? "" : r.sharding());
        c.add(l == null ? "" : String.valueOf(l.tp()));
        c.add(l == null ? "" : String.valueOf(l.pp()));
        c.add(l == null ? "" : String.valueOf(l.dp()));
        c.add(l == null ? "" : String.valueOf(l.zero()));
        c.add(l == null ? "" : l.recompute().name().toLowerCase(Locale.ROOT));
        c.add(l == null ? "" : String.valueOf(l.parallelism().sequenceParallel()));
        c.add(l == null ? "" : String.valueOf(l.microBatches()));
        c.add(String.valueOf(r.perGpuBytes()));
        c.add(String.valueOf(r.usableBytes()));
        c.add(String.format(Locale.ROOT, "%.4f", r.headroomFraction()));
        c.add(String.valueOf(r.headroomBytes()));
        c.add(opt(r.itemsPerSecond()));
        c.add(r.itemUnit());
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

    private static void printText(PrintWriter out, Subject subject, Recommendation rec) {
        RankingOptions o = rec.options();
        boolean llm = rec.kind() == WorkloadKind.LLM;
        if (rec.nothingFits() != null) {
            out.println(rec.nothingFits().sentence());
        }
        if (llm) {
            out.printf(Locale.ROOT, "Model       %s%n", subject.model().name());
            out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(subject.model(), subject.workload()));
            out.printf(Locale.ROOT, "One GPU needs %s at its peak; token budget %s; deadline %s days; ranked by %s.%n",
                    Quantities.gib(rec.singleGpuPeakBytes()), Quantities.compactCount(o.tokenBudget()),
                    num(o.deadlineDays(), "%,.0f"), o.sortKey().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        } else {
            SizedEstimate e = rec.estimate();
            out.printf(Locale.ROOT, "Workload    %s: %s%n", e.kind().id(), e.subject());
            out.printf(Locale.ROOT, "One GPU needs %s at its peak, reached at %s.%n", Quantities.gib(e.peakBytes()),
                    e.peakPhase());
            out.println(rec.spreads()
                    ? "It spreads over several GPUs: each option takes the fewest GPUs that hold it, in whole machines."
                    : rec.copies()
                    ? "It does not spread: every GPU holds a whole copy; more GPUs run copies side by side, for speed."
                    : "It does not spread: one GPU must hold it all; more GPUs do not pool their memory.");
            if (rec.hasSpeed()) {
                out.printf(Locale.ROOT, "Job: %s, within %.0f days.%n", rec.job().description(), o.deadlineDays());
            } else {
                out.println("Speed and time are not estimated for this workload: ranked by fit, then what each option"
                        + " costs (capital to buy, rent per hour; never against each other), then headroom.");
            }
        }
        if (rec.hasSpeed()) {
            out.println(MoneyWords.terms(rec));
        }
        out.printf(Locale.ROOT, "%d of %d options fit.%s%s%s%n", rec.optionsFitting(), rec.optionsConsidered(),
                best(" Best to buy: ", rec.bestPurchase()), best(" Best to rent: ", rec.bestRental()),
                unsupported(rec));
        String verdict = MoneyWords.verdict(rec);
        if (!verdict.isEmpty()) {
            out.println(verdict);
        }
        out.println();
        boolean layouts = llm;
        boolean mfu = rec.rows().stream().anyMatch(r -> r.mfu() != null);
        String unit = llm ? "tokens" : shortUnit(rec.itemUnit());
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-5s %-4s %-36s %5s ", "fit", "way",
                "hardware", "GPUs"));
        if (layouts) {
            head.append(String.format(Locale.ROOT, "%-24s ", "layout"));
        }
        head.append(String.format(Locale.ROOT, "%10s %8s", "need/GPU", "headroom"));
        if (rec.hasSpeed()) {
            head.append(String.format(Locale.ROOT, " %12s %10s", unit + "/s", "time"));
            if (mfu) {
                head.append(String.format(Locale.ROOT, " %5s", "MFU"));
            }
            head.append(String.format(Locale.ROOT, " %-16s", "bound by"));
        }
        head.append(String.format(Locale.ROOT, " %12s %12s", "capital", "rent/hour"));
        if (rec.hasSpeed()) {
            head.append(String.format(Locale.ROOT, " %12s %9s", "job cost", "pays off"));
        }
        if (!rec.rows().isEmpty()) {
            out.println(head);
        }
        for (RecommendationRow r : rec.rows()) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-5s %-4s %-36s %5s ",
                    switch (r.verdict()) {
                        case FITS -> "yes";
                        case TIGHT -> "tight";
                        case DOES_NOT_FIT -> "no";
                    }, r.acquisition() == Acquisition.PURCHASE ? "buy" : "rent", truncate(r.hardwareName(), 36),
                    r.gpusNeeded() == 0 ? "-" : String.valueOf(r.gpusNeeded())));
            if (layouts) {
                line.append(String.format(Locale.ROOT, "%-24s ", truncate(r.sharding(), 24)));
            }
            line.append(String.format(Locale.ROOT, "%10s %8s", Quantities.gib(r.perGpuBytes()),
                    r.fits() || llm ? String.format(Locale.ROOT, "%.1f%%", 100 * r.headroomFraction()) : "-"));
            if (rec.hasSpeed()) {
                line.append(String.format(Locale.ROOT, " %12s %10s", num(r.itemsPerSecond(), llm ? "%,.0f" : "%,.1f"),
                        r.hours() == null ? "-" : RecommendCommand.duration(r.hours())));
                if (mfu) {
                    line.append(String.format(Locale.ROOT, " %5s",
                            r.mfu() == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * r.mfu())));
                }
                line.append(String.format(Locale.ROOT, " %-16s", r.boundBy() == null ? "-" : r.boundBy().code()));
            }
            line.append(String.format(Locale.ROOT, " %12s %12s", RecommendCommand.MONEY.amount(r.purchaseUsd(), "-"),
                    RecommendCommand.MONEY.rate(r.rentalUsdPerHour(), "-")));
            if (rec.hasSpeed()) {
                line.append(String.format(Locale.ROOT, " %12s %9s", RecommendCommand.MONEY.amount(r.jobCostUsd(), "-"),
                        MoneyWords.paysOff(r)));
            }
            out.println(line);
            if (r.nodes() > 1) {
                out.printf(Locale.ROOT, "     %d machines of %d GPUs over %s%n", r.nodes(), r.gpusPerNode(),
                        r.network());
            }
            if (r.serving() != null) {
                ServingFigures f = r.serving();
                out.printf(Locale.ROOT, "     serves %s users (%s per copy, %s per GPU at that load), TPOT %.1f ms,"
                                + " TTFT %s, %s users per USD/hour%n",
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
        if (subject.workload() != null && subject.workload().mode() == Mode.INFER) {
            ServingTargets t = o.servingTargets();
            out.printf(Locale.ROOT, "Users served: concurrent sequences per copy within TPOT %s and TTFT %s, the KV"
                            + " cache and %s, times the copies.%n",
                    t.tpotMs() > 0 ? RecommendCommand.targetMs(t.tpotMs()) : "(no target)",
                    t.ttftMs() > 0 ? RecommendCommand.targetMs(t.ttftMs()) : "(no target)",
                    t.maxRunning() > 0 ? "at most " + t.maxRunning() + " running requests" : "the engine's request cap");
        }
        out.println(llm ? "Memory in GiB (2^30 bytes). Speed, time and cost formulas: docs/decision-table.md."
                : "Memory in GiB (2^30 bytes); headroom is the share of usable memory left. Formulas: "
                + "docs/decision-table.md.");
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

    /** How many options no software runs the workload on, and whether the table shows them. */
    private static String unsupported(Recommendation rec) {
        int n = rec.optionsUnsupported();
        if (n == 0) {
            return "";
        }
        return rec.options().showUnsupported()
                ? String.format(Locale.ROOT, " %d of them no software runs as laid out; listed with the reason.", n)
                : String.format(Locale.ROOT, " %d left out that no software runs as laid out (--show-unsupported lists"
                + " them).", n);
    }

    private static String best(String label, RecommendationRow r) {
        if (r == null) {
            return "";
        }
        String money = r.jobCostUsd() != null ? RecommendCommand.MONEY.amount(r.jobCostUsd()) + " for the job"
                : r.acquisition() == Acquisition.PURCHASE ? RecommendCommand.MONEY.amount(r.purchaseUsd(), "-")
                : RecommendCommand.MONEY.rate(r.rentalUsdPerHour(), "-") + " an hour";
        return label + r.hardwareName() + " (" + money + ").";
    }

    /** "images", "steps", "iterations": the unit's first word, short enough for a column head. */
    private static String shortUnit(String unit) {
        return unit.startsWith("time ") ? "steps" : unit;
    }

    private static String opt(Double v) {
        return v == null ? "" : String.format(Locale.ROOT, "%.4f", v);
    }

    private static String num(Double v, String pattern) {
        return v == null ? "-" : String.format(Locale.ROOT, pattern, v);
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "~";
    }
}
