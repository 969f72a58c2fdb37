package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;

import java.util.HashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Lets {@link Planner} skip a layout's memory estimate when a layout it cannot beat on memory is known not to fit:
 * <ul>
 *   <li>the same parallel sizes with ZeRO-3 (where there is data parallelism) and full recomputation, which keep the
 *       fewest parameters and activations;</li>
 *   <li>the same layout with a larger context-parallel size over the same {@code d x cp} ranks (same ZeRO group, same
 *       micro-batches in flight, activations and K/V ring buffers shrinking as {@code 1/cp}) whose peak exceeds the
 *       capacity. Peaks are kept, not verdicts, because one planner serves rigs of several capacities.</li>
 * </ul>
 * Both keep GPU counts where little fits (long sequences, large models) from costing an estimate per variant.
 */
final class FitBounds {

    /** A layout without its split of the {@code d x cp} ranks between data and context parallelism. */
    private record ContextKey(int t, int p, int zero, int ep, int dataTimesContext, Recompute recompute,
                              int inFlight, boolean accumulates, int microBatchSize) {
    }

    private final ToLongFunction<PlanLayout> peak;
    private final Recompute fixedRecompute;
    /** Per layout without its data/context split: peaks of layouts that did not fit, by context-parallel size. */
    private final Map<ContextKey, Map<Integer, Long>> failed = new HashMap<>();

    /**
     * @param peak           the per-GPU peak of a layout, -1 when the estimator rejects it (cached by the planner)
     * @param fixedRecompute the only recomputation searched, or {@code null} for all
     */
    FitBounds(ToLongFunction<PlanLayout> peak, Recompute fixedRecompute) {
        this.peak = peak;
        this.fixedRecompute = fixedRecompute;
    }

    /** Whether {@code layout} may fit in {@code capacityBytes}; false only when a bound above rules it out. */
    boolean mayFit(PlanLayout layout, long capacityBytes) {
        Parallelism p = layout.parallelism();
        Map<Integer, Long> peaks = failed.get(key(layout));
        if (peaks != null) {
            for (Map.Entry<Integer, Long> f : peaks.entrySet()) {
                if (f.getKey() >= p.contextParallel() && f.getValue() > capacityBytes) {
                    return false;
                }
            }
        }
        int zero = p.zeroStage() == 0 ? 0 : 3;
        Recompute r = fixedRecompute == null ? Recompute.FULL : fixedRecompute;
        if (zero == p.zeroStage() && r == layout.recompute()) {
            return true;
        }
        Parallelism frugal = new Parallelism(p.tensorParallel(), p.pipelineParallel(), p.dataParallel(), zero,
                p.sequenceParallel(), p.expertParallel(), p.contextParallel());
        long least = peak.applyAsLong(new PlanLayout(frugal, r, layout.microBatches(), layout.microBatchSize(),
                layout.stageLayers()));
        return least >= 0 && least <= capacityBytes;
    }

    /**
     * Records the peak of a layout that did not fit: a lower bound on the peak of the same layout at every smaller
     * context-parallel size. Rejected layouts (peak -1) say nothing and are not kept.
     */
    void failed(PlanCandidate checked) {
        if (checked.peakBytes() < 0) {
            return;
        }
        failed.computeIfAbsent(key(checked.layout()), k -> new HashMap<>())
                .merge(checked.layout().parallelism().contextParallel(), checked.peakBytes(), Math::max);
    }

    private static ContextKey key(PlanLayout layout) {
        Parallelism p = layout.parallelism();
        return new ContextKey(p.tensorParallel(), p.pipelineParallel(), p.zeroStage(), p.expertParallel(),
                p.shardGroup(), layout.recompute(), Math.min(p.pipelineParallel(), layout.microBatches()),
                layout.microBatches() > 1, layout.microBatchSize());
    }
}
