package com.vramadvisor.engine.vision;

import java.util.Locale;

/**
 * The vision presets: torchvision's ImageNet classifiers, each built layer by layer from its architecture
 * ({@link ConvNets}, {@link VisionTransformers}) rather than stored as totals. The parameter counts that result are
 * the ones torchvision publishes in each weight's {@code num_params} (checked by the tests).
 */
public enum VisionModel {
    RESNET_18("resnet-18", "ResNet-18", VisionOptimizer.SGD_MOMENTUM),
    RESNET_50("resnet-50", "ResNet-50", VisionOptimizer.SGD_MOMENTUM),
    RESNET_101("resnet-101", "ResNet-101", VisionOptimizer.SGD_MOMENTUM),
    RESNET_152("resnet-152", "ResNet-152", VisionOptimizer.SGD_MOMENTUM),
    VGG_16("vgg-16", "VGG-16", VisionOptimizer.SGD_MOMENTUM),
    EFFICIENTNET_B0("efficientnet-b0", "EfficientNet-B0", VisionOptimizer.RMSPROP),
    CONVNEXT_TINY("convnext-tiny", "ConvNeXt-T", VisionOptimizer.ADAMW),
    VIT_B_16("vit-b-16", "ViT-B/16", VisionOptimizer.ADAMW),
    VIT_L_16("vit-l-16", "ViT-L/16", VisionOptimizer.ADAMW);

    private final String id;
    private final String label;
    private final VisionOptimizer recipeOptimizer;

    VisionModel(String id, String label, VisionOptimizer recipeOptimizer) {
        this.id = id;
        this.label = label;
        this.recipeOptimizer = recipeOptimizer;
    }

    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /**
     * The optimizer of the model's reference recipe: SGD with momentum for ResNet and VGG (torchvision's
     * {@code references/classification}), RMSprop with momentum for EfficientNet (the paper; NVIDIA
     * DeepLearningExamples' {@code configs.yml}), AdamW for ConvNeXt and ViT (torchvision's recipes).
     */
    public VisionOptimizer recipeOptimizer() {
        return recipeOptimizer;
    }

    /** Whether the model is a vision transformer (its attention has an eager and an SDPA path). */
    public boolean isTransformer() {
        return this == VIT_B_16 || this == VIT_L_16;
    }

    /**
     * The layer table at {@code width x height} pixels.
     *
     * @param autocast whether the forward pass runs under {@code torch.autocast} with a 16-bit type
     * @param sdpa     for vision transformers, attention through {@code scaled_dot_product_attention}
     */
    public LayerTable table(int width, int height, boolean autocast, boolean sdpa) {
        LayerGraph g = new LayerGraph(autocast);
        var image = g.image(3, height, width);
        switch (this) {
            case RESNET_18 -> ConvNets.resnet(g, image, false, new int[] {2, 2, 2, 2});
            case RESNET_50 -> ConvNets.resnet(g, image, true, new int[] {3, 4, 6, 3});
            case RESNET_101 -> ConvNets.resnet(g, image, true, new int[] {3, 4, 23, 3});
            case RESNET_152 -> ConvNets.resnet(g, image, true, new int[] {3, 8, 36, 3});
            case VGG_16 -> ConvNets.vgg16(g, image);
            case EFFICIENTNET_B0 -> ConvNets.efficientnetB0(g, image);
            case CONVNEXT_TINY -> ConvNets.convnextTiny(g, image);
            case VIT_B_16 -> VisionTransformers.vit(g, image, 12, 768, 12, 3072, 16, sdpa);
            case VIT_L_16 -> VisionTransformers.vit(g, image, 24, 1024, 16, 4096, 16, sdpa);
            default -> throw new IllegalStateException(name());
        }
        return g.table(label);
    }

    /** The smallest image side accepted: the five stride-2 stages of the CNNs (and two ViT patches) need 32. */
    public static final int MIN_SIDE = 32;

    /** The largest image side accepted (16K pixels), a bound on untrusted input. */
    public static final int MAX_SIDE = 16384;

    /**
     * @throws IllegalArgumentException naming the accepted ids when {@code text} is none of them
     */
    public static VisionModel parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (VisionModel m : values()) {
            if (m.id.equals(t)) {
                return m;
            }
        }
        StringBuilder ids = new StringBuilder();
        for (VisionModel m : values()) {
            ids.append(ids.length() == 0 ? "" : ", ").append(m.id);
        }
        throw new IllegalArgumentException("unknown vision preset '" + text + "' (expected " + ids + ")");
    }
}
