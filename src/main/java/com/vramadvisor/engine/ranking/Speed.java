package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.plan.Bound;

import java.util.List;

/**
 * One option's speed at its layout or GPU count, for every workload kind: throughput, the step, the job's hours and
 * what bounds them; the notes the speed model adds.
 *
 * @param itemsPerSecond throughput on all the option's GPUs, in {@code itemUnit}; {@code null} without a speed
 * @param itemUnit       what an item is ({@code tokens}, {@code images}, {@code time steps})
 * @param perSequence    language-model inference: tokens per second one sequence sees
 * @param prefill        language-model inference: prompt tokens per second over all copies
 * @param stepSeconds    one step, where the speed model has one
 * @param hours          the job's wall-clock hours
 * @param mfu            language-model training: model FLOPs utilisation
 * @param bound          the term that takes the most time
 * @param reasons        notes from the speed model ({@link Reason#PRECISION_FALLBACK},
 *                       {@link Reason#NO_THROUGHPUT_FIGURES})
 */
record Speed(Double itemsPerSecond, String itemUnit, Double perSequence, Double prefill, Double stepSeconds,
             Double hours, Double mfu, Bound bound, List<Reason> reasons) {

    /** No speed and nothing to say about it: the workload does not fit, or has no throughput model. */
    static final Speed NONE = new Speed(null, "", null, null, null, null, null, null, List.of());

    Speed {
        itemUnit = itemUnit == null ? "" : itemUnit;
        reasons = List.copyOf(reasons);
    }

    /** No speed, with the reason. */
    static Speed missing(Reason reason) {
        return new Speed(null, "", null, null, null, null, null, null, List.of(reason));
    }
}
