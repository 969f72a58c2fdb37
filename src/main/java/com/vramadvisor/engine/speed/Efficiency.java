package com.vramadvisor.engine.speed;

/**
 * The achieved share of peak of each kernel class, and the fixed costs, for one software stack and engine: what the
 * speed models divide work by. Resolved from the fitted data ({@link EfficiencyTable#resolve}); user overrides
 * ({@code --compute-efficiency}, {@code --bandwidth-efficiency}) replace whole groups ({@link #withCompute},
 * {@link #withBandwidth}).
 *
 * @param gemm             large matrix multiplications in 16 or 32 bits, share of the dense peak (0-1]
 * @param gemmLowPrecision large matrix multiplications in 8 or 4 bits, share of the FP8 or FP4 peak (0-1]
 * @param decodeGemv       decode's weight read, share of the peak memory bandwidth (0-1]
 * @param attentionPrefill attention of prompts and training sequences, share of the dense peak (0-1]
 * @param attentionDecode  decode's KV-cache read, share of the peak memory bandwidth (0-1]
 * @param moeGemm          mixture-of-experts grouped matrix multiplications, share of the dense peak (0-1]
 * @param moeDecode        decode's read of the routed experts' weights, share of the peak memory bandwidth (0-1]
 * @param collective       collectives and sends, share of the link's peak (0-1]
 * @param elementwise      element-wise and streaming kernels, share of the peak memory bandwidth (0-1]
 * @param passSeconds      fixed cost of one forward pass of a serving engine (scheduling, sampling, the host's
 *                         share of a step), seconds; 0 where none is fitted
 * @param layerSeconds     fixed cost per layer and pass (kernel launches), seconds; for image models the cost per
 *                         operator launch
 * @param decodeGraphs     whether the engine replays its decode steps as captured graphs (CUDA or HIP graphs),
 *                         which launch a step's kernels at once: a pure decode step then pays {@code passSeconds}
 *                         but not {@code layerSeconds} ({@link EngineProfile#capturesDecodeGraphs})
 */
public record Efficiency(double gemm, double gemmLowPrecision, double decodeGemv, double attentionPrefill,
                         double attentionDecode, double moeGemm, double moeDecode, double collective,
                         double elementwise, double passSeconds, double layerSeconds, boolean decodeGraphs) {

    /**
     * The values every speed model used before the corpus fit, and where a stack has no fitted data: 0.50 of the
     * dense peak for compute classes (Megatron-LM's 44-52 % of peak, Narayanan et al. 2021, table 1), 0.60 of the
     * peak bandwidth for bandwidth classes (TensorRT-LLM's Llama-2-7B batch-1 latencies on the NeMo Framework
     * performance page imply 52-57 %), 0.80 of a link's peak for collectives (nccl-tests bus bandwidth on DGX H100,
     * {@code Fabric#COLLECTIVE_EFFICIENCY}), no fixed costs; the routed experts' weights read as dense weights are.
     */
    public static final Efficiency UNFITTED = new Efficiency(0.50, 0.50, 0.60, 0.50, 0.60, 0.50, 0.60, 0.80, 0.60, 0,
            0, false);

    public Efficiency {
        for (double v : new double[] {gemm, gemmLowPrecision, decodeGemv, attentionPrefill, attentionDecode, moeGemm,
                moeDecode, collective, elementwise}) {
            if (!(v > 0 && v <= 1)) {
                throw new IllegalArgumentException("an efficiency is a share of peak above 0 and at most 1, got " + v);
            }
        }
        if (!(passSeconds >= 0) || !(layerSeconds >= 0) || Double.isInfinite(passSeconds)
                || Double.isInfinite(layerSeconds)) {
            throw new IllegalArgumentException("fixed costs must be finite and not negative");
        }
    }

    /** The share of peak of {@code kernel}. */
    public double of(KernelClass kernel) {
        return switch (kernel) {
            case GEMM -> gemm;
            case GEMM_LOW_PRECISION -> gemmLowPrecision;
            case DECODE_GEMV -> decodeGemv;
            case ATTENTION_PREFILL -> attentionPrefill;
            case ATTENTION_DECODE -> attentionDecode;
            case MOE_GEMM -> moeGemm;
            case MOE_DECODE -> moeDecode;
            case COLLECTIVE -> collective;
            case ELEMENTWISE -> elementwise;
        };
    }

    /** This with {@code kernel}'s share set to {@code value}. */
    public Efficiency with(KernelClass kernel, double value) {
        return new Efficiency(kernel == KernelClass.GEMM ? value : gemm,
                kernel == KernelClass.GEMM_LOW_PRECISION ? value : gemmLowPrecision,
                kernel == KernelClass.DECODE_GEMV ? value : decodeGemv,
                kernel == KernelClass.ATTENTION_PREFILL ? value : attentionPrefill,
                kernel == KernelClass.ATTENTION_DECODE ? value : attentionDecode,
                kernel == KernelClass.MOE_GEMM ? value : moeGemm,
                kernel == KernelClass.MOE_DECODE ? value : moeDecode,
                kernel == KernelClass.COLLECTIVE ? value : collective,
                kernel == KernelClass.ELEMENTWISE ? value : elementwise, passSeconds, layerSeconds, decodeGraphs);
    }

    /** This with the fixed costs set. */
    public Efficiency withFixedCosts(double pass, double layer) {
        return new Efficiency(gemm, gemmLowPrecision, decodeGemv, attentionPrefill, attentionDecode, moeGemm,
                moeDecode, collective, elementwise, pass, layer, decodeGraphs);
    }

    /**
     * These efficiencies for matrix multiplications in 8 or 4 bits: the dense share becomes
     * {@link #gemmLowPrecision}'s (the other classes keep theirs); this unchanged when {@code low} is false.
     */
    public Efficiency atLowPrecision(boolean low) {
        return low ? new Efficiency(gemmLowPrecision, gemmLowPrecision, decodeGemv, attentionPrefill, attentionDecode,
                moeGemm, moeDecode, collective, elementwise, passSeconds, layerSeconds, decodeGraphs) : this;
    }

    /**
     * A user's compute efficiency in place of the fitted ones: every compute class (matrix multiplications,
     * attention, expert matrix multiplications) at {@code share} of the dense peak.
     */
    public Efficiency withCompute(double share) {
        return new Efficiency(share, share, decodeGemv, share, attentionDecode, share, moeDecode, collective,
                elementwise, passSeconds, layerSeconds, decodeGraphs);
    }

    /** A user's bandwidth efficiency in place of the fitted ones: every bandwidth class at {@code share}. */
    public Efficiency withBandwidth(double share) {
        return new Efficiency(gemm, gemmLowPrecision, share, attentionPrefill, share, moeGemm, share, collective,
                share, passSeconds, layerSeconds, decodeGraphs);
    }

    /**
     * Seconds of communication that the link model ({@code Fabric}, which assumes its own 0.80 of peak) gives as
     * {@code fabricSeconds}, at this stack's collective share instead.
     */
    public double collectiveSeconds(double fabricSeconds) {
        return fabricSeconds * UNFITTED.collective / collective;
    }
}
