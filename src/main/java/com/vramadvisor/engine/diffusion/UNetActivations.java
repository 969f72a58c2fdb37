package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.Sentence;

/**
 * Activation memory of a {@link UNetConfig}, level by level: tokens at level i are the latent pixels after i
 * stride-2 downsamplings ({@code ceil(h / 2^i) x ceil(w / 2^i)}).
 *
 * <p>Inference (no autograd): the down path's outputs wait as skip connections until the up path concatenates them,
 * so the peak is {@code batch x (sum of skip elements)} plus the working set of the busiest layer: a ResNet holds its
 * input, the GroupNorm and SiLU outputs ({@code 3 x max(C_in, C_out) x N}); an attention module holds hidden, norm,
 * q, k, v ({@code 5 C N}) and the score matrices of the rows computed at once ({@code 2 x rows x N x (N + T)}: the
 * {@code baddbmm} scores and the softmax probabilities), or its GEGLU feed-forward ({@code 18 C N}).
 *
 * <p>Training: without checkpointing every ResNet saves {@code 3 (C_in + C_out) N} and every transformer block
 * {@code 30 C N} plus, with eager attention, its {@code H x N x (N + T)} probabilities; with diffusers' gradient
 * checkpointing only the input of each ResNet and transformer block is kept, and one block is recomputed at a time
 * during backward. Differentiating an eager softmax holds three N x N matrices (probabilities, their gradient, the
 * scores' gradient).
 */
final class UNetActivations {

    /** Working tensors of a ResNet block at inference: its input (kept for the residual), norm and SiLU outputs. */
    static final int RESNET_LIVE = 3;
    /** Saved per token by a ResNet block for backward, in units of its input and output widths (3 each). */
    static final int RESNET_SAVED = 3;
    /** Tensors of width C per token alive around an attention call: hidden, norm, q, k, v. */
    static final int ATTENTION_LIVE = 5;
    /** GEGLU feed-forward working set per token in units of C: input, residual, 8C projection, 4C GELU, 4C product. */
    static final int FEED_FORWARD_LIVE = 18;
    /** Saved for backward per token by one transformer block, in units of C (norms, q, k, v, outputs, GEGLU). */
    static final int BLOCK_SAVED = 30;
    /** Saved per token by a Transformer2DModel outside its blocks: GroupNorm in/out, proj_in and proj_out. */
    static final int WRAPPER_SAVED = 4;
    /**
     * N x N matrices alive while eager attention's softmax is differentiated: the saved probabilities, their
     * gradient and the gradient of the scores.
     */
    static final int SOFTMAX_BACKWARD = 3;

    private UNetActivations() {
    }

    static long tokens(int latentH, int latentW, int level) {
        long h = latentH;
        long w = latentW;
        for (int i = 0; i < level; i++) {
            h = (h + 1) / 2;
            w = (w + 1) / 2;
        }
        return h * w;
    }

    static Activations inference(UNetConfig u, int batch, int latentH, int latentW, int textTokens,
                                 AttentionKind attention, int sliceRows, int bytes) {
        long skips = (long) u.blockOutChannels().get(0) * tokens(latentH, latentW, 0);
        long bestWork = 0;
        long bestScores = 0;
        Sentence bestWhere = Sentence.plain("");
        for (UNetConfig.Layer l : u.layers()) {
            long n = tokens(latentH, latentW, l.level());
            if (l.skipOut()) {
                skips += (long) l.outChannels() * (l.kind() == UNetConfig.Kind.DOWNSAMPLE
                        ? tokens(latentH, latentW, l.level() + 1) : n);
            }
            long scores = 0;
            long work = switch (l.kind()) {
                case RESNET -> RESNET_LIVE * (long) Math.max(l.inChannels(), l.outChannels()) * n * batch;
                case DOWNSAMPLE -> (long) l.outChannels() * (n + tokens(latentH, latentW, l.level() + 1)) * batch;
                case UPSAMPLE -> (long) l.outChannels() * (n + 2 * tokens(latentH, latentW, l.level() - 1)) * batch;
                case ATTENTION -> {
                    long rows = (long) batch * l.heads();
                    long live = switch (attention) {
                        case EAGER -> rows;
                        case SLICED -> Math.min(rows, Math.max(1, sliceRows));
                        case SDPA -> 0;
                    };
                    scores = 2 * live * n * (n + textTokens);
                    long c = l.outChannels();
                    // the attention call (scores + 5 C-wide tensors) and the feed-forward are not alive together
                    yield Math.max(ATTENTION_LIVE * c * n * batch, FEED_FORWARD_LIVE * c * n * batch - scores);
                }
            };
            if (scores + work > bestScores + bestWork) {
                bestScores = scores;
                bestWork = work;
                bestWhere = describe(l, n);
            }
        }
        long skipElements = skips * batch;
        Sentence formula = Sentence.of("diffusion.formula.unet.infer",
                "skip connections %,d elements x %d bytes + busiest layer (%s):"
                        + " %,d score elements (2 x rows x N x (N + %d text tokens), %s attention) + %,d working"
                        + " elements, batch %d", skipElements, bytes, bestWhere, bestScores, textTokens,
                attention.id(), bestWork, batch);
        return new Activations(Activations.saturated((double) bestScores * bytes),
                Activations.saturated(((double) skipElements + bestWork) * bytes), formula);
    }

    private static Sentence describe(UNetConfig.Layer l, long tokens) {
        return Sentence.of("diffusion.layer", "%s at level %d, %d channels, %,d tokens", switch (l.kind()) {
            case RESNET -> Sentence.plain("ResNet");
            case ATTENTION -> Sentence.of("diffusion.layer.attention", "attention, %d heads", l.heads());
            case DOWNSAMPLE -> Sentence.of("diffusion.layer.downsampler", "downsampler");
            case UPSAMPLE -> Sentence.of("diffusion.layer.upsampler", "upsampler");
        }, l.level(), l.outChannels(), tokens);
    }

    static Activations training(UNetConfig u, int batch, int latentH, int latentW, int textTokens,
                                AttentionKind attention, boolean checkpointing, int bytes) {
        long saved = 0;
        long savedScores = 0;
        long maxProbs = 0;
        long recompute = 0;
        long recomputeScores = 0;
        boolean eager = attention != AttentionKind.SDPA;
        for (UNetConfig.Layer l : u.layers()) {
            long n = tokens(latentH, latentW, l.level());
            long c = l.outChannels();
            switch (l.kind()) {
                case RESNET -> {
                    long full = RESNET_SAVED * (long) (l.inChannels() + c) * n;
                    saved += checkpointing ? (long) l.inChannels() * n : full;
                    if (full > recompute + recomputeScores) {
                        recompute = full;
                        recomputeScores = 0;
                    }
                }
                case ATTENTION -> {
                    long probs = eager ? (long) l.heads() * n * (n + textTokens) : 0;
                    saved += WRAPPER_SAVED * c * n + l.depth() * (checkpointing ? c * n : BLOCK_SAVED * c * n);
                    savedScores += checkpointing ? 0 : l.depth() * probs;
                    maxProbs = Math.max(maxProbs, probs);
                    if (BLOCK_SAVED * c * n + SOFTMAX_BACKWARD * probs > recompute + recomputeScores) {
                        recompute = BLOCK_SAVED * c * n;
                        recomputeScores = SOFTMAX_BACKWARD * probs;
                    }
                }
                case DOWNSAMPLE -> saved += c * n;
                case UPSAMPLE -> saved += c * tokens(latentH, latentW, l.level() - 1);
            }
        }
        double scores = (double) (checkpointing ? recomputeScores : savedScores + (SOFTMAX_BACKWARD - 1) * maxProbs)
                * batch;
        double other = (double) (saved + (checkpointing ? recompute : 0)) * batch;
        Sentence formula = Sentence.of("diffusion.formula.unet.train", "%s: %,d saved elements per sample%s, %s"
                        + " attention scores %,.0f elements, batch %d, %d bytes each",
                checkpointing ? Sentence.of("diffusion.formula.unet.checkpointing", "gradient checkpointing (block"
                        + " inputs kept, one block recomputed)")
                        : Sentence.of("diffusion.formula.unet.noCheckpointing", "no checkpointing"),
                saved, checkpointing ? Sentence.of("diffusion.formula.unet.recomputed", " + %,d recomputed", recompute)
                        : Sentence.plain(""),
                attention.id(), scores, batch, bytes);
        return new Activations(Activations.saturated(scores * bytes), Activations.saturated(other * bytes),
                formula);
    }
}
