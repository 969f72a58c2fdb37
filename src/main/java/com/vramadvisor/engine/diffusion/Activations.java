package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.Sentence;
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
public record Activations(long attentionScoreBytes, long otherBytes, Sentence formula) {

    public Activations {
        Objects.requireNonNull(formula, "formula");
        if (attentionScoreBytes < 0 || otherBytes < 0) {
            throw new IllegalArgumentException("negative activation bytes");
        }
    }

    /** The cap {@link #saturated} clamps to: far beyond any GPU, and sixteen parts still sum within a long. */
    static final long LIMIT = Long.MAX_VALUE / 16;

    /**
     * Bytes from a product computed in floating point, clamped to {@link #LIMIT}: absurd sizes (a batch of
     * thousands at 16K pixels with eager attention) read as "does not fit" instead of overflowing. Exact for every
     * figure below 2^53 bytes.
     */
    static long saturated(double bytes) {
        return bytes >= LIMIT ? LIMIT : (long) bytes;
    }

    public long totalBytes() {
        return attentionScoreBytes + otherBytes;
    }
}
