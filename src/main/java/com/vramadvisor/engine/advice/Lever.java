package com.vramadvisor.engine.advice;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Workload;
import java.util.Objects;

/**
 * One change applied alone to the current workload, and what it does.
 *
 * @param kind        which change
 * @param workload    the current workload with only this change applied
 * @param estimate    the estimate of {@code workload}
 * @param savedBytes  current peak minus this lever's peak, bytes per GPU (positive: it saves memory)
 * @param fits        whether {@link #peakBytes()} is at most the usable bytes per GPU the advice was asked for
 * @param speed       its effect on speed, with the source
 * @param speedRatio  the speed after the change over the speed before, as the speed models give it on the GPU the
 *                    advice was asked for ({@link SpeedContext}): training, tokens per second per GPU from the
 *                    step-time model; inference, output tokens per second of one sequence from the decode model.
 *                    {@code null} without a GPU, where the GPU lacks the figures, or where the models do not see the
 *                    change ({@link LeverKind#speedModelled()})
 */
public record Lever(LeverKind kind, Workload workload, Estimate estimate, long savedBytes, boolean fits,
                    SpeedEffect speed, Double speedRatio) {

    public Lever {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(estimate, "estimate");
        Objects.requireNonNull(speed, "speed");
    }

    /** Peak bytes per GPU after the change. */
    public long peakBytes() {
        return estimate.peakBytes();
    }

    /** GPUs the changed workload occupies ({@code t * p * d}). */
    public long gpus() {
        return workload.parallelism().gpus();
    }
}
