package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An estimate's assumptions in the words of the engine that serves the workload. The core estimator sees only the
 * workload's knobs and states its inference assumptions as PyTorch and vLLM name things (the caching allocator,
 * {@code gpu_memory_utilization}); llama.cpp runs on ggml, which has neither, so an estimate served by llama.cpp
 * says what llama.cpp does instead:
 * <ul>
 *   <li>no reservation of a share of the device: it allocates its model, KV cache and compute buffers, each logged
 *       at start ("model buffer size", "KV buffer size", "compute buffer size" in {@code src/llama-model.cpp},
 *       {@code src/llama-kv-cache.cpp} and {@code src/llama-context.cpp}), and nothing more;</li>
 *   <li>no caching allocator: ggml's CUDA backend keeps a memory pool of its own for temporary buffers
 *       ({@code ggml_cuda_pool} in {@code ggml/src/ggml-cuda});</li>
 *   <li>prompts in physical batches of {@code n_ubatch} tokens.</li>
 * </ul>
 * Every other engine keeps the core's sentences.
 */
public final class EngineWording {

    /** Beginnings of the core's sentences that llama.cpp words otherwise, and llama.cpp's sentences. */
    private static final Map<String, String> LLAMA_CPP = Map.of(
            "logits only for the last position of each sequence (vLLM, Hugging Face generate)",
            "llama.cpp computes logits only for the last position of each sequence, the one its server and CLI ask"
                    + " logits for",
            "the serving reservation (gpu_memory_utilization) is not added",
            "llama.cpp reserves no share of the device: it allocates its model, KV cache and compute buffers and"
                    + " nothing more, so the peak is compared with the usable memory",
            "runtime overhead: the CUDA context and the caching allocator's reserve",
            "runtime overhead: the CUDA context and a reserve for ggml's CUDA memory pool, a fraction of the tensors"
                    + " freed and allocated again within a step; the model, KV cache and compute buffers llama.cpp"
                    + " allocates once carry none",
            "chunked prefill: one pass processes at most the batched-token limit",
            "chunked prefill: one pass processes at most n_ubatch prompt tokens (llama.cpp's physical batch);"
                    + " activations are one block's transient buffers");

    private EngineWording() {
    }

    /** Whether {@code w} is an inference served as llama.cpp serves it ({@link ServingEngine#of}). */
    public static boolean llamaCpp(Workload w) {
        return w.mode() == Mode.INFER && ServingEngine.of(w) == ServingEngine.LLAMA_CPP;
    }

    /** {@code assumptions} of an estimate of {@code w}, in the words of the engine that serves it. */
    public static List<String> assumptions(Workload w, List<String> assumptions) {
        if (!llamaCpp(w)) {
            return assumptions;
        }
        List<String> out = new ArrayList<>(assumptions.size());
        for (String a : assumptions) {
            String replaced = a;
            for (Map.Entry<String, String> e : LLAMA_CPP.entrySet()) {
                if (a.startsWith(e.getKey())) {
                    replaced = e.getValue();
                    break;
                }
            }
            out.add(replaced);
        }
        return List.copyOf(out);
    }
}
