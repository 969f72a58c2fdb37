package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.figures.JobText;
import com.vramadvisor.figures.PartNames;
import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.Capacity;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.ComponentTable;
import com.vramadvisor.report.ReportModel.Formula;
import com.vramadvisor.report.ReportModel.LabeledValue;
import com.vramadvisor.report.ReportModel.Segment;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * Builds a {@link ReportModel} for a workload beyond language models (vision, diffusion, rendering, molecular
 * dynamics, grids) from its {@link SizedEstimate} and the {@link Recommendation} over the catalog, so that every
 * writer (PDF, PNG, Markdown, CSV, JSON) renders it as it renders a language model's report. The report's own words
 * come from the report bundle; in a Chinese report a part's label, the peak phase and the axis are translated where
 * the bundle knows them ({@code domain.part.<id>}, {@code domain.phase.<phase>}, {@code domain.axis.<id>}) and shown
 * as the estimator words them otherwise (always in English). The estimator's assumptions, caveats and formulas are
 * {@link com.vramadvisor.engine.core.Sentence}s, shown in the report's language through {@link EstimatorSentences};
 * so is the subject.
 */
public final class DomainReportModels {

    private DomainReportModels() {
    }

    /**
     * @param recommendation the decision table to include, or {@code null} for none
     */
    public static ReportModel from(Sizable workload, Recommendation recommendation, ReportContext context) {
        ReportText text = ReportText.of(context.language());
        SizedEstimate e = workload.estimate();
        List<CapacityChoice.Choice> capacities = CapacityChoice.choose(context.gpus(), GpuSpec::memoryBytesUsable,
                e.peakBytes());
        List<CapacityChoice.Choice> drawn = context.shownGpus().isEmpty() ? capacities
                : context.shownGpus().stream().map(g -> new CapacityChoice.Choice(g, g.memoryBytesUsable())).toList();
        String axisLabel = axisLabel(text, workload);
        List<SweepChart> sweeps = List.of(DomainSweep.of(text, workload, axisLabel, drawn));
        String phase = phase(text, e.peakPhase());
        String subject = EstimatorSentences.of(text.locale()).text(e.subjectSentence());
        return new ReportModel(text.locale(), text.format("domain.title", subject),
                text.format("domain.subtitle", text.get("domain.kind." + e.kind().id()), phase), context.date(),
                context.appVersion(), context.catalogVersion(),
                highlights(text, workload, e, recommendation, capacities, sweeps.get(0), axisLabel),
                inputs(text, workload, e, recommendation, axisLabel, subject), components(text, e),
                breakdown(text, e, drawn), sweeps, new ReportDecisions(text).of(recommendation),
                assumptions(text, e), formulas(text, e));
    }

    private static List<String> highlights(ReportText text, Sizable workload, SizedEstimate e,
                                           Recommendation rec, List<CapacityChoice.Choice> capacities,
                                           SweepChart sweep, String axisLabel) {
        List<String> out = new ArrayList<>();
        out.add(text.format("domain.summary.peak", text.gib(e.peakBytes()), phase(text, e.peakPhase())));
        if (e.range().lowBytes() < e.range().highBytes()) {
            out.add(text.format("domain.summary.range", text.gib(e.range().lowBytes()),
                    text.gib(e.range().highBytes())));
        }
        boolean spreads = rec != null ? rec.spreads() : workload.perGpu(2).isPresent();
        out.add(text.get(spreads ? "domain.summary.spreads" : "domain.summary.whole"));
        if (rec != null && !rec.rows().isEmpty()) {
            int considered = Math.max(rec.optionsConsidered(), rec.rows().size());
            out.add(rec.optionsFitting() == 0 ? text.format("domain.summary.noneFits", text.integer(considered))
                    : text.format("summary.fitCount", text.integer(rec.optionsFitting()), text.integer(considered)));
            for (Acquisition way : Acquisition.values()) {
                RecommendationRow r = rec.best(way);
                if (r != null) {
                    String money = way == Acquisition.PURCHASE ? text.usd(r.purchaseUsd())
                            : text.usdRate(r.rentalUsdPerHour());
                    out.add(rec.hasSpeed() && r.hours() != null && r.jobCostUsd() != null
                            ? text.format("domain.summary.best." + way.id() + ".timed", r.hardwareName(),
                                    text.integer(r.gpusNeeded()), text.gib(r.perGpuBytes()), money,
                                    text.duration(r.hours()), text.usd(r.jobCostUsd()))
                            : text.format("domain.summary.best." + way.id(), r.hardwareName(),
                                    text.integer(r.gpusNeeded()), text.gib(r.perGpuBytes()), money));
                }
            }
            out.addAll(new ReportMoney(text).verdict(rec));
            out.add(rec.hasSpeed() ? text.format("domain.summary.timed", JobText.of(text.locale()).describe(rec.job()),
                    text.integer(Math.round(rec.options().deadlineDays()))) : text.get("domain.summary.speed"));
        }
        CapacityChoice.smallestHolding(capacities, e.peakBytes())
                .ifPresentOrElse(
                        c -> out.add(text.format(CapacityChoice.soldAlone(c.gpu()) ? "summary.smallestGpu"
                                : "summary.smallestGpu.board", c.gpu().name(), text.gib(c.capacityBytes()))),
                        () -> {
                            if (!capacities.isEmpty()) {
                                out.add(text.get(spreads ? "summary.noSingleGpu" : "domain.summary.noSingleGpu"));
                            }
                        });
        for (CapacityLine line : sweep.capacities()) {
            if (line.largestFitting() > 0) {
                String limit = line.largestFitting() == sweep.current() ? ".atLimit"
                        : line.largestFitting() < sweep.current() ? ".below" : "";
                out.add(text.format("domain.summary.axis" + limit, line.label(), axisLabel,
                        text.integer(line.largestFitting())));
                break;
            }
        }
        EstimatorSentences sentences = EstimatorSentences.of(text.locale());
        for (Sentence caveat : e.caveatSentences()) {
            out.add(text.format("domain.summary.caveat", sentences.text(caveat)));
        }
        return out;
    }

    private static List<LabeledValue> inputs(ReportText text, Sizable workload, SizedEstimate e,
                                             Recommendation rec, String axisLabel, String subject) {
        List<LabeledValue> out = new ArrayList<>();
        out.add(new LabeledValue("workload", text.get("domain.input.kind"), text.get("domain.kind." + e.kind().id())));
        out.add(new LabeledValue("subject", text.get("domain.input.subject"), subject));
        e.parameters().ifPresent(p -> out.add(new LabeledValue("parameters", text.get("input.parameters"),
                text.integer(p))));
        out.add(new LabeledValue(workload.axis().id().replaceFirst("^max", "").toLowerCase(Locale.ROOT),
                text.format("domain.input.axis", axisLabel), text.integer(workload.axisValue())));
        out.add(new LabeledValue("peakPhase", text.get("domain.input.peakPhase"), phase(text, e.peakPhase())));
        boolean spreads = rec != null ? rec.spreads() : workload.perGpu(2).isPresent();
        out.add(new LabeledValue("spreadsOverGpus", text.get("domain.input.spreads"),
                text.get(spreads ? "table.yes" : "table.no")));
        if (rec != null) {
            out.add(new LabeledValue("maxGpus", text.get("input.maxGpus"), text.integer(rec.options().maxGpus())));
        }
        return out;
    }

    private static ComponentTable components(ReportText text, SizedEstimate e) {
        List<ComponentRow> rows = new ArrayList<>();
        // Parts of 0 bytes (no ray tracing, no long-range solver) are left out, as a language model's report leaves
        // out the components a workload does not have; their formulas still say why they are 0.
        for (MemoryPart p : e.parts()) {
            if (p.bytes() > 0) {
                rows.add(new ComponentRow(p.id(), partLabel(text, p), p.bytes(), p.bytes()));
            }
        }
        return new ComponentTable(rows, e.peakBytes(), e.peakPhase(), phase(text, e.peakPhase()));
    }

    private static BreakdownChart breakdown(ReportText text, SizedEstimate e, List<CapacityChoice.Choice> drawn) {
        List<Segment> segments = new ArrayList<>();
        // A part's colour follows its place among all parts, as in the window, which also lists the empty ones.
        int position = 0;
        for (MemoryPart p : e.parts()) {
            if (p.bytes() > 0) {
                segments.add(new Segment(p.id(), partLabel(text, p), p.bytes(), WindowColours.partClass(position)));
            }
            position++;
        }
        List<Capacity> lines = new ArrayList<>();
        for (CapacityChoice.Choice c : drawn) {
            lines.add(new Capacity(c.gpu().name(), c.capacityBytes()));
        }
        String phase = phase(text, e.peakPhase());
        return new BreakdownChart(text.format("chart.breakdown.title", phase, text.gib(e.peakBytes())), segments,
                e.peakBytes(), phase, lines);
    }

    private static List<String> assumptions(ReportText text, SizedEstimate e) {
        EstimatorSentences sentences = EstimatorSentences.of(text.locale());
        List<String> out = new ArrayList<>();
        for (Sentence a : e.assumptionSentences()) {
            out.add(sentences.text(a));
        }
        return out;
    }

    private static List<Formula> formulas(ReportText text, SizedEstimate e) {
        List<Formula> out = new ArrayList<>();
        String reference = text.get("domain.formula.reference." + e.kind().id());
        EstimatorSentences sentences = EstimatorSentences.of(text.locale());
        for (MemoryPart p : e.parts()) {
            out.add(new Formula(partLabel(text, p), sentences.text(p.formulaSentence()), reference));
        }
        return out;
    }

    /**
     * The label of a part: the estimator's own in English (it is often more specific than the id: "UNet weights"),
     * the bundle's in another language where it knows the id, else the estimator's; named as the window's legend
     * names it ({@link PartNames#asLegend}).
     */
    static String partLabel(ReportText text, MemoryPart p) {
        return PartNames.asLegend(translated(text, "domain.part." + p.id(), p.label()));
    }

    /**
     * The peak phase in the report's language where the bundle knows it, else as the estimator words it; the
     * window's words for it too ({@code app.domain.DomainTexts}).
     */
    public static String phase(ReportText text, String phase) {
        String key = "domain.phase." + phase.trim().toLowerCase(Locale.ROOT).replaceFirst("^the ", "")
                .replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        String forward = "the forward pass at ";
        if (!text.has(key) && phase.startsWith(forward) && !"en".equals(text.locale().getLanguage())) {
            return text.format("domain.phase.forwardAt", phase.substring(forward.length()));
        }
        return translated(text, key, phase);
    }

    private static String axisLabel(ReportText text, Sizable workload) {
        return translated(text, "domain.axis." + workload.axis().id(), workload.axis().label());
    }

    /** The estimator's English words in an English report; the bundle's for {@code key} in another, where it has it. */
    private static String translated(ReportText text, String key, String english) {
        return "en".equals(text.locale().getLanguage()) || !text.has(key) ? english : text.get(key);
    }
}
