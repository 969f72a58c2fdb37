package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MlaSpec;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;

import java.util.Set;

/**
 * Decoders of 2024-2025: {@code qwen3}, {@code qwen3_moe}, {@code deepseek_v2}, {@code deepseek_v3},
 * {@code llama4_text}, {@code gemma3_text} and {@code gpt_oss}. Field names and defaults are those of the
 * Transformers configuration classes ({@code configuration_qwen3.py}, {@code configuration_qwen3_moe.py},
 * {@code configuration_deepseek_v3.py}, {@code configuration_llama4.py}, {@code configuration_gemma3.py},
 * {@code configuration_gpt_oss.py}) and the module shapes those of the matching {@code modeling_*.py}.
 */
final class ModernFamilies {

    private ModernFamilies() {
    }

    /** {@code Qwen3Config}: Qwen2's layout without attention biases, with q/k RMSNorms, {@code head_dim} 128. */
    static ModelSpec.Builder qwen3(ConfigFields c) throws ModelImportException {
        boolean bias = c.boolOr(false, "attention_bias");
        ModelSpec.Builder b = DecoderFamilies.common(c, 32768, false).headDim(c.intOr(128, "head_dim"))
                .qkNorm(true).qkvBias(bias).outBias(bias);
        b.slidingWindow(DecoderFamilies.qwenSlidingWindow(c, 28));
        return b;
    }

    /**
     * {@code Qwen3MoeConfig}: as {@link #qwen3}, with routed experts of {@code moe_intermediate_size} (default 768,
     * 128 experts, top 8) in layers not in {@code mlp_only_layers} with {@code (i + 1) % decoder_sparse_step == 0};
     * no shared expert ({@code Qwen3MoeSparseMoeBlock}).
     */
    static ModelSpec.Builder qwen3Moe(ConfigFields c) throws ModelImportException {
        ModelSpec.Builder b = qwen3(c);
        int layers = c.layerCount("num_hidden_layers");
        int step = c.intOr(1, "decoder_sparse_step");
        if (step < 1) {
            throw c.error("field 'decoder_sparse_step' must be at least 1, got " + step);
        }
        Set<Integer> mlpOnly = DecoderFamilies.layerSet(c.find("mlp_only_layers"), layers);
        int experts = c.intOr(128, "num_experts");
        int dense = 0;
        for (int i = 0; i < layers; i++) {
            if (experts == 0 || mlpOnly.contains(i) || (i + 1) % step != 0) {
                dense++;
            }
        }
        if (experts == 0 || dense == layers) {
            c.warn("no layer uses experts (num_experts " + experts + "); imported as a dense model");
            return b;
        }
        b.moe(DecoderFamilies.moe(c, experts, c.intOr(8, "num_experts_per_tok"), c.intOr(768, "moe_intermediate_size"),
                0, false, dense));
        return b;
    }

    /**
     * {@code DeepseekV2Config}/{@code DeepseekV3Config}: multi-head latent attention ({@link MlaSpec}) and DeepSeekMoE
     * with {@code n_shared_experts} shared experts of {@code moe_intermediate_size}; layer {@code i} has experts when
     * {@code i >= first_k_dense_replace} and {@code i % moe_layer_freq == 0}. V3's {@code noaux_tc} routing keeps a
     * per-expert bias ({@code e_score_correction_bias}). {@code num_nextn_predict_layers} multi-token-prediction
     * modules ship beside the model (counted apart).
     */
    static ModelSpec.Builder deepseek(ConfigFields c) throws ModelImportException {
        boolean v3 = "deepseek_v3".equals(c.modelType());
        int hidden = c.requiredInt("hidden_size");
        int heads = c.requiredInt("num_attention_heads");
        int layers = c.layerCount("num_hidden_layers");
        int kvLora = c.intOr(512, "kv_lora_rank");
        MlaSpec mla;
        try {
            mla = new MlaSpec(c.intOr(0, "q_lora_rank"), kvLora, c.intOr(128, "qk_nope_head_dim"),
                    c.intOr(64, "qk_rope_head_dim"), c.intOr(128, "v_head_dim"), false);
        } catch (IllegalArgumentException e) {
            throw c.error("inconsistent latent-attention fields: " + e.getMessage());
        }
        boolean bias = c.boolOr(false, "attention_bias");
        ModelSpec.Builder b = ModelSpec.builder()
                .hiddenSize(hidden)
                .layers(layers)
                .heads(heads)
                .mla(mla)
                .ffnSize(c.requiredInt("intermediate_size"))
                .mlp(MlpKind.GATED)
                .vocabSize(c.requiredInt("vocab_size"))
                .tiedEmbeddings(c.boolOr(false, "tie_word_embeddings"))
                .norm(NormKind.RMSNORM)
                .normsPerLayer(2)
                .finalNorm(true)
                .biases(false)
                .qkvBias(bias)
                .outBias(bias)
                .position(PositionKind.ROTARY)
                .maxPositions(c.intOr(v3 ? 4096 : 2048, "max_position_embeddings"))
                .mtpLayers(c.intOr(0, "num_nextn_predict_layers"));
        int experts = c.intOr(0, "n_routed_experts");
        if (experts > 0) {
            int firstDense = Math.min(layers, Math.max(0, c.intOr(0, "first_k_dense_replace")));
            int freq = c.intOr(1, "moe_layer_freq");
            if (freq < 1) {
                throw c.error("field 'moe_layer_freq' must be at least 1, got " + freq);
            }
            int dense = 0;
            for (int i = 0; i < layers; i++) {
                if (i < firstDense || i % freq != 0) {
                    dense++;
                }
            }
            int expertFfn = c.requiredInt("moe_intermediate_size");
            int shared = c.intOr(0, "n_shared_experts");
            boolean routerBias = v3 && "noaux_tc".equals(c.stringOr("noaux_tc", "topk_method"));
            b.moe(moe(c, new int[] {experts, c.intOr(v3 ? 8 : 6, "num_experts_per_tok"), expertFfn,
                shared * expertFfn, dense}, false, routerBias));
        }
        return b;
    }

    /**
     * {@code Llama4TextConfig}: routed experts of {@code intermediate_size} with top-{@code num_experts_per_tok}
     * routing and one shared expert of the same width in every {@code interleave_moe_layer_step}-th layer (or the
     * layers {@code moe_layers} lists), dense layers of {@code intermediate_size_mlp}; chunked attention of
     * {@code attention_chunk_size} in the RoPE layers, global attention in the no-RoPE layers.
     */
    static ModelSpec.Builder llama4Text(ConfigFields c) throws ModelImportException {
        int layers = c.layerCount("num_hidden_layers");
        ModelSpec.Builder b = DecoderFamilies.common(c, 4096 * 32, false).headDim(c.intOr(128, "head_dim"))
                .ffnSize(c.intOr(16384, "intermediate_size_mlp"));
        int experts = c.intOr(16, "num_local_experts");
        int expertFfn = c.requiredInt("intermediate_size");
        int step = c.intOr(1, "interleave_moe_layer_step");
        if (step < 1) {
            throw c.error("field 'interleave_moe_layer_step' must be at least 1, got " + step);
        }
        JsonNode listed = c.find("moe_layers");
        int moeLayers;
        if (listed != null && listed.isArray()) {
            moeLayers = DecoderFamilies.layerSet(listed, layers).size();
        } else {
            moeLayers = 0;
            for (int i = step - 1; i < layers; i += step) {
                moeLayers++;
            }
        }
        if (moeLayers > 0) {
            b.moe(moe(c, new int[] {experts, c.intOr(1, "num_experts_per_tok"), expertFfn, expertFfn,
                layers - moeLayers}, false, false));
        }
        int chunk = c.intOr(0, "attention_chunk_size");
        LayerPatterns.apply(c, b, layers, chunk, noRopeInterval(c, layers));
        return b;
    }

    /** The global (no-RoPE) interval from {@code no_rope_layers} (1 = RoPE, 0 = no RoPE) or its interval field. */
    private static int noRopeInterval(ConfigFields c, int layers) throws ModelImportException {
        JsonNode list = c.find("no_rope_layers");
        if (list != null && list.isArray() && list.size() == layers) {
            int globals = 0;
            for (JsonNode n : list) {
                globals += n.asInt(1) == 0 ? 1 : 0;
            }
            return globals == 0 ? 0 : layers / globals;
        }
        return c.intOr(4, "no_rope_layer_interval");
    }

    /**
     * {@code Gemma3TextConfig}: defaults of the 1B-4B shapes where the file leaves a field out (vocabulary 262,208,
     * {@code head_dim} 256, 8 heads, 4 key/value heads, window 4096, {@code sliding_window_pattern} 6); four norms
     * per block, q/k RMSNorms, GeGLU, tied embeddings.
     */
    static ModelSpec.Builder gemma3Text(ConfigFields c) throws ModelImportException {
        int layers = c.intOr(26, "num_hidden_layers");
        if (layers < 1 || layers > ModelSpec.MAX_LAYERS) {
            throw c.error("field 'num_hidden_layers' must be between 1 and " + ModelSpec.MAX_LAYERS);
        }
        int heads = c.intOr(8, "num_attention_heads");
        ModelSpec.Builder b = ModelSpec.builder()
                .hiddenSize(c.intOr(2304, "hidden_size"))
                .layers(layers)
                .heads(heads)
                .kvHeads(c.intOr(4, "num_key_value_heads"))
                .headDim(c.intOr(256, "head_dim"))
                .ffnSize(c.intOr(9216, "intermediate_size"))
                .mlp(MlpKind.GATED)
                .vocabSize(c.intOr(262_208, "vocab_size"))
                .tiedEmbeddings(c.boolOr(true, "tie_word_embeddings"))
                .norm(NormKind.RMSNORM)
                .normsPerLayer(4)
                .qkNorm(true)
                .finalNorm(true)
                .biases(c.boolOr(false, "attention_bias"))
                .mlpBias(false)
                .position(PositionKind.ROTARY)
                .maxPositions(c.intOr(131_072, "max_position_embeddings"));
        LayerPatterns.apply(c, b, layers, c.intOr(4096, "sliding_window"), c.intOr(6, "sliding_window_pattern"));
        return b;
    }

    /**
     * {@code GptOssConfig}: biases on every attention projection, one sink per head, routed experts of
     * {@code intermediate_size} with gate/up and down biases and a router bias, no shared expert; sliding window
     * 128 in alternate layers; experts shipped as MXFP4 when {@code quantization_config.quant_method} is
     * {@code mxfp4}.
     */
    static ModelSpec.Builder gptOss(ConfigFields c) throws ModelImportException {
        int layers = c.layerCount("num_hidden_layers");
        boolean bias = c.boolOr(true, "attention_bias");
        int ffn = c.requiredInt("intermediate_size");
        ModelSpec.Builder b = DecoderFamilies.common(c, 131_072, false).headDim(c.intOr(64, "head_dim"))
                .qkvBias(bias).outBias(bias).mlpBias(true).attentionSinks(true);
        b.moe(moe(c, new int[] {c.intOr(128, "num_local_experts"), c.intOr(4, "num_experts_per_tok",
            "experts_per_token"), ffn, 0, 0}, false, true));
        LayerPatterns.apply(c, b, layers, c.intOr(128, "sliding_window"), 2);
        JsonNode q = c.find("quantization_config");
        if (q != null && "mxfp4".equalsIgnoreCase(q.path("quant_method").asText(""))) {
            b.expertWeightType(DataType.MXFP4);
        }
        return b;
    }

    /** {experts, per token, expert width, shared width, dense layers} into a checked {@link MoeSpec}. */
    private static MoeSpec moe(ConfigFields c, int[] v, boolean sharedGate, boolean routerBias)
            throws ModelImportException {
        try {
            return new MoeSpec(v[0], v[1], v[2], v[3], sharedGate, v[4], routerBias);
        } catch (IllegalArgumentException e) {
            throw c.error("inconsistent mixture-of-experts fields: " + e.getMessage());
        }
    }
}
