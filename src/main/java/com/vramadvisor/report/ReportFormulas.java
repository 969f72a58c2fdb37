package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.EngineWording;
import com.vramadvisor.report.ReportModel.Formula;

/**
 * The formulas and assumptions section of a report. The formulas restate {@code docs/estimation.md} for the
 * components this estimate has; the engine's assumption sentences are translated through the report bundle.
 */
final class ReportFormulas {

    /** The engine's assumption about micro-batches in flight on a 1F1B pipeline. */
    static final String PIPELINE = "assumption.pipeline-1f1b-the-first-stage-holds-min-p-micro";
    /** The engine's assumption about mixture-of-experts routing. */
    static final String EXPERTS = "assumption.mixture-of-experts-routing-assumed-balanced";

    private final ReportText text;

    ReportFormulas(ReportText text) {
        this.text = text;
    }

    List<Formula> of(Workload workload, Estimate estimate) {
        List<Formula> out = new ArrayList<>();
        for (Component c : Component.values()) {
            if (estimate.component(c) == 0) {
                continue;
            }
            String id = c.jsonName();
            String quantity = text.get("component." + id);
            if (c == Component.OPTIMIZER_STATES) {
                String optimizer = workload.optimizer().id();
                out.add(new Formula(quantity, text.get("formula.optimizerStates.expression." + optimizer),
                        text.get("formula.optimizerStates.reference." + optimizer)));
            } else if (c == Component.RUNTIME_OVERHEAD) {
                // llama.cpp runs on ggml: its pool, not PyTorch's caching allocator (EngineWording).
                String engine = EngineWording.llamaCpp(workload) ? ".llamaCpp" : "";
                out.add(new Formula(quantity, text.format("formula.runtimeOverhead.expression" + engine,
                        text.gib(workload.overhead().contextBytes()),
                        text.percent(workload.overhead().allocatorFraction())),
                        text.get("formula.runtimeOverhead.reference" + engine)));
            } else {
                String variant = variant(c, workload);
                out.add(new Formula(quantity, text.get("formula." + id + ".expression" + variant),
                        text.get("formula." + id + ".reference" + variant)));
            }
        }
        String peak = workload.mode() == Mode.INFER ? ".infer" : "";
        out.add(new Formula(text.get("formula.peak.quantity"), text.get("formula.peak.expression" + peak),
                text.get("formula.peak.reference" + peak)));
        return out;
    }

    /**
     * Which wording of a component's formula applies: inference keeps no activations or logits for a backward pass
     * and serves weights at their storage type; LoRA weights are a frozen base plus adapters; autocast over fp32
     * parameters (the PyTorch layout) stores weights and gradients differently from Megatron's layout.
     */
    private static String variant(Component c, Workload workload) {
        if (workload.mode() == Mode.INFER
                && (c == Component.WEIGHTS || c == Component.ACTIVATIONS || c == Component.LOGITS)) {
            return ".infer";
        }
        boolean adapters = workload.mode() == Mode.LORA || workload.mode() == Mode.QLORA;
        if (c == Component.WEIGHTS && adapters) {
            return ".lora";
        }
        if (workload.autocast() && workload.mode() != Mode.INFER
                && (c == Component.GRADIENTS || (c == Component.WEIGHTS && workload.mode() == Mode.TRAIN))) {
            return ".autocast";
        }
        return "";
    }

    /**
     * The engine's assumptions in the report's language, then the report's own. The engine states its training
     * assumptions for every model; those about a pipeline and about experts are left out where the workload has no
     * pipeline stages or the model no experts, since they say nothing about it.
     */
    List<String> assumptions(ModelSpec model, Workload workload, Estimate estimate) {
        List<String> out = new ArrayList<>();
        for (String a : EngineWording.assumptions(workload, estimate.assumptions())) {
            String key = key(a);
            if ((key.equals(PIPELINE) && workload.parallelism().pipelineParallel() == 1)
                    || (key.equals(EXPERTS) && !model.isMoe())) {
                continue;
            }
            out.add(translate(a));
        }
        out.add(text.get("assumption.report.gib"));
        out.add(text.get("assumption.report.sweeps"));
        return out;
    }

    /** An engine assumption from the bundle, or the engine's English sentence when the bundle lacks it. */
    String translate(String englishAssumption) {
        String key = key(englishAssumption);
        if (text.has(key)) {
            return text.get(key);
        }
        String s = englishAssumption.strip();
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1) + (s.endsWith(".") ? "" : ".");
    }

    /** The bundle key of an engine assumption: {@code assumption.} and the first 48 characters as a slug. */
    static String key(String englishAssumption) {
        String slug = englishAssumption.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-+|-+$", "");
        slug = slug.substring(0, Math.min(48, slug.length())).replaceAll("-+$", "");
        return "assumption." + slug;
    }
}
