package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.Sentence;
import java.util.List;

/**
 * A diffusers {@code AutoencoderKL} as its {@code vae/config.json} describes it, built as
 * {@code diffusers/models/autoencoders/vae.py} does. Encoder: {@code conv_in} (3 to C0), per level
 * {@code layers_per_block} ResNets (no time embedding) and a stride-2 downsampler except at the last level, a mid
 * block (ResNet, single-head attention with GroupNorm and q, k, v, out projections with bias, ResNet), GroupNorm and
 * {@code conv_out} to {@code 2 x latent_channels}; then the optional 1 x 1 {@code quant_conv}. Decoder: the optional
 * {@code post_quant_conv}, {@code conv_in} (latent to C_last), the mid block, per level {@code layers_per_block + 1}
 * ResNets and an upsampler (nearest x2 then a 3 x 3 conv) except at the last level, GroupNorm and {@code conv_out}.
 *
 * <p>Decode memory (no autograd): at each decoder stage a ResNet holds its input (for the residual), the GroupNorm
 * output and the SiLU output, so the peak is {@code 3 x C_in x H x W} elements at the stage where that is largest:
 * the first full-resolution ResNet, whose input is the 256-channel output of the last upsampler in the SD family.
 * The mid-block attention runs over {@code (H/8) x (W/8)} tokens with one head; eager attention materialises its
 * score and probability matrices (2 x N^2), SDPA does not.
 *
 * @param blockOutChannels channels per level (128, 256, 512, 512)
 * @param layersPerBlock   ResNets per encoder level (2)
 * @param latentChannels   latent channels (4 for SD 1.5 and SDXL, 16 for SD3)
 * @param quantConv        whether the 1 x 1 quant/post-quant convolutions exist (SD3 sets use_quant_conv false)
 * @param sampleSize       the config's sample_size, which diffusers uses as the tile side for tiled decoding
 */
public record VaeConfig(List<Integer> blockOutChannels, int layersPerBlock, int latentChannels, boolean quantConv,
                        int sampleSize) {

    /** diffusers {@code AutoencoderKL.tile_overlap_factor}: tiles overlap by a quarter. */
    public static final double TILE_OVERLAP = 0.25;

    public VaeConfig {
        blockOutChannels = List.copyOf(blockOutChannels);
        if (blockOutChannels.isEmpty() || layersPerBlock < 1 || latentChannels < 1 || sampleSize < 8) {
            throw new IllegalArgumentException("bad VAE config");
        }
    }

    /** Pixels per latent pixel: 2^(levels - 1) (8). */
    public int scaleFactor() {
        return 1 << (blockOutChannels.size() - 1);
    }

    public long parameters() {
        int n = blockOutChannels.size();
        long c0 = blockOutChannels.get(0);
        long last = blockOutChannels.get(n - 1);
        long lat = latentChannels;
        long p = UNetConfig.conv(3, c0, 3);
        long ch = c0;
        for (int i = 0; i < n; i++) {
            long c = blockOutChannels.get(i);
            for (int j = 0; j < layersPerBlock; j++) {
                p += UNetConfig.resnet(j == 0 ? ch : c, c, 0);
            }
            ch = c;
            if (i < n - 1) {
                p += UNetConfig.conv(c, c, 3);
            }
        }
        p += midBlock(last) + 2 * last + UNetConfig.conv(last, 2 * lat, 3);
        if (quantConv) {
            p += UNetConfig.conv(2 * lat, 2 * lat, 1) + UNetConfig.conv(lat, lat, 1);
        }
        return p + decoderParameters();
    }

    /** Parameters of the decoder module alone (without the post-quant convolution). */
    public long decoderParameters() {
        int n = blockOutChannels.size();
        long c0 = blockOutChannels.get(0);
        long last = blockOutChannels.get(n - 1);
        long p = UNetConfig.conv(latentChannels, last, 3) + midBlock(last);
        long prev = last;
        for (int i = 0; i < n; i++) {
            long c = blockOutChannels.get(n - 1 - i);
            for (int j = 0; j <= layersPerBlock; j++) {
                p += UNetConfig.resnet(j == 0 ? prev : c, c, 0);
            }
            prev = c;
            if (i < n - 1) {
                p += UNetConfig.conv(c, c, 3);
            }
        }
        return p + 2 * c0 + UNetConfig.conv(c0, 3, 3);
    }

    private static long midBlock(long c) {
        return 2 * UNetConfig.resnet(c, c, 0) + 2 * c + 4 * UNetConfig.linear(c, c);
    }

    /** The largest convolution (C_last x C_last x 3 x 3 in the mid and first decoder blocks). */
    public long largestLayerParameters() {
        long c = blockOutChannels.get(blockOutChannels.size() - 1);
        return c * c * 9;
    }

    /**
     * Elements alive at the peak of decoding one image of {@code height x width} pixels (no tiling), as
     * {score elements, other elements}: the largest of {@code 3 x C_in x tokens} over the decoder's ResNet stages,
     * {@code 2 x C x 4 tokens + C x tokens} at each upsampler, and the mid-block attention ({@code 4 x C x N} plus,
     * when eager, its {@code 2 x N^2} scores), plus the 3-channel output image.
     */
    long[] decodeElements(long height, long width, boolean eagerAttention) {
        int n = blockOutChannels.size();
        long f = scaleFactor();
        long latentTokens = ceilDiv(height, f) * ceilDiv(width, f);
        long last = blockOutChannels.get(n - 1);
        long attentionScores = eagerAttention ? 2 * latentTokens * latentTokens : 0;
        long attentionOther = 4 * last * latentTokens;
        long conv = 0;
        long prev = last;
        for (int i = 0; i < n; i++) {
            long scale = f >> (n - 1 - i);
            long tokens = ceilDiv(height * scale, f) * ceilDiv(width * scale, f);
            long c = blockOutChannels.get(n - 1 - i);
            conv = Math.max(conv, 3 * Math.max(prev, c) * tokens);
            if (i < n - 1) {
                conv = Math.max(conv, 2 * c * tokens * 4 + c * tokens);
            }
            prev = c;
        }
        long output = 3 * height * width;
        return attentionScores + attentionOther > conv
                ? new long[] {attentionScores, attentionOther + output}
                : new long[] {0, conv + output};
    }

    /** Elements alive at the peak of encoding one image (no autograd): three C0-wide planes at full resolution. */
    long encodeElements(long height, long width) {
        return 3L * blockOutChannels.get(0) * height * width + 3 * height * width;
    }

    /** Whether diffusers tiles a decode of this size: only when the latent exceeds the tile's latent side. */
    public boolean tiles(long height, long width) {
        long tileLatent = sampleSize / scaleFactor();
        return ceilDiv(height, scaleFactor()) > tileLatent || ceilDiv(width, scaleFactor()) > tileLatent;
    }

    /**
     * Decode memory in bytes for {@code images} decoded together, and the formula in words. With tiling, diffusers'
     * {@code tiled_decode} decodes {@code sampleSize}-pixel tiles (stride 75 %) of the whole batch at once and keeps
     * every decoded tile (3 channels) until they are blended into the output.
     */
    public Activations decode(int images, long height, long width, boolean eagerAttention, boolean tiling,
                              int bytes) {
        if (tiling && tiles(height, width)) {
            long tile = sampleSize;
            long strideLatent = (long) Math.floor(sampleSize / scaleFactor() * (1 - TILE_OVERLAP));
            long rows = ceilDiv(ceilDiv(height, scaleFactor()), strideLatent);
            long cols = ceilDiv(ceilDiv(width, scaleFactor()), strideLatent);
            long[] one = decodeElements(tile, tile, eagerAttention);
            long kept = (rows * cols * 3 * tile * tile + 3 * height * width) * images;
            Sentence formula = Sentence.of("diffusion.formula.vae.tiled",
                    "tiled decode: %d x %d tiles of %d px (overlap %.0f %%);"
                            + " one tile's decode %,d elements per image + %,d elements of decoded tiles and output,"
                            + " %d image(s), %d bytes each", rows, cols, tile, TILE_OVERLAP * 100,
                    one[0] + one[1], kept, images, bytes);
            return new Activations(Activations.saturated((double) one[0] * images * bytes),
                    Activations.saturated(((double) one[1] * images + kept) * bytes), formula);
        }
        long[] per = decodeElements(height, width, eagerAttention);
        Sentence formula = Sentence.of("diffusion.formula.vae.decode",
                "decode of %d image(s) at %d x %d px: %,d elements each (the"
                        + " larger of 3 x the widest ResNet input x H x W at its stage and the mid-block attention%s,"
                        + " plus the RGB output), %d bytes each", images, width, height, per[0] + per[1],
                eagerAttention ? Sentence.of("diffusion.formula.vae.eagerScores", " with its 2 x N^2 eager scores")
                        : Sentence.plain(""), bytes);
        return new Activations(Activations.saturated((double) per[0] * images * bytes),
                Activations.saturated((double) per[1] * images * bytes), formula);
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
