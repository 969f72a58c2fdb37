package com.vramadvisor.engine.llm;

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
 * @param slidingWindow      attention window in tokens that caps the KV cache of the local layers (Mistral v0.1:
 *                           4096 on every layer; Gemma 3: 1024; gpt-oss: 128), 0 for none. Chunked attention (Llama 4,
 *                           {@code attention_chunk_size} 8192) is described the same way: a chunked layer never holds
 *                           more than one chunk of keys
 * @param moe                mixture-of-experts layout, {@code null} for a dense model
 * @param qkNorm             an RMSNorm of width {@code headDim} on queries and one on keys in every block (Qwen3,
 *                           Gemma 3: {@code q_norm}, {@code k_norm}); Llama 4's weightless L2 norm is not one
 * @param attentionSinks     one learned sink logit per query head in every block (gpt-oss, {@code self_attn.sinks})
 * @param globalEvery        with a {@link #slidingWindow()}: every {@code n}-th block ({@code (i + 1) % n == 0},
 *                           0-based {@code i}) attends to the whole context, the others are local; 0 when every block
 *                           is local. Gemma 3: 6 ({@code sliding_window_pattern}); Gemma 2 and gpt-oss: 2
 *                           ({@code layer_types} alternate sliding and full from layer 0); Llama 4: 4
 *                           ({@code no_rope_layer_interval}, the no-RoPE layers attend globally)
 * @param mla                multi-head latent attention, {@code null} for ordinary multi-/grouped-query attention
 * @param mtpLayers          multi-token-prediction modules shipped with the checkpoint but not part of the main model
 *                           [{@code num_nextn_predict_layers}], counted separately ({@link ParameterCount#mtp()})
 * @param visionParams       parameters of a vision tower and its projector into the language model (vision-language
 *                           models), 0 for a text-only model; counted in the total and held with the embeddings
 * @param expertWeightType   storage of the routed experts' matrices as the checkpoint ships them (gpt-oss: MXFP4),
 *                           used for inference when it is smaller than the chosen weight type; {@code null} when the
 *                           experts are stored like the other weights
 * @param storedWeights      the weights as an imported file stores them (type, bytes, elements), for inference in
 *                           that type; {@code null} for presets and configurations without tensor headers
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
        MoeSpec moe,
        boolean qkNorm,
        boolean attentionSinks,
        int globalEvery,
        MlaSpec mla,
        int mtpLayers,
        long visionParams,
        DataType expertWeightType,
        StoredWeights storedWeights) {

    /**
     * Most transformer blocks a description may have. Published models have at most a few hundred (Llama 3.1 405B:
     * 126); the bound keeps a corrupt or hostile model file from describing billions of layers, which every reader
     * and the layout planner would otherwise loop over.
     */
    public static final int MAX_LAYERS = 10_000;
    /**
     * Most norms one block may have. Published blocks have at most four (Gemma 2's sandwich norms; query/key norms
     * are counted apart, {@link #qkNorm()}); the bound keeps a hostile file from describing billions, which the
     * activation model would loop over for every estimate.
     */
    public static final int MAX_NORMS_PER_LAYER = 16;
    /**
     * Most parameters a description may have, about: 10^16, ten times the largest {@code --params} accepts. Beyond
     * it no hardware holds the model, and the exact count ({@link ParameterCounter}, 64-bit) and the bytes derived
     * from it would no longer be trustworthy; every field may be within its own range while their products are not.
     */
    public static final double MAX_PARAMETERS = 1e16;

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
        if (normsPerLayer > MAX_NORMS_PER_LAYER) {
            throw new IllegalArgumentException("norms per layer must be at most " + MAX_NORMS_PER_LAYER + ", got "
                    + normsPerLayer);
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
        if (globalEvery < 0 || mtpLayers < 0 || mtpLayers > MAX_LAYERS || visionParams < 0) {
            throw new IllegalArgumentException("global-layer interval, prediction modules and vision parameters must "
                    + "not be negative (at most " + MAX_LAYERS + " prediction modules)");
        }
        double size = parameterBound(hiddenSize, layers + mtpLayers, heads, kvHeads, headDim, ffnSize, vocabSize,
                normsPerLayer, positionTableSize, tokenTypes, classifierOutputs, moe, mla) + visionParams;
        if (!(size <= MAX_PARAMETERS)) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "the model would have about %.3g"
                    + " parameters, more than the %.0e a description may have", size, MAX_PARAMETERS));
        }
    }

    /**
     * An upper bound of {@link ParameterCounter}'s count in floating point, which cannot overflow: every block with
     * gated feed-forward matrices, all biases, LayerNorms and its mixture of experts or its dense width, whichever
     * is larger, an untied head and a pooler. Within a factor of about 1.5 of the exact count.
     */
    private static double parameterBound(double h, double blocks, double heads, double kvHeads, double headDim,
                                         double ffn, double vocab, double norms, double positions, double tokenTypes,
                                         double classes, MoeSpec moe, MlaSpec mla) {
        double q = heads * headDim;
        double kv = kvHeads * headDim;
        double attention = 2 * h * q + 2 * h * kv + 2 * (q + kv + h);
        if (mla != null) {
            double qk = (double) mla.qkNopeHeadDim() + mla.qkRopeHeadDim();
            attention += h * mla.qLoraRank() + mla.qLoraRank() * heads * qk + h * (mla.kvLoraRank() + qk)
                    + mla.kvLoraRank() * heads * ((double) mla.qkNopeHeadDim() + mla.vHeadDim())
                    + heads * mla.vHeadDim() * h + mla.qLoraRank() + mla.kvLoraRank();
        }
        double feedForward = 3 * h * ffn + 2 * ffn + h;
        if (moe != null) {
            double expert = 3 * h * moe.expertFfnSize() + 2.0 * moe.expertFfnSize() + h;
            double shared = 3 * h * moe.sharedExpertFfnSize() + 2.0 * moe.sharedExpertFfnSize() + h;
            feedForward = Math.max(feedForward, moe.experts() * expert + shared + 2 * h * moe.experts());
        }
        double block = attention + feedForward + (norms + 2) * 2 * h;
        return blocks * block + 3 * vocab * h + (positions + tokenTypes + classes + h + 8) * h;
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

    /** Whether the blocks use multi-head latent attention. */
    public boolean isMla() {
        return mla != null;
    }

    /** Blocks that attend to the whole context: all without a window, else those of {@link #globalEvery()}. */
    public int globalLayers() {
        if (slidingWindow == 0) {
            return layers;
        }
        return globalEvery == 0 ? 0 : layers / globalEvery;
    }

    /**
     * Keys and values one sequence keeps per block on average at a context of {@code context} tokens:
     * {@code (G * context + (L - G) * min(context, window)) / L} with {@code G} {@link #globalLayers()}. A local
     * (sliding-window or chunked) block holds at most its window; a global block the whole context. Multiplied by
     * {@code L} this is the cache size in token-layers, as vLLM's hybrid KV-cache manager allocates it.
     */
    public double kvAttendedTokens(double context) {
        if (slidingWindow == 0) {
            return context;
        }
        double global = globalLayers();
        return (global * context + (layers - global) * Math.min(context, slidingWindow)) / layers;
    }

    /**
     * KV-cache elements one token adds to one block on one of {@code t} tensor-parallel ranks: {@code 2 * kv * d}
     * for multi-/grouped-query attention (key/value heads split across ranks, fewer heads than ranks replicated),
     * the latent {@code kv_lora + rope} for absorbed latent attention (on every rank), {@code n*(nope + rope + v)}
     * split by heads for naive latent attention ({@link MlaSpec}).
     */
    public double kvElementsPerTokenPerLayer(int t) {
        if (mla != null) {
            if (!mla.naiveCache()) {
                return mla.kvLoraRank() + mla.qkRopeHeadDim();
            }
            double headsHere = heads >= t ? (double) heads / t : 1;
            return headsHere * (mla.qkHeadDim() + mla.vHeadDim());
        }
        double kvHere = kvHeads >= t ? (double) kvHeads / t : 1;
        return 2 * kvHere * headDim;
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
        private boolean qkNorm;
        private boolean attentionSinks;
        private int globalEvery;
        private MlaSpec mla;
        private int mtpLayers;
        private long visionParams;
        private DataType expertWeightType;
        private StoredWeights storedWeights;

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
            qkNorm = m.qkNorm;
            attentionSinks = m.attentionSinks;
            globalEvery = m.globalEvery;
            mla = m.mla;
            mtpLayers = m.mtpLayers;
            visionParams = m.visionParams;
            expertWeightType = m.expertWeightType;
            storedWeights = m.storedWeights;
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
        public Builder qkNorm(boolean v) { qkNorm = v; return this; }
        public Builder attentionSinks(boolean v) { attentionSinks = v; return this; }
        public Builder globalEvery(int v) { globalEvery = v; return this; }
        public Builder mla(MlaSpec v) { mla = v; return this; }
        public Builder mtpLayers(int v) { mtpLayers = v; return this; }
        public Builder visionParams(long v) { visionParams = v; return this; }
        public Builder expertWeightType(DataType v) { expertWeightType = v; return this; }
        public Builder storedWeights(StoredWeights v) { storedWeights = v; return this; }

        /**
         * Builds the spec; head dimension defaults to {@code h / heads} and key/value heads to {@code heads}. With
         * latent attention the head dimension is the query/key head width {@code nope + rope} and every head has its
         * own key and value.
         */
        public ModelSpec build() {
            int kv = kvHeads == 0 || mla != null ? heads : kvHeads;
            int hd = headDim == 0 && heads > 0 ? hiddenSize / heads : headDim;
            if (mla != null) {
                hd = mla.qkHeadDim();
            }
            int table = position == PositionKind.LEARNED && positionTableSize == 0 ? maxPositions : positionTableSize;
            return new ModelSpec(id, name, arch, hiddenSize, layers, heads, kv, hd, ffnSize, mlp, vocabSize,
                    tiedEmbeddings, norm, normsPerLayer, finalNorm, embeddingNorm, qkvBias, outBias, mlpBias, position,
                    table, maxPositions, tokenTypes, head, classifierOutputs, pooler, parallelBlock, slidingWindow,
                    moe, qkNorm, attentionSinks, globalEvery, mla, mtpLayers, visionParams, expertWeightType, storedWeights);
        }
    }
}
