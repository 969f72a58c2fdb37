package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import com.vramadvisor.files.UntrustedText;

/**
 * Encoders: {@code bert}, {@code roberta}, and the encoder half of {@code t5} ({@code T5EncoderModel}).
 *
 * <p>BERT and RoBERTa ({@code modeling_bert.py}, {@code modeling_roberta.py}) are post-LN: a LayerNorm after the
 * embeddings, two per block (after attention and after the feed-forward block), none at the end; every linear layer
 * has a bias; learned positions and a token-type table of {@code type_vocab_size} rows.
 */
final class EncoderFamilies {

    private EncoderFamilies() {
    }

    /** {@code BertConfig}: {@code type_vocab_size} 2, {@code max_position_embeddings} 512 by default. */
    static ModelSpec.Builder bert(ConfigFields c) throws ModelImportException {
        int positions = c.intOr(512, "max_position_embeddings");
        return bertBase(c, 2, positions).maxPositions(positions);
    }

    /**
     * {@code RobertaConfig}: the position table has {@code max_position_embeddings} rows (514 in roberta-base), but
     * positions start after the padding index, so the longest input is {@code max_position_embeddings - pad_token_id
     * - 1} tokens (512); {@code type_vocab_size} is 1 in the released checkpoints.
     */
    static ModelSpec.Builder roberta(ConfigFields c) throws ModelImportException {
        int table = c.intOr(512, "max_position_embeddings");
        int pad = c.intOr(1, "pad_token_id");
        return bertBase(c, 2, table).maxPositions(Math.max(0, table - pad - 1));
    }

    /**
     * {@code T5Config}, encoder only ({@code T5EncoderModel}): blocks of self-attention and feed-forward, each behind
     * an RMS-style {@code T5LayerNorm} without bias, a final norm, no biases and no position table. Head width is
     * {@code d_kv}, independent of {@code d_model}. {@code feed_forward_proj} {@code gated-gelu} (T5 v1.1, Flan-T5)
     * means a gated block ({@code wi_0}, {@code wi_1}, {@code wo}). The relative-position bias of the first block
     * ({@code relative_attention_num_buckets x num_heads}) is not counted.
     */
    static ModelSpec.Builder t5Encoder(ConfigFields c) throws ModelImportException {
        String projection = c.stringOr("relu", "feed_forward_proj");
        boolean gated = projection.startsWith("gated-");
        int heads = c.requiredInt("num_heads");
        int buckets = c.intOr(32, "relative_attention_num_buckets");
        c.warn("the relative position bias (" + buckets + " x " + heads + " = " + (long) buckets * heads
                + " parameters) is not counted");
        return ModelSpec.builder()
                .arch(ArchitectureKind.ENCODER)
                .hiddenSize(c.requiredInt("d_model"))
                .layers(c.layerCount("num_layers"))
                .heads(heads)
                .headDim(c.intOr(64, "d_kv"))
                .ffnSize(c.requiredInt("d_ff"))
                .mlp(gated ? MlpKind.GATED : MlpKind.GELU)
                .vocabSize(c.requiredInt("vocab_size"))
                .tiedEmbeddings(false)
                .norm(NormKind.RMSNORM)
                .normsPerLayer(2)
                .finalNorm(true)
                .biases(false)
                .position(PositionKind.NONE)
                .maxPositions(c.intOr(0, "n_positions"));
    }

    private static ModelSpec.Builder bertBase(ConfigFields c, int defaultTokenTypes, int positionTable)
            throws ModelImportException {
        String positionType = c.stringOr("absolute", "position_embedding_type");
        if (!"absolute".equals(positionType)) {
            c.warn("position_embedding_type '" + UntrustedText.escape(positionType)
                    + "' adds a distance table per layer that is not "
                    + "counted");
        }
        if (c.boolOr(false, "is_decoder") || c.boolOr(false, "add_cross_attention")) {
            c.warn("is_decoder/add_cross_attention: the model is described as an encoder without cross-attention");
        }
        return GptFamilies.layerNormGeluBlocks(c)
                .arch(ArchitectureKind.ENCODER)
                .tiedEmbeddings(c.boolOr(true, "tie_word_embeddings"))
                .finalNorm(false)
                .embeddingNorm(true)
                .biases(true)
                .position(PositionKind.LEARNED)
                .positionTableSize(positionTable)
                .tokenTypes(c.intOr(defaultTokenTypes, "type_vocab_size"));
    }
}
