package com.vramadvisor.engine;

/**
 * How the job is spread over GPUs.
 *
 * @param tensorParallel    Megatron tensor-parallel group size t (Shoeybi et al. 2019)
 * @param pipelineParallel  pipeline stages p (1F1B schedule, Narayanan et al. 2021)
 * @param dataParallel      data-parallel replicas d; ZeRO shards over this group
 * @param zeroStage         ZeRO stage 0-3 (Rajbhandari et al. 2020): 1 shards optimizer states, 2 also gradients,
 *                          3 also parameters
 * @param sequenceParallel  Megatron sequence parallelism over the tensor-parallel group (Korthikanti et al. 2022)
 */
public record Parallelism(int tensorParallel, int pipelineParallel, int dataParallel, int zeroStage,
                          boolean sequenceParallel) {

    public static final Parallelism SINGLE_GPU = new Parallelism(1, 1, 1, 0, false);

    public Parallelism {
        if (tensorParallel < 1 || pipelineParallel < 1 || dataParallel < 1) {
            throw new IllegalArgumentException("tensor, pipeline and data parallel sizes must be at least 1");
        }
        if (zeroStage < 0 || zeroStage > 3) {
            throw new IllegalArgumentException("ZeRO stage must be 0, 1, 2 or 3, got " + zeroStage);
        }
    }

    /** GPUs the job occupies, {@code t * p * d}. */
    public long gpus() {
        return (long) tensorParallel * pipelineParallel * dataParallel;
    }
}
