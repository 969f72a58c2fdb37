package com.vramadvisor.engine.advice;

/**
 * The single changes {@link FitAdvisor} tries, each applied alone to the current workload. Training levers apply to
 * full training, LoRA and QLoRA; inference levers only to inference; {@link #TENSOR_PARALLEL_X2} to both.
 */
public enum LeverKind {
    /** Recompute the attention core in backward (Korthikanti et al. 2022, section 4.3). */
    SELECTIVE_RECOMPUTE("selective-recompute", false),
    /** Keep only each block's input and recompute the block in backward (Chen et al. 2016). */
    FULL_RECOMPUTE("full-recompute", false),
    /** FlashAttention / PyTorch SDPA instead of eager attention (Dao et al. 2022). */
    FLASH_ATTENTION("flash-attention", false),
    /** Half the micro-batch, twice the gradient accumulation: the same tokens per optimizer step. */
    HALVE_MICRO_BATCH("halve-micro-batch", false),
    /** 8-bit AdamW (Dettmers et al. 2022) instead of Adam or AdamW. */
    ADAMW_8BIT("adamw-8bit", false),
    /** The next ZeRO stage over the current data-parallel group (Rajbhandari et al. 2020). */
    NEXT_ZERO_STAGE("next-zero-stage", false),
    /** ZeRO-3 over the smallest data-parallel group that fits (more GPUs). */
    ZERO3_DATA_PARALLEL("zero3-data-parallel", false),
    /**
     * Two changes together, offered only when neither fits alone: full activation recomputation and ZeRO-3 over the
     * smallest data-parallel group that then fits. Sharding divides the model states by the group size but not the
     * activations, which full recomputation shrinks to one block input per layer; the two are the usual pairing
     * (DeepSpeed's ZeRO-3 with activation checkpointing).
     */
    ZERO3_FULL_RECOMPUTE("zero3-full-recompute", false),
    /**
     * Twice the Megatron tensor-parallel size (Shoeybi et al. 2019); for inference, vLLM's
     * {@code tensor_parallel_size}: the weights and the KV heads split over the GPUs. Applies to every mode.
     */
    TENSOR_PARALLEL_X2("tensor-parallel-x2", false),
    /** bf16 mixed precision instead of fp32 or tf32 (Micikevicius et al. 2018). */
    BF16_MIXED("bf16-mixed", false),
    /**
     * DeepSpeed ZeRO-Offload (Ren et al. 2021): the fp32 master weights, gradients and optimizer states in host memory
     * and the optimizer step on the CPU, over ZeRO-2 (or the current stage when higher).
     */
    ZERO_OFFLOAD("zero-offload", false),
    /** DeepSpeed ZeRO-Infinity (Rajbhandari et al. 2021): ZeRO-3 with parameters and optimizer states on NVMe. */
    ZERO_INFINITY("zero-infinity", false),
    /**
     * PyTorch FSDP's CPU offload ({@code CPUOffload(offload_params=True)}) with full sharding: parameters, gradients and
     * optimizer states in host memory, the optimizer step on the CPU.
     */
    FSDP_CPU_OFFLOAD("fsdp-cpu-offload", false),
    /** LoRA adapters of rank 16 on all linear layers instead of full training (Hu et al. 2021). */
    LORA("lora", false),
    /** QLoRA: an NF4 base with LoRA adapters (Dettmers et al. 2023). */
    QLORA("qlora", false),
    /** An fp8 KV cache. */
    KV_CACHE_FP8("kv-cache-fp8", true),
    /**
     * Twice the pipeline stages of a served model (vLLM's {@code pipeline_parallel_size}; llama.cpp's layer split):
     * the layers split over twice the GPUs, which run them one after another for each token.
     */
    PIPELINE_PARALLEL_X2("pipeline-parallel-x2", true),
    /** fp8 weights (FP8 tensor cores on Hopper, Ada and later). */
    WEIGHTS_FP8("weights-fp8", true),
    /** int8 weights. */
    WEIGHTS_INT8("weights-int8", true),
    /** int4 (GPTQ/AWQ-style, group 128) weights. */
    WEIGHTS_INT4("weights-int4", true),
    /** Half the concurrent sequences. */
    HALVE_SEQUENCES("halve-sequences", true),
    /** Half the context kept in the KV cache per sequence. */
    HALVE_CONTEXT("halve-context", true);

    private final String id;
    private final boolean inference;

    LeverKind(String id, boolean inference) {
        this.id = id;
        this.inference = inference;
    }

    /** Lowercase identifier as the command line and JSON output spell it. */
    public String id() {
        return id;
    }

    /** Whether the lever applies only to inference (otherwise to the training modes, or to every mode). */
    public boolean inference() {
        return inference;
    }

    /**
     * Whether the speed models capture this change, so that {@link Lever#speedRatio()} can be given: the step-time
     * model sees recomputation, ZeRO traffic, tensor parallelism, precision, LoRA's FLOPs and offload's transfers; the
     * decode model sees the weights and KV cache read per token and the layout's communication. Flash attention,
     * 8-bit optimizer states, a smaller micro-batch and QLoRA's dequantisation it does not see.
     */
    public boolean speedModelled() {
        return switch (this) {
            case FLASH_ATTENTION, HALVE_MICRO_BATCH, ADAMW_8BIT, QLORA -> false;
            default -> true;
        };
    }
}
