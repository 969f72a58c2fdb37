package com.vramadvisor.engine.diffusion;

import java.util.Objects;

/**
 * A text encoder of a diffusion pipeline, as its {@code text_encoder/config.json} (and those of text_encoder_2 and
 * text_encoder_3) describes it.
 *
 * <p>CLIP text transformer (Hugging Face {@code CLIPTextModel}; Radford et al. 2021): token embedding
 * {@code vocab x d}, position embedding {@code positions x d}, per layer two LayerNorms ({@code 4d}), q, k, v and out
 * projections with bias ({@code 4 (d^2 + d)}) and an MLP ({@code d x ff + ff + ff x d + d}), a final LayerNorm
 * ({@code 2d}); {@code CLIPTextModelWithProjection} adds a {@code d x d} text projection without bias.
 *
 * <p>T5 v1.1 encoder (Hugging Face {@code T5EncoderModel}; Raffel et al. 2020): shared embedding {@code vocab x d},
 * per layer q, k, v, o without bias ({@code 4 d x heads x d_kv}), gated-GELU feed-forward {@code wi_0, wi_1, wo}
 * ({@code 3 d x ff}), two RMS norms ({@code 2d}); 32 relative-position buckets per head in the first layer; a final
 * norm. Transformers keeps the {@code wo} matrices in fp32 when the model is loaded in fp16
 * ({@code T5PreTrainedModel._keep_in_fp32_modules = ["wo"]}).
 *
 * @param name       for labels ("CLIP ViT-L/14")
 * @param t5         T5 encoder rather than CLIP
 * @param vocab      vocabulary size
 * @param positions  learned positions (CLIP: 77; unused for T5)
 * @param width      hidden width d
 * @param layers     transformer layers
 * @param ffn        feed-forward width
 * @param heads      attention heads
 * @param headDim    channels per head (T5 d_kv)
 * @param projection CLIP only: whether the model carries the text projection
 * @param tokens     tokens the pipeline encodes (77 for CLIP; SD3 pads T5 prompts to 256)
 */
public record TextEncoderConfig(String name, boolean t5, int vocab, int positions, int width, int layers, int ffn,
                                int heads, int headDim, boolean projection, int tokens) {

    /** T5 relative attention buckets ({@code relative_attention_num_buckets}). */
    static final int T5_BUCKETS = 32;

    public TextEncoderConfig {
        Objects.requireNonNull(name, "name");
        if (vocab < 1 || width < 1 || layers < 1 || ffn < 1 || heads < 1 || headDim < 1 || tokens < 1) {
            throw new IllegalArgumentException("bad text encoder config " + name);
        }
    }

    public long parameters() {
        long d = width;
        long ff = ffn;
        if (t5) {
            long inner = (long) heads * headDim;
            return vocab * d + layers * (4 * d * inner + 3 * d * ff + 2 * d) + (long) T5_BUCKETS * heads + d;
        }
        long layer = 4 * d + 4 * (d * d + d) + d * ff + ff + ff * d + d;
        return vocab * d + positions * d + layers * layer + 2 * d + (projection ? d * d : 0);
    }

    /** Parameters transformers keeps in fp32 when the model is loaded in fp16: T5's {@code wo} matrices. */
    public long fp32KeptParameters() {
        return t5 ? (long) layers * ffn * width : 0;
    }

    /** The largest leaf layer: the token embedding, or a feed-forward matrix if larger. */
    public long largestLayerParameters() {
        return Math.max((long) vocab * width, (long) width * ffn);
    }

    /** Weight bytes in {@code dtype}, with T5's fp32 {@code wo} when the dtype is fp16. */
    public long weightBytes(DiffusionDtype dtype) {
        long kept = dtype == DiffusionDtype.FP16 ? fp32KeptParameters() : 0;
        return (parameters() - kept) * dtype.bytes() + kept * 4;
    }
}
