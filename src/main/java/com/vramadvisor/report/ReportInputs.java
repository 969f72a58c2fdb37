package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.report.ReportModel.LabeledValue;

/** The workload as the label/value pairs a report lists under "Workload", in the report's language. */
final class ReportInputs {

    private final ReportText text;

    ReportInputs(ReportText text) {
        this.text = text;
    }

    /**
     * @param ranking the options the decision table was ranked under, or {@code null} without a table: its token
     *                budget, GPU limit and (for training) deadline are inputs of the table's figures
     */
    List<LabeledValue> of(ModelSpec model, Workload workload, Estimate estimate, RankingOptions ranking) {
        Mode mode = workload.mode();
        boolean infer = mode == Mode.INFER;
        List<LabeledValue> out = new ArrayList<>();
        add(out, "model", "input.model", model.name().isBlank() ? model.id() : model.name());
        add(out, "parameters", "input.parameters", text.integer(estimate.parameters()));
        if (estimate.activeParameters() != estimate.parameters()) {
            add(out, "activeParameters", "input.activeParameters", text.integer(estimate.activeParameters()));
        }
        if (mode == Mode.LORA || mode == Mode.QLORA) {
            add(out, "trainableParameters", "input.trainableParameters",
                    text.integer(estimate.trainableParameters()));
        }
        add(out, "architecture", "input.architecture", text.format("input.architecture.value",
                text.integer(model.layers()), text.integer(model.hiddenSize()), text.integer(model.heads()),
                text.integer(model.kvHeads()), text.integer(model.ffnSize()), text.integer(model.vocabSize())));
        if (model.isMoe()) {
            add(out, "experts", "input.moe", text.format("input.moe.value", text.integer(model.moe().experts()),
                    text.integer(model.moe().expertsPerToken())));
        }
        add(out, "mode", "input.mode", text.get("mode." + key(mode)));
        if (infer || mode == Mode.QLORA || workload.weightType() != null) {
            add(out, "weights", "input.weights", workload.effectiveWeightType().id());
        }
        if (!infer) {
            add(out, "implementation", "input.implementation",
                    text.get("implementation." + workload.implementation().id()));
            add(out, "precision", "input.precision", workload.precision().id());
            add(out, "optimizer", "input.optimizer", workload.optimizer().id());
        }
        add(out, "batch", infer ? "input.batch.infer" : "input.batch.train", text.integer(workload.batch()));
        add(out, "sequence", infer ? "input.sequence.infer" : "input.sequence.train",
                text.integer(workload.sequenceLength()));
        if (infer) {
            add(out, "context", "input.context", text.integer(workload.effectiveContext()));
            add(out, "kvCache", "input.kvCache", workload.kvCacheType().id());
            add(out, "servingEngine", "input.servingEngine", serving(workload));
            if (workload.gpuMemoryUtilization() > 0) {
                add(out, "gpuMemoryUtilization", "input.gpuMemoryUtilization",
                        text.percent(workload.gpuMemoryUtilization()));
            } else if (ServingEngine.of(workload) == ServingEngine.VLLM) {
                // The fit and the KV pool use vLLM's own default (ServingEngine.reservation); say so.
                add(out, "gpuMemoryUtilization", "input.gpuMemoryUtilization",
                        text.format("input.gpuMemoryUtilization.engineDefault",
                                text.percent(ServingEngine.VLLM_GPU_MEMORY_UTILIZATION)));
            }
        } else {
            add(out, "gradientAccumulation", "input.gradAccum", text.integer(workload.gradientAccumulation()));
            add(out, "recompute", "input.recompute", text.get("recompute." + key(workload.recompute())));
        }
        Parallelism p = workload.parallelism();
        add(out, "parallelism", "input.parallelism", text.format("input.parallelism.value",
                text.integer(p.tensorParallel()), text.integer(p.pipelineParallel()), text.integer(p.dataParallel()),
                text.integer(p.gpus()), text.integer(p.zeroStage()),
                p.sequenceParallel() ? text.get("input.parallelism.sp") : ""));
        add(out, "attention", "input.attention", text.get("attention." + key(workload.attention())));
        if (!infer) {
            add(out, "dropout", "input.dropout", text.number(workload.dropout(), 2));
        }
        if (workload.lora() != null && (mode == Mode.LORA || mode == Mode.QLORA)) {
            String targets = workload.lora().targets().stream().map(t -> t.name().toLowerCase(Locale.ROOT))
                    .sorted().collect(Collectors.joining(", "));
            add(out, "lora", "input.lora", text.format("input.lora.value", text.integer(workload.lora().rank()),
                    targets));
        }
        add(out, "runtimeOverhead", "input.overhead", workload.overhead().enabled()
                ? text.format("input.overhead.on", text.gib(workload.overhead().contextBytes()),
                        text.percent(workload.overhead().allocatorFraction()))
                : text.get("input.overhead.off"));
        if (!infer) {
            add(out, "gradsBetweenSteps", "input.grads", text.get("grads." + key(workload.gradsBetweenSteps())));
        }
        if (ranking != null) {
            add(out, "tokenBudget", "input.tokenBudget", text.integer(ranking.tokenBudget()));
            add(out, "maxGpus", "input.maxGpus", text.integer(ranking.maxGpus()));
            if (!infer) {
                add(out, "deadlineDays", "input.deadline", days(text, ranking.deadlineDays()));
            }
        }
        return out;
    }

    /** Whole days as integers, a fraction with one decimal: a 0.5-day deadline must not read as 0 or 1. */
    /**
     * The serving engine the workload's KV blocks and prefill chunk stand for ({@code ServingEngine.configure} sets
     * both), with its chunk: "vLLM, prefill chunks of 8,192 tokens".
     */
    private String serving(Workload workload) {
        int block = workload.kvBlockTokens();
        int chunk = workload.prefillChunkTokens();
        for (ServingEngine e : ServingEngine.values()) {
            if (e.kvBlockTokens() == block && e.chunksPrefill() == (chunk > 0)) {
                String name = text.get("engine." + key(e));
                return chunk > 0 ? text.format("input.servingEngine.chunked", name, text.integer(chunk))
                        : text.format("input.servingEngine.onePass", name);
            }
        }
        return text.format("input.servingEngine.other", text.integer(block), text.integer(chunk));
    }

    static String days(ReportText text, double days) {
        return text.format("input.deadline.value", days == Math.rint(days) ? text.integer(Math.round(days))
                : text.number(days, 1));
    }

    private void add(List<LabeledValue> out, String key, String labelKey, String value) {
        out.add(new LabeledValue(key, text.get(labelKey), value));
    }

    static String key(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
