package com.vramadvisor.engine.vision;

import com.vramadvisor.engine.vision.LayerGraph.Tensor;

/**
 * Convolutional networks written op by op after torchvision's model builders ({@code torchvision/models/resnet.py},
 * {@code vgg.py}, {@code efficientnet.py}, {@code convnext.py}, v0.15 and later), 1000 ImageNet classes. Each
 * network is built from its block configuration, so parameters and kept activations follow from the architecture.
 */
final class ConvNets {

    private ConvNets() {
    }

    /**
     * ResNet (He et al. 2015, arXiv:1512.03385) as torchvision builds it: v1.5, the stride on the 3x3 convolution of
     * a Bottleneck; BasicBlock for 18 and 34 layers; in-place ReLU; {@code out += identity}.
     *
     * @param bottleneck Bottleneck blocks (expansion 4) or BasicBlocks (expansion 1)
     * @param layers     blocks per stage, e.g. {3, 4, 6, 3} for ResNet-50
     */
    static void resnet(LayerGraph g, Tensor image, boolean bottleneck, int[] layers) {
        Tensor x = g.conv("conv1", image, 64, 7, 2, 3, 1, false);
        x = g.batchNorm("bn1", x);
        x = g.reluInPlace("relu", x);
        x = g.maxPool("maxpool", x, 3, 2, 1);
        int expansion = bottleneck ? 4 : 1;
        long inplanes = 64;
        for (int stage = 0; stage < 4; stage++) {
            long planes = 64L << stage;
            for (int b = 0; b < layers[stage]; b++) {
                int stride = stage > 0 && b == 0 ? 2 : 1;
                String n = "layer" + (stage + 1) + "." + b + ".";
                g.beginBlock(x);
                Tensor identity = x;
                Tensor out;
                if (bottleneck) {
                    out = g.reluInPlace(n + "relu", g.batchNorm(n + "bn1", g.conv(n + "conv1", x, planes, 1, 1, 0, 1,
                            false)));
                    out = g.reluInPlace(n + "relu", g.batchNorm(n + "bn2", g.conv(n + "conv2", out, planes, 3, stride,
                            1, 1, false)));
                    out = g.batchNorm(n + "bn3", g.conv(n + "conv3", out, planes * 4, 1, 1, 0, 1, false));
                } else {
                    out = g.reluInPlace(n + "relu", g.batchNorm(n + "bn1", g.conv(n + "conv1", x, planes, 3, stride,
                            1, 1, false)));
                    out = g.batchNorm(n + "bn2", g.conv(n + "conv2", out, planes, 3, 1, 1, 1, false));
                }
                if (stride != 1 || inplanes != planes * expansion) {
                    identity = g.batchNorm(n + "downsample.1", g.conv(n + "downsample.0", x, planes * expansion, 1,
                            stride, 0, 1, false));
                }
                out = g.addInPlace(n + "add", out);
                x = g.reluInPlace(n + "relu", out);
                g.endBlock();
                inplanes = planes * expansion;
            }
        }
        head(g, x, 1000);
    }

    /** VGG-16 (Simonyan and Zisserman 2014, arXiv:1409.1556, configuration D), torchvision's {@code vgg16}. */
    static void vgg16(LayerGraph g, Tensor image) {
        int[] cfg = {64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0};
        Tensor x = image;
        int i = 0;
        for (int c : cfg) {
            if (c == 0) {
                x = g.maxPool("features." + i++, x, 2, 2, 0);
            } else {
                x = g.conv("features." + i++, x, c, 3, 1, 1, 1, true);
                x = g.reluInPlace("features." + i++, x);
            }
        }
        x = g.adaptiveAvgPool("avgpool", x, 7);
        x = g.copy("flatten", x, x.elements(), 1, 1, x.fp32(), 0);
        x = g.reluInPlace("classifier.1", g.linear("classifier.0", x, 4096, true));
        x = g.dropout("classifier.2", x, 0.5);
        x = g.reluInPlace("classifier.4", g.linear("classifier.3", x, 4096, true));
        x = g.dropout("classifier.5", x, 0.5);
        x = g.linear("classifier.6", x, 1000, true);
        logSoftmax(g, x);
    }

    /**
     * EfficientNet-B0 (Tan and Le 2019, arXiv:1905.11946, Table 1), torchvision's {@code efficientnet_b0}: MBConv
     * blocks with squeeze-and-excitation (squeeze = input channels / 4), SiLU, stochastic depth 0.2 scaled by block
     * index, dropout 0.2 before the classifier.
     */
    static void efficientnetB0(LayerGraph g, Tensor image) {
        int[][] stages = {{1, 3, 1, 32, 16, 1}, {6, 3, 2, 16, 24, 2}, {6, 5, 2, 24, 40, 2}, {6, 3, 2, 40, 80, 3},
                {6, 5, 1, 80, 112, 3}, {6, 5, 2, 112, 192, 4}, {6, 3, 1, 192, 320, 1}};
        Tensor x = convBnAct(g, "features.0", image, 32, 3, 2, 1, true);
        int total = 16;
        int id = 0;
        for (int s = 0; s < stages.length; s++) {
            int[] c = stages[s];
            for (int b = 0; b < c[5]; b++) {
                long in = b == 0 ? c[3] : c[4];
                int stride = b == 0 ? c[2] : 1;
                double sd = 0.2 * id++ / total;
                x = mbconv(g, "features." + (s + 1) + "." + b + ".", x, in, c[4], c[0], c[1], stride, sd);
            }
        }
        x = convBnAct(g, "features.8", x, 1280, 1, 1, 0, true);
        x = g.adaptiveAvgPool("avgpool", x, 1);
        x = g.dropout("classifier.0", x, 0.2);
        x = g.linear("classifier.1", x, 1000, true);
        logSoftmax(g, x);
    }

    private static Tensor mbconv(LayerGraph g, String n, Tensor x, long in, long out, int expand, int k, int stride,
                                 double sd) {
        boolean residual = stride == 1 && in == out;
        if (residual) {
            g.beginBlock(x);
        }
        long exp = in * expand;
        Tensor y = x;
        int i = 0;
        if (exp != in) {
            y = convBnAct(g, n + "block." + i++, y, exp, 1, 1, 0, true);
        }
        Tensor dw = g.conv(n + "block." + i + ".0", y, exp, k, stride, (k - 1) / 2, exp, false);
        y = g.savesInput(n + "block." + i + ".2", g.batchNorm(n + "block." + i++ + ".1", dw));
        String se = n + "block." + i++ + ".";
        Tensor s = g.adaptiveAvgPool(se + "avgpool", y, 1);
        long squeeze = Math.max(1, in / 4);
        s = g.savesInput(se + "activation", g.conv(se + "fc1", s, squeeze, 1, 1, 0, 1, true));
        s = g.sigmoid(se + "scale_activation", g.conv(se + "fc2", s, exp, 1, 1, 0, 1, true));
        y = g.multiply(se + "mul", s, y);
        y = convBnAct(g, n + "block." + i, y, out, 1, 1, 0, false);
        if (residual) {
            y = g.addInPlace(n + "add", g.stochasticDepth(n + "stochastic_depth", y, sd));
            g.endBlock();
        }
        return y;
    }

    /** torchvision's {@code Conv2dNormActivation}: convolution without bias, batch norm, SiLU (in place). */
    private static Tensor convBnAct(LayerGraph g, String n, Tensor x, long out, int k, int stride, int pad,
                                    boolean act) {
        Tensor y = g.batchNorm(n + ".1", g.conv(n + ".0", x, out, k, stride, pad, 1, false));
        return act ? g.savesInput(n + ".2", y) : y;
    }

    /**
     * ConvNeXt-T (Liu et al. 2022, arXiv:2201.03545), torchvision's {@code convnext_tiny}: patchify stem 4x4,
     * stages of depth {3, 3, 9, 3} and width {96, 192, 384, 768}; CNBlock = depthwise 7x7, LayerNorm, Linear 4x,
     * GELU, Linear, layer scale, stochastic depth 0.1 scaled by block index.
     */
    static void convnextTiny(LayerGraph g, Tensor image) {
        int[] depths = {3, 3, 9, 3};
        long[] dims = {96, 192, 384, 768};
        Tensor x = g.conv("features.0.0", image, 96, 4, 4, 0, 1, true);
        x = g.layerNorm("features.0.1", x);
        int total = 18;
        int id = 0;
        for (int s = 0; s < 4; s++) {
            long d = dims[s];
            for (int b = 0; b < depths[s]; b++) {
                String n = "features." + (2 * s + 1) + "." + b + ".";
                double sd = 0.1 * id++ / (total - 1.0);
                g.beginBlock(x);
                Tensor y = g.conv(n + "block.0", x, d, 7, 1, 3, d, true);
                y = g.layerNorm(n + "block.2", y);
                y = g.linear(n + "block.3", y, 4 * d, true);
                y = g.savesInput(n + "block.4", y);
                y = g.linear(n + "block.5", y, d, true);
                y = g.scale(n + "layer_scale", y, d);
                x = g.addInPlace(n + "add", g.stochasticDepth(n + "stochastic_depth", y, sd));
                g.endBlock();
            }
            if (s < 3) {
                String n = "features." + (2 * s + 2) + ".";
                x = g.layerNorm(n + "0", x);
                x = g.conv(n + "1", x, dims[s + 1], 2, 2, 0, 1, true);
            }
        }
        x = g.adaptiveAvgPool("avgpool", x, 1);
        x = g.layerNorm("classifier.0", x);
        x = g.linear("classifier.2", x, 1000, true);
        logSoftmax(g, x);
    }

    /** Global average pooling and the fully connected classifier of a ResNet. */
    private static void head(LayerGraph g, Tensor x, long classes) {
        x = g.adaptiveAvgPool("avgpool", x, 1);
        x = g.linear("fc", x, classes, true);
        logSoftmax(g, x);
    }

    /**
     * The loss: {@code cross_entropy} runs {@code log_softmax} in float32 (autocast's float32 list) and keeps its
     * result, one float per class; {@code nll_loss} keeps the int64 label.
     */
    static void logSoftmax(LayerGraph g, Tensor logits) {
        g.raw("logsoftmax", logits.elements() * 4);
        g.raw("label", 8);
    }
}
