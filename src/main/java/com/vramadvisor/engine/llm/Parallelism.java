package com.vramadvisor.engine.llm;

/**
 * How the job is spread over GPUs.
 *
 * <p>Expert and context parallelism follow Megatron-Core ({@code megatron/core/parallel_state.py},
 * {@code initialize_model_parallel}; Megatron-Core docs "Mixture of Experts" and "Context parallelism"). The job
 * occupies {@code t * p * cp * d} GPUs. Context parallelism splits every sequence into {@code cp} parts (Megatron
 * cuts it into {@code 2 cp} chunks and gives rank {@code i} chunks {@code i} and {@code 2cp-1-i} to balance the
 * causal mask), so the sequence length must divide by {@code 2 cp}. Expert parallelism is carved out of the
 * data- and context-parallel ranks: Megatron-Core requires {@code ep * etp * pp} to divide the world size
 * ({@code t * p * cp * d}); with the expert tensor-parallel size {@code etp} equal to {@code t} (its default) that
 * is {@code ep} dividing {@code d * cp}. Each expert-parallel rank holds {@code E / ep} routed experts, so {@code ep}
 * must divide the routed experts ({@code num_moe_experts % expert_model_parallel_size == 0} in Megatron's
 * {@code MoELayer}); that model-dependent rule is checked in {@link MemoryEstimator}.
 *
 * @param tensorParallel    Megatron tensor-parallel group size t (Shoeybi et al. 2019)
 * @param pipelineParallel  pipeline stages p (1F1B schedule, Narayanan et al. 2021)
 * @param dataParallel      data-parallel replicas d; ZeRO shards over this group (times {@code cp}: context-parallel
 *                          ranks hold the same parameters, and Megatron's distributed optimizer shards over the
 *                          data x context group)
 * @param zeroStage         ZeRO stage 0-3 (Rajbhandari et al. 2020): 1 shards optimizer states, 2 also gradients,
 *                          3 also parameters
 * @param sequenceParallel  Megatron sequence parallelism over the tensor-parallel group (Korthikanti et al. 2022)
 * @param expertParallel    expert-parallel size ep: routed experts sharded over ep GPUs, tokens exchanged all-to-all
 * @param contextParallel   context-parallel size cp: each GPU holds {@code s / cp} tokens of every sequence, K/V
 *                          passed around a ring (Liu et al. 2023, "Ring Attention with Blockwise Transformers")
 */
public record Parallelism(int tensorParallel, int pipelineParallel, int dataParallel, int zeroStage,
                          boolean sequenceParallel, int expertParallel, int contextParallel) {

    public static final Parallelism SINGLE_GPU = new Parallelism(1, 1, 1, 0, false);

    /**
     * Most GPUs one layout may occupy, and the largest GPU limit a ranking takes: 2^20 (1,048,576), several times the
     * largest clusters built, so that no count of GPUs, doubled or multiplied by another parallel size, leaves the
     * range of an {@code int}, and no search over counts runs long.
     */
    public static final int MAX_GPUS = 1 << 20;

    public Parallelism {
        if (tensorParallel < 1 || pipelineParallel < 1 || dataParallel < 1) {
            throw new IllegalArgumentException("tensor, pipeline and data parallel sizes must be at least 1");
        }
        if (zeroStage < 0 || zeroStage > 3) {
            throw new IllegalArgumentException("ZeRO stage must be 0, 1, 2 or 3, got " + zeroStage);
        }
        if (expertParallel < 1 || contextParallel < 1) {
            throw new IllegalArgumentException("expert and context parallel sizes must be at least 1");
        }
        long gpus = (long) tensorParallel * pipelineParallel * contextParallel * dataParallel;
        if (gpus > MAX_GPUS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "a layout may use at most %,d"
                    + " GPUs, got %d x %d x %d x %d (tensor x pipeline x context x data parallel)", MAX_GPUS,
                    tensorParallel, pipelineParallel, contextParallel, dataParallel));
        }
        if (expertParallel > MAX_GPUS) {
            throw new IllegalArgumentException("expert-parallel size must be at most " + MAX_GPUS + ", got "
                    + expertParallel);
        }
        if (((long) dataParallel * contextParallel) % expertParallel != 0) {
            throw new IllegalArgumentException("expert-parallel size " + expertParallel
                    + " must divide data x context parallel (" + (long) dataParallel * contextParallel
                    + "; Megatron-Core carves expert ranks out of them)");
        }
    }

    /** Without expert or context parallelism. */
    public Parallelism(int tensorParallel, int pipelineParallel, int dataParallel, int zeroStage,
                       boolean sequenceParallel) {
        this(tensorParallel, pipelineParallel, dataParallel, zeroStage, sequenceParallel, 1, 1);
    }

    /** GPUs the job occupies, {@code t * p * cp * d}. */
    public long gpus() {
        return (long) tensorParallel * pipelineParallel * contextParallel * dataParallel;
    }

    /** The group ZeRO shards dense parameters' states over: data x context parallel ranks. */
    public int shardGroup() {
        return dataParallel * contextParallel;
    }

    /** The group ZeRO shards routed experts' states over (Megatron's expert-data-parallel group). */
    public int expertShardGroup() {
        return dataParallel * contextParallel / expertParallel;
    }

    /** A copy with expert-parallel size {@code ep} and context-parallel size {@code cp}. */
    public Parallelism withExpertContext(int ep, int cp) {
        return new Parallelism(tensorParallel, pipelineParallel, dataParallel, zeroStage, sequenceParallel, ep, cp);
    }
}
