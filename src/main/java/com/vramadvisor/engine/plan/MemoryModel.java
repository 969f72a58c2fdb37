package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;

/**
 * The per-GPU memory estimate the decision table ranks by: for a model and a workload (including its
 * {@link com.vramadvisor.engine.llm.Parallelism}), the bytes one GPU must hold. The production implementation is the
 * engine's memory estimator; tests may pass a simpler one to check ranking logic in isolation.
 */
@FunctionalInterface
public interface MemoryModel {

    /**
     * @throws IllegalArgumentException when the workload cannot be laid out this way (e.g. a tensor-parallel size
     *                                  that does not divide the attention heads)
     */
    Estimate estimate(ModelSpec model, Workload workload);

    /**
     * {@code estimate(model, workload).peakBytes()}; implementations may compute it without building the records.
     *
     * @throws IllegalArgumentException as {@link #estimate(ModelSpec, Workload)}
     */
    default long peakBytes(ModelSpec model, Workload workload) {
        return estimate(model, workload).peakBytes();
    }
}
