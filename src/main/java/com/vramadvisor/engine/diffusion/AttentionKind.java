package com.vramadvisor.engine.diffusion;

import java.util.Locale;

/**
 * How the denoiser's attention is computed, the choice that decides whether the famous N x N score matrix exists.
 * Sources: diffusers {@code AttnProcessor} (eager: {@code baddbmm} into a score tensor, softmax into a probability
 * tensor), {@code SlicedAttnProcessor} ({@code enable_attention_slicing}: the batch x heads rows in slices) and
 * {@code AttnProcessor2_0} ({@code torch.nn.functional.scaled_dot_product_attention}; the flash and memory-efficient
 * kernels, like xFormers, never materialise the scores).
 */
public enum AttentionKind {
    /** Scores and probabilities for every head of every sample at once. */
    EAGER("eager"),
    /** Scores for a slice of the batch x heads rows at a time (diffusers "auto": half the heads). */
    SLICED("sliced"),
    /** PyTorch 2 scaled-dot-product attention or xFormers: no score matrix. */
    SDPA("sdpa");

    private final String id;

    AttentionKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /**
     * Accepts eager (also math), sliced, sdpa (also flash, xformers, memory-efficient).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static AttentionKind parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "eager", "math" -> EAGER;
            case "sliced", "slicing" -> SLICED;
            case "sdpa", "flash", "xformers", "memory-efficient", "mem-efficient" -> SDPA;
            default -> throw new IllegalArgumentException(
                    "must be eager, sliced or sdpa (also flash, xformers), got '" + text + "'");
        };
    }
}
