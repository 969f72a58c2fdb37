package com.vramadvisor.engine.plan;

/**
 * A layout at a GPU count, with its per-GPU memory and, where the GPU has throughput figures, its step time.
 *
 * @param layout     the layout
 * @param peakBytes  per-GPU peak memory at that layout
 * @param fits       whether the peak is within the rig's capacity
 * @param tight      whether it fits inside the safety margin: headroom below the planner's margin fraction of the
 *                   capacity, or the estimate's range reaching past the capacity
 * @param step       the step-time model's terms; {@code null} when the GPU has no rate for the precision
 * @param hours      wall-clock hours for the token budget; {@code null} without a step time
 */
public record PlanCandidate(PlanLayout layout, long peakBytes, boolean fits, boolean tight, StepTime step,
                            Double hours) {

    public int gpus() {
        return layout.gpus();
    }

    /** GPU-hours for the token budget; {@code null} without a step time. */
    public Double gpuHours() {
        return hours == null ? null : hours * layout.gpus();
    }
}
