package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.plan.PipelineBubble;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.Plan;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code plan}: how many GPUs of one kind, in which layout, to train on the token budget within the deadline, and
 * how long and how much it takes. Every layout is one the framework runs and splits the global batch exactly; those
 * inside the safety margin are marked tight, those that miss the deadline past the deadline.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Plan a training run on one GPU, system or cloud offer: the fewest GPUs that finish the token "
                + "budget within the deadline (--days), the best layouts the framework runs (tensor, pipeline, data "
                + "parallel, ZeRO, recomputation, micro-batches), their memory, MFU, time and cost.")
final class PlanCommand implements Callable<Integer> {

    /**
     * 65,536 GPUs unless --max-gpus or the scenario says otherwise: four times the largest published training run
     * (Llama 3 405B on 16,384 H100s, Dubey et al. 2024), so the planner's answer is the deadline's, not the limit's.
     */
    static final int DEFAULT_MAX_GPUS = 65_536;

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    /**
     * Required, but checked in {@link #call()}: picocli names a missing option by its longest name, which would ask
     * for the older alias {@code --hardware} where the usage and the README say {@code --gpu}.
     */
    @Option(names = "--gpu", paramLabel = "ID",
            description = "Required: a GPU id (bought in its node class), a system id or a cloud offer id from"
                    + " 'catalog list'.")
    String hardwareId;

    /** The older name of {@code --gpu}, still read. */
    @Option(names = "--hardware", paramLabel = "ID", hidden = true)
    void hardware(String id) {
        hardwareId = id;
    }

    /** The ranking flags; --max-gpus defaults to {@link #DEFAULT_MAX_GPUS} here. */
    @Mixin
    RankingLimitsOption limits;

    @Option(names = "--layouts", paramLabel = "N", description = "How many layouts to show (default 5).")
    int layouts = 5;

    @Option(names = "--margin", paramLabel = "F",
            description = "Safety margin: a layout whose headroom is below this share of the GPU's memory (0.1 or"
                    + " 10%%), or whose estimate's range reaches past the memory, is tight and ranks after those"
                    + " outside it (default 10%%).")
    String margin;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
        if (hardwareId == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required option: '--gpu=ID' (a GPU,"
                    + " system or cloud offer id from 'catalog list')");
        }
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        if (layouts < 1 || layouts > 50) {
            throw new CliInputException("--layouts must be 1 to 50, got " + layouts);
        }
        PrintWriter err = spec.commandLine().getErr();
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        new MemoryEstimator().peakBytes(m, w);
        Catalog c = args.catalog.catalog(err);
        RankingOptions.Builder b = limits.given(args).builder(resolved);
        if (limits.maxGpus == null && resolved.maxGpus() == RankingOptions.DEFAULT_MAX_GPUS) {
            b.maxGpus(DEFAULT_MAX_GPUS);
        }
        if (margin != null) {
            b.tightFitFraction(marginFraction(margin));
        }
        RankingOptions options = b.build();
        Plan plan;
        try {
            plan = new Recommender().plan(m, w, c.hardware(), hardwareId.trim(), options, layouts);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            out.println(EstimateOutput.json().writeValueAsString(json(m, w, plan)));
        } else {
            printText(out, m, w, plan);
        }
        out.flush();
        return 0;
    }

    /** {@code --margin}: a fraction in [0, 1) or a percentage below 100 ({@code 10%}). */
    static double marginFraction(String text) {
        String t = text.trim();
        boolean percent = t.endsWith("%");
        double v;
        try {
            v = Double.parseDouble(percent ? t.substring(0, t.length() - 1).trim() : t);
        } catch (NumberFormatException e) {
            throw new CliInputException("--margin must be a fraction (0.1) or a percentage (10%), got '" + text + "'");
        }
        double fraction = percent ? v / 100 : v;
        if (!(fraction >= 0 && fraction < 1)) {
            throw new CliInputException("--margin must be at least 0 and below 100%, got '" + text + "'");
        }
        return fraction;
    }

    private static Map<String, Object> json(ModelSpec m, Workload w, Plan plan) {
        RankingOptions o = plan.options();
        RecommendationRow best = plan.best();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("model", EstimateOutput.modelLabel(m));
        root.put("hardware", plan.hardwareName());
        root.put("hardwareId", plan.hardwareId());
        root.put("acquisition", plan.acquisition().id());
        root.put("framework", w.effectiveFramework().id());
        root.put("frameworkNamed", w.framework() != null);
        root.put("tokenBudget", o.tokenBudget());
        root.put("deadlineDays", o.deadlineDays());
        root.put("globalBatchTokens", o.globalBatchTokens() > 0 ? o.globalBatchTokens() : null);
        root.put("marginFraction", o.tightFitFraction());
        root.put("fits", best.fits());
        root.put("tight", best.verdict() == FitVerdict.TIGHT);
        root.put("meetsDeadline", best.fits() && plan.meetsDeadline());
        root.put("gpus", best.gpusNeeded());
        root.put("nodes", best.nodes());
        root.put("gpusPerNode", best.gpusPerNode());
        root.put("interconnect", best.interconnect());
        root.put("network", best.network().isEmpty() ? null : best.network());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RecommendationRow r : plan.layouts()) {
            // The plan's own figures first, then the whole decision-table row of that layout.
            Map<String, Object> l = new LinkedHashMap<>();
            l.put("gpus", r.gpusNeeded());
            l.put("days", r.hours() == null ? null : r.hours() / 24.0);
            l.put("tight", r.verdict() == FitVerdict.TIGHT);
            l.put("pastDeadline", r.reasons().contains(Reason.PAST_DEADLINE));
            l.putAll(DecisionOutput.rowJson(r));
            rows.add(l);
        }
        root.put("layouts", rows);
        root.put("pipelineBubble", bubble(w, best).map(h -> {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("stages", h.stages());
            b.put("microBatches", h.microBatches());
            b.put("fraction", h.fraction());
            b.put("suggestedMicroBatches", h.suggestedMicroBatches());
            b.put("suggestedGlobalBatchSequences", h.suggestedSequences());
            b.put("suggestedGlobalBatchTokens", h.suggestedSequences() * w.sequenceLength());
            return b;
        }).orElse(null));
        return root;
    }

    /** The pipeline-bubble hint of the best layout ({@link PipelineBubble}), where its bubble bounds the step. */
    private static java.util.Optional<PipelineBubble.Hint> bubble(Workload w, RecommendationRow best) {
        if (!best.fits() || best.layout() == null || best.boundBy() == null) {
            return java.util.Optional.empty();
        }
        return PipelineBubble.of(best.layout(), best.layout().microBatchSize(w.batch()), best.boundBy());
    }

    private static void printText(PrintWriter out, ModelSpec m, Workload w, Plan plan) {
        RankingOptions o = plan.options();
        RecommendationRow best = plan.best();
        Framework f = w.effectiveFramework();
        out.printf(Locale.ROOT, "Model       %s%n", m.name());
        out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(w));
        out.printf(Locale.ROOT, "Framework   %s%s%n", f.displayName(), w.framework() != null ? ""
                : " (implied by the " + w.implementation().id() + " memory layout; --framework names another)");
        out.printf(Locale.ROOT, "Hardware    %s (%s)%n", plan.hardwareName(),
                plan.acquisition() == Acquisition.PURCHASE ? "bought" : "rented");
        out.printf(Locale.ROOT, "Goal        %s tokens within %s days%s; margin %s of memory%n%n",
                Quantities.compactCount(o.tokenBudget()), String.format(Locale.ROOT, "%,.0f", o.deadlineDays()),
                o.globalBatchTokens() > 0 ? String.format(Locale.ROOT, ", %s tokens per step (%,d sequences)",
                        Quantities.compactCount(o.globalBatchTokens()),
                        o.globalBatchTokens() / w.sequenceLength()) : "",
                percent(o.tightFitFraction()));
        if (!best.fits()) {
            out.printf(Locale.ROOT, "Does not fit on %d GPUs (the limit): %s per GPU against %s.%n",
                    best.gpusNeeded(), Quantities.gib(best.perGpuBytes()), Quantities.gib(best.capacityBytes()));
            return;
        }
        String machines = best.nodes() > 1 ? String.format(Locale.ROOT, " in %d machines of %d over %s",
                best.nodes(), best.gpusPerNode(), best.network()) : "";
        boolean tight = best.verdict() == FitVerdict.TIGHT;
        out.printf(Locale.ROOT, "%s %d GPUs%s: %s, %s%s.%n", plan.meetsDeadline() ? "Plan" : "Past the deadline even"
                        + " with", best.gpusNeeded(), machines, best.sharding(),
                best.hours() == null ? "speed unknown" : RecommendCommand.duration(best.hours()),
                tight ? String.format(Locale.ROOT, "; tight: %s free, inside the %s margin", Quantities.gib(
                        best.headroomBytes()), percent(o.tightFitFraction())) : "");
        out.println();
        String rowFormat = "%5s %-30s %-9s %10s %8s %5s %12s %10s %12s %-16s %12s  %s%n";
        out.printf(Locale.ROOT, rowFormat, "GPUs", "layout", "micro", "need/GPU", "free", "MFU", "tokens/s", "time",
                "GPU-hours", "bound by", "job cost", "note");
        Set<String> splits = new LinkedHashSet<>();
        for (RecommendationRow r : plan.layouts()) {
            PlanLayout l = r.layout();
            out.printf(Locale.ROOT, rowFormat, r.gpusNeeded(), r.sharding(),
                    String.format(Locale.ROOT, "%dx%d", l.microBatchSize(w.batch()), l.microBatches()),
                    Quantities.gib(r.perGpuBytes()), percent(r.headroomFraction()),
                    r.mfu() == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * r.mfu()),
                    r.tokensPerSecond() == null ? "-" : String.format(Locale.ROOT, "%,.0f", r.tokensPerSecond()),
                    r.hours() == null ? "-" : RecommendCommand.duration(r.hours()),
                    r.gpuHours() == null ? "-" : String.format(Locale.ROOT, "%,.0f", r.gpuHours()),
                    r.boundBy() == null ? "-" : r.boundBy().code(),
                    RecommendCommand.MONEY.amount(r.jobCostUsd(), "-"), note(r));
            if (l.unevenStages()) {
                splits.add(String.format(Locale.ROOT, "pp%d splits the %d layers %s", l.pp(), m.layers(),
                        stages(l.stageLayers())));
            }
        }
        out.println();
        for (String s : splits) {
            out.println(s + " (first stage first).");
        }
        bubble(w, best).ifPresent(h -> out.printf(Locale.ROOT, "The pipeline's fill and drain bound the first"
                        + " layout: %d micro-batch%s per step over %d stages leave it idle %s of the step, (p - 1) /"
                        + " (m + p - 1) (Narayanan et al. 2021). %d micro-batches per step would bring that to %s or"
                        + " less: --global-batch %d (%,d sequences of %,d tokens), if the optimisation allows a"
                        + " larger batch.%n", h.microBatches(), h.microBatches() == 1 ? "" : "es", h.stages(),
                percent(h.fraction()),
                h.suggestedMicroBatches(), percent(PipelineBubble.TARGET_FRACTION),
                h.suggestedSequences() * w.sequenceLength(), h.suggestedSequences(), w.sequenceLength()));
        out.println("Layout: tp tensor, pp pipeline, dp data parallel, zeroN ZeRO stage, sp sequence parallelism, "
                + "cp context parallel, ep expert parallel, rc recomputation; micro: sequences per micro-batch x "
                + "micro-batches per step; free: headroom; tight: inside the margin. Formulas: "
                + "docs/decision-table.md; framework rules: docs/frameworks.md.");
    }

    /** "tight", "past the deadline", both or nothing. */
    private static String note(RecommendationRow r) {
        List<String> notes = new ArrayList<>();
        if (r.verdict() == FitVerdict.TIGHT) {
            notes.add("tight");
        }
        if (r.reasons().contains(Reason.PAST_DEADLINE)) {
            notes.add("past the deadline");
        }
        return String.join(", ", notes);
    }

    /** Stage sizes run-length encoded: {@code 7, 8 x14, 7}. */
    static String stages(List<Integer> layers) {
        StringBuilder s = new StringBuilder();
        int i = 0;
        while (i < layers.size()) {
            int j = i;
            while (j < layers.size() && layers.get(j).equals(layers.get(i))) {
                j++;
            }
            s.append(s.length() == 0 ? "" : ", ").append(layers.get(i));
            if (j - i > 1) {
                s.append(" x").append(j - i);
            }
            i = j;
        }
        return s.toString();
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * fraction);
    }
}
