package com.vramadvisor.engine.diffusion;

import java.util.Objects;

/**
 * Activation bytes of one model pass at the moment of its peak, split into the attention score matrices (what
 * sliced and memory-efficient attention remove) and everything else.
 *
 * @param attentionScoreBytes bytes of score/probability matrices alive at the peak
 * @param otherBytes          every other activation alive at the peak (hidden states, skip connections, MLP
 *                            intermediates, saved tensors for backward)
 * @param formula             how the figure was computed, with the numbers put in
 */
public record Activations(long attentionScoreBytes, long otherBytes, String formula) {

    public Activations {
        Objects.requireNonNull(formula, "formula");
        if (attentionScoreBytes < 0 || otherBytes < 0) {
            throw new IllegalArgumentException("negative activation bytes");
        }
    }

    public long totalBytes() {
        return attentionScoreBytes + otherBytes;
    }
}
