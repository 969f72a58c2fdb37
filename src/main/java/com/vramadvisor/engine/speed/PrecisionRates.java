package com.vramadvisor.engine.speed;

import com.vramadvisor.engine.hardware.GpuSpec;

/**
 * Which 16-bit rates a GPU has, for reading published measurements. The catalog's {@code fp16Tflops} is the dense FP16
 * tensor rate; BF16 runs at the same rate on every GPU that has it (NVIDIA Ampere and later, AMD CDNA 2 and later and
 * RDNA 3, Intel Gaudi and Xe, Apple M2 and later), and not at all on NVIDIA GPUs below compute capability 8.0
 * ({@link GpuSpec#lacksBf16Arithmetic}: V100, T4), whose tensor cores take FP16 only (NVIDIA Tesla V100 and Turing
 * architecture whitepapers; BF16 arrived with the A100). Frameworks refuse or recast BF16 there: vLLM's
 * {@code dtype=auto} loads a BF16 checkpoint as FP16, and Transformers' Trainer has refused {@code --bf16} ("Your
 * setup doesn't support bf16/gpu", {@code training_args.py}). So a measurement its source labels BF16 on such a GPU
 * ran in FP16, and the corpus evaluator reads it so. (The decision table times a user's BF16 choice there as
 * {@link com.vramadvisor.engine.plan.SpeedModel} says: served as FP16, trained at the FP32 rate, both marked.)
 */
public final class PrecisionRates {

    private PrecisionRates() {
    }

    /** Whether the GPU computes in BF16 in hardware (see the class comment). */
    public static boolean hasBf16(GpuSpec gpu) {
        return !gpu.lacksBf16Arithmetic() && gpu.fp16Tflops() > 0;
    }
}
