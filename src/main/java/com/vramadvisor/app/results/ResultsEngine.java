package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import com.vramadvisor.engine.serving.ConcurrencyLimits;
import com.vramadvisor.engine.serving.ServingTargets;

/**
 * What the result views ask of the engine and the catalog. The application passes one backed by the real estimator,
 * inverse solver, recommender and catalog; view-model tests pass small fakes so they check the view-model's own
 * behaviour.
 */
public interface ResultsEngine {

    /** Per-GPU memory of one workload. Throws {@link IllegalArgumentException} for an impossible combination. */
    Estimate estimate(ModelSpec model, Workload workload);

    /**
     * The largest value of {@code axis} (micro-batch, sequence length or context) for which the workload's peak fits
     * in {@code budgetBytes} per GPU, all other inputs unchanged; 0 when not even 1 fits.
     */
    int largestFitting(ModelSpec model, Workload workload, SweepAxis axis, long budgetBytes);

    /** The catalog's GPUs. */
    List<GpuSpec> gpus();

    /**
     * The catalog ranked for this workload with {@code options}: every option with fit, layout, speed, time and cost
     * for the options' token budget and deadline, laid out on at most {@link RankingOptions#maxGpus()} GPUs, in the
     * options' order (fitting rows first, then by the sort key). May be called from a worker thread.
     */
    Recommendation recommend(ModelSpec model, Workload workload, RankingOptions options);

    /**
     * Serving on {@code gpu} at the workload's own layout, for the sweep over concurrency: what the KV cache holds
     * and how many sequences meet the latency targets; empty where this engine does not model serving.
     */
    default Optional<ConcurrencyLimits> concurrencyLimits(ModelSpec model, Workload workload, GpuSpec gpu,
                                                          long budgetBytes, ServingTargets targets) {
        return Optional.empty();
    }

    /** The time per output token of {@code workload} on {@code gpu}, milliseconds; empty when unknown. */
    default OptionalDouble tpotMs(ModelSpec model, Workload workload, GpuSpec gpu) {
        return OptionalDouble.empty();
    }
}
