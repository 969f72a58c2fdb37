package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.Sentence;

/**
 * A diffusers {@code FluxTransformer2DModel} (FLUX.1 by Black Forest Labs) as its {@code transformer/config.json}
 * describes it, built as {@code diffusers/models/transformers/transformer_flux.py} does: {@code x_embedder}
 * (in_channels to d, the 16 latent channels packed 2 x 2 into 64); timestep, guidance (FLUX.1-dev's distilled
 * guidance) and pooled-text embeddings ({@code 256 -> d -> d}, {@code 256 -> d -> d}, {@code pooled -> d -> d}); a
 * context embedder ({@code joint_attention_dim -> d}); {@code num_layers} double-stream blocks of width
 * {@code d = heads x head_dim}, each with an AdaLayerNormZero per stream ({@code d -> 6d}), q, k, v and out
 * projections per stream with RMS norms of q and k ({@code head_dim} weights each), and a GELU MLP per stream
 * ({@code d -> 4d -> d}); {@code num_single_layers} single-stream blocks, each an AdaLayerNormZeroSingle
 * ({@code d -> 3d}), q, k, v with q and k norms, an MLP input {@code d -> 4d} and one output projection over the
 * concatenated attention and MLP ({@code 5d -> d}); a final AdaLayerNormContinuous ({@code d -> 2d}) and a
 * projection back to the packed channels. Text and image tokens share one sequence; only the T5 tokens enter it
 * (CLIP gives the pooled vector).
 *
 * @param inChannels          packed latent channels (64)
 * @param layers              double-stream blocks (19)
 * @param singleLayers        single-stream blocks (38)
 * @param heads               attention heads (24)
 * @param headDim             channels per head (128)
 * @param jointAttentionDim   width of the T5 embeddings (4096)
 * @param pooledProjectionDim width of the pooled CLIP embedding (768)
 * @param guidanceEmbeds      whether the guidance embedding exists (FLUX.1-dev: true)
 */
public record FluxConfig(int inChannels, int layers, int singleLayers, int heads, int headDim,
                         int jointAttentionDim, int pooledProjectionDim, boolean guidanceEmbeds) implements Denoiser {

    /** Tensors of width d per token alive around a double block's attention call: input, norm, q, k, v, output. */
    static final int ATTENTION_LIVE = 6;
    /**
     * A single block's working set per token in units of d: input, norm, q, k, v, attention, 4d MLP, 4d GELU, 5d
     * concatenation, output.
     */
    static final int SINGLE_LIVE = 20;
    /** Saved for backward per token by one double-stream block, in units of d. */
    static final int DOUBLE_SAVED = 18;
    /** Saved for backward per token by one single-stream block, in units of d. */
    static final int SINGLE_SAVED = 16;

    public FluxConfig {
        if (inChannels < 1 || layers < 1 || singleLayers < 0 || heads < 1 || headDim < 1 || jointAttentionDim < 1
                || pooledProjectionDim < 1) {
            throw new IllegalArgumentException("bad FLUX config");
        }
    }

    @Override
    public String kindLabel() {
        return "FLUX transformer";
    }

    private long width() {
        return (long) heads * headDim;
    }

    @Override
    public long parameters() {
        long d = width();
        long p = UNetConfig.linear(inChannels, d) + UNetConfig.linear(256, d) + UNetConfig.linear(d, d)
                + UNetConfig.linear(pooledProjectionDim, d) + UNetConfig.linear(d, d)
                + UNetConfig.linear(jointAttentionDim, d);
        if (guidanceEmbeds) {
            p += UNetConfig.linear(256, d) + UNetConfig.linear(d, d);
        }
        long mlp = UNetConfig.linear(d, 4 * d) + UNetConfig.linear(4 * d, d);
        long doubleBlock = 2 * UNetConfig.linear(d, 6 * d) + 8 * UNetConfig.linear(d, d) + 4L * headDim + 2 * mlp;
        long singleBlock = UNetConfig.linear(d, 3 * d) + UNetConfig.linear(d, 4 * d) + 3 * UNetConfig.linear(d, d)
                + 2L * headDim + UNetConfig.linear(5 * d, d);
        return p + layers * doubleBlock + singleLayers * singleBlock + UNetConfig.linear(d, 2 * d)
                + UNetConfig.linear(d, inChannels);
    }

    @Override
    public long largestLayerParameters() {
        long d = width();
        return Math.max(6 * d * d, (long) jointAttentionDim * d);
    }

    /**
     * LoRA on the target list of diffusers' {@code train_dreambooth_lora_flux.py}: in each double block the eight
     * attention projections of both streams and the four MLP matrices ({@code 36 d} per rank), in each single block
     * {@code attn.to_q, to_k, to_v} ({@code 6 d} per rank).
     */
    @Override
    public long loraParameters(int rank) {
        long d = width();
        return ((long) layers * 36 + (long) singleLayers * 6) * d * rank;
    }

    @Override
    public int pixelMultiple() {
        return 16;
    }

    @Override
    public int headsAtWidestAttention() {
        return heads;
    }

    private static long tokens(int latentH, int latentW, int textTokens) {
        return (long) ((latentH + 1) / 2) * ((latentW + 1) / 2) + textTokens;
    }

    @Override
    public Activations inference(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                                 int sliceRows, int bytes) {
        long n = tokens(latentH, latentW, textTokens);
        long d = width();
        long rows = (long) batch * heads;
        long live = switch (attention) {
            case EAGER -> rows;
            case SLICED -> Math.min(rows, Math.max(1, sliceRows));
            case SDPA -> 0;
        };
        double scores = 2.0 * live * n * n;
        double work = Math.max(ATTENTION_LIVE * d * n * batch, SINGLE_LIVE * d * n * batch - scores);
        Sentence formula = Sentence.of("diffusion.formula.flux.infer",
                "one block over %,d tokens (image patches + %d T5 tokens), width"
                        + " %d: %,.0f score elements (2 x %d rows x N^2, %s attention) + %,.0f working elements,"
                        + " batch %d, %d bytes each", n, textTokens, d, scores, live, attention.id(), work, batch,
                bytes);
        return new Activations(Activations.saturated(scores * bytes), Activations.saturated(work * bytes), formula);
    }

    @Override
    public Activations training(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                                boolean checkpointing, int bytes) {
        long n = tokens(latentH, latentW, textTokens);
        long d = width();
        double probs = attention == AttentionKind.SDPA ? 0 : (double) heads * n * n;
        int blocks = layers + singleLayers;
        double saved = checkpointing ? (double) blocks * d * n + DOUBLE_SAVED * d * n
                : ((double) layers * DOUBLE_SAVED + (double) singleLayers * SINGLE_SAVED) * d * n;
        double scores = checkpointing ? UNetActivations.SOFTMAX_BACKWARD * probs
                : (blocks + UNetActivations.SOFTMAX_BACKWARD - 1) * probs;
        Sentence formula = Sentence.of("diffusion.formula.flux.train",
                "%d double and %d single blocks over %,d tokens, width %d: %s,"
                        + " %s attention scores %,.0f elements per sample, batch %d, %d bytes each", layers,
                singleLayers, n, d, checkpointing
                        ? Sentence.of("diffusion.formula.checkpointed", "block inputs kept and one block recomputed")
                        : Sentence.of("diffusion.formula.flux.saved", "%d (double) or %d (single) x d saved per token",
                                DOUBLE_SAVED, SINGLE_SAVED),
                attention.id(), scores, batch, bytes);
        return new Activations(Activations.saturated(scores * batch * bytes),
                Activations.saturated(saved * batch * bytes), formula);
    }
}
