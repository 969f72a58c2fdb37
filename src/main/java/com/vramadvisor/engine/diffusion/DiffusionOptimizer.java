package com.vramadvisor.engine.diffusion;

import java.util.Locale;

/**
 * The optimizer of the trainable parameters and its state bytes per parameter. Sources: PyTorch {@code AdamW}
 * (two fp32 moments, 8 bytes), bitsandbytes {@code AdamW8bit} (two 8-bit moments with block-wise scales, about
 * 2 bytes; Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization"), SGD with momentum (one fp32 buffer).
 */
public enum DiffusionOptimizer {
    ADAMW("adamw", 8),
    ADAMW_8BIT("adamw-8bit", 2),
    SGD("sgd", 0),
    SGD_MOMENTUM("sgd-momentum", 4);

    private final String id;
    private final int stateBytesPerParameter;

    DiffusionOptimizer(String id, int stateBytesPerParameter) {
        this.id = id;
        this.stateBytesPerParameter = stateBytesPerParameter;
    }

    public String id() {
        return id;
    }

    public int stateBytesPerParameter() {
        return stateBytesPerParameter;
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static DiffusionOptimizer parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "adamw", "adam" -> ADAMW;
            case "adamw-8bit", "adam-8bit", "adamw8bit", "8bit-adam" -> ADAMW_8BIT;
            case "sgd" -> SGD;
            case "sgd-momentum" -> SGD_MOMENTUM;
            default -> throw new IllegalArgumentException(
                    "must be adamw, adamw-8bit, sgd or sgd-momentum, got '" + text + "'");
        };
    }
}
