package com.vramadvisor.engine.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One-sentence notes on how an inference estimate treats a model's architecture: latent attention's cache, local and
 * global layers, prediction modules left unloaded, experts kept in their release format, a vision tower. Empty for a
 * plain decoder. Each note starts with fixed words, so that a report finds its translation by the first 48
 * characters (the report bundles' {@code assumption.} keys) whatever the model's numbers.
 */
final class ArchitectureNotes {

    private ArchitectureNotes() {
    }

    static List<String> inference(ModelSpec m, Workload w) {
        List<String> notes = new ArrayList<>();
        if (m.isMla()) {
            MlaSpec a = m.mla();
            notes.add(a.naiveCache()
                    ? "latent attention with a naive cache: per-head keys and values (" + m.heads() + " x ("
                    + a.qkHeadDim() + " + " + a.vHeadDim() + ")) per token and layer, split across tensor-parallel"
                    + " ranks"
                    : "latent attention: the KV cache holds the compressed latent (" + a.kvLoraRank() + " + "
                    + a.qkRopeHeadDim() + " per token and layer) on every tensor-parallel rank, as vLLM's and SGLang's"
                    + " MLA kernels cache it");
        }
        if (m.slidingWindow() > 0 && m.globalLayers() > 0) {
            notes.add("local and global layers (sliding window or chunk): " + m.globalLayers() + " of " + m.layers()
                    + " layers attend to the whole context; the other " + (m.layers() - m.globalLayers())
                    + " keep at most " + m.slidingWindow() + " tokens");
        }
        if (m.mtpLayers() > 0) {
            notes.add("multi-token-prediction modules shipped with the model (" + m.mtpLayers() + ") are not loaded;"
                    + " they serve speculative decoding only");
        }
        DataType experts = m.expertWeightType();
        if (experts != null && experts.bytesPerElement() < w.effectiveWeightType().bytesPerElement()) {
            notes.add(String.format(Locale.ROOT, "routed experts stay in %s (%.2f bits per parameter) as released;"
                    + " the other weights are %s", experts.id(), experts.bitsPerElement(),
                    w.effectiveWeightType().id()));
        }
        if (m.visionParams() > 0) {
            notes.add(String.format(Locale.ROOT, "the vision tower and projector are held with the embeddings"
                    + " (%,d parameters)", m.visionParams()));
        }
        return notes;
    }
}
