package com.vramadvisor.engine.llm;

/**
 * Training numerics. Pure modes ({@code FP32}, {@code TF32}, {@code FP16}, {@code BF16}) keep weights, gradients
 * and optimizer states in that type. Mixed modes (Micikevicius et al. 2018) compute in 16 bits (or fp8) over fp32
 * weights: under {@link Implementation#MEGATRON} 16-bit working weights and gradients plus an fp32 master copy, under
 * {@link Implementation#PYTORCH} fp32 parameters and gradients that autocast casts per matmul; optimizer states are
 * fp32 in both, and the residual stream stays in fp32.
 */
public enum Precision {
    FP32("fp32", DataType.FP32, false),
    TF32("tf32", DataType.FP32, false),
    FP16("fp16", DataType.FP16, false),
    BF16("bf16", DataType.BF16, false),
    FP16_MIXED("fp16-mixed", DataType.FP16, true),
    BF16_MIXED("bf16-mixed", DataType.BF16, true),
    FP8_MIXED("fp8-mixed", DataType.FP8, true);

    private final String id;
    private final DataType compute;
    private final boolean mixed;

    Precision(String id, DataType compute, boolean mixed) {
        this.id = id;
        this.compute = compute;
        this.mixed = mixed;
    }

    public String id() {
        return id;
    }

    /** Type of the working weights and of most saved activations. */
    public DataType compute() {
        return compute;
    }

    /** Whether this is a mixed mode: 16-bit (or fp8) compute over fp32 weights (a master copy or the parameters). */
    public boolean mixed() {
        return mixed;
    }

    public static Precision parse(String text) {
        for (Precision p : values()) {
            if (p.id.equalsIgnoreCase(text.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown precision '" + text
                + "' (expected fp32, tf32, fp16, bf16, fp16-mixed, bf16-mixed or fp8-mixed)");
    }
}
