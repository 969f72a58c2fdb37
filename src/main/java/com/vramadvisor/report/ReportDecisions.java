package com.vramadvisor.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.engine.speed.Residuals;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.figures.JobText;
import com.vramadvisor.report.ReportModel.Column;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.DecisionTable;
import com.vramadvisor.report.ReportModel.DecisionValues;

/**
 * The decision table of a report, for every workload kind: the ranking's rows in its order, formatted for the
 * report's language. Language models show their layout, throughput and what bounds it; serving shows users served
 * instead; the other kinds show the GPUs they use of those bought, and time and job cost where the workload has a
 * speed model (without one those columns would say "not estimated" on every row, so the job-cost column is left out).
 */
final class ReportDecisions {

    private static final String[] COLUMNS = {"hardware", "acquisition", "fits", "gpus", "layout", "perGpu",
        "headroom", "tokensPerSecond", "time", "bound", "capital", "rent", "jobCost"};
    private static final boolean[] NUMERIC = {false, false, false, true, false, true, true, true, true, false, true,
        true, true};
    /** Serving: users served, users per dollar-hour and TPOT take the places of throughput, time and bound. */
    private static final String[] SERVING_COLUMNS = {"hardware", "acquisition", "fits", "gpus", "layout", "perGpu",
        "headroom", "users", "usersPerDollar", "tpot", "capital", "rent", "jobCost"};
    private static final boolean[] SERVING_NUMERIC = {false, false, false, true, false, true, true, true, true, true,
        true, true, true};

    /** The other kinds: no layout, throughput or bound; the GPUs used of those bought. */
    private static final String[] DOMAIN_COLUMNS = {"hardware", "acquisition", "fits", "gpus", "perGpu", "headroom",
        "time", "capital", "rent", "jobCost"};
    private static final boolean[] DOMAIN_NUMERIC = {false, false, false, true, true, true, false, true, true, true};

    private final ReportText text;

    ReportDecisions(ReportText text) {
        this.text = text;
    }

    DecisionTable of(Recommendation recommendation) {
        if (recommendation == null || recommendation.rows().isEmpty()) {
            return DecisionTable.empty();
        }
        if (recommendation.kind() != WorkloadKind.LLM) {
            return domain(recommendation);
        }
        boolean serving = recommendation.rows().stream().anyMatch(r -> r.serving() != null);
        String[] ids = serving ? SERVING_COLUMNS : COLUMNS;
        boolean[] numeric = serving ? SERVING_NUMERIC : NUMERIC;
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            columns.add(new Column(ids[i], text.get("decision." + ids[i]), numeric[i]));
        }
        List<DecisionRow> rows = new ArrayList<>();
        for (RecommendationRow r : recommendation.rows()) {
            List<String> cells = cells(r);
            if (serving) {
                cells = new ArrayList<>(cells);
                // Throughput, time and bound (7, 8, 9) give way to the users and their latency.
                cells.set(7, r.serving() == null ? unknown() : text.integer(r.serving().usersServed()));
                cells.set(8, r.serving() == null || r.serving().usersPerDollar() == null ? unknown()
                        : text.number(r.serving().usersPerDollar(), 2));
                cells.set(9, r.serving() == null ? unknown()
                        : text.format("decision.ms", text.number(r.serving().tpotMs(), 1)));
            }
            rows.add(new DecisionRow(List.copyOf(cells), values(r)));
        }
        return new DecisionTable(columns, rows, notes(recommendation));
    }

    private List<String> cells(RecommendationRow r) {
        String fits = !r.fits() ? text.get("table.no")
                : r.reasons().contains(Reason.TIGHT_FIT) ? text.get("decision.fits.tight") : text.get("table.yes");
        // Systems and instances count themselves in their name; loose cards say how many machines they fill.
        boolean cards = r.kind() == HardwareKind.GPU || r.kind() == HardwareKind.MULTI_GPU;
        String hardware = cards && r.nodes() > 1
                ? text.format("decision.machines", r.hardwareName(), text.integer(r.nodes())) : r.hardwareName();
        String time = r.hours() == null ? unknown() : text.duration(r.hours());
        if (r.hours() != null && r.reasons().contains(Reason.PAST_DEADLINE)) {
            time = text.format("decision.pastDeadline", time);
        }
        return List.of(hardware, text.get("decision.acquisition." + r.acquisition().id()), fits,
                text.integer(r.gpusNeeded()), r.sharding(), text.gib(r.perGpuBytes()),
                // A negative headroom of several hundred percent says less than the memory column beside it.
                r.fits() ? text.percent(r.headroomFraction()) : unknown(),
                r.tokensPerSecond() == null ? unknown() : text.integer(Math.round(r.tokensPerSecond())), time,
                r.boundBy() == null ? unknown() : text.get("decision.bound." + r.boundBy().code()),
                text.usd(r.purchaseUsd()), text.usdRate(r.rentalUsdPerHour()), text.usd(r.jobCostUsd()));
    }

    private static DecisionValues values(RecommendationRow r) {
        return new DecisionValues(r.hardwareId(), r.kind().id(), r.acquisition().id(), r.fits(), r.gpusNeeded(),
                r.nodes(), r.gpusPerNode(), r.network(), r.sharding(), r.perGpuBytes(), r.usableBytes(),
                r.capacityBytes(), r.headroomFraction(), orNaN(r.itemsPerSecond()), orNaN(r.hours()),
                orNaN(r.gpuHours()), orNaN(r.mfu()), r.boundBy() == null ? "" : r.boundBy().code(),
                orNaN(r.purchaseUsd()), orNaN(r.cardsUsd()), orNaN(r.rentalUsdPerHour()), orNaN(r.jobCostUsd()),
                orNaN(r.energyKWh()), r.reasonCodes());
    }

    private List<String> notes(Recommendation recommendation) {
        RankingOptions o = recommendation.options();
        List<String> notes = new ArrayList<>();
        notes.add(new ReportMoney(text).costNote(recommendation));
        notes.add(text.format("decision.note.speed", text.integer(o.tokenBudget()),
                o.speed().computeOverride() != null ? text.percent(o.speed().computeOverride())
                        : text.get("decision.note.fitted"),
                o.speed().bandwidthOverride() != null ? text.percent(o.speed().bandwidthOverride())
                        : text.get("decision.note.fitted"),
                ReportInputs.days(text, o.deadlineDays())));
        // The rows' throughput group (language-model training or inference, images); none for kinds without one.
        SpeedFigure group = recommendation.rows().stream().map(r -> r.ranges().group()).filter(Objects::nonNull)
                .findFirst().orElse(null);
        Residuals residuals = group == null ? Residuals.NONE : o.speed().table().residuals(group);
        if (residuals.known()) {
            notes.add(text.format("decision.note.ranges", text.percent(1 / (1 + residuals.p90())),
                    text.percent(1 / (1 + residuals.p10()))));
        }
        notes.add(text.format("decision.note.maxGpus", text.integer(o.maxGpus())));
        if (recommendation.rows().stream().anyMatch(r -> r.serving() != null)) {
            ServingTargets t = o.servingTargets();
            notes.add(text.format("decision.note.serving",
                    t.tpotMs() > 0 ? text.format("decision.ms", text.number(t.tpotMs(), decimals(t.tpotMs())))
                            : unknown(),
                    t.ttftMs() > 0 ? text.format("decision.ms", text.number(t.ttftMs(), decimals(t.ttftMs())))
                            : unknown()));
        }
        networkNotes(notes, recommendation);
        return notes;
    }

    private DecisionTable domain(Recommendation rec) {
        List<Column> columns = new ArrayList<>();
        int shown = rec.hasSpeed() ? DOMAIN_COLUMNS.length : DOMAIN_COLUMNS.length - 1;
        for (int i = 0; i < shown; i++) {
            columns.add(new Column(DOMAIN_COLUMNS[i], text.get("decision." + DOMAIN_COLUMNS[i]), DOMAIN_NUMERIC[i]));
        }
        List<DecisionRow> rows = new ArrayList<>();
        for (RecommendationRow r : rec.rows()) {
            rows.add(new DecisionRow(domainCells(r, rec.hasSpeed()).subList(0, shown), values(r)));
        }
        return new DecisionTable(columns, rows, domainNotes(rec));
    }

    private List<String> domainCells(RecommendationRow r, boolean timed) {
        String fits = !r.fits() ? text.get("table.no")
                : r.reasons().contains(Reason.TIGHT_FIT) ? text.get("decision.fits.tight") : text.get("table.yes");
        boolean cards = r.kind() == HardwareKind.GPU || r.kind() == HardwareKind.MULTI_GPU;
        String hardware = cards && r.nodes() > 1
                ? text.format("decision.machines", r.hardwareName(), text.integer(r.nodes())) : r.hardwareName();
        String gpus = r.gpusNeeded() == 0 ? unknown() : r.gpusNeeded() < r.gpusBought()
                ? text.format("domain.decision.gpusOf", text.integer(r.gpusNeeded()), text.integer(r.gpusBought()))
                : text.integer(r.gpusNeeded());
        String time = r.hours() != null ? text.duration(r.hours())
                : r.fits() || !timed ? text.get("domain.decision.notEstimated") : unknown();
        if (r.hours() != null && r.reasons().contains(Reason.PAST_DEADLINE)) {
            time = text.format("decision.pastDeadline", time);
        }
        return List.of(hardware, text.get("decision.acquisition." + r.acquisition().id()), fits, gpus,
                text.gib(r.perGpuBytes()), r.fits() ? text.percent(r.headroomFraction()) : unknown(), time,
                text.usd(r.purchaseUsd()), text.usdRate(r.rentalUsdPerHour()),
                r.jobCostUsd() != null ? text.usd(r.jobCostUsd())
                        : timed ? unknown() : text.get("domain.decision.notEstimated"));
    }

    private List<String> domainNotes(Recommendation rec) {
        List<String> notes = new ArrayList<>();
        notes.add(rec.hasSpeed() ? new ReportMoney(text).costNote(rec) : text.format("domain.decision.note.cost"));
        notes.add(rec.hasSpeed() ? text.format("domain.decision.note.timed",
                JobText.of(text.locale()).describe(rec.job()), text.integer(Math.round(rec.options().deadlineDays())))
                : text.get("domain.decision.note.speed"));
        notes.add(text.get(rec.spreads() ? "domain.decision.note.spreads"
                : rec.copies() ? "domain.decision.note.copies" : "domain.decision.note.whole"));
        notes.add(text.format("decision.note.maxGpus", text.integer(rec.options().maxGpus())));
        fp64Note(notes, rec, Reason.NO_FP64, "domain.decision.note.noFp64");
        fp64Note(notes, rec, Reason.SLOW_FP64, "domain.decision.note.slowFp64");
        fp64Note(notes, rec, Reason.FP64_UNKNOWN, "domain.decision.note.fp64Unknown");
        networkNotes(notes, rec);
        return notes;
    }

    /** A note on double precision where a row carries {@code reason}. */
    private void fp64Note(List<String> notes, Recommendation rec, Reason reason, String key) {
        if (rec.rows().stream().anyMatch(r -> r.reasons().contains(reason))) {
            notes.add(text.get(key));
        }
    }

    /** The networks between machines that rows use, once each, and how many options the table leaves out. */
    private void networkNotes(List<String> notes, Recommendation recommendation) {
        List<String> networks = new ArrayList<>();
        for (RecommendationRow r : recommendation.rows()) {
            if (r.nodes() > 1 && !networks.contains(r.network())) {
                networks.add(r.network());
                notes.add(text.format("decision.note.network", r.hardwareName(), r.network()));
            }
        }
        int left = recommendation.optionsConsidered() - recommendation.rows().size();
        if (left > 0) {
            notes.add(text.format("decision.note.more", text.integer(left)));
        }
    }

    private String unknown() {
        return text.get("decision.unknown");
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    /** Decimals that show a latency target as given, at most three: 50 ms, 7.5 ms, 0.001 ms (never "0 ms"). */
    static int decimals(double ms) {
        return Math.max(0, BigDecimal.valueOf(ms).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().scale());
    }
}
