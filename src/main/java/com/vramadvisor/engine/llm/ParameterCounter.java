package com.vramadvisor.engine.llm;

/**
 * Counts the parameters of a transformer exactly from its architecture.
 *
 * <p>Per block: query {@code h x (a*d)}, key and value {@code h x (kv*d)} each, output {@code (a*d) x h} (plus their
 * biases when present); a two-matrix feed-forward block {@code 2*h*f} (+ {@code f + h} biases) or a gated one
 * {@code 3*h*f} (+ {@code 2f + h}); norms of {@code 2h} (LayerNorm: weight and bias) or {@code h} (RMSNorm). A
 * mixture-of-experts block replaces the feed-forward block by a router {@code h x E} (no bias), {@code E} experts and
 * optional shared experts with an optional {@code h x 1} gate (Qwen2-MoE); a router bias of {@code E} where present
 * (gpt-oss). Attention variants (query/key norms, sinks, multi-head latent attention) are those of
 * {@link AttentionParams}. Outside the blocks: the token table {@code V x h}, a learned position table, a token-type
 * table, an embedding norm, a final norm, the head, and a vision tower ({@link ModelSpec#visionParams()}).
 *
 * <p>Multi-token-prediction modules (DeepSeek-V3, arXiv:2412.19437 section 2.2; {@code num_nextn_predict_layers})
 * are counted apart ({@link ParameterCount#mtp()}), as the release does: each is one more block of the routed kind,
 * two RMSNorms ({@code enorm}, {@code hnorm}), the projection {@code eh_proj 2h x h}, a head norm, and the copies of
 * the token table and the output head that the checkpoint stores with the module ({@code model.layers.61.embed_tokens},
 * {@code shared_head.head}): DeepSeek-V3 ships 671B main-model plus 14B MTP parameters, 685B on the hub.
 * These are the module shapes of the Hugging Face implementations ({@code modeling_gpt2.py}, {@code modeling_llama.py},
 * {@code modeling_bert.py}, {@code modeling_mixtral.py}, ...); tests check them against published totals.
 */
public final class ParameterCounter {

    private ParameterCounter() {
    }

    /** Counts all, active, and per-part parameters of {@code m}. */
    public static ParameterCount count(ModelSpec m) {
        long h = m.hiddenSize();
        long embedding = tokenEmbedding(m) + otherEmbedding(m);
        long denseLayers = m.isMoe() ? m.moe().denseLayers() : m.layers();
        long moeLayers = m.layers() - denseLayers;
        long blocks = denseLayers * denseLayerParams(m);
        long activeBlocks = blocks;
        if (m.isMoe()) {
            blocks += moeLayers * moeLayerParams(m, m.moe().experts());
            activeBlocks += moeLayers * moeLayerParams(m, m.moe().expertsPerToken());
        }
        long finalNorm = m.finalNorm() ? normParams(m) : 0;
        long head = headParams(m, h);
        long vision = m.visionParams();
        long total = embedding + blocks + finalNorm + head + vision;
        long active = embedding + activeBlocks + finalNorm + head;
        return new ParameterCount(total, active, embedding, blocks, finalNorm, head, vision, mtpParams(m));
    }

    /**
     * Parameters of the routed experts of every mixture-of-experts block (matrices and biases, the router and shared
     * experts excluded): {@code (L - denseLayers) x E x} one expert's feed-forward block; 0 for a dense model. These are
     * what expert parallelism shards over {@code ep} GPUs and what Megatron-Core reduces over its expert
     * data-parallel group.
     */
    public static long routedExpertParams(ModelSpec m) {
        if (!m.isMoe()) {
            return 0;
        }
        long moeLayers = m.layers() - m.moe().denseLayers();
        return moeLayers * m.moe().experts() * mlpParams(m, m.moe().expertFfnSize());
    }

    /** Parameters of the multi-token-prediction modules shipped beside the main model (see the class comment). */
    static long mtpParams(ModelSpec m) {
        if (m.mtpLayers() == 0) {
            return 0;
        }
        long h = m.hiddenSize();
        long block = m.isMoe() ? moeLayerParams(m, m.moe().experts()) : denseLayerParams(m);
        long module = block + 2 * normParams(m) + 2 * h * h + normParams(m) + 2 * tokenEmbedding(m);
        return m.mtpLayers() * module;
    }

    /** Parameters of one norm: LayerNorm weight and bias {@code 2h}, RMSNorm weight {@code h}. */
    static long normParams(ModelSpec m) {
        return m.norm() == NormKind.LAYERNORM ? 2L * m.hiddenSize() : m.hiddenSize();
    }

    /** The token table {@code V x h}. */
    static long tokenEmbedding(ModelSpec m) {
        return (long) m.vocabSize() * m.hiddenSize();
    }

    /** Learned-position and token-type tables plus the embedding norm: the replicated part of the embedding. */
    static long otherEmbedding(ModelSpec m) {
        long h = m.hiddenSize();
        long position = m.position() == PositionKind.LEARNED ? (long) m.positionTableSize() * h : 0;
        return position + (long) m.tokenTypes() * h + (m.embeddingNorm() ? normParams(m) : 0);
    }

    /** Query, key, value and output projections with their biases, norms and sinks ({@link AttentionParams}). */
    static long attentionParams(ModelSpec m) {
        AttentionParams a = AttentionParams.of(m, 1);
        return Math.round(a.matrices + a.vectors);
    }

    /** One feed-forward block of intermediate width {@code ffn}: matrices plus biases. */
    static long mlpParams(ModelSpec m, long ffn) {
        long h = m.hiddenSize();
        if (m.mlp() == MlpKind.GATED) {
            return 3 * h * ffn + (m.mlpBias() ? 2 * ffn + h : 0);
        }
        return 2 * h * ffn + (m.mlpBias() ? ffn + h : 0);
    }

    /** A block with a dense feed-forward layer of {@link ModelSpec#ffnSize()}. */
    static long denseLayerParams(ModelSpec m) {
        return attentionParams(m) + mlpParams(m, m.ffnSize()) + m.normsPerLayer() * normParams(m);
    }

    /** A mixture-of-experts block with {@code experts} routed experts counted (all of them, or the top-k). */
    static long moeLayerParams(ModelSpec m, int experts) {
        MoeSpec moe = m.moe();
        long h = m.hiddenSize();
        long router = moe.routerParams(h);
        long shared = moe.sharedExpertFfnSize() > 0 ? mlpParams(m, moe.sharedExpertFfnSize()) : 0;
        long sharedGate = moe.sharedExpertGate() ? h : 0;
        return attentionParams(m) + router + experts * mlpParams(m, moe.expertFfnSize()) + shared + sharedGate
                + m.normsPerLayer() * normParams(m);
    }

    /** Parameters of the head; see {@link ParameterCount#head()}. */
    static long headParams(ModelSpec m, long h) {
        long head = 0;
        if (m.pooler()) {
            head += h * h + h;
        }
        switch (m.head()) {
            case LM -> {
                if (m.arch() == ArchitectureKind.ENCODER) {
                    // BertOnlyMLMHead: dense h x h + bias, LayerNorm, decoder (tied unless untied) + vocabulary bias.
                    head += h * h + h + normParams(m) + m.vocabSize();
                }
                if (!m.tiedEmbeddings()) {
                    head += tokenEmbedding(m);
                }
            }
            case CLASSIFIER -> head += h * m.classifierOutputs() + m.classifierOutputs();
            case NONE -> {
            }
        }
        return head;
    }
}
