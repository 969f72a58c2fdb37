package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;

import com.vramadvisor.engine.ranking.DomainRecommendation;
import com.vramadvisor.engine.ranking.DomainRow;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.report.ReportModel.Column;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.DecisionTable;
import com.vramadvisor.report.ReportModel.DecisionValues;

/**
 * The decision table of a report on a workload beyond language models: fit, GPUs, memory, headroom and money, in
 * the ranking's order, and the time and cost of the job where the workload has a throughput model; otherwise those
 * columns say "not estimated" on every row.
 */
final class DomainReportDecisions {

    private static final String[] COLUMNS = {"hardware", "acquisition", "fits", "gpus", "perGpu", "headroom", "time",
        "capital", "rent", "jobCost"};
    private static final boolean[] NUMERIC = {false, false, false, true, true, true, false, true, true, true};

    private final ReportText text;

    DomainReportDecisions(ReportText text) {
        this.text = text;
    }

    DecisionTable of(DomainRecommendation rec) {
        if (rec == null || rec.rows().isEmpty()) {
            return DecisionTable.empty();
        }
        List<Column> columns = new ArrayList<>();
        // The job-cost column only where there is a speed: without one it would say "not estimated" on every row.
        int shown = rec.hasSpeed() ? COLUMNS.length : COLUMNS.length - 1;
        for (int i = 0; i < shown; i++) {
            columns.add(new Column(COLUMNS[i], text.get("decision." + COLUMNS[i]), NUMERIC[i]));
        }
        List<DecisionRow> rows = new ArrayList<>();
        for (DomainRow r : rec.rows()) {
            List<String> cells = cells(r, rec.hasSpeed());
            rows.add(new DecisionRow(cells.subList(0, shown), values(r)));
        }
        return new DecisionTable(columns, rows, notes(rec));
    }

    private List<String> cells(DomainRow r, boolean timed) {
        String fits = !r.fits() ? text.get("table.no")
                : r.reasons().contains(Reason.TIGHT_FIT) ? text.get("decision.fits.tight") : text.get("table.yes");
        boolean cards = r.kind() == HardwareKind.GPU || r.kind() == HardwareKind.MULTI_GPU;
        String hardware = cards && r.nodes() > 1
                ? text.format("decision.machines", r.hardwareName(), text.integer(r.nodes())) : r.hardwareName();
        String gpus = r.gpusNeeded() == 0 ? unknown() : r.gpusNeeded() < r.gpusBought()
                ? text.format("domain.decision.gpusOf", text.integer(r.gpusNeeded()), text.integer(r.gpusBought()))
                : text.integer(r.gpusNeeded());
        return List.of(hardware, text.get("decision.acquisition." + r.acquisition().id()), fits, gpus,
                text.gib(r.perGpuBytes()), r.fits() ? text.percent(r.headroomFraction()) : unknown(),
                r.hours() != null ? text.duration(r.hours())
                        : r.fits() || !timed ? text.get("domain.decision.notEstimated") : unknown(),
                text.usd(r.purchaseUsd()), text.usdRate(r.rentalUsdPerHour()),
                r.jobCostUsd() != null ? text.usd(r.jobCostUsd())
                        : timed ? unknown() : text.get("domain.decision.notEstimated"));
    }

    private static DecisionValues values(DomainRow r) {
        double nan = Double.NaN;
        return new DecisionValues(r.hardwareId(), r.kind().id(), r.acquisition().id(), r.fits(), r.gpusNeeded(),
                r.nodes(), r.gpusPerNode(), r.network(), "", r.perGpuBytes(), r.usableBytes(), r.usableBytes(),
                r.headroomFraction(), nan, orNaN(r.hours()), orNaN(r.gpuHours()), nan, r.bound(),
                orNaN(r.purchaseUsd()), orNaN(r.cardsUsd()), orNaN(r.rentalUsdPerHour()), orNaN(r.jobCostUsd()),
                orNaN(r.energyKWh()), r.reasonCodes());
    }

    private List<String> notes(DomainRecommendation rec) {
        List<String> notes = new ArrayList<>();
        notes.add(text.format("domain.decision.note.cost"));
        notes.add(rec.hasSpeed() ? text.format("domain.decision.note.timed", rec.job().description(),
                text.integer(Math.round(rec.options().deadlineDays()))) : text.get("domain.decision.note.speed"));
        notes.add(text.get(rec.spreads() ? "domain.decision.note.spreads"
                : rec.copies() ? "domain.decision.note.copies" : "domain.decision.note.whole"));
        notes.add(text.format("decision.note.maxGpus", text.integer(rec.options().maxGpus())));
        fp64Note(notes, rec, Reason.NO_FP64, "domain.decision.note.noFp64");
        fp64Note(notes, rec, Reason.SLOW_FP64, "domain.decision.note.slowFp64");
        fp64Note(notes, rec, Reason.FP64_UNKNOWN, "domain.decision.note.fp64Unknown");
        List<String> networks = new ArrayList<>();
        for (DomainRow r : rec.rows()) {
            if (r.nodes() > 1 && !networks.contains(r.network())) {
                networks.add(r.network());
                notes.add(text.format("decision.note.network", r.hardwareName(), r.network()));
            }
        }
        int left = rec.optionsConsidered() - rec.rows().size();
        if (left > 0) {
            notes.add(text.format("decision.note.more", text.integer(left)));
        }
        return notes;
    }

    /** A note on double precision where a row carries {@code reason}. */
    private void fp64Note(List<String> notes, DomainRecommendation rec, Reason reason, String key) {
        if (rec.rows().stream().anyMatch(r -> r.reasons().contains(reason))) {
            notes.add(text.get(key));
        }
    }

    private String unknown() {
        return text.get("decision.unknown");
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }
}
