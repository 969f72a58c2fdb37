package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.serving.ServingLoad;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Serving latency on a catalog GPU for {@code estimate --gpu} and {@code fit --tpot-ms/--ttft-ms}: the GPU in its
 * catalog node class, the layout of the workload's {@code --tp} and {@code --pp}, and the decision table's default
 * efficiencies.
 */
final class LatencyFigures {

    static final double BANDWIDTH_EFFICIENCY = RankingOptions.DEFAULT_DECODE_BANDWIDTH_EFFICIENCY;
    static final double COMPUTE_EFFICIENCY = StepTimeModel.DEFAULT_COMPUTE_EFFICIENCY;

    private LatencyFigures() {
    }

    /**
     * The catalog GPU an id names, or with {@code mine} or {@code local} the first GPU of this machine that matches a
     * catalog entry ({@link DetectCommand#mine}); a one-line input error naming the list command otherwise.
     */
    static GpuSpec gpu(Catalog catalog, String id) {
        if (id.trim().equalsIgnoreCase(LOCAL) || id.trim().equalsIgnoreCase(MINE)) {
            return DetectCommand.mine(catalog.gpus(), id.trim());
        }
        return catalog.gpu(id.trim()).orElseThrow(() -> new CliInputException(
                "unknown GPU '" + id + "' (run 'catalog list gpus' for the ids)"));
    }

    /** The {@code --gpu} value that means this machine's GPU. */
    static final String LOCAL = "local";
    /** The other {@code --gpu} value that means this machine's GPU. */
    static final String MINE = "mine";

    /** The wires between the {@code tp x pp} GPUs of one model copy, in the GPU's catalog node class. */
    static Fabric fabric(Catalog catalog, GpuSpec gpu, Workload workload) {
        var p = workload.parallelism();
        return Fabric.of(gpu, catalog.hardware().nodeFor(gpu), p.tensorParallel() * p.pipelineParallel());
    }

    /** TTFT and TPOT of the workload on the GPU; empty when the catalog gives the GPU no memory bandwidth. */
    static Optional<ServingLatency.Latency> of(ModelSpec model, Workload workload, Catalog catalog, GpuSpec gpu) {
        return ServingLatency.of(model, workload, gpu, fabric(catalog, gpu, workload), BANDWIDTH_EFFICIENCY,
                COMPUTE_EFFICIENCY);
    }

    /** The JSON fields: ttftMs, ttftBound, tpotMs, tpotBound, tokensPerSecondPerUser, tokensPerSecond. */
    static void putJson(Map<String, Object> root, GpuSpec gpu, ServingLatency.Latency l) {
        root.put("gpu", gpu.id());
        root.put("ttftMs", l.ttftMs() == null ? null : round(l.ttftMs()));
        root.put("ttftBound", l.ttftBound() == null ? null : l.ttftBound().code());
        root.put("tpotMs", round(l.tpotMs()));
        root.put("tpotBound", l.tpotBound().code());
        root.put("tokensPerSecondPerUser", round(l.tokensPerSecondPerUser()));
        root.put("tokensPerSecond", round(l.tokensPerSecond()));
    }

    /** Adds the steady-load figure of {@code w} ({@link ServingLoad}) to an estimate's JSON. */
    static void putLoadJson(Map<String, Object> root, Workload w) {
        root.put("arrivingPromptTokensPerStep", round(ServingLoad.arrivingPromptTokensPerStep(w)));
    }

    static void printText(PrintWriter out, GpuSpec gpu, Workload w, ServingLatency.Latency l) {
        var p = w.parallelism();
        out.printf(Locale.ROOT, "Latency on %s, TP %d x PP %d, %d concurrent sequence(s):%n", gpu.name(),
                p.tensorParallel(), p.pipelineParallel(), l.concurrency());
        out.printf(Locale.ROOT, "  time to first token     %s%n", l.ttftMs() == null ? "unknown (no peak rate)"
                : String.format(Locale.ROOT, "%.1f ms (%s)", l.ttftMs(), l.ttftBound().code()));
        out.printf(Locale.ROOT, "  time per output token   %.2f ms (%s)%n", l.tpotMs(), l.tpotBound().code());
        out.printf(Locale.ROOT, "  tokens/s per user       %.1f%n", l.tokensPerSecondPerUser());
        out.printf(Locale.ROOT, "  tokens/s in total       %.1f (one model copy)%n", l.tokensPerSecond());
        double arriving = ServingLoad.arrivingPromptTokensPerStep(w);
        if (arriving > 0) {
            out.printf(Locale.ROOT, "  under steady load: each step also prefills %s prompt tokens of the other"
                    + " users' new requests, and a new prompt waits behind them%n", tokensPerStep(arriving));
        }
        out.printf(Locale.ROOT, "  (roofline at %.0f %% of peak bandwidth and %.0f %% of peak compute;"
                + " docs/estimation.md)%n", BANDWIDTH_EFFICIENCY * 100, COMPUTE_EFFICIENCY * 100);
        if (w.effectiveWeightType() == DataType.BF16 && gpu.lacksBf16Arithmetic()) {
            out.printf(Locale.ROOT, "  (%s has no BF16 arithmetic: the weights are served as FP16, at its FP16 rate;"
                    + " docs/decision-table.md)%n", gpu.name());
        }
    }

    /**
     * Prompt tokens per step as the text shows them: whole tokens from 10, one decimal below, "under 0.1" for less
     * (a long output spreads the other users' prompts thin: 3 x 4,096 tokens over 126,976 steps is 0.1 a step), so a
     * load above 0 never reads "0".
     */
    static String tokensPerStep(double tokens) {
        if (tokens >= 9.95) {
            return String.format(Locale.ROOT, "%,.0f", tokens);
        }
        return tokens >= 0.05 ? String.format(Locale.ROOT, "%.1f", tokens) : "under 0.1";
    }

    /** Four significant decimals are far below the model's error; JSON keeps three decimals. */
    static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
