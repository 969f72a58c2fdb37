package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.Sentence;

/**
 * A diffusers {@code SD3Transformer2DModel} (the MMDiT of Stable Diffusion 3; Esser et al. 2024, "Scaling Rectified
 * Flow Transformers for High-Resolution Image Synthesis") as its {@code transformer/config.json} describes it, built
 * as {@code diffusers/models/transformers/transformer_sd3.py} does: a patch embedding (Conv2d, kernel and stride
 * {@code patch_size}; the sin-cos position table is a buffer, not a parameter); a timestep embedding (256 to d, d to
 * d) plus a pooled-text projection (pooled to d, d to d); a context embedder (joint_attention_dim to d); {@code
 * num_layers} joint blocks of width {@code d = heads x head_dim}, each with an AdaLayerNormZero per stream (d to 6d),
 * q, k, v and out projections per stream (4 (d^2 + d) each) and a GELU feed-forward per stream (d to 4d to d); the
 * last block's text stream is "context pre-only" (an AdaLayerNormContinuous d to 2d, no text output projection, no
 * text feed-forward); a final AdaLayerNormContinuous (d to 2d) and a projection to {@code patch^2 x out_channels}.
 *
 * @param inChannels         latent channels (16)
 * @param patchSize          patch side in latent pixels (2)
 * @param layers             joint transformer blocks (24 for SD3-medium)
 * @param heads              attention heads (24)
 * @param headDim            channels per head (64)
 * @param jointAttentionDim  width of the concatenated text embeddings (4096, the T5 width)
 * @param pooledProjectionDim width of the pooled CLIP embeddings (2048)
 */
public record MmditConfig(int inChannels, int patchSize, int layers, int heads, int headDim, int jointAttentionDim,
                          int pooledProjectionDim) implements Denoiser {

    /** Tensors of width d per token alive around the joint attention call: input, norm, q, k, v, output. */
    static final int ATTENTION_LIVE = 6;
    /** Working set of the GELU feed-forward per token in units of d: input, residual, 4d projection, 4d GELU. */
    static final int FEED_FORWARD_LIVE = 10;
    /** Saved for backward per token and stream by one joint block, in units of d. */
    static final int BLOCK_SAVED = 18;

    public MmditConfig {
        if (inChannels < 1 || patchSize < 1 || layers < 1 || heads < 1 || headDim < 1 || jointAttentionDim < 1
                || pooledProjectionDim < 1) {
            throw new IllegalArgumentException("bad MMDiT config");
        }
    }

    @Override
    public String kindLabel() {
        return "MMDiT";
    }

    private long width() {
        return (long) heads * headDim;
    }

    @Override
    public long parameters() {
        long d = width();
        long p = (long) inChannels * d * patchSize * patchSize + d;
        p += UNetConfig.linear(256, d) + UNetConfig.linear(d, d);
        p += UNetConfig.linear(pooledProjectionDim, d) + UNetConfig.linear(d, d);
        p += UNetConfig.linear(jointAttentionDim, d);
        long ff = UNetConfig.linear(d, 4 * d) + UNetConfig.linear(4 * d, d);
        for (int i = 0; i < layers; i++) {
            boolean last = i == layers - 1;
            p += UNetConfig.linear(d, 6 * d);
            p += last ? UNetConfig.linear(d, 2 * d) : UNetConfig.linear(d, 6 * d);
            p += 7 * UNetConfig.linear(d, d) + (last ? 0 : UNetConfig.linear(d, d));
            p += ff + (last ? 0 : ff);
        }
        return p + UNetConfig.linear(d, 2 * d) + UNetConfig.linear(d, (long) patchSize * patchSize * inChannels);
    }

    @Override
    public long largestLayerParameters() {
        long d = width();
        return Math.max(6 * d * d, (long) jointAttentionDim * d);
    }

    /**
     * LoRA on to_q, to_k, to_v, to_out.0, add_q_proj, add_k_proj, add_v_proj and to_add_out (the target list of
     * diffusers' {@code train_dreambooth_lora_sd3.py}); the last block has no to_add_out.
     */
    @Override
    public long loraParameters(int rank) {
        long d = width();
        return (8L * layers - 1) * 2 * d * rank;
    }

    @Override
    public int pixelMultiple() {
        return 8 * patchSize;
    }

    @Override
    public int headsAtWidestAttention() {
        return heads;
    }

    private long imageTokens(int latentH, int latentW) {
        return (long) ((latentH + patchSize - 1) / patchSize) * ((latentW + patchSize - 1) / patchSize);
    }

    @Override
    public Activations inference(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                                 int sliceRows, int bytes) {
        long n = imageTokens(latentH, latentW) + textTokens;
        long d = width();
        long rows = (long) batch * heads;
        long live = switch (attention) {
            case EAGER -> rows;
            case SLICED -> Math.min(rows, Math.max(1, sliceRows));
            case SDPA -> 0;
        };
        long scores = 2 * live * n * n;
        long attn = ATTENTION_LIVE * d * n * batch;
        long ff = FEED_FORWARD_LIVE * d * n * batch;
        long work = Math.max(attn, ff - scores);
        Sentence formula = Sentence.of("diffusion.formula.mmdit.infer",
                "joint block over %,d tokens (image patches + %d text tokens),"
                        + " width %d: %,d score elements (2 x %d rows x N^2, %s attention) + %,d working elements,"
                        + " batch %d, %d bytes each", n, textTokens, d, scores, live, attention.id(), work, batch,
                bytes);
        return new Activations(Activations.saturated((double) scores * bytes),
                Activations.saturated((double) work * bytes), formula);
    }

    @Override
    public Activations training(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                                boolean checkpointing, int bytes) {
        long n = imageTokens(latentH, latentW) + textTokens;
        long d = width();
        long probs = attention == AttentionKind.SDPA ? 0 : (long) heads * n * n;
        long block = BLOCK_SAVED * d * n;
        long saved = checkpointing ? layers * d * n + block : layers * block;
        long scores = checkpointing ? UNetActivations.SOFTMAX_BACKWARD * probs
                : (layers + UNetActivations.SOFTMAX_BACKWARD - 1) * probs;
        Sentence formula = Sentence.of("diffusion.formula.mmdit.train",
                "%d joint blocks over %,d tokens, width %d: %s, %s attention"
                        + " scores %,d elements per sample, batch %d, %d bytes each", layers, n, d,
                checkpointing ? Sentence.of("diffusion.formula.mmdit.checkpointed", "block inputs kept and one block"
                        + " (%d x d per token) recomputed", BLOCK_SAVED)
                        : Sentence.of("diffusion.formula.mmdit.saved", "%d x d saved per token and block", BLOCK_SAVED),
                attention.id(), scores, batch, bytes);
        return new Activations(Activations.saturated((double) scores * batch * bytes),
                Activations.saturated((double) saved * batch * bytes), formula);
    }
}
