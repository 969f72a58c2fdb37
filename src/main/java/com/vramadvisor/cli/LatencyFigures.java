package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.SpeedModel;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.serving.ServingLoad;
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.engine.speed.SpeedRange;
import com.vramadvisor.engine.speed.SpeedRanges;
import com.vramadvisor.engine.speed.SpeedSettings;
import com.vramadvisor.engine.speed.Stack;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Serving latency on a catalog GPU for {@code estimate --gpu} and {@code fit --tpot-ms/--ttft-ms}: the GPU in its
 * catalog node class, the layout of the workload's {@code --tp} and {@code --pp}, and the efficiencies fitted for the
 * GPU's stack and the serving engine ({@code catalog/efficiency.json}).
 */
final class LatencyFigures {

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
        return ServingLatency.of(model, workload, gpu, fabric(catalog, gpu, workload), SpeedSettings.fitted());
    }

    /**
     * The JSON fields: ttftMs (mean), ttftP50Ms, ttftP99Ms, ttftBound, tpotMs, tpotBound, tokensPerSecondPerUser,
     * tokensPerSecond, each figure with its range from the held-out residuals of its group ({@code ...Range},
     * {@code {low, high}}; docs/verifying.md).
     */
    static void putJson(Map<String, Object> root, GpuSpec gpu, ServingLatency.Latency l) {
        EfficiencyTable t = EfficiencyTable.shipped();
        root.put("gpu", gpu.id());
        root.put("ttftMs", l.ttftMs() == null ? null : round(l.ttftMs()));
        root.put("ttftMsRange", DecisionOutput.range(SpeedRanges.time(t, SpeedFigure.TTFT, l.ttftMs())));
        root.put("ttftP50Ms", l.ttftMs(50) == null ? null : round(l.ttftMs(50)));
        root.put("ttftP99Ms", l.ttftMs(99) == null ? null : round(l.ttftMs(99)));
        root.put("ttftBound", l.ttftBound() == null ? null : l.ttftBound().code());
        root.put("tpotMs", round(l.tpotMs()));
        root.put("tpotMsRange", DecisionOutput.range(SpeedRanges.time(t, SpeedFigure.TPOT, l.tpotMs())));
        root.put("tpotBound", l.tpotBound().code());
        root.put("tokensPerSecondPerUser", round(l.tokensPerSecondPerUser()));
        root.put("tokensPerSecondPerUserRange", DecisionOutput.range(SpeedRanges.rate(t, SpeedFigure.TPOT,
                l.tokensPerSecondPerUser())));
        root.put("tokensPerSecond", round(l.tokensPerSecond()));
        root.put("tokensPerSecondRange", DecisionOutput.range(SpeedRanges.rate(t, SpeedFigure.LLM_THROUGHPUT,
                l.tokensPerSecond())));
    }

    /** " (a to b)" for a range, empty without one. */
    static String rangeText(SpeedRange r, String format) {
        return r == null ? "" : String.format(Locale.ROOT, " (" + format + " to " + format + ")", r.low(), r.high());
    }

    /** Adds the steady-load figure of {@code w} ({@link ServingLoad}) to an estimate's JSON. */
    static void putLoadJson(Map<String, Object> root, Workload w) {
        root.put("arrivingPromptTokensPerStep", round(ServingLoad.arrivingPromptTokensPerStep(w)));
    }

    static void printText(PrintWriter out, GpuSpec gpu, Workload w, ServingLatency.Latency l) {
        var p = w.parallelism();
        out.printf(Locale.ROOT, "Latency on %s, TP %d x PP %d, %d concurrent sequence(s):%n", gpu.name(),
                p.tensorParallel(), p.pipelineParallel(), l.concurrency());
        EfficiencyTable t = EfficiencyTable.shipped();
        out.printf(Locale.ROOT, "  time to first token     %s%n", l.ttftMs() == null ? "unknown (no peak rate)"
                : String.format(Locale.ROOT, "%.1f ms (%s), median %.1f ms, 99th percentile %.1f ms%s", l.ttftMs(),
                l.ttftBound().code(), l.ttftMs(50), l.ttftMs(99),
                rangeText(SpeedRanges.time(t, SpeedFigure.TTFT, l.ttftMs()), "%.1f")));
        out.printf(Locale.ROOT, "  time per output token   %.2f ms (%s)%s%n", l.tpotMs(), l.tpotBound().code(),
                rangeText(SpeedRanges.time(t, SpeedFigure.TPOT, l.tpotMs()), "%.2f"));
        out.printf(Locale.ROOT, "  tokens/s per user       %.1f%n", l.tokensPerSecondPerUser());
        out.printf(Locale.ROOT, "  tokens/s in total       %.1f (one model copy)%s%n", l.tokensPerSecond(),
                rangeText(SpeedRanges.rate(t, SpeedFigure.LLM_THROUGHPUT, l.tokensPerSecond()), "%.1f"));
        double arriving = ServingLoad.arrivingPromptTokensPerStep(w);
        if (arriving > 0) {
            out.printf(Locale.ROOT, "  under steady load: each step also prefills %s prompt tokens of the other"
                    + " users' new requests, and a new prompt waits behind them%n", tokensPerStep(arriving));
        }
        Efficiency eff = ServingLatency.atWeights(ServingLatency.efficiency(SpeedSettings.fitted(), gpu, w), gpu, w);
        double peak = ServingLatency.peak(gpu, w).tflops();
        out.printf(Locale.ROOT, "  (weights read at %.0f %% of peak bandwidth, matrix multiplications at %.0f %% of a"
                + " peak of %s TFLOPS%s, as fitted for %s on the %s stack on published measurements; ranges: the 10th"
                + " to 90th percentile of the errors on held-out published measurements, docs/verifying.md)%n",
                eff.decodeGemv() * 100, eff.gemm() * 100, tflops(peak),
                peak > SpeedModel.inferencePeak(gpu, w.effectiveWeightType()).tflops()
                        ? " (FP16 accumulation, which the engine asks cuBLAS for)" : "",
                ServingEngine.of(w).id(), Stack.vendorStack(gpu).id());
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

    /** A peak rate as the note gives it: whole TFLOPS from 100, one decimal below. */
    private static String tflops(double t) {
        return t >= 100 ? String.format(Locale.ROOT, "%,.0f", t) : String.format(Locale.ROOT, "%.1f", t);
    }
}
