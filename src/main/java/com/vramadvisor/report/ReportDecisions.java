package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;

import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.report.ReportModel.Column;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.DecisionTable;
import com.vramadvisor.report.ReportModel.DecisionValues;

/** The decision table of a report: the ranking's rows in its order, formatted for the report's language. */
final class ReportDecisions {

    private static final String[] COLUMNS = {"hardware", "kind", "fits", "gpus", "layout", "perGpu", "usable",
        "headroom", "tokensPerSecond", "time", "cost", "energy"};
    private static final boolean[] NUMERIC = {false, false, false, true, false, true, true, true, true, true, true,
        true};

    private final ReportText text;

    ReportDecisions(ReportText text) {
        this.text = text;
    }

    DecisionTable of(Recommendation recommendation) {
        if (recommendation == null || recommendation.rows().isEmpty()) {
            return DecisionTable.empty();
        }
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < COLUMNS.length; i++) {
            columns.add(new Column(COLUMNS[i], text.get("decision." + COLUMNS[i]), NUMERIC[i]));
        }
        List<DecisionRow> rows = new ArrayList<>();
        for (RecommendationRow r : recommendation.rows()) {
            rows.add(new DecisionRow(cells(r), values(r)));
        }
        return new DecisionTable(columns, rows, notes(recommendation));
    }

    private List<String> cells(RecommendationRow r) {
        String fits = !r.fits() ? text.get("table.no")
                : r.reasons().contains(Reason.TIGHT_FIT) ? text.get("decision.fits.tight") : text.get("table.yes");
        return List.of(r.hardwareName(), text.get("kind." + r.kind().id()), fits, text.integer(r.gpusNeeded()),
                r.sharding(), text.gib(r.perGpuBytes()), text.gib(r.capacityBytes()),
                // A negative headroom of several hundred percent says less than the two memory columns beside it.
                r.fits() ? text.percent(r.headroomFraction()) : unknown(),
                r.tokensPerSecond() == null ? unknown() : text.integer(Math.round(r.tokensPerSecond())),
                r.hours() == null ? unknown() : duration(r.hours()),
                r.jobCostUsd() == null ? unknown() : "$" + text.integer(Math.round(r.jobCostUsd())),
                r.energyKWh() == null ? unknown() : text.integer(Math.round(r.energyKWh())));
    }

    private static DecisionValues values(RecommendationRow r) {
        return new DecisionValues(r.hardwareId(), r.kind().id(), r.fits(), r.gpusNeeded(), r.sharding(),
                r.perGpuBytes(), r.usableBytes(), r.capacityBytes(), r.headroomFraction(), orNaN(r.tokensPerSecond()),
                orNaN(r.hours()), orNaN(r.purchaseUsd()), orNaN(r.jobCostUsd()), orNaN(r.energyKWh()), r.reasonCodes());
    }

    private List<String> notes(Recommendation recommendation) {
        RankingOptions o = recommendation.options();
        List<String> notes = new ArrayList<>();
        notes.add(text.format("decision.note.cost", o.amortizationYears() > 0
                ? text.format("decision.note.amortized", text.number(o.amortizationYears(), 1)) : ""));
        notes.add(text.format("decision.note.speed", text.integer(o.tokenBudget()), text.percent(o.computeEfficiency()),
                text.percent(o.decodeBandwidthEfficiency())));
        int left = recommendation.optionsConsidered() - recommendation.rows().size();
        if (left > 0) {
            notes.add(text.format("decision.note.more", text.integer(left)));
        }
        return notes;
    }

    /** Hours up to two days, then days: a run of 300 hours reads better as 12.5 days. */
    String duration(double hours) {
        return hours < 48 ? text.format("decision.hours", text.number(hours, 1))
                : text.format("decision.days", text.number(hours / 24, 1));
    }

    private String unknown() {
        return text.get("decision.unknown");
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }
}
