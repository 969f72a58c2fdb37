package com.vramadvisor.engine.core;

import java.util.Optional;
import java.util.Set;

/**
 * A described workload of any non-language-model kind: it estimates itself, scales along one axis for the inverse
 * question, and says how it spreads over several GPUs. Implementations are immutable values.
 */
public interface Sizable {

    /** Per-GPU memory of the workload as described (on one GPU). */
    SizedEstimate estimate();

    /** The axis {@code fit} searches along. */
    SizingAxis axis();

    /** The workload's current value on {@link #axis()}. */
    long axisValue();

    /** The same workload with another value on its axis (clamped to the axis range). */
    Sizable withAxisValue(long value);

    /**
     * Per-GPU memory when the workload is spread over {@code gpus} GPUs the way its software spreads it (domain
     * decomposition for simulations and grids, a sharded batch for data-parallel training), or empty when one GPU
     * must hold it all whatever the count (a rendering scene: every GPU holds its own copy; NVLink does not pool
     * memory).
     *
     * @param gpus at least 1; {@code perGpu(1)} equals {@code Optional.of(estimate())}
     */
    default Optional<SizedEstimate> perGpu(int gpus) {
        return gpus == 1 ? Optional.of(estimate()) : Optional.empty();
    }

    /**
     * Whether more GPUs run independent copies of the whole workload, each holding all of it ({@link #perGpu} stays
     * empty beyond one GPU: memory does not spread), that together finish a job sooner: a diffusion pipeline
     * generating images on every GPU, or fine-tuned with a per-GPU batch. The decision table then times an option on
     * all the GPUs it buys and adds GPUs for the deadline as it does for a workload that spreads. False unless the
     * workload says otherwise.
     */
    default boolean copies() {
        return false;
    }

    /**
     * What the workload needs from double-precision arithmetic ({@link Fp64Need}); {@link Fp64Need#NONE} unless the
     * workload says otherwise.
     */
    default Fp64Need fp64Need() {
        return Fp64Need.NONE;
    }

    /**
     * Streamed work in which every stream runs its own renderer instance (a review with several viewers): the
     * instances; 1 for any other workload.
     */
    default int streams() {
        return 1;
    }

    /** One stream's workload when {@link #streams()} is above 1 (the scene with one viewer); this workload otherwise. */
    default Sizable oneStream() {
        return this;
    }

    /**
     * What the workload needs the GPU's software to offer ({@link GpuFeature}); none unless the workload says
     * otherwise.
     */
    default Set<GpuFeature> gpuFeatures() {
        return Set.of();
    }

    /**
     * What one step asks of each GPU when the workload runs on {@code gpus} GPUs (arithmetic, memory traffic, bytes
     * on the wire), or empty when the workload has no throughput model (a rendering scene's frames are not a
     * throughput job).
     *
     * @param gpus at least 1; a workload that does not spread answers for 1 only
     */
    default Optional<StepWork> work(int gpus) {
        return Optional.empty();
    }

    /** The job the decision table times when none is given: empty when the workload has no throughput model. */
    default Optional<JobSize> defaultJob() {
        return Optional.empty();
    }
}
