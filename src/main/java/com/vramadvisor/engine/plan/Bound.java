package com.vramadvisor.engine.plan;

/**
 * The term of the step-time model that takes the most time: what to improve first. JSON and CSV write
 * {@link #code()}.
 */
public enum Bound {
    /** Matrix multiplications and element-wise kernels on the GPUs. */
    COMPUTE("compute"),
    /** Reading weights and KV cache from GPU memory (inference decode). */
    MEMORY_BANDWIDTH("memory-bandwidth"),
    /** Tensor-parallel all-reduces over the GPU-to-GPU link. */
    TP_LINK("tp-link"),
    /** Data-parallel or ZeRO traffic, or pipeline sends, over the network between nodes. */
    NETWORK("network"),
    /** Data-parallel or ZeRO traffic over the GPU-to-GPU link or PCIe inside a node. */
    GPU_LINK("gpu-link"),
    /** Pipeline stages waiting for each other at the start and end of a step. */
    BUBBLE("bubble"),
    /** The host launching kernels and scheduling the step: small batches and small models. */
    HOST("host");

    private final String code;

    Bound(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
