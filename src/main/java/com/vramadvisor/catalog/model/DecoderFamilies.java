package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;

import java.util.HashSet;
import java.util.Set;

/**
 * Llama-style decoders (RMSNorm, gated feed-forward block, rotary positions): {@code llama}, {@code mistral},
 * {@code mixtral}, {@code qwen2}, {@code qwen2_moe}, {@code gemma}, {@code gemma2}, {@code phi3}.
 *
 * <p>Field names and defaults are those of the Hugging Face configuration classes
 * ({@code transformers/models/<family>/configuration_<family>.py}) and the module shapes those of the matching
 * {@code modeling_<family>.py}: e.g. {@code head_dim} defaults to {@code hidden_size / num_attention_heads},
 * {@code num_key_value_heads} to {@code num_attention_heads}; Llama's {@code attention_bias} puts biases on the
 * query, key, value and output projections, Qwen2's attention has biases on query, key and value only.
 */
final class DecoderFamilies {

    private DecoderFamilies() {
    }

    /** {@code LlamaConfig}: untied by default, {@code attention_bias} and {@code mlp_bias} default false. */
    static ModelSpec.Builder llama(ConfigFields c) throws ModelImportException {
        boolean attentionBias = c.boolOr(false, "attention_bias");
        return common(c, 2048, false)
                .qkvBias(attentionBias)
                .outBias(attentionBias)
                .mlpBias(c.boolOr(false, "mlp_bias"));
    }

    /**
     * {@code MistralConfig}: {@code sliding_window} defaults to 4096 and applies to every layer (Mistral 7B v0.1);
     * later releases write {@code null}, which disables it.
     */
    static ModelSpec.Builder mistral(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = common(c, 4096 * 32, false);
        if (c.root().has("sliding_window")) {
            b.slidingWindow(c.intOr(0, "sliding_window"));
        } else {
            b.slidingWindow(4096);
        }
        return b;
    }

    /** {@code MixtralConfig}: top-{@code num_experts_per_tok} routing over {@code num_local_experts} experts. */
    static ModelSpec.Builder mixtral(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = common(c, 4096 * 32, false);
        b.slidingWindow(c.intOr(0, "sliding_window"));
        int experts = c.intOr(8, "num_local_experts");
        int perToken = c.intOr(2, "num_experts_per_tok");
        b.moe(moe(c, experts, perToken, c.requiredInt("intermediate_size"), 0, false, 0));
        return b;
    }

    /** {@code Qwen2Config}: biases on query, key and value only (Qwen2Attention). */
    static ModelSpec.Builder qwen2(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = common(c, 32768, false).qkvBias(true);
        b.slidingWindow(qwenSlidingWindow(c, 28));
        return b;
    }

    /**
     * {@code Qwen2MoeConfig}: layer {@code i} is a mixture-of-experts layer when {@code i} is not in
     * {@code mlp_only_layers} and {@code (i + 1) % decoder_sparse_step == 0}; the other layers keep a dense
     * feed-forward block of {@code intermediate_size}. Every MoE layer has a shared expert of
     * {@code shared_expert_intermediate_size} behind an {@code h x 1} sigmoid gate.
     */
    static ModelSpec.Builder qwen2Moe(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = common(c, 32768, false).qkvBias(true);
        b.slidingWindow(qwenSlidingWindow(c, 28));
        int layers = c.layerCount("num_hidden_layers");
        int step = c.intOr(1, "decoder_sparse_step");
        if (step < 1) {
            throw c.error("field 'decoder_sparse_step' must be at least 1, got " + step);
        }
        Set<Integer> mlpOnly = layerSet(c.find("mlp_only_layers"), layers);
        int experts = c.intOr(60, "num_experts");
        int denseLayers = 0;
        boolean leading = true;
        for (int i = 0; i < layers; i++) {
            boolean sparse = experts > 0 && !mlpOnly.contains(i) && (i + 1) % step == 0;
            if (!sparse) {
                denseLayers++;
                leading &= i < denseLayers;
            }
        }
        if (experts == 0 || denseLayers == layers) {
            c.warn("no layer uses experts (num_experts " + experts + "); imported as a dense model");
            return b;
        }
        if (!leading) {
            c.warn(denseLayers + " dense layers are interleaved with expert layers; memory depends only on their "
                    + "number, so they are counted as leading dense layers");
        }
        int sharedFfn = c.intOr(5632, "shared_expert_intermediate_size");
        b.moe(moe(c, experts, c.intOr(4, "num_experts_per_tok"), c.intOr(1408, "moe_intermediate_size"),
                sharedFfn, sharedFfn > 0, denseLayers));
        return b;
    }

    /** {@code GemmaConfig}: {@code head_dim} 256, GeGLU, tied embeddings by default. */
    static ModelSpec.Builder gemma(ConfigFields c) throws ModelImportException {
        return common(c, 8192, true).headDim(c.intOr(256, "head_dim"));
    }

    /**
     * {@code Gemma2Config}: four norms per block (input, post-attention, pre- and post-feed-forward). Its
     * {@code sliding_window} (4096) applies to the even layers, the odd ones attend globally
     * ({@code Gemma2DecoderLayer}: {@code is_sliding = not bool(layer_idx % 2)}), or as {@code layer_types} lists.
     */
    static ModelSpec.Builder gemma2(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = common(c, 8192, true).headDim(c.intOr(256, "head_dim")).normsPerLayer(4);
        LayerPatterns.apply(c, b, c.layerCount("num_hidden_layers"), c.intOr(4096, "sliding_window"), 2);
        return b;
    }

    /**
     * {@code Phi3Config}: fused {@code qkv_proj} and {@code gate_up_proj} without biases, which hold the same
     * parameters as separate projections; {@code sliding_window} (2047 in Phi-3-mini-4k) applies to every layer.
     */
    static ModelSpec.Builder phi3(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = common(c, 4096, false);
        b.slidingWindow(c.intOr(0, "sliding_window"));
        return b;
    }

    /** Fields every family here shares, with the family's defaults for context length and tying. */
    static ModelSpec.Builder common(ConfigFields c, int defaultPositions, boolean defaultTied)
            throws ModelImportException {
        int hidden = c.requiredInt("hidden_size");
        int heads = c.requiredInt("num_attention_heads");
        if (hidden % heads != 0 && !c.has("head_dim")) {
            int headDim = hidden / heads;
            c.warn("num_attention_heads (" + heads + ") does not divide hidden_size (" + hidden + "): as Transformers"
                    + " builds this configuration, head_dim is hidden_size // num_attention_heads = " + headDim
                    + " and attention works on " + (long) heads * headDim + " of the " + hidden + " channels"
                    + " (q_proj " + hidden + " x " + (long) heads * headDim + ", o_proj back to " + hidden
                    + "); older Transformers releases refuse it");
        }
        return ModelSpec.builder()
                .arch(ArchitectureKind.DECODER)
                .hiddenSize(hidden)
                .layers(c.layerCount("num_hidden_layers"))
                .heads(heads)
                .kvHeads(c.intOr(heads, "num_key_value_heads"))
                .headDim(c.intOr(hidden / heads, "head_dim"))
                .ffnSize(c.requiredInt("intermediate_size"))
                .mlp(MlpKind.GATED)
                .vocabSize(c.requiredInt("vocab_size"))
                .tiedEmbeddings(c.boolOr(defaultTied, "tie_word_embeddings"))
                .norm(NormKind.RMSNORM)
                .normsPerLayer(2)
                .finalNorm(true)
                .biases(false)
                .position(PositionKind.ROTARY)
                .maxPositions(c.intOr(defaultPositions, "max_position_embeddings"));
    }

    /**
     * Qwen2 applies {@code sliding_window} only when {@code use_sliding_window} is true, and then to layers
     * {@code i >= max_window_layers}. A window on every layer is kept; a window on some layers only is dropped with a
     * warning.
     */
    static int qwenSlidingWindow(ConfigFields c, int defaultMaxWindowLayers) throws ModelImportException {
        if (!c.boolOr(false, "use_sliding_window")) {
            return 0;
        }
        int window = c.intOr(4096, "sliding_window");
        int firstWindowLayer = c.intOr(defaultMaxWindowLayers, "max_window_layers");
        int layers = c.layerCount("num_hidden_layers");
        if (window <= 0 || firstWindowLayer >= layers) {
            return 0;
        }
        if (firstWindowLayer == 0) {
            return window;
        }
        c.warn("sliding_window " + window + " applies from layer " + firstWindowLayer + " on only; the KV cache is "
                + "estimated for full attention in every layer (upper bound)");
        return 0;
    }

    static MoeSpec moe(ConfigFields c, int experts, int perToken, int expertFfn, int sharedFfn,
                               boolean sharedGate, int denseLayers) throws ModelImportException {
        try {
            return new MoeSpec(experts, perToken, expertFfn, sharedFfn, sharedGate, denseLayers);
        } catch (IllegalArgumentException e) {
            throw c.error("inconsistent mixture-of-experts fields: " + e.getMessage());
        }
    }

    /** The layer numbers an array lists, read once; entries outside {@code 0..layers-1} name no layer. */
    static Set<Integer> layerSet(JsonNode array, int layers) {
        Set<Integer> set = new HashSet<>();
        if (array != null && array.isArray()) {
            for (JsonNode n : array) {
                if (n.canConvertToInt() && n.intValue() >= 0 && n.intValue() < layers) {
                    set.add(n.intValue());
                }
            }
        }
        return set;
    }
}
