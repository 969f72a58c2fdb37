package com.vramadvisor.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.EngineWording;
import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Renders an estimate as a readable text table or as the documented JSON object. */
final class EstimateOutput {

    /**
     * The indented JSON writer, made on first use: constructing an {@code ObjectMapper} costs about 150 ms of CPU at
     * start, which text output does not need.
     */
    static ObjectMapper json() {
        return JsonHolder.MAPPER;
    }

    private static final class JsonHolder {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** Parts only training holds; inference text output leaves out their rows while they are zero. */
    private static final Set<Component> TRAINING_ONLY =
            EnumSet.of(Component.MASTER_WEIGHTS, Component.GRADIENTS, Component.OPTIMIZER_STATES);

    private EstimateOutput() {
    }

    /** The JSON contract: parameters, activeParameters, components (bytes), peakBytes, peakPhase, assumptions. */
    static Map<String, Object> toJson(ModelSpec model, Workload workload, Estimate e) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("model", modelLabel(model));
        root.put("mode", workload.mode().name().toLowerCase(Locale.ROOT));
        if (workload.mode() == Mode.INFER) {
            root.put("promptTokens", workload.sequenceLength());
            root.put("contextTokens", workload.effectiveContext());
            root.put("prefillChunkTokens", workload.prefillChunkTokens());
            root.put("kvBlockTokens", workload.kvBlockTokens());
        }
        root.put("parameters", e.parameters());
        root.put("activeParameters", e.activeParameters());
        root.put("trainableParameters", e.trainableParameters());
        var par = workload.parallelism();
        Map<String, Object> layout = new LinkedHashMap<>();
        layout.put("tensorParallel", par.tensorParallel());
        layout.put("pipelineParallel", par.pipelineParallel());
        layout.put("dataParallel", par.dataParallel());
        layout.put("expertParallel", par.expertParallel());
        layout.put("contextParallel", par.contextParallel());
        layout.put("zeroStage", par.zeroStage());
        layout.put("gpus", par.gpus());
        root.put("parallelism", layout);
        Map<String, Long> components = new LinkedHashMap<>();
        for (Component c : Component.values()) {
            components.put(c.jsonName(), e.component(c));
        }
        root.put("components", components);
        root.put("hostBytes", e.hostBytes());
        root.put("nvmeBytes", e.nvmeBytes());
        root.put("peakBytes", e.peakBytes());
        root.put("allocatedPeakBytes", e.allocatedPeakBytes());
        root.put("reservedPeakBytes", e.reservedPeakBytes());
        root.put("processPeakBytes", e.processPeakBytes());
        root.put("contextBytes", e.contextBytes());
        root.put("allocatorReserveBytes", e.allocatorReserveBytes());
        root.put("range", FitAnswer.rangeJson(e.range()));
        root.put("peakPhase", e.peakPhase().id());
        Map<String, Object> phases = new LinkedHashMap<>();
        for (PhaseBreakdown p : e.phases()) {
            Map<String, Object> phase = new LinkedHashMap<>();
            for (Component c : Component.values()) {
                phase.put(c.jsonName(), p.get(c));
            }
            phase.put("totalBytes", p.totalBytes());
            phases.put(p.phase().id(), phase);
        }
        root.put("phases", phases);
        root.put("assumptions", EngineWording.assumptions(workload, e.assumptions()));
        return root;
    }

    /** The model as JSON output names it: its catalog id, or its name when it has none. */
    static String modelLabel(ModelSpec model) {
        return model.id().isEmpty() ? model.name() : model.id();
    }

    static void printText(PrintWriter out, ModelSpec model, Workload w, Estimate e) {
        out.printf(Locale.ROOT, "Model       %s: %s parameters (%s)%n", model.name(),
                Quantities.grouped(e.parameters()),
                Quantities.compactCount(e.parameters()));
        if (e.activeParameters() != e.parameters()) {
            out.printf(Locale.ROOT, "            %s active per token%n", Quantities.grouped(e.activeParameters()));
        }
        out.printf(Locale.ROOT, "Workload    %s%n", describe(model, w));
        out.println();
        out.printf(Locale.ROOT, "%-20s %14s %20s %14s%n", "Component (per GPU)", "largest", "bytes",
                "at " + e.peakPhase().id());
        for (Component c : Component.values()) {
            if (w.mode() == Mode.INFER && TRAINING_ONLY.contains(c) && e.component(c) == 0
                    && e.peakBreakdown().get(c) == 0) {
                continue;
            }
            out.printf(Locale.ROOT, "%-20s %14s %20s %14s%n", c.label(), Quantities.gib(e.component(c)),
                    Quantities.grouped(e.component(c)), Quantities.gib(e.peakBreakdown().get(c)));
        }
        out.printf(Locale.ROOT, "%-20s %14s %20s%n", "Peak", Quantities.gib(e.peakBytes()),
                Quantities.grouped(e.peakBytes()));
        if (e.hostBytes() > 0 || e.nvmeBytes() > 0) {
            out.printf(Locale.ROOT, "%-20s %14s %20s   off the GPU (offload)%n", "Host RAM", Quantities.gib(
                    e.hostBytes()), Quantities.grouped(e.hostBytes()));
            if (e.nvmeBytes() > 0) {
                out.printf(Locale.ROOT, "%-20s %14s %20s%n", "NVMe", Quantities.gib(e.nvmeBytes()),
                        Quantities.grouped(e.nvmeBytes()));
            }
        }
        if ((e.contextBytes() > 0 || e.allocatorReserveBytes() > 0) && EngineWording.llamaCpp(w)) {
            // llama.cpp runs on ggml: its log names buffers, not PyTorch's allocated and reserved memory.
            out.printf(Locale.ROOT, "%nBuffers         %s   model, KV cache and compute buffers (the \"buffer size\""
                    + " lines llama.cpp logs at start)%n", Quantities.gib(e.allocatedPeakBytes()));
            out.printf(Locale.ROOT, "Process total   %s   + %s CUDA context and ggml's memory pool (what nvidia-smi"
                    + " shows)%n", Quantities.gib(e.processPeakBytes()),
                    Quantities.gib(e.contextBytes() + e.allocatorReserveBytes()));
            out.printf(Locale.ROOT, "Range           %s to %s (memory pool and CUDA context; see"
                    + " docs/verifying.md)%n", Quantities.gib(e.range().lowBytes()),
                    Quantities.gib(e.range().highBytes()));
        } else if (e.contextBytes() > 0 || e.allocatorReserveBytes() > 0) {
            out.printf(Locale.ROOT, "%nAllocated peak  %s   live tensors (torch.cuda.max_memory_allocated)%n",
                    Quantities.gib(e.allocatedPeakBytes()));
            out.printf(Locale.ROOT, "Reserved peak   %s   + %s the caching allocator keeps cached"
                    + " (torch.cuda.max_memory_reserved)%n", Quantities.gib(e.reservedPeakBytes()),
                    Quantities.gib(e.allocatorReserveBytes()));
            out.printf(Locale.ROOT, "Process total   %s   + %s CUDA context (what nvidia-smi shows)%n",
                    Quantities.gib(e.processPeakBytes()), Quantities.gib(e.contextBytes()));
            out.printf(Locale.ROOT, "Range           %s to %s (allocator fragmentation and CUDA context; see"
                    + " docs/verifying.md)%n", Quantities.gib(e.range().lowBytes()),
                    Quantities.gib(e.range().highBytes()));
        }
        out.printf(Locale.ROOT, "%nThe peak is reached at %s. Phase totals:", e.peakPhase().id());
        for (PhaseBreakdown p : e.phases()) {
            out.printf(Locale.ROOT, " %s %s;", p.phase().id(), Quantities.gib(p.totalBytes()));
        }
        out.println();
        if (!e.assumptions().isEmpty()) {
            out.println();
            out.println("Assumptions:");
            for (String a : EngineWording.assumptions(w, e.assumptions())) {
                out.println("  - " + a);
            }
        }
        out.println();
        out.println("1 GiB = 2^30 bytes.");
        out.flush();
    }

    /**
     * The KV cache's paging: blocks of several tokens (vLLM 16, TensorRT-LLM 32), one token per page (SGLang's token
     * pool), or nothing for a cache that is not paged.
     */
    static String kvBlocks(int blockTokens) {
        if (blockTokens == 1) {
            return ", KV cache paged per token";
        }
        return blockTokens > 1 ? String.format(Locale.ROOT, ", KV blocks of %d tokens", blockTokens) : "";
    }

    /**
     * {@link #describe(Workload)} of {@code w} on {@code m}: for inference of a model whose routed experts ship in a
     * smaller type than the weights (gpt-oss: MXFP4), "weights bf16 (routed experts mxfp4)", as the estimate holds
     * them ({@code ArchitectureNotes}).
     */
    static String describe(ModelSpec m, Workload w) {
        String text = describe(w);
        DataType experts = m.expertWeightType();
        if (w.mode() == Mode.INFER && experts != null
                && experts.bytesPerElement() < w.effectiveWeightType().bytesPerElement()) {
            String weights = "weights " + w.effectiveWeightType().id();
            return text.replaceFirst(Pattern.quote(weights),
                    Matcher.quoteReplacement(weights + " (routed experts " + experts.id() + ")"));
        }
        return text;
    }

    static String describe(Workload w) {
        StringBuilder s = new StringBuilder(w.mode().name().toLowerCase(Locale.ROOT));
        switch (w.mode()) {
            case INFER -> s.append(String.format(Locale.ROOT,
                    ", weights %s, KV cache %s, %d sequence(s) x %d tokens (prompt %d)", w.effectiveWeightType().id(),
                    w.kvCacheType().id(), w.batch(), w.effectiveContext(), w.sequenceLength()))
                    .append(w.prefillChunkTokens() > 0
                            ? String.format(Locale.ROOT, ", prefill in chunks of %d tokens", w.prefillChunkTokens())
                            : ", prefill in one pass")
                    .append(kvBlocks(w.kvBlockTokens()));
            default -> {
                s.append(String.format(Locale.ROOT, ", %s, %s, micro-batch %d x %d tokens", w.precision().id(),
                        w.optimizer().id(), w.batch(), w.sequenceLength()));
                if (w.lora() != null) {
                    s.append(String.format(Locale.ROOT, ", LoRA rank %d, base %s", w.lora().rank(),
                            w.effectiveWeightType().id()));
                }
                s.append(", recompute ").append(w.recompute().name().toLowerCase(Locale.ROOT));
                s.append(", ").append(w.implementation() == Implementation.MEGATRON
                        ? "Megatron/DeepSpeed layout" : "PyTorch autocast layout");
                if (w.framework() != null) {
                    s.append(", framework ").append(w.framework().id());
                }
                s.append(", attention ").append(w.attention().name().toLowerCase(Locale.ROOT));
            }
        }
        var p = w.parallelism();
        if (EngineWording.llamaCpp(w)) {
            // llama.cpp's own terms: it splits a model by rows or by layers, and knows no ZeRO.
            s.append(String.format(Locale.ROOT, ", %d %s", p.gpus(), p.gpus() == 1 ? "GPU" : "GPUs"));
            if (p.tensorParallel() > 1) {
                s.append(", rows split over ").append(p.tensorParallel()).append(" (--split-mode row)");
            }
            if (p.pipelineParallel() > 1) {
                s.append(", layers split over ").append(p.pipelineParallel()).append(" (--split-mode layer)");
            }
            if (p.dataParallel() > 1) {
                s.append(", ").append(p.dataParallel()).append(" copies");
            }
            if (w.offload().gpuLayers() >= 0) {
                s.append(", -ngl ").append(w.offload().gpuLayers());
            }
            return s.toString();
        }
        s.append(String.format(Locale.ROOT, ", TP %d x PP %d x DP %d (%d %s), ZeRO-%d", p.tensorParallel(),
                p.pipelineParallel(), p.dataParallel(), p.gpus(), p.gpus() == 1 ? "GPU" : "GPUs", p.zeroStage()));
        if (p.contextParallel() > 1) {
            s.append(", CP ").append(p.contextParallel());
        }
        if (p.expertParallel() > 1) {
            s.append(", EP ").append(p.expertParallel());
        }
        if (w.offload().target() != Offload.Target.NONE) {
            s.append(", offload ").append(w.offload().target().id()).append(" to ").append(w.offload().device().id());
        }
        if (w.offload().gpuLayers() >= 0) {
            s.append(", ").append(w.offload().gpuLayers()).append(" GPU layers");
        }
        return s.toString();
    }
}
