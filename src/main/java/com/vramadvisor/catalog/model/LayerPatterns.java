package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.files.UntrustedText;

/**
 * Reads which blocks attend locally (sliding window or chunk) and which globally, into
 * {@link ModelSpec#slidingWindow()} and {@link ModelSpec#globalEvery()}.
 *
 * <p>Newer Transformers configurations list {@code layer_types}, one entry per block: {@code "full_attention"},
 * {@code "sliding_attention"} or {@code "chunked_attention"} (Gemma 3, gpt-oss, Llama 4 since Transformers 4.53).
 * Older ones give a period: Gemma 3's {@code sliding_window_pattern} (block {@code i} is global when
 * {@code (i + 1) % pattern == 0}, {@code Gemma3DecoderLayer}), Llama 4's {@code no_rope_layers} list or
 * {@code no_rope_layer_interval} (the no-RoPE blocks attend globally, the others in chunks,
 * {@code Llama4TextAttention}).
 */
final class LayerPatterns {

    /** Most entries a {@code layer_types} list may have; a longer one cannot match a bounded layer count. */
    private static final int MAX_ENTRIES = ModelSpec.MAX_LAYERS;

    private LayerPatterns() {
    }

    /**
     * Sets window and global interval from {@code layer_types} when present; otherwise every {@code period}-th block
     * is global ({@code period} 0: every block local). A {@code window} of 0 leaves every block global.
     */
    static void apply(ConfigFields c, ModelSpec.Builder b, int layers, int window, int period)
            throws ModelImportException {
        if (window <= 0) {
            b.slidingWindow(0).globalEvery(0);
            return;
        }
        JsonNode types = c.find("layer_types");
        if (types == null) {
            b.slidingWindow(window).globalEvery(Math.max(0, period));
            return;
        }
        if (!types.isArray() || types.size() > MAX_ENTRIES) {
            throw c.error("field 'layer_types' must be a list of at most " + MAX_ENTRIES + " attention kinds");
        }
        if (types.size() != layers) {
            throw c.error("field 'layer_types' lists " + types.size() + " blocks for " + layers + " layers");
        }
        boolean[] global = new boolean[layers];
        int globals = 0;
        for (int i = 0; i < layers; i++) {
            String kind = types.get(i).asText("");
            switch (kind) {
                case "full_attention" -> {
                    global[i] = true;
                    globals++;
                }
                case "sliding_attention", "chunked_attention" -> global[i] = false;
                default -> throw c.error("field 'layer_types' entry " + i + " is "
                        + UntrustedText.quote(types.get(i).toString())
                        + "; expected full_attention, sliding_attention or chunked_attention");
            }
        }
        if (globals == layers) {
            b.slidingWindow(0).globalEvery(0);
            return;
        }
        b.slidingWindow(window);
        if (globals == 0) {
            b.globalEvery(0);
            return;
        }
        int every = layers / globals;
        if (!periodic(global, every)) {
            // Memory depends on how many blocks are global, not where they sit (pipeline splits aside).
            every = Math.max(1, (int) Math.round((double) layers / globals));
            c.warn("layer_types places its " + globals + " global blocks irregularly; the KV cache is estimated for"
                    + " every " + every + "th block global");
        }
        b.globalEvery(every);
    }

    private static boolean periodic(boolean[] global, int every) {
        if (every < 1) {
            return false;
        }
        for (int i = 0; i < global.length; i++) {
            if (global[i] != ((i + 1) % every == 0)) {
                return false;
            }
        }
        return true;
    }
}
