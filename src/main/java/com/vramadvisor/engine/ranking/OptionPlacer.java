package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;

import java.util.List;

/**
 * Lays a workload of one kind out on the options of the decision table. The language-model placer searches parallel
 * layouts with the planner and serves copies; the placer of the other kinds searches GPU counts that hold the workload
 * and meet the deadline. Everything else (which options exist, fit and tight fit, money, order, the summary) is the
 * {@link Recommender}'s, the same for every kind.
 */
interface OptionPlacer {

    /**
     * Loose cards of one GPU: the single card ({@code one}, a {@link HardwareKind#GPU} offer; {@code null} where
     * the GPU comes only on boards) and, where one card does not do the job, the fewest cards that do ({@code many},
     * a {@link HardwareKind#MULTI_GPU} offer). Zero, one or two placements.
     */
    List<Placement> cards(Offer one, Offer many);

    /** Whole systems or cloud instances: the fewest that do the job; none where the option cannot be laid out. */
    List<Placement> units(Offer offer);

    /** Memory of {@code gpu} the fit is judged against: usable memory, or a serving engine's reservation. */
    long capacityBytes(GpuSpec gpu);

    /** Whether the rows have a speed model: a row without a time is then not known to meet the deadline. */
    boolean timed();
}
