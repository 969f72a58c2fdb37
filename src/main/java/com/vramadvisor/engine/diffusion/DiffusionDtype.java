package com.vramadvisor.engine.diffusion;

import java.util.Locale;

/**
 * The storage and compute type of a diffusion pipeline's tensors: diffusers pipelines are loaded with one
 * {@code torch_dtype} (fp16 in every memory guide of the diffusers documentation), and its training scripts run
 * under {@code --mixed_precision} fp16 or bf16, or in fp32 when it is "no".
 */
public enum DiffusionDtype {
    FP32("fp32", 4),
    FP16("fp16", 2),
    BF16("bf16", 2);

    private final String id;
    private final int bytes;

    DiffusionDtype(String id, int bytes) {
        this.id = id;
        this.bytes = bytes;
    }

    public String id() {
        return id;
    }

    /** Bytes per element. */
    public int bytes() {
        return bytes;
    }

    public boolean isHalf() {
        return bytes == 2;
    }

    /**
     * Accepts fp32 (also tf32), fp16, bf16 and their "-mixed" spellings (mixed precision keeps trainable weights in
     * fp32 in the diffusers scripts, so the 16-bit type names the activations and frozen weights).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static DiffusionDtype parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "fp32", "float32", "tf32" -> FP32;
            case "fp16", "float16", "fp16-mixed", "half" -> FP16;
            case "bf16", "bfloat16", "bf16-mixed" -> BF16;
            default -> throw new IllegalArgumentException(
                    "must be fp32, fp16 or bf16 (also fp16-mixed, bf16-mixed), got '" + text + "'");
        };
    }
}
