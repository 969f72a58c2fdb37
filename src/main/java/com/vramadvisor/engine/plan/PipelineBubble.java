package com.vramadvisor.engine.plan;

import java.util.Optional;

/**
 * What a pipeline's fill and drain cost a step, and the global batch that would hide them. With the 1F1B schedule a
 * step of {@code m} micro-batches over {@code p} stages keeps every stage busy for {@code m} micro-batch times and
 * idle for {@code p - 1} more, so the bubble is {@code (p - 1) / (m + p - 1)} of the step (Narayanan et al. 2021,
 * "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", section 2.2.1: bubble time
 * {@code (p - 1)} micro-batch times against {@code m} of useful work; {@link StepTimeModel} times it so). The only
 * cure that keeps the layout is more micro-batches per step, that is, a larger global batch: whether the optimisation
 * allows one is the user's call, so the planner says what it would take and does not change the batch itself.
 */
public final class PipelineBubble {

    /** The bubble the hint aims for: at most a tenth of the step, a presentation threshold rather than a constant. */
    public static final double TARGET_FRACTION = 0.10;

    /**
     * The hint for one layout.
     *
     * @param stages                 pipeline stages {@code p}
     * @param microBatches           micro-batches per step {@code m}
     * @param fraction               the bubble's share of the step, {@code (p - 1) / (m + p - 1)}
     * @param suggestedMicroBatches  the fewest micro-batches per step that bring it to {@link #TARGET_FRACTION}
     * @param suggestedSequences     the global batch in sequences with them: micro-batches x micro-batch size x
     *                               data-parallel copies
     */
    public record Hint(int stages, int microBatches, double fraction, int suggestedMicroBatches,
                       long suggestedSequences) {
    }

    private PipelineBubble() {
    }

    /** The bubble's share of a 1F1B step of {@code microBatches} over {@code stages}: 0 without a pipeline. */
    public static double fraction(int stages, int microBatches) {
        if (stages <= 1) {
            return 0;
        }
        return (stages - 1.0) / (microBatches + stages - 1.0);
    }

    /** The fewest micro-batches per step whose bubble over {@code stages} is at most {@code target}. */
    public static int microBatchesFor(int stages, double target) {
        if (stages <= 1) {
            return 1;
        }
        int m = (int) Math.ceil((stages - 1.0) * (1 - target) / target - 1e-9);
        return Math.max(1, m);
    }

    /**
     * The hint for {@code layout} when the pipeline's bubble bounds its step ({@link Bound#BUBBLE}) and it runs fewer
     * micro-batches than stages (no interleaved schedule, so the formula is exact); empty otherwise.
     *
     * @param microBatchSize sequences per micro-batch
     */
    public static Optional<Hint> of(PlanLayout layout, int microBatchSize, Bound bound) {
        int p = layout.pp();
        int m = layout.microBatches();
        if (bound != Bound.BUBBLE || p <= 1 || m >= p) {
            return Optional.empty();
        }
        int wanted = microBatchesFor(p, TARGET_FRACTION);
        return Optional.of(new Hint(p, m, fraction(p, m), wanted, (long) wanted * Math.max(1, microBatchSize)
                * layout.dp()));
    }
}
