package com.vramadvisor.engine.diffusion;

import java.util.List;

/**
 * The arithmetic and the element-wise memory traffic of one forward pass of each network of a diffusion pipeline,
 * counted layer by layer from the same configs the memory estimate reads ({@link UNetConfig#layers()},
 * {@link MmditConfig}, {@link FluxConfig}, {@link VaeConfig}, {@link TextEncoderConfig}).
 * <ul>
 *   <li>FLOPs are 2 per multiply-add of the convolutions ({@code 2 x k^2 x in x out x pixels}), linear layers
 *       ({@code 2 x in x out x tokens}) and attention ({@code 4 x N x M x width}: {@code Q K^T} and {@code P V} over
 *       N queries and M keys); element-wise ops are not counted as FLOPs. Checked against the per-network FLOPs
 *       published for Stable Diffusion 1.x (UNet, VAE decoder, CLIP text encoder) in {@code DiffusionFlopsTest}.</li>
 *   <li>Elements are the activation elements that the bandwidth-bound ops read and write (GroupNorm, LayerNorm,
 *       SiLU/GELU, residual adds, broadcast adds, concatenations, the head reshapes around attention, the nearest
 *       upsampling): a ResNet block reads and writes {@code 4 x in + 13 x out} elements per pixel (GroupNorm and SiLU
 *       of the input, 2 each; time-embedding add, GroupNorm, SiLU 2 each, the residual add 3 and the output scaling
 *       2 of the output; 11 without a time embedding), an up-path ResNet {@code 2 x in} more for the skip
 *       concatenation; a UNet transformer block {@code 31 x C} per token (three LayerNorms 6, three residual adds 9,
 *       the GEGLU gate 8C read and 4C written, the two head reshapes 4), its {@code Transformer2DModel} wrapper
 *       {@code 9 x C} (GroupNorm 2, the two layout permutes 4, the residual 3); eager or sliced attention writes its
 *       score matrix, and the softmax reads and writes it, and {@code P V} reads it: {@code 4 x heads x N x M} more
 *       (SDPA keeps them on chip). The transformer constants per token are in {@link #MMDIT_ELEMENTS},
 *       {@link #FLUX_DOUBLE_ELEMENTS} and {@link #FLUX_SINGLE_ELEMENTS}.</li>
 * </ul>
 * All figures are per sample; the caller multiplies by the batch.
 */
final class DiffusionFlops {

    /**
     * Elements per token and joint block of an MMDiT stream in units of d: AdaLayerNormZero's norm and modulation (4),
     * the gated residual after attention (3), the second norm and modulation (4), the GELU (8: 4d read and written),
     * the gated residual after the feed-forward (3), the head reshape after attention (2).
     */
    static final int MMDIT_ELEMENTS = 24;
    /** A FLUX double-stream block: {@link #MMDIT_ELEMENTS} plus the q and k RMS norms (4) and rotary embedding (4). */
    static final int FLUX_DOUBLE_ELEMENTS = 32;
    /**
     * A FLUX single-stream block per token in units of d: norm and modulation (4), q and k norms (4), rotary
     * embedding (4), the GELU of the 4d MLP input (8), the concatenation of attention and MLP (10), the head reshape
     * (2) and the gated residual (3).
     */
    static final int FLUX_SINGLE_ELEMENTS = 35;

    /** FLOPs and bandwidth-bound elements of one forward pass of one sample. */
    record Cost(double flops, double elements) {
        Cost plus(Cost o) {
            return new Cost(flops + o.flops, elements + o.elements);
        }

        Cost times(double k) {
            return new Cost(flops * k, elements * k);
        }
    }

    private DiffusionFlops() {
    }

    /** One denoiser forward pass of one sample at a latent of {@code h x w}, with {@code textTokens} of text. */
    static Cost denoiser(Denoiser d, int h, int w, int textTokens, AttentionKind attention) {
        boolean eager = attention != AttentionKind.SDPA;
        if (d instanceof UNetConfig u) {
            return unet(u, h, w, textTokens, eager);
        }
        if (d instanceof MmditConfig m) {
            return mmdit(m, h, w, textTokens, eager);
        }
        return flux((FluxConfig) d, h, w, textTokens, eager);
    }

    /** Pixels of UNet level {@code level}: each stride-2 3 x 3 convolution (padding 1) halves a side, rounding up. */
    private static double pixels(int h, int w, int level) {
        long hh = h;
        long ww = w;
        for (int i = 0; i < level; i++) {
            hh = (hh + 1) / 2;
            ww = (ww + 1) / 2;
        }
        return (double) hh * ww;
    }

    private static double conv(double in, double out, int k, double pixels) {
        return 2.0 * k * k * in * out * pixels;
    }

    private static Cost resnet(double in, double out, double p, boolean timeEmbedding, boolean concatenated) {
        double flops = conv(in, out, 3, p) + conv(out, out, 3, p) + (in != out ? conv(in, out, 1, p) : 0);
        double elements = p * (4 * in + (timeEmbedding ? 13 : 11) * out + (concatenated ? 2 * in : 0));
        return new Cost(flops, elements);
    }

    private static double scores(boolean eager, double heads, double n, double m) {
        return eager ? 4 * heads * n * m : 0;
    }

    static Cost unet(UNetConfig u, int h, int w, int textTokens, boolean eager) {
        double c0 = u.blockOutChannels().get(0);
        double p0 = pixels(h, w, 0);
        double x = u.crossAttentionDim();
        double t = textTokens;
        Cost sum = new Cost(conv(u.inChannels(), c0, 3, p0) + conv(c0, u.inChannels(), 3, p0), 4 * c0 * p0);
        for (UNetConfig.Layer l : u.layers()) {
            double c = l.outChannels();
            double p = pixels(h, w, l.level());
            sum = sum.plus(switch (l.kind()) {
                case RESNET -> resnet(l.inChannels(), c, p, true, l.inChannels() > c);
                case ATTENTION -> {
                    double block = 36 * p * c * c + 4 * t * x * c + 4 * p * p * c + 4 * p * t * c;
                    double elements = 31 * c * p + scores(eager, l.heads(), p, p) + scores(eager, l.heads(), p, t);
                    yield new Cost(4 * p * c * c + l.depth() * block, 9 * c * p + l.depth() * elements);
                }
                case DOWNSAMPLE -> new Cost(conv(c, c, 3, pixels(h, w, l.level() + 1)), 0);
                case UPSAMPLE -> {
                    double out = pixels(h, w, l.level() - 1);
                    yield new Cost(conv(c, c, 3, out), c * (p + out));
                }
            });
        }
        return sum;
    }

    /**
     * SD3's MMDiT: {@code N = image patches + text tokens}; per joint block {@code 24 d^2} FLOPs per token (q, k, v,
     * out: 8 d^2; feed-forward d to 4d to d: 16 d^2) plus joint attention {@code 4 N^2 d}; the last block's text
     * stream has only q, k, v ({@code 6 d^2}); patch embedding, context embedder and final projection.
     */
    static Cost mmdit(MmditConfig m, int h, int w, int textTokens, boolean eager) {
        double d = (double) m.heads() * m.headDim();
        double p = m.patchSize();
        double img = Math.ceil(h / p) * Math.ceil(w / p);
        double txt = textTokens;
        double n = img + txt;
        double patch = m.inChannels() * p * p;
        double flops = 2 * img * patch * d + 2 * txt * m.jointAttentionDim() * d + 2 * img * d * patch;
        double blocks = m.layers() * (24 * n * d * d + 4 * n * n * d) - 18 * txt * d * d;
        double elements = m.layers() * (MMDIT_ELEMENTS * n * d + scores(eager, m.heads(), n, n));
        return new Cost(flops + blocks, elements);
    }

    /**
     * FLUX: {@code N = image tokens (2 x 2 latent patches) + T5 tokens}; double blocks as MMDiT's ({@code 24 d^2}
     * per token plus {@code 4 N^2 d}); single blocks q, k, v {@code 6 d^2}, MLP in {@code 8 d^2}, output over the
     * concatenation {@code 10 d^2} per token, plus {@code 4 N^2 d}.
     */
    static Cost flux(FluxConfig f, int h, int w, int textTokens, boolean eager) {
        double d = (double) f.heads() * f.headDim();
        double img = Math.ceil(h / 2.0) * Math.ceil(w / 2.0);
        double n = img + textTokens;
        double attention = 4 * n * n * d;
        double flops = 4 * img * f.inChannels() * d + 2 * textTokens * f.jointAttentionDim() * d
                + (f.layers() + f.singleLayers()) * (24 * n * d * d + attention);
        double score = scores(eager, f.heads(), n, n);
        double elements = f.layers() * (FLUX_DOUBLE_ELEMENTS * n * d + score)
                + f.singleLayers() * (FLUX_SINGLE_ELEMENTS * n * d + score);
        return new Cost(flops, elements);
    }

    /**
     * One prompt through a text encoder of {@code tokens} tokens: per layer {@code 2 x tokens x (4 d a + 2 d ff)}
     * (CLIP: q, k, v, out and a two-matrix MLP, {@code a = d}) or {@code 3 d ff} (T5's gated GELU, {@code a =
     * heads x d_kv}), plus attention {@code 4 tokens^2 a}.
     */
    static Cost textEncoder(TextEncoderConfig t) {
        double d = t.width();
        double a = t.t5() ? (double) t.heads() * t.headDim() : d;
        double n = t.tokens();
        double mlp = (t.t5() ? 3 : 2) * d * t.ffn();
        return new Cost(t.layers() * (2 * n * (4 * d * a + mlp) + 4 * n * n * a), t.layers() * 12 * n * d);
    }

    /** The VAE's single-head mid-block attention over {@code p} tokens of width {@code c}: q, k, v, out and scores. */
    private static Cost vaeAttention(double c, double p, boolean eager) {
        return new Cost(8 * p * c * c + 4 * p * p * c, 9 * c * p + scores(eager, 1, p, p));
    }

    /** Decoding one latent of {@code h x w} (the mirrored walk of {@link VaeConfig}'s decoder). */
    static Cost vaeDecoder(VaeConfig v, int h, int w, boolean eager) {
        List<Integer> ch = v.blockOutChannels();
        int n = ch.size();
        double lat = v.latentChannels();
        double last = ch.get(n - 1);
        double p = (double) h * w;
        Cost sum = new Cost((v.quantConv() ? conv(lat, lat, 1, p) : 0) + conv(lat, last, 3, p), 0);
        sum = sum.plus(resnet(last, last, p, false, false)).plus(vaeAttention(last, p, eager))
                .plus(resnet(last, last, p, false, false));
        double prev = last;
        for (int i = 0; i < n; i++) {
            double c = ch.get(n - 1 - i);
            for (int j = 0; j <= v.layersPerBlock(); j++) {
                sum = sum.plus(resnet(j == 0 ? prev : c, c, p, false, false));
            }
            prev = c;
            if (i < n - 1) {
                sum = sum.plus(new Cost(conv(c, c, 3, 4 * p), c * 5 * p));
                p *= 4;
            }
        }
        double c0 = ch.get(0);
        return sum.plus(new Cost(conv(c0, 3, 3, p), 4 * c0 * p));
    }

    /** Encoding one image of {@code height x width} pixels to its latent (training: the diffusers scripts do). */
    static Cost vaeEncoder(VaeConfig v, int height, int width, boolean eager) {
        List<Integer> ch = v.blockOutChannels();
        int n = ch.size();
        double lat = v.latentChannels();
        double p = (double) height * width;
        double c0 = ch.get(0);
        Cost sum = new Cost(conv(3, c0, 3, p), 0);
        double prev = c0;
        for (int i = 0; i < n; i++) {
            double c = ch.get(i);
            for (int j = 0; j < v.layersPerBlock(); j++) {
                sum = sum.plus(resnet(j == 0 ? prev : c, c, p, false, false));
            }
            prev = c;
            if (i < n - 1) {
                p = Math.ceil(p / 4);
                sum = sum.plus(new Cost(conv(c, c, 3, p), 0));
            }
        }
        double last = ch.get(n - 1);
        sum = sum.plus(resnet(last, last, p, false, false)).plus(vaeAttention(last, p, eager))
                .plus(resnet(last, last, p, false, false));
        return sum.plus(new Cost(conv(last, 2 * lat, 3, p) + (v.quantConv() ? conv(2 * lat, 2 * lat, 1, p) : 0),
                4 * last * p));
    }
}
