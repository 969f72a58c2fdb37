package com.vramadvisor.engine.speed;

/**
 * The classes of kernel whose achieved share of the hardware's peak differs enough to be fitted apart
 * ({@code catalog/efficiency.json}). Compute classes are a fraction of the GPU's dense peak for the precision
 * ({@link PrecisionRates}); bandwidth classes a fraction of its peak memory bandwidth; {@link #COLLECTIVE} a fraction
 * of the link's peak.
 */
public enum KernelClass {
    /** Large matrix multiplications and convolutions in 16 or 32 bits: training, prefill, image models. Compute. */
    GEMM("gemm", false),
    /**
     * Large matrix multiplications in 8 or 4 bits (FP8, NVFP4, MXFP4) at the GPU's FP8 or FP4 rate, whose kernels reach
     * a share of that doubled or quadrupled peak of their own (scaling, casts and the fixed-size tiles the narrow
     * operands need). Compute.
     */
    GEMM_LOW_PRECISION("gemmLowPrecision", false),
    /**
     * Small-M matrix multiplications and matrix-vector products of decode, which stream the weights once per step:
     * the share of peak bandwidth the weight read reaches.
     */
    DECODE_GEMV("decodeGemv", true),
    /** Attention over a prompt or a training sequence (FlashAttention and kin). Compute. */
    ATTENTION_PREFILL("attentionPrefill", false),
    /** Attention of decode over the KV cache (paged attention): the share of peak bandwidth the KV read reaches. */
    ATTENTION_DECODE("attentionDecode", true),
    /** Mixture-of-experts grouped matrix multiplications. Compute. */
    MOE_GEMM("moeGemm", false),
    /**
     * Decode's read of the routed experts' weights (the experts a step's tokens touch, {@link MoeWork}): fused or
     * grouped expert kernels (vLLM's and SGLang's {@code fused_moe}, TensorRT-LLM's MoE plugin) read each touched
     * expert for the few tokens routed to it, in tiles of their own, which reach a share of peak bandwidth apart from
     * a dense layer's matrix-vector products ({@link #DECODE_GEMV}). Bandwidth.
     */
    MOE_DECODE("moeDecode", true),
    /** All-reduce, all-gather, reduce-scatter, all-to-all and sends between GPUs: the share of the link's peak. */
    COLLECTIVE("collective", false),
    /** Element-wise and streaming kernels (norms, activations, optimizer updates, batch norm). Bandwidth. */
    ELEMENTWISE("elementwise", true);

    private final String id;
    private final boolean bandwidth;

    KernelClass(String id, boolean bandwidth) {
        this.id = id;
        this.bandwidth = bandwidth;
    }

    /** The name {@code catalog/efficiency.json} uses. */
    public String id() {
        return id;
    }

    /** Whether the efficiency is a share of the memory bandwidth (else of a compute or link peak). */
    public boolean bandwidth() {
        return bandwidth;
    }
}
