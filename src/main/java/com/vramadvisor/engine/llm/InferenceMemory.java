package com.vramadvisor.engine.llm;

/**
 * Live bytes per component during inference, for one GPU of one pipeline stage: {@link Phase#PREFILL} and
 * {@link Phase#DECODE}, one row each, then the per-component maxima.
 *
 * <ul>
 *   <li>Weights at {@link Workload#effectiveWeightType()} (see {@link StageParams#inferenceBytesAs(DataType)}).</li>
 *   <li>KV cache {@code 2 * L * kv_heads * head_dim * tokens * batch * bytes(kvCacheType)}: K and V for every
 *       block, per key/value head (grouped-query attention stores {@code kv_heads}, not {@code heads}), divided by
 *       {@code t} (heads are split across tensor-parallel ranks; fewer heads than ranks are replicated) and by the
 *       pipeline stages' share of blocks, and by {@code cp} under context parallelism (each rank caches
 *       {@code ceil(tokens / cp)} of every sequence, as in ring-attention serving; Liu et al. 2023). Latent attention stores {@code kv_lora + rope} per block instead, on every
 *       rank ({@link ModelSpec#kvElementsPerTokenPerLayer(int)}). {@code tokens} is the context, or with local
 *       layers the per-block average {@link ModelSpec#kvAttendedTokens(double)}: a sliding-window or chunked block
 *       holds {@code min(context, window)}, a global block the whole context. A paged cache
 *       ({@link Workload#kvBlockTokens()} {@code > 0}, vLLM's PagedAttention) rounds each sequence's tokens up to
 *       whole blocks. It is counted whole in both phases, as a serving engine pre-allocates it.</li>
 *   <li>Activations are transient (nothing is saved for backward): the largest set of buffers one block has alive
 *       at once. Attention: the residual stream and the norm output ({@code 2*n*h}), q, k, v and the attention
 *       output ({@code n*(2*a*d + 2*kv*d)}), and for eager attention the scores with their fp32 softmax
 *       ({@code b*a*q*k*(e+4)}). Feed-forward: the residual, the norm output and two (GELU) or three (gated)
 *       intermediates ({@code n*(2h + 2f)} or {@code n*(2h + 3f)}); experts process {@code k} copies of each
 *       token. {@code n} is {@code b*s} tokens in prefill and {@code b} in decode. With chunked prefill
 *       ({@link Workload#prefillChunkTokens()} {@code = c > 0}, vLLM's {@code max_num_batched_tokens}) one pass
 *       processes at most {@code c} prompt tokens: {@code n = min(c, b*s)}, with {@code c x min(s, window)} scores
 *       per head at most.</li>
 *   <li>Logits for the last position of each sequence only, in the compute type plus an fp32 copy for sampling:
 *       {@code b*V*(e+4)}. vLLM and Hugging Face {@code generate} (since {@code logits_to_keep}) compute only the last
 *       position; a plain forward over the prompt would hold {@code b*s*V}.</li>
 * </ul>
 * Element size {@code e} is 4 when the precision is fp32 and 2 otherwise. A bitsandbytes 4-bit base adds the matrix it
 * dequantises for a matmul of more than one token ({@link #dequantised}), counted under weights. With llama.cpp's GPU layers
 * ({@link Offload#gpuLayers()}) the GPU keeps only its blocks' weights and KV cache ({@link PartialLayers}).
 */
final class InferenceMemory {

    static final Phase[] PHASES = {Phase.PREFILL, Phase.DECODE};

    private InferenceMemory() {
    }

    static double[][] phases(ModelSpec m, Workload w, boolean first, boolean last) {
        StageParams sp = new StageParams(m, w, first, last);
        Parallelism par = w.parallelism();
        double weights = sp.inferenceBytesAs(w.effectiveWeightType());
        double window = attendedTokens(m, w);
        double kv = kvBytesPerToken(m, w, sp) * cachedTokens(m, w) * w.batch();
        double e = Bytes.activationBytes(w.precision());
        double logits = last && m.head() == HeadKind.LM
                ? (double) w.batch() * m.vocabSize() / par.tensorParallel() * (e + 4) : 0;
        int s = w.sequenceLength();
        double promptTokens = (double) w.batch() * s;
        int chunk = w.prefillChunkTokens();
        double prefill = chunk > 0 && chunk < promptTokens
                ? transientBytes(m, w, sp, chunk, 1, chunk, Math.min(s, window))
                : transientBytes(m, w, sp, promptTokens, w.batch(), s, s);
        double decode = transientBytes(m, w, sp, w.batch(), w.batch(), 1, window);
        if (OffloadMemory.layersApply(w)) {
            double[] split = PartialLayers.split(m, w, sp);
            weights = split[0];
            kv *= split[2];
        }
        double prefillTokens = chunk > 0 ? Math.min(chunk, promptTokens) : promptTokens;
        double[] prefillRow = row(weights + dequantised(w, sp, prefillTokens), kv, prefill, logits);
        double[] decodeRow = row(weights + dequantised(w, sp, w.batch()), kv, decode, logits);
        return new double[][] {prefillRow, decodeRow, TrainingMemory.max(prefillRow, decodeRow)};
    }

    /**
     * The matrix a bitsandbytes 4-bit layer dequantises for one matmul when more than one token passes through it,
     * bytes: bitsandbytes' {@code matmul_4bit} serves a single token with its 4-bit GEMV kernel and otherwise runs
     * {@code dequantize_4bit(B, quant_state).to(A.dtype)}, a 16-bit copy of the weight (the model's type) and, when the
     * compute type is wider, a copy in it; the largest block matrix at {@code 2 + e} bytes per element, {@code e}
     * the compute type's size (4 for an fp32 precision, the default {@code bnb_4bit_compute_dtype} of Transformers'
     * {@code BitsAndBytesConfig}; 2 otherwise, where the second copy is the first). 0 for other weight types.
     */
    static double dequantised(Workload w, StageParams sp, double tokens) {
        DataType t = w.effectiveWeightType();
        boolean bnb4 = t == DataType.NF4 || t == DataType.NF4_SINGLE || t == DataType.BNB_FP4;
        if (!bnb4 || tokens <= 1) {
            return 0;
        }
        double e = Bytes.activationBytes(w.precision());
        return sp.largestMatrix * (e > 2 ? 2 + e : 2);
    }

    /**
     * {host bytes, 0} of llama.cpp's partial offload: the weights of the blocks left in host memory, the token table
     * (and the output layer unless offloaded), and those blocks' KV cache.
     */
    static double[] offDevice(ModelSpec m, Workload w) {
        if (!OffloadMemory.layersApply(w)) {
            return new double[2];
        }
        StageParams sp = new StageParams(m, w, true, true);
        double[] split = PartialLayers.split(m, w, sp);
        double kv = kvBytesPerToken(m, w, sp) * cachedTokens(m, w) * w.batch();
        return new double[] {split[1] + kv * (1 - split[2]), 0};
    }

    /** KV-cache bytes of one token of one sequence on this GPU: K and V of the stage's blocks and the rank's heads. */
    static double kvBytesPerToken(ModelSpec m, Workload w, StageParams sp) {
        int layersHere = sp.denseLayers + sp.moeLayers;
        return layersHere * m.kvElementsPerTokenPerLayer(w.parallelism().tensorParallel())
                * w.kvCacheType().bytesPerElement();
    }

    /** Tokens a sequence keeps per block on average: its context, capped in local blocks by their window. */
    static double attendedTokens(ModelSpec m, Workload w) {
        return m.kvAttendedTokens(w.effectiveContext());
    }

    /** KV-cache slots one sequence occupies on this GPU: the attended tokens (over cp), rounded up to whole blocks of a paged cache. */
    static double cachedTokens(ModelSpec m, Workload w) {
        double tokens = attendedTokens(m, w);
        int cp = w.parallelism().contextParallel();
        if (cp > 1) {
            // Context parallelism splits one sequence's cache over cp GPUs, s / cp tokens each.
            tokens = Math.ceil(tokens / cp);
        }
        int block = w.kvBlockTokens();
        return block > 0 ? Math.ceil(tokens / block) * block : tokens;
    }

    /**
     * Largest transient buffer set of one block for {@code n} tokens of {@code sequences} sequences, each with
     * {@code queries x keys} attention scores per head.
     */
    private static double transientBytes(ModelSpec m, Workload w, StageParams sp, double n, double sequences,
                                         double queries, double keys) {
        double t = w.parallelism().tensorParallel();
        double e = Bytes.activationBytes(w.precision());
        double h = m.hiddenSize();
        double q = m.queryWidth() / t;
        double kv = ActivationModel.kvHeadsPerRank(m, w.parallelism().tensorParallel()) * m.headDim();
        double heads = m.heads() / t;
        double attention = e * n * (2 * h + 2 * q + 2 * kv);
        if (w.attention() == AttentionImpl.EAGER) {
            attention += sequences * heads * queries * keys * (e + 4);
        } else {
            attention += 4 * sequences * heads * queries;
        }
        double matrices = m.mlp() == MlpKind.GATED ? 3 : 2;
        double ffn = 0;
        if (sp.denseLayers > 0) {
            ffn = e * n * (2 * h + matrices * m.ffnSize() / t);
        }
        if (sp.moeLayers > 0) {
            MoeSpec moe = m.moe();
            double k = moe.expertsPerToken();
            double experts = e * n * (2 * h + k * h + k * matrices * moe.expertFfnSize() / t
                    + matrices * moe.sharedExpertFfnSize() / t) + 4 * n * moe.experts();
            ffn = Math.max(ffn, experts);
        }
        return Math.max(attention, ffn);
    }

    private static double[] row(double weights, double kv, double acts, double logits) {
        double[] r = new double[MemoryEstimator.COMPONENTS];
        r[Component.WEIGHTS.ordinal()] = weights;
        r[Component.KV_CACHE.ordinal()] = kv;
        r[Component.ACTIVATIONS.ordinal()] = acts;
        r[Component.LOGITS.ordinal()] = logits;
        return r;
    }
}
