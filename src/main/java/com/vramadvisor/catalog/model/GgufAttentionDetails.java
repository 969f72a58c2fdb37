package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.MlaSpec;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.files.UntrustedText;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The attention details of a GGUF header beyond head counts: multi-head latent attention, query/key norms, sinks and
 * which blocks attend locally.
 *
 * <ul>
 *   <li>Latent attention ({@code deepseek2}): {@code <arch>.attention.kv_lora_rank}, {@code .q_lora_rank} (absent or
 *       0: a plain query projection), the query/key head width {@code .key_length_mla} (older files:
 *       {@code .key_length}), the value width {@code .value_length_mla} (older: {@code .value_length}) and the rotary
 *       width {@code .rope.dimension_count}; the non-rotary width is the head width less the rotary one. An
 *       {@code exp_probs_b} tensor is the router's per-expert bias.</li>
 *   <li>{@code blk.0.attn_q_norm.weight}: query and key RMSNorms (Qwen3, Gemma 3); {@code blk.0.attn_sinks}: one sink
 *       per head (gpt-oss).</li>
 *   <li>Local attention: {@code <arch>.attention.sliding_window} with the interval of global blocks that llama.cpp
 *       sets in code for the architecture ({@code llama-model.cpp}: gemma2 every 2nd, gemma3 every 6th, gpt-oss every
 *       2nd; llama4 chunks of 8192 with every 4th block global). A window for another architecture is not applied
 *       (warning).</li>
 * </ul>
 */
final class GgufAttentionDetails {

    /** Interval of global blocks llama.cpp uses for architectures with a sliding window. */
    private static final Map<String, Integer> GLOBAL_EVERY = Map.of("gemma2", 2, "gemma3", 6, "gpt-oss", 2);

    /** llama.cpp's chunked-attention size for llama4 ({@code n_swa = 8192}, same for Scout and Maverick). */
    static final int LLAMA4_CHUNK = 8192;

    private GgufAttentionDetails() {
    }

    /** Latent attention from the header, or {@code null} when the file has none. */
    static MlaSpec latent(GgufFile g, String a) {
        OptionalLong kvLora = g.integer(a + ".attention.kv_lora_rank");
        if (kvLora.isEmpty()) {
            return null;
        }
        long rope = g.integer(a + ".rope.dimension_count").orElse(64);
        long qk = g.integer(a + ".attention.key_length_mla").orElse(g.integer(a + ".attention.key_length").orElse(0));
        long v = g.integer(a + ".attention.value_length_mla")
                .orElse(g.integer(a + ".attention.value_length").orElse(0));
        long qLora = g.integer(a + ".attention.q_lora_rank").orElse(0);
        return new MlaSpec(toInt(qLora, "q_lora_rank"), toInt(kvLora.getAsLong(), "kv_lora_rank"),
                toInt(qk - rope, "key_length less rope.dimension_count"), toInt(rope, "rope.dimension_count"),
                toInt(v, "value_length"), false);
    }

    /** Query/key norms, sinks and the local/global layout onto {@code b}. */
    static void apply(GgufFile g, String a, ModelSpec.Builder b, List<String> warnings) {
        b.qkNorm(g.tensor("blk.0.attn_q_norm.weight").isPresent());
        b.attentionSinks(g.tensor("blk.0.attn_sinks.weight").isPresent() || g.tensor("blk.0.attn_sinks").isPresent());
        OptionalLong window = g.integer(a + ".attention.sliding_window");
        if ("llama4".equals(a)) {
            b.slidingWindow(LLAMA4_CHUNK).globalEvery(4);
        } else if (window.isPresent() && GLOBAL_EVERY.containsKey(a)) {
            b.slidingWindow(toInt(window.getAsLong(), "sliding_window")).globalEvery(GLOBAL_EVERY.get(a));
        } else if (window.isPresent()) {
            warnings.add(UntrustedText.escape(a) + ".attention.sliding_window is not applied: the KV cache is estimated"
                    + " for full attention in every layer (upper bound)");
        }
    }

    /** Whether any block's router carries a per-expert bias ({@code exp_probs_b}). */
    static boolean routerBias(GgufFile g) {
        return g.anyTensor(t -> t.name().startsWith("blk.") && t.name().contains(".exp_probs_b"));
    }

    private static int toInt(long value, String what) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " " + value + " is out of range");
        }
        return (int) value;
    }
}
