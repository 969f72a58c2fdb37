package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.Capacity;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.ComponentTable;
import com.vramadvisor.report.ReportModel.Segment;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * Builds a {@link ReportModel} from the engine's results: the estimate of the workload as configured, sweeps over
 * batch and length, capacity lines for GPUs that bracket the need, and the decision table of a
 * {@link Recommendation}. Every text comes from the report bundle in the requested language.
 */
public final class ReportModels {

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();

    private ReportModels() {
    }

    /**
     * A report of {@code workload} on {@code model}.
     *
     * @param recommendation the decision table to include, or {@code null} for none
     * @throws IllegalArgumentException when the engine rejects the workload (bad input)
     */
    public static ReportModel from(ModelSpec model, Workload workload, Recommendation recommendation,
                                   ReportContext context) {
        ReportText text = ReportText.of(context.language());
        Estimate estimate = ESTIMATOR.estimate(model, workload);
        List<CapacityChoice.Choice> capacities = CapacityChoice.choose(context.gpus(), workload, estimate.peakBytes());
        // The charts draw the GPUs a window shows when it says which; the summary keeps the bracketing choice.
        List<CapacityChoice.Choice> drawn = context.shownGpus().isEmpty() ? capacities
                : context.shownGpus().stream().map(g -> new CapacityChoice.Choice(g, ServingEngine.capacityBytes(g, workload)))
                        .toList();
        List<SweepChart> sweeps = new ReportSweeps(text).of(model, workload, drawn);
        ReportFormulas formulas = new ReportFormulas(text);
        return new ReportModel(text.locale(), text.get("report.title"), subtitle(text, model, workload),
                context.date(), context.appVersion(), context.catalogVersion(),
                highlights(text, workload, estimate, recommendation, capacities, sweeps),
                new ReportInputs(text).of(model, workload, estimate,
                        recommendation == null ? null : recommendation.options()),
                components(text, estimate), breakdown(text, estimate, drawn), sweeps,
                new ReportDecisions(text).of(recommendation), formulas.assumptions(model, workload, estimate),
                formulas.of(workload, estimate));
    }

    private static String subtitle(ReportText text, ModelSpec model, Workload workload) {
        String name = model.name().isBlank() ? model.id() : model.name();
        String mode = ReportInputs.key(workload.mode());
        String line = text.format("subtitle." + mode, name, workload.precision().id(), workload.optimizer().id(),
                workload.lora() == null ? "" : text.integer(workload.lora().rank()),
                workload.effectiveWeightType().id(), text.integer(workload.batch()),
                text.integer(workload.effectiveContext()));
        long gpus = workload.parallelism().gpus();
        return gpus > 1 ? line + ", " + text.format("subtitle.gpus", text.integer(gpus)) : line;
    }

    private static ComponentTable components(ReportText text, Estimate estimate) {
        PhaseBreakdown peak = estimate.peakBreakdown();
        List<ComponentRow> rows = new ArrayList<>();
        for (Component c : Component.values()) {
            long atPeak = peak.get(c);
            long largest = estimate.component(c);
            if (atPeak > 0 || largest > 0) {
                rows.add(new ComponentRow(c.jsonName(), text.get("component." + c.jsonName()), atPeak, largest));
            }
        }
        return new ComponentTable(rows, estimate.peakBytes(), estimate.peakPhase().id(), phase(text, estimate));
    }

    private static BreakdownChart breakdown(ReportText text, Estimate estimate,
                                            List<CapacityChoice.Choice> capacities) {
        PhaseBreakdown peak = estimate.peakBreakdown();
        List<Segment> segments = new ArrayList<>();
        for (Component c : Component.values()) {
            if (peak.get(c) > 0) {
                segments.add(new Segment(c.jsonName(), text.get("component." + c.jsonName()), peak.get(c),
                        WindowColours.componentClass(c)));
            }
        }
        List<Capacity> lines = new ArrayList<>();
        for (CapacityChoice.Choice c : capacities) {
            lines.add(new Capacity(c.gpu().name(), c.capacityBytes()));
        }
        return new BreakdownChart(text.format("chart.breakdown.title", phase(text, estimate),
                text.gib(estimate.peakBytes())), segments, estimate.peakBytes(), phase(text, estimate), lines,
                estimate.range().lowBytes(), estimate.range().highBytes());
    }

    private static List<String> highlights(ReportText text, Workload workload, Estimate estimate,
                                           Recommendation recommendation, List<CapacityChoice.Choice> capacities,
                                           List<SweepChart> sweeps) {
        List<String> out = new ArrayList<>();
        long gpus = workload.parallelism().gpus();
        out.add(gpus > 1
                ? text.format("summary.peak.gpus", text.gib(estimate.peakBytes()), phase(text, estimate),
                        text.integer(gpus))
                : text.format("summary.peak", text.gib(estimate.peakBytes()), phase(text, estimate)));
        if (estimate.hostBytes() > 0) {
            out.add(estimate.nvmeBytes() > 0
                    ? text.format("summary.offload.nvme", text.gib(estimate.hostBytes()),
                            text.gib(estimate.nvmeBytes()))
                    : text.format("summary.offload", text.gib(estimate.hostBytes())));
        }
        if (recommendation != null && !recommendation.rows().isEmpty()) {
            // Counted over every option ranked, not the rows a top-N cut leaves in the table.
            int considered = Math.max(recommendation.optionsConsidered(), recommendation.rows().size());
            int fitting = recommendation.optionsFitting();
            out.add(fitting == 0 ? text.format("summary.noneFits", text.integer(considered))
                    : text.format("summary.fitCount", text.integer(fitting), text.integer(considered)));
            // Bought and rented options answer different questions (capital against a bill): one line each, the
            // first of each in the table's order, also where the table's top-N cut leaves one kind out.
            for (Acquisition way : Acquisition.values()) {
                Optional.ofNullable(recommendation.best(way)).ifPresent(r -> {
                    String money = way == Acquisition.PURCHASE
                            ? text.format("summary.capital", text.usd(r.purchaseUsd()))
                            : text.format("summary.rent", text.usdRate(r.rentalUsdPerHour()));
                    out.add(text.format("summary.best." + way.id(), r.hardwareName(), text.integer(r.gpusNeeded()),
                            r.sharding(), r.hours() == null ? text.get("decision.unknown") : text.duration(r.hours()),
                            text.usd(r.jobCostUsd()), money, r.boundBy() == null ? text.get("decision.unknown")
                                    : text.get("decision.bound." + r.boundBy().code())));
                });
            }
            out.addAll(new ReportMoney(text).verdict(recommendation));
        }
        CapacityChoice.smallestHolding(capacities, estimate.peakBytes())
                .ifPresentOrElse(
                        c -> out.add(text.format(CapacityChoice.soldAlone(c.gpu()) ? "summary.smallestGpu"
                                : "summary.smallestGpu.board", c.gpu().name(), text.gib(c.capacityBytes()))),
                        () -> {
                            if (!capacities.isEmpty()) {
                                out.add(text.get("summary.noSingleGpu"));
                            }
                        });
        for (SweepChart sweep : sweeps) {
            for (CapacityLine line : sweep.capacities()) {
                if (line.largestFitting() > 0) {
                    String key = sweep.id().equals("batch")
                            ? "summary.sweep.batch." + (workload.mode() == Mode.INFER ? "infer" : "train")
                            : "summary.sweep." + sweep.id();
                    // "Can grow to 1" when it is 1 already reads as room that is not there.
                    String limit = line.largestFitting() == sweep.current() ? ".atLimit"
                            : line.largestFitting() < sweep.current() ? ".below" : "";
                    out.add(text.format(key + limit, line.label(), text.integer(line.largestFitting())));
                    break;
                }
            }
        }
        return out;
    }

    private static String phase(ReportText text, Estimate estimate) {
        return text.get("phase." + estimate.peakPhase().id());
    }
}
