package com.vramadvisor.engine;

import java.util.Objects;

/**
 * The architecture of a transformer, as far as memory depends on it. All sizes are element counts, not bytes.
 *
 * <p>Field meanings follow the Hugging Face {@code config.json} names given in brackets.
 *
 * @param id                 stable lowercase id ({@code llama-3-8b}); free text for user models
 * @param name               display name
 * @param arch               decoder (causal) or encoder
 * @param hiddenSize         model width h [{@code hidden_size}, {@code n_embd}, {@code d_model}]
 * @param layers             transformer blocks L [{@code num_hidden_layers}, {@code n_layer}]
 * @param heads              query heads a [{@code num_attention_heads}]
 * @param kvHeads            key/value heads; equal to {@code heads} for MHA, 1 for MQA, in between for GQA
 *                           [{@code num_key_value_heads}]
 * @param headDim            width of one head [{@code head_dim}, default {@code h / a}]
 * @param ffnSize            intermediate width of the dense feed-forward block [{@code intermediate_size},
 *                           {@code n_inner}, {@code ffn_dim}]
 * @param mlp                two-matrix or gated three-matrix feed-forward block
 * @param vocabSize          vocabulary V [{@code vocab_size}]
 * @param tiedEmbeddings     whether the LM head reuses the input embedding [{@code tie_word_embeddings}]
 * @param norm               LayerNorm or RMSNorm
 * @param normsPerLayer      norms inside one block: 2 for pre-/post-LN blocks, 1 for Falcon-7B's parallel block,
 *                           4 for Gemma 2's sandwich norms
 * @param finalNorm          whether a norm follows the last block (pre-LN models; BERT has none)
 * @param embeddingNorm      whether a norm follows the embeddings (BERT)
 * @param qkvBias            biases on the query/key/value projections
 * @param outBias            bias on the attention output projection
 * @param mlpBias            biases on the feed-forward matrices
 * @param position           learned, rotary or none
 * @param positionTableSize  rows of the learned position table (OPT keeps 2 extra rows), 0 otherwise
 * @param maxPositions       longest context the model accepts [{@code max_position_embeddings}, raised by the
 *                           configuration's RoPE scaling as vLLM derives {@code max_model_len}]; 0 when unknown (no
 *                           limit)
 * @param tokenTypes         rows of the token-type (segment) table (BERT: 2), 0 when absent
 * @param head               language-model head, classifier or none
 * @param classifierOutputs  outputs of a classifier head (e.g. 2), 0 otherwise
 * @param pooler             whether a {@code h x h} pooler with bias sits on the first token (BERT's {@code BertModel})
 * @param parallelBlock      attention and MLP read the same input in parallel (GPT-J, Falcon, GPT-NeoX)
 * @param slidingWindow      attention window in tokens that caps the KV cache (Mistral v0.1: 4096), 0 for none
 * @param moe                mixture-of-experts layout, {@code null} for a dense model
 */
public record ModelSpec(
        String id,
        String name,
        ArchitectureKind arch,
        int hiddenSize,
        int layers,
        int heads,
        int kvHeads,
        int headDim,
        int ffnSize,
        MlpKind mlp,
        int vocabSize,
        boolean tiedEmbeddings,
        NormKind norm,
        int normsPerLayer,
        boolean finalNorm,
        boolean embeddingNorm,
        boolean qkvBias,
        boolean outBias,
        boolean mlpBias,
        PositionKind position,
        int positionTableSize,
        int maxPositions,
        int tokenTypes,
        HeadKind head,
        int classifierOutputs,
        boolean pooler,
        boolean parallelBlock,
        int slidingWindow,
        MoeSpec moe) {

    /**
     * Most transformer blocks a description may have. Published models have at most a few hundred (Llama 3.1 405B:
     * 126); the bound keeps a corrupt or hostile model file from describing billions of layers, which every reader
     * and the layout planner would otherwise loop over.
     */
    public static final int MAX_LAYERS = 10_000;

    public ModelSpec {
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(mlp, "mlp");
        Objects.requireNonNull(norm, "norm");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(head, "head");
        id = id == null ? "" : id;
        name = name == null || name.isBlank() ? id : name;
        requirePositive(hiddenSize, "hidden size");
        requirePositive(layers, "layers");
        if (layers > MAX_LAYERS) {
            throw new IllegalArgumentException("layers must be at most " + MAX_LAYERS + ", got " + layers);
        }
        requirePositive(heads, "attention heads");
        requirePositive(kvHeads, "key/value heads");
        requirePositive(headDim, "head dimension");
        requirePositive(ffnSize, "FFN size");
        requirePositive(vocabSize, "vocabulary size");
        if (heads % kvHeads != 0) {
            throw new IllegalArgumentException(
                    "key/value heads (" + kvHeads + ") must divide attention heads (" + heads + ")");
        }
        if (normsPerLayer < 0 || positionTableSize < 0 || maxPositions < 0 || tokenTypes < 0
                || classifierOutputs < 0 || slidingWindow < 0) {
            throw new IllegalArgumentException("counts in a model description must not be negative");
        }
        if (position == PositionKind.LEARNED && positionTableSize == 0) {
            throw new IllegalArgumentException("learned position embeddings need a table size (max positions)");
        }
        if (moe != null && moe.denseLayers() > layers) {
            throw new IllegalArgumentException("more dense layers than layers");
        }
    }

    private static void requirePositive(long value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be at least 1, got " + value);
        }
    }

    /** Width of all query heads together, {@code heads * headDim}. */
    public long queryWidth() {
        return (long) heads * headDim;
    }

    /** Width of the keys (and of the values), {@code kvHeads * headDim}. */
    public long kvWidth() {
        return (long) kvHeads * headDim;
    }

    public boolean isMoe() {
        return moe != null;
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder with the defaults of a Llama-style decoder (RMSNorm, SwiGLU, rotary, no biases, untied). */
    public static final class Builder {
        private String id = "";
        private String name = "";
        private ArchitectureKind arch = ArchitectureKind.DECODER;
        private int hiddenSize;
        private int layers;
        private int heads;
        private int kvHeads;
        private int headDim;
        private int ffnSize;
        private MlpKind mlp = MlpKind.GATED;
        private int vocabSize;
        private boolean tiedEmbeddings;
        private NormKind norm = NormKind.RMSNORM;
        private int normsPerLayer = 2;
        private boolean finalNorm = true;
        private boolean embeddingNorm;
        private boolean qkvBias;
        private boolean outBias;
        private boolean mlpBias;
        private PositionKind position = PositionKind.ROTARY;
        private int positionTableSize;
        private int maxPositions;
        private int tokenTypes;
        private HeadKind head = HeadKind.LM;
        private int classifierOutputs;
        private boolean pooler;
        private boolean parallelBlock;
        private int slidingWindow;
        private MoeSpec moe;

        private Builder() {
        }

        private Builder(ModelSpec m) {
            id = m.id;
            name = m.name;
            arch = m.arch;
            hiddenSize = m.hiddenSize;
            layers = m.layers;
            heads = m.heads;
            kvHeads = m.kvHeads;
            headDim = m.headDim;
            ffnSize = m.ffnSize;
            mlp = m.mlp;
            vocabSize = m.vocabSize;
            tiedEmbeddings = m.tiedEmbeddings;
            norm = m.norm;
            normsPerLayer = m.normsPerLayer;
            finalNorm = m.finalNorm;
            embeddingNorm = m.embeddingNorm;
            qkvBias = m.qkvBias;
            outBias = m.outBias;
            mlpBias = m.mlpBias;
            position = m.position;
            positionTableSize = m.positionTableSize;
            maxPositions = m.maxPositions;
            tokenTypes = m.tokenTypes;
            head = m.head;
            classifierOutputs = m.classifierOutputs;
            pooler = m.pooler;
            parallelBlock = m.parallelBlock;
            slidingWindow = m.slidingWindow;
            moe = m.moe;
        }

        public Builder id(String v) { id = v; return this; }
        public Builder name(String v) { name = v; return this; }
        public Builder arch(ArchitectureKind v) { arch = v; return this; }
        public Builder hiddenSize(int v) { hiddenSize = v; return this; }
        public Builder layers(int v) { layers = v; return this; }
        public Builder heads(int v) { heads = v; return this; }
        public Builder kvHeads(int v) { kvHeads = v; return this; }
        public Builder headDim(int v) { headDim = v; return this; }
        public Builder ffnSize(int v) { ffnSize = v; return this; }
        public Builder mlp(MlpKind v) { mlp = v; return this; }
        public Builder vocabSize(int v) { vocabSize = v; return this; }
        public Builder tiedEmbeddings(boolean v) { tiedEmbeddings = v; return this; }
        public Builder norm(NormKind v) { norm = v; return this; }
        public Builder normsPerLayer(int v) { normsPerLayer = v; return this; }
        public Builder finalNorm(boolean v) { finalNorm = v; return this; }
        public Builder embeddingNorm(boolean v) { embeddingNorm = v; return this; }
        public Builder qkvBias(boolean v) { qkvBias = v; return this; }
        public Builder outBias(boolean v) { outBias = v; return this; }
        public Builder mlpBias(boolean v) { mlpBias = v; return this; }

        /** Sets the query/key/value, output and feed-forward biases together. */
        public Builder biases(boolean v) { qkvBias = v; outBias = v; mlpBias = v; return this; }

        public Builder position(PositionKind v) { position = v; return this; }
        public Builder positionTableSize(int v) { positionTableSize = v; return this; }
        public Builder maxPositions(int v) { maxPositions = v; return this; }
        public Builder tokenTypes(int v) { tokenTypes = v; return this; }
        public Builder head(HeadKind v) { head = v; return this; }
        public Builder classifierOutputs(int v) { classifierOutputs = v; return this; }
        public Builder pooler(boolean v) { pooler = v; return this; }
        public Builder parallelBlock(boolean v) { parallelBlock = v; return this; }
        public Builder slidingWindow(int v) { slidingWindow = v; return this; }
        public Builder moe(MoeSpec v) { moe = v; return this; }

        /** Builds the spec; head dimension defaults to {@code h / heads} and key/value heads to {@code heads}. */
        public ModelSpec build() {
            int kv = kvHeads == 0 ? heads : kvHeads;
            int hd = headDim == 0 && heads > 0 ? hiddenSize / heads : headDim;
            int table = position == PositionKind.LEARNED && positionTableSize == 0 ? maxPositions : positionTableSize;
            return new ModelSpec(id, name, arch, hiddenSize, layers, heads, kv, hd, ffnSize, mlp, vocabSize,
                    tiedEmbeddings, norm, normsPerLayer, finalNorm, embeddingNorm, qkvBias, outBias, mlpBias, position,
                    table, maxPositions, tokenTypes, head, classifierOutputs, pooler, parallelBlock, slidingWindow, moe);
        }
    }
}
