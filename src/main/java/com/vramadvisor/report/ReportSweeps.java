package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

import com.vramadvisor.engine.llm.InverseSolver;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.KvCapacity;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.Marker;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * The sweep charts of a report: peak memory per GPU at powers of two of the micro-batch (or concurrent sequences)
 * and of the sequence length (or, for inference, the context), with the workload's own value included. Each
 * capacity line carries the largest value that fits as the engine's {@link InverseSolver} finds it; the swept range
 * is widened so that value shows on the chart when it is not far out.
 */
final class ReportSweeps {

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();
    private static final long MAX_BATCH_SHOWN = 4096;
    private static final long MAX_LENGTH_SHOWN = 1L << 20;

    private final ReportText text;

    ReportSweeps(ReportText text) {
        this.text = text;
    }

    List<SweepChart> of(ModelSpec model, Workload workload, List<CapacityChoice.Choice> capacities) {
        boolean infer = workload.mode() == Mode.INFER;
        List<SweepChart> out = new ArrayList<>();
        List<Marker> markers = infer ? kvMarker(model, workload, capacities) : List.of();
        SweepChart batch = sweep("batch", text.get(infer ? "sweep.batch.infer.title" : "sweep.batch.train.title"),
                text.get(infer ? "input.batch.infer" : "input.batch.train"), workload.batch(), 1, 32,
                MAX_BATCH_SHOWN, capacities, v -> workload.toBuilder().batch(v).build(),
                c -> InverseSolver.maxBatch(model, workload, c), model,
                markers.isEmpty() ? 0 : (long) Math.ceil(markers.get(0).x()));
        out.add(new SweepChart(batch.id(), batch.title(), batch.axisLabel(), batch.xs(), batch.peakBytes(),
                batch.current(), batch.capacities(), markers));
        if (infer) {
            int prompt = workload.sequenceLength();
            out.add(sweep("context", text.get("sweep.context.title"), text.get("input.context"),
                    workload.effectiveContext(), 512, 8192, MAX_LENGTH_SHOWN, capacities,
                    v -> workload.toBuilder().context(v).sequenceLength(Math.min(prompt, v)).build(),
                    c -> InverseSolver.maxContext(model, workload, c), model, 0));
        } else {
            int context = workload.context();
            out.add(sweep("sequence", text.get("sweep.sequence.title"), text.get("input.sequence.train"),
                    workload.sequenceLength(), 512, 8192, MAX_LENGTH_SHOWN, capacities,
                    v -> workload.toBuilder().sequenceLength(v).context(context == 0 ? 0 : Math.max(context, v))
                            .build(),
                    c -> InverseSolver.maxSequenceLength(model, workload, c), model, 0));
        }
        return out;
    }

    private SweepChart sweep(String id, String title, String axis, int current, long low, long high, long cap,
                             List<CapacityChoice.Choice> capacities, IntFunction<Workload> at,
                             ToIntFunction<Long> largestFitting, ModelSpec model, long shown) {
        List<CapacityLine> lines = new ArrayList<>();
        long largest = Math.min(shown, cap);
        for (CapacityChoice.Choice c : capacities) {
            int fit = largestFitting.applyAsInt(c.capacityBytes());
            largest = Math.max(largest, fit);
            lines.add(new CapacityLine(c.gpu().name(), c.capacityBytes(), fit));
        }
        long from = Math.min(low, Long.highestOneBit(current));
        long to = Math.max(high, ceilPowerOfTwo(current) * 4);
        to = Math.min(Math.max(to, ceilPowerOfTwo(largest)), Math.max(cap, ceilPowerOfTwo(current)));
        TreeSet<Long> xs = new TreeSet<>();
        for (long x = from; x <= to && x <= Workload.MAX_TOKENS; x *= 2) {
            xs.add(x);
        }
        xs.add((long) current);
        List<Long> peaks = new ArrayList<>();
        for (long x : xs) {
            peaks.add(ESTIMATOR.estimate(model, at.apply((int) x)).peakBytes());
        }
        return new SweepChart(id, title, axis, List.copyOf(xs), peaks, current, lines);
    }

    /**
     * Serving: the sequences of the workload's context the first GPU's KV cache holds ({@link KvCapacity}, vLLM's
     * "maximum concurrency"), as a vertical line on the concurrency sweep; none without a GPU.
     */
    private List<Marker> kvMarker(ModelSpec model, Workload workload, List<CapacityChoice.Choice> capacities) {
        if (capacities.isEmpty()) {
            return List.of();
        }
        CapacityChoice.Choice c = capacities.get(0);
        double held = KvCapacity.of(model, workload, c.capacityBytes(), c.gpu().memoryBytesUsable(),
                c.gpu().memoryBytesTotal(), c.gpu().name()).maxConcurrency();
        if (!(held > 0)) {
            return List.of();
        }
        return List.of(new Marker(text.format("sweep.kvMarker", c.gpu().name(),
                text.number(Math.floor(held * 100) / 100, 2)), held));
    }

    private static long ceilPowerOfTwo(long v) {
        return v <= 1 ? 1 : Long.highestOneBit(v - 1) << 1;
    }
}
