package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;

import java.util.HashMap;
import java.util.List;
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
 *   <li>the same layout, ZeRO-sharded and fully recomputed as above, with the most data-parallel replicas that the
 *       GPU limit of the search ({@link #limit}) allows: a replica's parameters, gradients and optimizer states
 *       shrink as {@code 1/d} under ZeRO and nothing else grows with {@code d}, so this peak bounds the layout's from
 *       below at every GPU count. It is the same layout for every count, so one estimate rules out a layout shape
 *       at all counts at once: a micro-batch whose activations or logits no split of the data can hold (one 80 GB
 *       GPU per machine, 16 sequences of 4,096 tokens of Llama 3 8B) costs one estimate, not one per count.</li>
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
    /** The most GPUs a layout of the current search may use; 0 before any search (no widening). */
    private int maxGpus;

    /**
     * @param peak           the per-GPU peak of a layout, -1 when the estimator rejects it (cached by the planner)
     * @param fixedRecompute the only recomputation searched, or {@code null} for all
     */
    FitBounds(ToLongFunction<PlanLayout> peak, Recompute fixedRecompute) {
        this.peak = peak;
        this.fixedRecompute = fixedRecompute;
    }

    /** Sets the most GPUs the layouts now searched may use ({@link Planner#plan}'s limit). */
    void limit(int maxGpus) {
        this.maxGpus = Math.max(0, maxGpus);
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
        Recompute r = frugalRecompute();
        int wide = widestData(p.tensorParallel() * p.pipelineParallel(), p.contextParallel(), p.expertParallel(),
                p.dataParallel());
        if (zero > 0 && wide > p.dataParallel()) {
            long widest = peak.applyAsLong(frugal(p, wide, zero, r, layout.microBatches(), layout.microBatchSize(),
                    layout.stageLayers()));
            if (widest > capacityBytes) {
                return false;
            }
        }
        if (zero == p.zeroStage() && r == layout.recompute()) {
            return true;
        }
        long least = peak.applyAsLong(frugal(p, p.dataParallel(), zero, r, layout.microBatches(),
                layout.microBatchSize(), layout.stageLayers()));
        return least >= 0 && least <= capacityBytes;
    }

    /**
     * Whether some layout of one shape (tensor, pipeline, context and expert sizes, sequence parallelism, the
     * micro-batches and the stage split) may fit in {@code capacityBytes} at any GPU count within the limit: false
     * only when the shape's peak over the most data-parallel replicas the limit allows, ZeRO-sharded and recomputed
     * (the bound above), exceeds it, or where the limit leaves the shape no layout at all (no data-parallel size
     * that the expert-parallel size divides).
     */
    boolean shapeMayFit(int tensor, int pipeline, int context, int expert, boolean sequenceParallel,
                        int microBatches, int microBatchSize, List<Integer> stageLayers, long capacityBytes) {
        int d = widestData(tensor * pipeline, context, expert, 0);
        if (d < 1) {
            return false;
        }
        Parallelism shape = new Parallelism(tensor, pipeline, d, 3, sequenceParallel, expert, context);
        long widest = peak.applyAsLong(frugal(shape, d, 3, frugalRecompute(), microBatches, microBatchSize,
                stageLayers));
        return widest < 0 || widest <= capacityBytes;
    }

    /** The recomputation that keeps the fewest activations among those searched: full, or the one fixed. */
    private Recompute frugalRecompute() {
        return fixedRecompute == null ? Recompute.FULL : fixedRecompute;
    }

    /**
     * The most data-parallel replicas {@code d} of a layout with {@code tensorTimesPipeline x context} other ranks
     * within {@link #maxGpus}, where the expert-parallel size divides {@code d x context} (Megatron-Core carves expert
     * ranks out of them), and at least {@code least}; 0 when none is and {@code least} is 0.
     */
    private int widestData(int tensorTimesPipeline, int context, int expert, int least) {
        int d = (int) (maxGpus / ((long) tensorTimesPipeline * context));
        while (d > least && ((long) d * context) % expert != 0) {
            d--;
        }
        return Math.max(d, least);
    }

    private static PlanLayout frugal(Parallelism p, int dataParallel, int zero, Recompute recompute,
                                     int microBatches, int microBatchSize, List<Integer> stageLayers) {
        Parallelism frugal = new Parallelism(p.tensorParallel(), p.pipelineParallel(), dataParallel, zero,
                p.sequenceParallel(), p.expertParallel(), p.contextParallel());
        return new PlanLayout(frugal, recompute, microBatches, microBatchSize, stageLayers);
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
