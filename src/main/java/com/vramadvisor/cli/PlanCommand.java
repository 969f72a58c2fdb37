package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.Plan;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code plan}: how many GPUs of one kind, in which layout, to train on the token budget within the deadline, and
 * how long and how much it takes.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Plan a training run on one GPU, system or cloud offer: the fewest GPUs that finish the token "
                + "budget within the deadline (--days), the best layouts (tensor, pipeline, data parallel, ZeRO, "
                + "recomputation), their memory, MFU, time and cost.")
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

    @Option(names = {"--gpu", "--hardware"}, paramLabel = "ID", required = true,
            description = "A GPU id (bought in its node class), a system id or a cloud offer id from 'catalog list'.")
    String hardwareId;

    /** The ranking flags; --max-gpus defaults to {@link #DEFAULT_MAX_GPUS} here. */
    @Mixin
    RankingLimitsOption limits;

    @Option(names = "--layouts", paramLabel = "N", description = "How many layouts to show (default 5).")
    int layouts = 5;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
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
        RankingOptions options = b.build();
        Plan plan;
        try {
            plan = new Recommender().plan(m, w, c.hardware(), hardwareId.trim(), options, layouts);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            out.println(EstimateOutput.json().writeValueAsString(json(m, plan)));
        } else {
            printText(out, m, w, plan);
        }
        out.flush();
        return 0;
    }

    private static Map<String, Object> json(ModelSpec m, Plan plan) {
        RankingOptions o = plan.options();
        RecommendationRow best = plan.best();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("model", EstimateOutput.modelLabel(m));
        root.put("hardware", plan.hardwareName());
        root.put("hardwareId", plan.hardwareId());
        root.put("acquisition", plan.acquisition().id());
        root.put("tokenBudget", o.tokenBudget());
        root.put("deadlineDays", o.deadlineDays());
        root.put("globalBatchTokens", o.globalBatchTokens() > 0 ? o.globalBatchTokens() : null);
        root.put("fits", best.fits());
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
            l.putAll(DecisionOutput.rowJson(r));
            rows.add(l);
        }
        root.put("layouts", rows);
        return root;
    }

    private static void printText(PrintWriter out, ModelSpec m, Workload w, Plan plan) {
        RankingOptions o = plan.options();
        RecommendationRow best = plan.best();
        out.printf(Locale.ROOT, "Model       %s%n", m.name());
        out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(w));
        out.printf(Locale.ROOT, "Hardware    %s (%s)%n", plan.hardwareName(),
                plan.acquisition() == Acquisition.PURCHASE ? "bought" : "rented");
        out.printf(Locale.ROOT, "Goal        %s tokens within %s days%s%n%n",
                Quantities.compactCount(o.tokenBudget()), String.format(Locale.ROOT, "%,.0f", o.deadlineDays()),
                o.globalBatchTokens() > 0 ? ", " + Quantities.compactCount(o.globalBatchTokens())
                        + " tokens per step" : "");
        if (!best.fits()) {
            out.printf(Locale.ROOT, "Does not fit on %d GPUs (the limit): %s per GPU against %s.%n",
                    best.gpusNeeded(), Quantities.gib(best.perGpuBytes()), Quantities.gib(best.capacityBytes()));
            return;
        }
        String machines = best.nodes() > 1 ? String.format(Locale.ROOT, " in %d machines of %d over %s",
                best.nodes(), best.gpusPerNode(), best.network()) : "";
        out.printf(Locale.ROOT, "%s %d GPUs%s: %s, %s.%n", plan.meetsDeadline() ? "Plan" : "Past the deadline even"
                        + " with", best.gpusNeeded(), machines, best.sharding(),
                best.hours() == null ? "speed unknown" : RecommendCommand.duration(best.hours()));
        out.println();
        out.printf(Locale.ROOT, "%5s %-30s %10s %5s %12s %10s %12s %-16s %12s%n", "GPUs", "layout", "need/GPU", "MFU",
                "tokens/s", "time", "GPU-hours", "bound by", "job cost");
        for (RecommendationRow r : plan.layouts()) {
            out.printf(Locale.ROOT, "%5d %-30s %10s %5s %12s %10s %12s %-16s %12s%n", r.gpusNeeded(),
                    r.sharding(), Quantities.gib(r.perGpuBytes()),
                    r.mfu() == null ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * r.mfu()),
                    r.tokensPerSecond() == null ? "-" : String.format(Locale.ROOT, "%,.0f", r.tokensPerSecond()),
                    r.hours() == null ? "-" : RecommendCommand.duration(r.hours()),
                    r.gpuHours() == null ? "-" : String.format(Locale.ROOT, "%,.0f", r.gpuHours()),
                    r.boundBy() == null ? "-" : r.boundBy().code(),
                    RecommendCommand.MONEY.amount(r.jobCostUsd(), "-"));
        }
        out.println();
        out.println("Layout: tp tensor, pp pipeline, dp data parallel, zeroN ZeRO stage, sp sequence parallelism, "
                + "cp context parallel, ep expert parallel, rc recomputation. Formulas: docs/decision-table.md.");
    }
}
