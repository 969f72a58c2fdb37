package com.vramadvisor.engine.vision;

import java.util.Locale;

/**
 * Numeric modes of vision training and inference.
 * <ul>
 *   <li>{@code fp32} and {@code tf32}: float32 tensors throughout (TF32 changes how tensor cores multiply, not what
 *       is stored: NVIDIA's "TensorFloat-32 in the A100 GPU" note, 2020).</li>
 *   <li>{@code fp16-mixed} and {@code bf16-mixed}: PyTorch automatic mixed precision. The model keeps float32
 *       weights, gradients and optimizer states; {@code torch.autocast} runs convolutions and matrix multiplies in
 *       16 bits on 16-bit copies of the weights, cached for the forward pass and kept by autograd for backward
 *       (torch.amp documentation, "Autocasting"; {@code cached_cast} in {@code aten/src/ATen/autocast_mode.cpp}).
 *       In inference the weights are held in 16 bits ({@code model.half()}, as TensorRT and NVIDIA's inference
 *       scripts do).</li>
 *   <li>{@code int8}: inference only, weights and activations in 8 bits as a TensorRT INT8 engine holds them.</li>
 * </ul>
 */
public enum VisionPrecision {
    FP32("fp32", 4, false),
    TF32("tf32", 4, false),
    FP16_MIXED("fp16-mixed", 2, true),
    BF16_MIXED("bf16-mixed", 2, true),
    INT8("int8", 1, false);

    private final String id;
    private final int inferenceBytes;
    private final boolean autocast;

    VisionPrecision(String id, int inferenceBytes, boolean autocast) {
        this.id = id;
        this.inferenceBytes = inferenceBytes;
        this.autocast = autocast;
    }

    public String id() {
        return id;
    }

    /** Bytes per weight and per activation element in inference. */
    public int inferenceBytes() {
        return inferenceBytes;
    }

    /** Whether training runs under {@code torch.autocast} with a 16-bit type. */
    public boolean autocast() {
        return autocast;
    }

    /**
     * Accepts the ids and, as aliases of the mixed modes, {@code fp16}, {@code bf16} and {@code amp}.
     *
     * @throws IllegalArgumentException naming the accepted ids when {@code text} is none of them
     */
    public static VisionPrecision parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "fp32", "float32" -> FP32;
            case "tf32" -> TF32;
            case "fp16-mixed", "fp16", "amp" -> FP16_MIXED;
            case "bf16-mixed", "bf16" -> BF16_MIXED;
            case "int8" -> INT8;
            default -> throw new IllegalArgumentException("unknown precision '" + text
                    + "' for vision (expected fp32, tf32, fp16-mixed, bf16-mixed or int8)");
        };
    }
}
