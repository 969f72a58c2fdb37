package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.plan.Bisection;
import com.vramadvisor.engine.plan.MemoryModel;
import com.vramadvisor.engine.serving.ServingEngine;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Finds inference layouts that fit a per-GPU capacity, for one model and workload (training layouts come from the
 * {@link com.vramadvisor.engine.plan.Planner}).
 *
 * <p>Per-GPU memory depends on the layout, not on the GPU model, so every estimate is computed once per layout and
 * shared by all GPUs, systems and cloud offers of one recommendation. With {@code m} GPUs per model copy the search
 * uses tensor parallelism {@code t} (the largest power of two up to the node size that divides {@code m} and the
 * attention heads) and pipeline stages {@code m / t} beyond the node, as vLLM and TensorRT-LLM serve models larger
 * than a node; the serving {@link Framework}'s rules bound it: llama.cpp and Hugging Face {@code generate} have no
 * tensor parallelism and split the layers over all {@code m} GPUs, and a count whose stages the framework cannot
 * split the layers into (TensorRT-LLM: equal stages only) has no layout. GPU counts tried: powers of two up to the node size, then multiples of the node size found by doubling
 * and bisection, which assumes per-GPU memory does not grow with the GPU count. Counts that cannot fit are skipped
 * without an estimate: weights and KV cache are at best divided evenly over the GPUs, so {@code n} GPUs need at
 * least that memory on one GPU divided by {@code n}.
 */
final class LayoutSearch {

    /**
     * A layout and its per-GPU peak.
     *
     * @param parallelism the layout of one model copy
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
    /** The serving framework whose rules bound the layouts. */
    private final Framework framework;
    private final Map<Parallelism, Optional<Estimate>> estimates = new HashMap<>();
    private final Map<Parallelism, Long> peaks = new HashMap<>();
    private long persistentBytes = -1;

    LayoutSearch(MemoryModel memory, ModelSpec model, Workload workload) {
        this.memory = memory;
        this.model = model;
        this.workload = workload;
        this.framework = ServingEngine.of(workload).framework();
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
     * Bytes one GPU holds in every phase without sharding: weights and KV cache.
     */
    private long persistentBytes() {
        if (persistentBytes < 0) {
            Estimate single = estimate(Parallelism.SINGLE_GPU).orElse(null);
            persistentBytes = single == null ? 0
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
        int nodeSize = Math.max(1, node);
        long atLeast = lowerBoundGpus(capacityBytes);
        Layout best = null;
        int within = Math.min(nodeSize, maxGpus);
        // The last count tried within the node is never skipped, so a count too small to fit still gives the row
        // its least-memory layout; for inference it is the largest power of two within a limit such as 6.
        int last = Integer.highestOneBit(within);
        for (int n = 1; n <= within; n *= 2) {
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
        int maxMultiple = Math.min(maxGpus / nodeSize, model.layers());
        if (maxMultiple < 2) {
            return best;
        }
        int from = (int) Math.max(2, Math.min(maxMultiple, (atLeast + nodeSize - 1) / nodeSize));
        int k = Bisection.smallest(from, maxMultiple, m -> {
            Layout l = at(m * nodeSize, nodeSize, capacityBytes);
            return l != null && l.fits();
        });
        if (k > 0) {
            return at(k * nodeSize, nodeSize, capacityBytes);
        }
        return lower(best, at(maxMultiple * nodeSize, nodeSize, capacityBytes));
    }

    /** The layout at exactly {@code m} GPUs per model copy. */
    private Layout at(int m, int nodeSize, long capacityBytes) {
        return inferenceAt(m, nodeSize, capacityBytes);
    }

    private Layout inferenceAt(int m, int nodeSize, long capacityBytes) {
        int t = framework.tensorParallel() ? Math.max(1, tensorParallelFor(m, nodeSize)) : 1;
        if (m / t > 1 && framework.stageLayers(model.layers(), m / t) == null) {
            return null;
        }
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
}
