package com.vramadvisor.engine.diffusion;

import java.util.Locale;

/**
 * Where the pipeline's weights live between uses. Sources: diffusers "Reduce memory usage" guide,
 * {@code enable_model_cpu_offload} (one whole model on the GPU at a time) and {@code enable_sequential_cpu_offload}
 * (accelerate hooks move each leaf submodule's weights to the GPU only for its own forward).
 */
public enum Offload {
    NONE("none"),
    /** Only the running component (text encoder, denoiser or VAE) is on the GPU. */
    MODEL("model"),
    /** Only the running leaf layer's weights are on the GPU. */
    SEQUENTIAL("sequential");

    private final String id;

    Offload(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** @throws IllegalArgumentException naming the accepted values */
    public static Offload parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "none", "off" -> NONE;
            case "model" -> MODEL;
            case "sequential", "seq" -> SEQUENTIAL;
            default -> throw new IllegalArgumentException(
                    "must be none, model or sequential, got '" + text + "'");
        };
    }
}
