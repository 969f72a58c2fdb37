package com.vramadvisor.engine.diffusion;

import java.util.ArrayList;
import java.util.List;

/**
 * A diffusers {@code UNet2DConditionModel} as its {@code unet/config.json} describes it, walked block by block the way
 * {@code diffusers/models/unets/unet_2d_condition.py} builds it: {@code conv_in}; a time embedding of width
 * {@code 4 x block_out_channels[0]}; per level {@code layers_per_block} ResNet blocks, each followed by a
 * {@code Transformer2DModel} of {@code transformer_layers_per_block} blocks where the level is a CrossAttn block, and
 * a stride-2 downsampler except at the last level; a mid block (ResNet, transformer, ResNet); the mirrored up path
 * with {@code layers_per_block + 1} ResNets per level whose inputs concatenate the skip connections; GroupNorm and
 * {@code conv_out}. The config's {@code attention_head_dim} is the number of heads per level (diffusers reads it as
 * {@code num_attention_heads} when the latter is absent: SD 1.5's 8, SDXL's 5, 10, 20).
 *
 * <p>Parameter formulas per layer (bias included unless said): Conv2d k x k {@code in*out*k*k + out}; Linear
 * {@code in*out + out}; GroupNorm/LayerNorm {@code 2*C}; ResNet {@code GN(in) + conv3(in,out) + Linear(temb,out) +
 * GN(out) + conv3(out,out) [+ conv1(in,out) when in != out]}; transformer block (width C, cross width X)
 * {@code 3 LN + attn1 (q,k,v without bias: 3C^2; out: C^2+C) + attn2 (q: C^2; k,v: 2XC; out: C^2+C) + GEGLU
 * (C x 8C + 8C) + (4C x C + C)}; {@code Transformer2DModel} adds GN(C) and two C x C projections.
 *
 * @param inChannels                latent channels in (4)
 * @param blockOutChannels          channels per level (SD 1.5: 320, 640, 1280, 1280)
 * @param layersPerBlock            ResNets per down level (2)
 * @param crossAttention            per down level whether it is a CrossAttnDownBlock2D (the up path mirrors it)
 * @param heads                     attention heads per level
 * @param transformerLayers         transformer blocks per attention module per level (SDXL: 1, 2, 10)
 * @param crossAttentionDim         width of the text conditioning (768 for CLIP ViT-L, 2048 for SDXL)
 * @param additionEmbedInputDim     SDXL's {@code projection_class_embeddings_input_dim} (2816), 0 when absent
 */
public record UNetConfig(int inChannels, List<Integer> blockOutChannels, int layersPerBlock,
                         List<Boolean> crossAttention, List<Integer> heads, List<Integer> transformerLayers,
                         int crossAttentionDim, int additionEmbedInputDim) implements Denoiser {

    public UNetConfig {
        blockOutChannels = List.copyOf(blockOutChannels);
        crossAttention = List.copyOf(crossAttention);
        heads = List.copyOf(heads);
        transformerLayers = List.copyOf(transformerLayers);
        int n = blockOutChannels.size();
        if (n < 1 || crossAttention.size() != n || heads.size() != n || transformerLayers.size() != n) {
            throw new IllegalArgumentException("every per-level list needs one entry per level");
        }
        if (inChannels < 1 || layersPerBlock < 1 || crossAttentionDim < 1 || additionEmbedInputDim < 0) {
            throw new IllegalArgumentException("bad UNet config");
        }
    }

    /** One layer of the walk: a ResNet, an attention module, or a resampling convolution. */
    record Layer(Kind kind, int level, int inChannels, int outChannels, int heads, int depth, boolean skipOut) {
    }

    enum Kind { RESNET, ATTENTION, DOWNSAMPLE, UPSAMPLE }

    @Override
    public String kindLabel() {
        return "UNet";
    }

    private int levels() {
        return blockOutChannels.size();
    }

    private int timeEmbedDim() {
        return 4 * blockOutChannels.get(0);
    }

    /** The layers in execution order, with the mid block at the last level. */
    List<Layer> layers() {
        List<Layer> out = new ArrayList<>();
        int n = levels();
        int ch = blockOutChannels.get(0);
        for (int i = 0; i < n; i++) {
            int c = blockOutChannels.get(i);
            for (int j = 0; j < layersPerBlock; j++) {
                boolean attn = crossAttention.get(i);
                out.add(new Layer(Kind.RESNET, i, j == 0 ? ch : c, c, 0, 0, !attn));
                if (attn) {
                    out.add(new Layer(Kind.ATTENTION, i, c, c, heads.get(i), transformerLayers.get(i), true));
                }
            }
            ch = c;
            if (i < n - 1) {
                out.add(new Layer(Kind.DOWNSAMPLE, i, c, c, 0, 0, true));
            }
        }
        int last = blockOutChannels.get(n - 1);
        out.add(new Layer(Kind.RESNET, n - 1, last, last, 0, 0, false));
        out.add(new Layer(Kind.ATTENTION, n - 1, last, last, heads.get(n - 1), transformerLayers.get(n - 1), false));
        out.add(new Layer(Kind.RESNET, n - 1, last, last, 0, 0, false));
        int prev = last;
        for (int i = 0; i < n; i++) {
            int level = n - 1 - i;
            int c = blockOutChannels.get(level);
            int skipIn = blockOutChannels.get(Math.max(level - 1, 0));
            for (int j = 0; j <= layersPerBlock; j++) {
                int skip = j == layersPerBlock ? skipIn : c;
                int resIn = j == 0 ? prev : c;
                out.add(new Layer(Kind.RESNET, level, resIn + skip, c, 0, 0, false));
                if (crossAttention.get(level)) {
                    out.add(new Layer(Kind.ATTENTION, level, c, c, heads.get(level), transformerLayers.get(level),
                            false));
                }
            }
            prev = c;
            if (level > 0) {
                out.add(new Layer(Kind.UPSAMPLE, level, c, c, 0, 0, false));
            }
        }
        return out;
    }

    @Override
    public long parameters() {
        long c0 = blockOutChannels.get(0);
        long ted = timeEmbedDim();
        long p = conv(inChannels, c0, 3) + linear(c0, ted) + linear(ted, ted);
        if (additionEmbedInputDim > 0) {
            p += linear(additionEmbedInputDim, ted) + linear(ted, ted);
        }
        for (Layer l : layers()) {
            p += switch (l.kind()) {
                case RESNET -> resnet(l.inChannels(), l.outChannels(), ted);
                case ATTENTION -> transformer2d(l.outChannels(), l.depth());
                case DOWNSAMPLE, UPSAMPLE -> conv(l.outChannels(), l.outChannels(), 3);
            };
        }
        return p + 2 * c0 + conv(c0, inChannels, 3);
    }

    static long linear(long in, long out) {
        return in * out + out;
    }

    static long conv(long in, long out, int k) {
        return in * out * k * k + out;
    }

    static long resnet(long in, long out, long temb) {
        long p = 2 * in + conv(in, out, 3) + 2 * out + conv(out, out, 3);
        if (temb > 0) {
            p += linear(temb, out);
        }
        return in != out ? p + conv(in, out, 1) : p;
    }

    private long transformer2d(long c, int depth) {
        long x = crossAttentionDim;
        long block = 2 * c + 3 * c * c + linear(c, c)
                + 2 * c + c * c + 2 * x * c + linear(c, c)
                + 2 * c + linear(c, 8 * c) + linear(4 * c, c);
        return 2 * c + linear(c, c) + depth * block + linear(c, c);
    }

    @Override
    public long largestLayerParameters() {
        long max = 0;
        for (Layer l : layers()) {
            long c = l.outChannels();
            long size = switch (l.kind()) {
                case RESNET -> Math.max(l.inChannels() * c * 9, c * c * 9);
                case ATTENTION -> Math.max(c * 8 * c, c * crossAttentionDim);
                case DOWNSAMPLE, UPSAMPLE -> c * c * 9;
            };
            max = Math.max(max, size);
        }
        return max;
    }

    /** LoRA on to_q, to_k, to_v and to_out.0 of both attentions of every transformer block (diffusers scripts). */
    @Override
    public long loraParameters(int rank) {
        long p = 0;
        for (Layer l : layers()) {
            if (l.kind() == Kind.ATTENTION) {
                long c = l.outChannels();
                long self = 4 * (c + c);
                long cross = 2 * (c + c) + 2 * (crossAttentionDim + c);
                p += l.depth() * (self + cross);
            }
        }
        return p * rank;
    }

    @Override
    public int pixelMultiple() {
        return 8;
    }

    @Override
    public int headsAtWidestAttention() {
        for (int i = 0; i < levels(); i++) {
            if (crossAttention.get(i)) {
                return heads.get(i);
            }
        }
        return heads.get(levels() - 1);
    }

    @Override
    public Activations inference(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                                 int sliceRows, int bytes) {
        return UNetActivations.inference(this, batch, latentH, latentW, textTokens, attention, sliceRows, bytes);
    }

    @Override
    public Activations training(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                                boolean checkpointing, int bytes) {
        return UNetActivations.training(this, batch, latentH, latentW, textTokens, attention, checkpointing, bytes);
    }
}
