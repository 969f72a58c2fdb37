package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Component;
import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Workload;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * Finds parallel layouts that fit a per-GPU capacity, for one model and workload.
 *
 * <p>Per-GPU memory depends on the layout, not on the GPU model, so every estimate is computed once per layout and
 * shared by all GPUs, systems and cloud offers of one recommendation: a table over a hundred options needs a few
 * dozen estimates. Candidate layouts, cheapest to communicate first:
 * <ul>
 *   <li>Training at {@code n} GPUs: plain data parallel when one GPU already fits; otherwise ZeRO-3 over {@code n}
 *       data-parallel GPUs (Rajbhandari et al. 2020); otherwise Megatron tensor parallelism {@code t} (the largest
 *       power of two up to the node size that divides {@code n} and the attention heads) with sequence
 *       parallelism, and ZeRO-3 over the remaining {@code n / t} replicas. ZeRO-1/2 and pipeline stages are not
 *       searched: ZeRO-3 needs the least memory of the ZeRO stages, and a workload may set any layout itself.</li>
 *   <li>Inference with {@code m} GPUs per model copy: tensor parallelism {@code t} as above, and pipeline stages
 *       {@code m / t} beyond the node, as vLLM and TensorRT-LLM serve models larger than a node.</li>
 * </ul>
 * GPU counts tried: every count up to the node size for training (powers of two for inference), then multiples of
 * the node size found by doubling and bisection, which assumes per-GPU memory does not grow with the GPU count.
 * Counts that cannot fit are skipped without an estimate: memory that every phase holds (training: weights, fp32
 * master weights and optimizer states; inference: weights and KV cache) is at best divided evenly over the GPUs, so
 * {@code n} GPUs need at least that memory on one GPU divided by {@code n}.
 */
final class LayoutSearch {

    /**
     * A layout and its per-GPU peak.
     *
     * @param parallelism the layout of one model copy (for training: of the whole job)
     * @param peakBytes   per-GPU peak at that layout
     * @param fits        whether the peak is within the capacity searched for
     */
    record Layout(Parallelism parallelism, long peakBytes, boolean fits) {
        int gpus() {
            return (int) parallelism.gpus();
        }
    }

    private final MemoryModel memory;
    private final ModelSpec model;
    private final Workload workload;
    private final boolean training;
    private final int gpusPerNode;
    private final Map<Parallelism, Optional<Estimate>> estimates = new HashMap<>();
    private final Map<Parallelism, Long> peaks = new HashMap<>();
    private long persistentBytes = -1;

    LayoutSearch(MemoryModel memory, ModelSpec model, Workload workload, int gpusPerNode) {
        this.memory = memory;
        this.model = model;
        this.workload = workload;
        this.training = workload.mode() != Mode.INFER;
        this.gpusPerNode = gpusPerNode;
    }

    boolean training() {
        return training;
    }

    /** Records an estimate computed elsewhere, so the search does not repeat it. */
    void remember(Parallelism p, Estimate e) {
        estimates.put(p, Optional.of(e));
        peaks.put(p, e.peakBytes());
    }

    /**
     * The full estimate at a layout (for the rows), or empty when the estimator rejects it (e.g. a tensor-parallel
     * size that the key/value heads cannot be split over).
     */
    Optional<Estimate> estimate(Parallelism p) {
        Optional<Estimate> known = estimates.get(p);
        if (known != null) {
            return known;
        }
        Optional<Estimate> e;
        try {
            e = Optional.of(memory.estimate(model, workload.toBuilder().parallelism(p).build()));
        } catch (IllegalArgumentException rejected) {
            e = Optional.empty();
        }
        estimates.put(p, e);
        return e;
    }

    /** The per-GPU peak at a layout, or -1 when the estimator rejects the layout; what the search compares. */
    private long peak(Parallelism p) {
        Long known = peaks.get(p);
        if (known != null) {
            return known;
        }
        long peak;
        try {
            peak = memory.peakBytes(model, workload.toBuilder().parallelism(p).build());
        } catch (IllegalArgumentException rejected) {
            peak = -1;
        }
        peaks.put(p, peak);
        return peak;
    }

    /** The layout the workload asks for, judged against a capacity. */
    Optional<Layout> exactly(Parallelism p, long capacityBytes) {
        long peak = peak(p);
        return peak < 0 ? Optional.empty() : Optional.of(new Layout(p, peak, peak <= capacityBytes));
    }

    /**
     * Bytes one GPU holds in every phase without sharding: weights, master weights and optimizer states for training
     * (gradients may be freed between steps), weights and KV cache for inference.
     */
    private long persistentBytes() {
        if (persistentBytes < 0) {
            Estimate single = estimate(Parallelism.SINGLE_GPU).orElse(null);
            persistentBytes = single == null ? 0 : training
                    ? single.component(Component.WEIGHTS) + single.component(Component.MASTER_WEIGHTS)
                    + single.component(Component.OPTIMIZER_STATES)
                    : single.component(Component.WEIGHTS) + single.component(Component.KV_CACHE);
        }
        return persistentBytes;
    }

    /** The fewest GPUs that could hold the persistent memory at all: {@code ceil(persistent / capacity)}. */
    private long lowerBoundGpus(long capacityBytes) {
        if (capacityBytes <= 0) {
            return Long.MAX_VALUE;
        }
        return Math.max(1, (persistentBytes() + capacityBytes - 1) / capacityBytes);
    }

    /** The fewest GPUs of one model (in nodes of {@code node} GPUs) that hold the job, up to {@code maxGpus}. */
    Layout fewest(long capacityBytes, int node, int maxGpus) {
        int nodeSize = Math.max(1, Math.min(node, gpusPerNode));
        long atLeast = lowerBoundGpus(capacityBytes);
        Layout best = null;
        int within = Math.min(nodeSize, maxGpus);
        // The last count tried within the node is never skipped, so a count too small to fit still gives the row
        // its least-memory layout; for inference it is the largest power of two within a limit such as 6.
        int last = training ? within : Integer.highestOneBit(within);
        for (int n = 1; n <= within; n = training ? n + 1 : n * 2) {
            if (n < atLeast && n < last) {
                continue;
            }
            Layout l = at(n, nodeSize, capacityBytes);
            if (l != null && l.fits()) {
                return l;
            }
            best = lower(best, l);
        }
        // Inference beyond a node adds pipeline stages, at most one per block.
        int maxMultiple = training ? maxGpus / nodeSize : Math.min(maxGpus / nodeSize, model.layers());
        if (maxMultiple < 2) {
            return best;
        }
        int from = (int) Math.max(2, Math.min(maxMultiple, (atLeast + nodeSize - 1) / nodeSize));
        int k = smallest(from, maxMultiple, m -> {
            Layout l = at(m * nodeSize, nodeSize, capacityBytes);
            return l != null && l.fits();
        });
        if (k > 0) {
            return at(k * nodeSize, nodeSize, capacityBytes);
        }
        return lower(best, at(maxMultiple * nodeSize, nodeSize, capacityBytes));
    }

    /**
     * Training on whole units (systems, instances) of {@code unitGpus} GPUs: the fewest units whose GPUs together
     * hold the job, using all their GPUs. Empty when no layout at all can be estimated.
     */
    Optional<Layout> trainingOnUnits(long capacityBytes, int unitGpus, int maxUnits) {
        int nodeSize = Math.max(1, Math.min(unitGpus, gpusPerNode));
        int from = (int) Math.min(Math.max(1, maxUnits), (lowerBoundGpus(capacityBytes) + unitGpus - 1) / unitGpus);
        int u = smallest(Math.max(1, from), Math.max(1, maxUnits), units -> {
            Layout l = at(units * unitGpus, nodeSize, capacityBytes);
            return l != null && l.fits();
        });
        Layout l = at((u > 0 ? u : Math.max(1, maxUnits)) * unitGpus, nodeSize, capacityBytes);
        return Optional.ofNullable(l);
    }

    /** The best layout at exactly {@code n} GPUs: the first candidate that fits, else the one needing least memory. */
    private Layout at(int n, int nodeSize, long capacityBytes) {
        return training ? trainingAt(n, nodeSize, capacityBytes) : inferenceAt(n, nodeSize, capacityBytes);
    }

    private Layout trainingAt(int n, int nodeSize, long capacityBytes) {
        Layout single = exactly(Parallelism.SINGLE_GPU, capacityBytes).orElse(null);
        if (n == 1) {
            return single;
        }
        if (single != null && single.fits()) {
            return exactly(new Parallelism(1, 1, n, 0, false), capacityBytes).orElse(null);
        }
        Layout zero3 = exactly(new Parallelism(1, 1, n, 3, false), capacityBytes).orElse(null);
        if (zero3 != null && zero3.fits()) {
            return zero3;
        }
        int t = tensorParallelFor(n, nodeSize);
        if (t < 2) {
            return zero3;
        }
        int d = n / t;
        Layout tp = exactly(new Parallelism(t, 1, d, d > 1 ? 3 : 0, true), capacityBytes).orElse(null);
        return tp != null && tp.fits() ? tp : lower(zero3, tp);
    }

    private Layout inferenceAt(int m, int nodeSize, long capacityBytes) {
        int t = Math.max(1, tensorParallelFor(m, nodeSize));
        return exactly(new Parallelism(t, m / t, 1, 0, false), capacityBytes).orElse(null);
    }

    /** Largest power of two up to the node size that divides both the GPU count and the attention heads. */
    private int tensorParallelFor(int n, int nodeSize) {
        int t = 1;
        while (t * 2 <= Math.min(n, nodeSize) && n % (t * 2) == 0 && model.heads() % (t * 2) == 0) {
            t *= 2;
        }
        return t;
    }

    private static Layout lower(Layout a, Layout b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return b.peakBytes() < a.peakBytes() ? b : a;
    }

    /**
     * Smallest k in [lo, hi] with {@code test(k)}, for a test that stays true once true: {@code hi} first (when it
     * fails, nothing smaller passes), then doubling from {@code lo} and bisection; -1 when none.
     */
    static int smallest(int lo, int hi, IntPredicate test) {
        if (lo > hi || !test.test(hi)) {
            return -1;
        }
        int below = lo - 1;
        int k = lo;
        while (!test.test(k)) {
            if (k == hi) {
                return -1;
            }
            below = k;
            k = (int) Math.min(hi, 2L * k);
        }
        int found = k;
        int low = below + 1;
        int high = found - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (test.test(mid)) {
                found = mid;
                high = mid - 1;
            } else {
                low = mid + 1;
            }
        }
        return found;
    }
}
