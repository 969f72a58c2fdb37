package com.vramadvisor.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.DomainRecommendation;
import com.vramadvisor.engine.ranking.DomainRow;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.engine.speed.SpeedRanges;
import com.vramadvisor.report.CsvReportWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code recommend --workload X} for the workload kinds beyond language models: the decision table as text, JSON or
 * CSV, with the language-model table's column names where they apply. Where the workload has a throughput model
 * (vision, MD with a pair potential, stencil grids, HPCG) rows carry items per second (images, time steps,
 * iterations), hours for the job and its cost; otherwise JSON gives them as {@code null} and text says so once.
 */
final class DomainRecommendOutput {

    private static final String[] COLUMNS = {"hardware", "hardwareId", "kind", "acquisition", "fits", "gpusNeeded",
        "gpusBought", "nodes", "gpusPerNode", "interconnect", "network", "perGpuBytes", "usableBytes", "headroom",
        "headroomBytes", "purchaseUsd", "cardsUsd", "rentalUsdPerHour", "itemsPerSecond", "hours", "jobCostUsd",
        "reasons"};

    private DomainRecommendOutput() {
    }

    static void print(PrintWriter out, OutputFormat fmt, DomainRecommendation rec) {
        switch (fmt) {
            case JSON -> {
                try {
                    out.println(EstimateOutput.json().writeValueAsString(json(rec)));
                } catch (JsonProcessingException e) {
                    throw new UncheckedIOException(e);
                }
            }
            case CSV -> {
                out.print(CsvReportWriter.record(List.of(COLUMNS)));
                for (DomainRow r : rec.rows()) {
                    out.print(CsvReportWriter.record(cells(r)));
                }
            }
            default -> printText(out, rec);
        }
        out.flush();
    }

    static Map<String, Object> json(DomainRecommendation rec) {
        SizedEstimate e = rec.estimate();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("workload", e.kind().id());
        root.put("subject", e.subject());
        root.put("singleGpuPeakBytes", e.peakBytes());
        root.put("peakPhase", e.peakPhase());
        root.put("spreadsOverGpus", rec.spreads());
        root.put("runsCopies", rec.copies());
        root.put("speedEstimated", rec.hasSpeed());
        root.put("job", rec.job() == null ? null : rec.job().description());
        root.put("jobItems", rec.job() == null ? null : rec.job().items());
        root.put("itemUnit", rec.itemUnit().isEmpty() ? null : rec.itemUnit());
        root.put("optionsConsidered", rec.optionsConsidered());
        root.put("optionsFitting", rec.optionsFitting());
        root.put("maxGpus", rec.options().maxGpus());
        root.put("sortedBy", rec.options().sortKey().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        root.put("bestPurchase", rec.bestPurchase() == null ? null : rec.bestPurchase().hardwareId());
        root.put("bestRental", rec.bestRental() == null ? null : rec.bestRental().hardwareId());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (DomainRow r : rec.rows()) {
            rows.add(rowJson(r, rec.options().speed().table(), rec.itemUnit()));
        }
        root.put("rows", rows);
        return root;
    }

    /**
     * One row as JSON, with the language-model row's names; speed, time and job cost are {@code null} where not
     * estimated. Speed is in items ({@code itemsPerSecond}); {@code tokensPerSecond} stays {@code null}. Image models'
     * speed, time and cost carry their ranges from {@code table}'s held-out residuals ({@code ...Range}).
     */
    static Map<String, Object> rowJson(DomainRow r, EfficiencyTable table, String itemUnit) {
        SpeedFigure group = SpeedRanges.items(itemUnit);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("hardware", r.hardwareName());
        row.put("hardwareId", r.hardwareId());
        row.put("kind", r.kind().id());
        row.put("acquisition", r.acquisition().id());
        row.put("vendor", r.vendor());
        row.put("formFactor", r.formFactor());
        row.put("fits", r.fits());
        row.put("verdict", r.verdict().id());
        row.put("gpusNeeded", r.gpusNeeded() == 0 ? null : r.gpusNeeded());
        row.put("gpusBought", r.gpusBought());
        row.put("units", r.units());
        row.put("nodes", r.nodes());
        row.put("gpusPerNode", r.gpusPerNode());
        row.put("interconnect", r.interconnect());
        row.put("network", r.network().isEmpty() ? null : r.network());
        row.put("perGpuBytes", r.perGpuBytes());
        row.put("usableBytes", r.usableBytes());
        row.put("capacityBytes", r.usableBytes());
        row.put("headroom", r.headroomFraction());
        row.put("headroomBytes", r.headroomBytes());
        row.put("tokensPerSecond", null);
        row.put("itemsPerSecond", r.itemsPerSecond());
        row.put("itemsPerSecondRange", RecommendCommand.range(SpeedRanges.rateOrNull(table, group,
                r.itemsPerSecond())));
        row.put("stepSeconds", r.stepSeconds());
        row.put("bound", r.bound().isEmpty() ? null : r.bound());
        row.put("hours", r.hours());
        row.put("hoursRange", RecommendCommand.range(SpeedRanges.timeOrNull(table, group, r.hours())));
        row.put("purchaseUsd", r.purchaseUsd());
        row.put("cardsUsd", r.cardsUsd());
        row.put("rentalUsdPerHour", r.rentalUsdPerHour());
        row.put("jobCostUsd", r.jobCostUsd());
        row.put("jobCostUsdRange", RecommendCommand.range(SpeedRanges.timeOrNull(table, group, r.jobCostUsd())));
        row.put("energyKWh", r.energyKWh());
        row.put("reasons", r.reasonCodes());
        return row;
    }

    private static List<String> cells(DomainRow r) {
        List<String> c = new ArrayList<>();
        c.add(r.hardwareName());
        c.add(r.hardwareId());
        c.add(r.kind().id());
        c.add(r.acquisition().id());
        c.add(String.valueOf(r.fits()));
        c.add(r.gpusNeeded() == 0 ? "" : String.valueOf(r.gpusNeeded()));
        c.add(String.valueOf(r.gpusBought()));
        c.add(String.valueOf(r.nodes()));
        c.add(String.valueOf(r.gpusPerNode()));
        c.add(r.interconnect());
        c.add(r.network());
        c.add(String.valueOf(r.perGpuBytes()));
        c.add(String.valueOf(r.usableBytes()));
        c.add(String.format(Locale.ROOT, "%.4f", r.headroomFraction()));
        c.add(String.valueOf(r.headroomBytes()));
        c.add(opt(r.purchaseUsd()));
        c.add(opt(r.cardsUsd()));
        c.add(opt(r.rentalUsdPerHour()));
        c.add(opt(r.itemsPerSecond()));
        c.add(opt(r.hours()));
        c.add(opt(r.jobCostUsd()));
        c.add(String.join(";", r.reasonCodes()));
        return c;
    }

    private static void printText(PrintWriter out, DomainRecommendation rec) {
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
            out.printf(Locale.ROOT, "Job: %s, within %.0f days. Ranked by fit, then the deadline, then the job's cost"
                    + " (bought: the capital's share over %.0f years plus electricity; rented: rent x hours; bought"
                    + " and rented never against each other), then headroom.%n", rec.job().description(),
                    rec.options().deadlineDays(), rec.options().amortizationYears());
        } else {
            out.println("Speed and time are not estimated for this workload: ranked by fit, then cost (capital to"
                    + " buy, rent per hour; never against each other), then headroom.");
        }
        out.printf(Locale.ROOT, "%d of %d options fit.%s%s%n%n", rec.optionsFitting(), rec.optionsConsidered(),
                best(" Best to buy: ", rec.bestPurchase()), best(" Best to rent: ", rec.bestRental()));
        String speedHeads = rec.hasSpeed() ? String.format(Locale.ROOT, " %12s %10s %11s", shortUnit(rec) + "/s",
                "time", "job cost") : "";
        out.printf(Locale.ROOT, "%-4s %-4s %-36s %5s %10s %9s %12s %12s%s%n", "fit", "way", "hardware", "GPUs",
                "need/GPU", "headroom", "capital", "rent/hour", speedHeads);
        for (DomainRow r : rec.rows()) {
            String speed = rec.hasSpeed() ? String.format(Locale.ROOT, " %12s %10s %11s",
                    num(r.itemsPerSecond(), "%,.1f"), RecommendCommand.TIME.hours(r.hours(), "-"),
                    RecommendCommand.MONEY.amount(r.jobCostUsd(), "-")) : "";
            out.printf(Locale.ROOT, "%-4s %-4s %-36s %5s %10s %9s %12s %12s%s%n", r.fits() ? "yes" : "no",
                    r.acquisition() == Acquisition.PURCHASE ? "buy" : "rent", truncate(r.hardwareName(), 36),
                    r.gpusNeeded() == 0 ? "-" : String.valueOf(r.gpusNeeded()), Quantities.gib(r.perGpuBytes()),
                    r.fits() ? String.format(Locale.ROOT, "%.1f%%", 100 * r.headroomFraction()) : "-",
                    RecommendCommand.MONEY.amount(r.purchaseUsd(), "-"),
                    RecommendCommand.MONEY.rate(r.rentalUsdPerHour(), "-"), speed);
            if (r.nodes() > 1) {
                out.printf(Locale.ROOT, "     %d machines of %d GPUs over %s%n", r.nodes(), r.gpusPerNode(),
                        r.network());
            }
            List<String> notes = new ArrayList<>();
            for (Reason reason : r.reasons()) {
                if (reason != Reason.DOES_NOT_FIT && reason != Reason.NO_PRICE) {
                    notes.add(reason.code());
                }
            }
            if (!notes.isEmpty()) {
                out.printf(Locale.ROOT, "     notes: %s%n", String.join(", ", notes));
            }
        }
        out.println();
        out.println("Memory in GiB (2^30 bytes); headroom is the share of usable memory left. Formulas: "
                + "docs/decision-table.md.");
    }

    /** "images", "steps", "iterations": the unit's first word, short enough for a column head. */
    private static String shortUnit(DomainRecommendation rec) {
        String u = rec.itemUnit();
        return u.startsWith("time ") ? "steps" : u;
    }

    private static String best(String label, DomainRow r) {
        if (r == null) {
            return "";
        }
        String money = r.jobCostUsd() != null ? RecommendCommand.MONEY.amount(r.jobCostUsd()) + " for the job"
                : r.acquisition() == Acquisition.PURCHASE ? RecommendCommand.MONEY.amount(r.purchaseUsd(), "-")
                : RecommendCommand.MONEY.rate(r.rentalUsdPerHour(), "-") + " an hour";
        return label + r.hardwareName() + " (" + money + ").";
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
