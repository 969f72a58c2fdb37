package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;

/**
 * GPT-style decoders with LayerNorm and a two-matrix feed-forward block: {@code gpt2}, {@code gpt_bigcode},
 * {@code gpt_neox}, {@code opt} and {@code falcon} (also under its first names {@code RefinedWebModel} and
 * {@code RefinedWeb}).
 *
 * <p>Field names, aliases and defaults follow the Hugging Face configuration classes and module shapes of
 * {@code modeling_gpt2.py}, {@code modeling_gpt_bigcode.py}, {@code modeling_gpt_neox.py}, {@code modeling_opt.py} and
 * {@code modeling_falcon.py}.
 */
final class GptFamilies {

    /**
     * OPT's learned position table keeps two rows more than {@code max_position_embeddings}
     * ({@code OPTLearnedPositionalEmbedding}, offset 2).
     */
    static final int OPT_POSITION_OFFSET = 2;

    private GptFamilies() {
    }

    /**
     * {@code GPT2Config}: Conv1D projections with biases, {@code n_inner} null means {@code 4 * n_embd}, learned
     * positions of {@code n_positions}, LM head tied to the token table.
     */
    static ModelSpec.Builder gpt2(ConfigFields c) throws ModelImportException {
        if (c.boolOr(false, "add_cross_attention")) {
            throw c.error("field 'add_cross_attention' is true: cross-attention layers are not supported");
        }
        int hidden = c.requiredInt("n_embd", "hidden_size");
        return gptBase(c, hidden, c.requiredInt("n_head", "num_attention_heads"))
                .ffnSize(c.intOr(4 * hidden, "n_inner"));
    }

    /** {@code GPTBigCodeConfig}: GPT-2 layout with one shared key/value head when {@code multi_query} (default). */
    static ModelSpec.Builder gptBigCode(ConfigFields c) throws ModelImportException {
        int hidden = c.requiredInt("n_embd", "hidden_size");
        int heads = c.requiredInt("n_head", "num_attention_heads");
        return gptBase(c, hidden, heads)
                .ffnSize(c.intOr(4 * hidden, "n_inner"))
                .kvHeads(c.boolOr(true, "multi_query") ? 1 : heads);
    }

    /**
     * The shape fields BERT-style encoders and GPT-NeoX share under the same names: {@code hidden_size},
     * {@code num_hidden_layers}, {@code num_attention_heads}, {@code intermediate_size}, {@code vocab_size}, with a
     * two-matrix GELU MLP and two LayerNorms per block.
     */
    static ModelSpec.Builder layerNormGeluBlocks(ConfigFields c) throws ModelImportException {
        return ModelSpec.builder()
                .hiddenSize(c.requiredInt("hidden_size"))
                .layers(c.layerCount("num_hidden_layers"))
                .heads(c.requiredInt("num_attention_heads"))
                .ffnSize(c.requiredInt("intermediate_size"))
                .mlp(MlpKind.GELU)
                .vocabSize(c.requiredInt("vocab_size"))
                .norm(NormKind.LAYERNORM)
                .normsPerLayer(2);
    }

    /**
     * {@code GPTNeoXConfig}: fused {@code query_key_value} with biases when {@code attention_bias} (default true),
     * MLP biases always, two LayerNorms per block, rotary positions on {@code rotary_pct} of each head (no
     * parameters), {@code use_parallel_residual} (default true), untied {@code embed_out} by default.
     */
    static ModelSpec.Builder gptNeox(ConfigFields c) throws ModelImportException {
        boolean attentionBias = c.boolOr(true, "attention_bias");
        return layerNormGeluBlocks(c)
                .arch(ArchitectureKind.DECODER)
                .tiedEmbeddings(c.boolOr(false, "tie_word_embeddings"))
                .finalNorm(true)
                .qkvBias(attentionBias)
                .outBias(attentionBias)
                .mlpBias(true)
                .position(PositionKind.ROTARY)
                .maxPositions(c.intOr(2048, "max_position_embeddings"))
                .parallelBlock(c.boolOr(true, "use_parallel_residual"));
    }

    /**
     * {@code OPTConfig}: biases everywhere when {@code enable_bias} (default true), learned positions with
     * {@link #OPT_POSITION_OFFSET} extra rows, a final LayerNorm only when {@code do_layer_norm_before} and not
     * {@code _remove_final_layer_norm}. A {@code word_embed_proj_dim} other than {@code hidden_size} (OPT-350m) adds
     * {@code project_in}/{@code project_out} layers and a narrower token table, which a model description cannot
     * express, so such a configuration is rejected.
     */
    static ModelSpec.Builder opt(ConfigFields c) throws ModelImportException {
        int hidden = c.requiredInt("hidden_size");
        int embedDim = c.intOr(hidden, "word_embed_proj_dim");
        if (embedDim != hidden) {
            throw c.error("field 'word_embed_proj_dim' (" + embedDim + ") differs from hidden_size (" + hidden
                    + "): the project_in/project_out layers of this OPT variant are not supported");
        }
        if (!c.boolOr(true, "layer_norm_elementwise_affine")) {
            c.warn("layer_norm_elementwise_affine is false: the LayerNorms have no parameters, but are counted");
        }
        boolean preNorm = c.boolOr(true, "do_layer_norm_before");
        boolean bias = c.boolOr(true, "enable_bias");
        int positions = c.intOr(2048, "max_position_embeddings");
        return ModelSpec.builder()
                .arch(ArchitectureKind.DECODER)
                .hiddenSize(hidden)
                .layers(c.layerCount("num_hidden_layers"))
                .heads(c.requiredInt("num_attention_heads"))
                .ffnSize(c.requiredInt("ffn_dim"))
                .mlp(MlpKind.GELU)
                .vocabSize(c.requiredInt("vocab_size"))
                .tiedEmbeddings(c.boolOr(true, "tie_word_embeddings"))
                .norm(NormKind.LAYERNORM)
                .normsPerLayer(2)
                .finalNorm(preNorm && !c.boolOr(false, "_remove_final_layer_norm"))
                .biases(bias)
                .position(PositionKind.LEARNED)
                .positionTableSize(positions + OPT_POSITION_OFFSET)
                .maxPositions(positions);
    }

    /**
     * {@code FalconConfig} and the earlier {@code RefinedWebModel}/{@code RefinedWeb} configurations.
     *
     * <p>Key/value heads: {@code num_kv_heads} (old name {@code n_head_kv}) with {@code new_decoder_architecture},
     * otherwise 1 with {@code multi_query} (default) and all heads without. The old configurations say nothing about
     * the architecture: a {@code n_head_kv} field marks the new one (as curated-transformers and vLLM decide).
     * Norms: two per block without {@code parallel_attn}; with it, {@code num_ln_in_parallel_attn} (2 by default for
     * the new architecture, else 1: Falcon-7B's single {@code input_layernorm}). {@code bias} (default false) covers
     * every linear layer; {@code ffn_hidden_size} defaults to {@code 4 * hidden_size}; {@code alibi} replaces rotary
     * positions. The LM head is tied to the token table.
     */
    static ModelSpec.Builder falcon(ConfigFields c) throws ModelImportException {
        boolean legacy = c.modelType().startsWith("RefinedWeb");
        int hidden = c.requiredInt("hidden_size", "n_embed");
        int heads = c.requiredInt("num_attention_heads", "n_head");
        boolean newArchitecture = legacy ? c.has("n_head_kv") : c.boolOr(false, "new_decoder_architecture");
        int kvHeads;
        if (newArchitecture) {
            kvHeads = c.intOr(heads, "num_kv_heads", "n_head_kv");
        } else {
            kvHeads = c.boolOr(true, "multi_query") ? 1 : heads;
        }
        boolean parallel = c.boolOr(true, "parallel_attn");
        int norms;
        if (!parallel) {
            norms = 2;
        } else {
            norms = c.intOr(newArchitecture ? 2 : 1, "num_ln_in_parallel_attn") == 2 ? 2 : 1;
        }
        boolean alibi = c.boolOr(false, "alibi");
        return ModelSpec.builder()
                .arch(ArchitectureKind.DECODER)
                .hiddenSize(hidden)
                .layers(c.layerCount("num_hidden_layers", "n_layer"))
                .heads(heads)
                .kvHeads(kvHeads)
                .ffnSize(c.intOr(4 * hidden, "ffn_hidden_size"))
                .mlp(MlpKind.GELU)
                .vocabSize(c.requiredInt("vocab_size"))
                .tiedEmbeddings(c.boolOr(true, "tie_word_embeddings"))
                .norm(NormKind.LAYERNORM)
                .normsPerLayer(norms)
                .finalNorm(true)
                .biases(c.boolOr(false, "bias"))
                .position(alibi ? PositionKind.NONE : PositionKind.ROTARY)
                .maxPositions(c.intOr(2048, "max_position_embeddings"))
                .parallelBlock(parallel || newArchitecture);
    }

    /** GPT-2 and GPT-BigCode: biases everywhere, two LayerNorms per block, learned positions, tied head. */
    private static ModelSpec.Builder gptBase(ConfigFields c, int hidden, int heads) throws ModelImportException {
        int positions = c.intOr(1024, "n_positions", "max_position_embeddings");
        return ModelSpec.builder()
                .arch(ArchitectureKind.DECODER)
                .hiddenSize(hidden)
                .layers(c.layerCount("n_layer", "num_hidden_layers"))
                .heads(heads)
                .mlp(MlpKind.GELU)
                .vocabSize(c.requiredInt("vocab_size"))
                .tiedEmbeddings(c.boolOr(true, "tie_word_embeddings"))
                .norm(NormKind.LAYERNORM)
                .normsPerLayer(2)
                .finalNorm(true)
                .biases(true)
                .position(PositionKind.LEARNED)
                .positionTableSize(positions)
                .maxPositions(positions);
    }
}
