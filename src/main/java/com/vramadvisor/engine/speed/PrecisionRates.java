package com.vramadvisor.engine.speed;

import com.vramadvisor.engine.hardware.GpuSpec;

import java.util.Locale;

/**
 * Which 16-bit rates a GPU has. The catalog's {@code fp16Tflops} is the dense FP16 tensor rate; BF16 runs at the same
 * rate on every GPU that has it (NVIDIA Ampere and later, AMD CDNA 2 and later and RDNA 3, Intel Gaudi and Xe, Apple
 * M2 and later), and not at all on NVIDIA Volta and Turing: the V100 and T4 tensor cores take FP16 only (NVIDIA
 * Tesla V100 and Turing architecture whitepapers; BF16 arrived with the A100, NVIDIA A100 Tensor Core GPU
 * architecture whitepaper, 2020). Frameworks refuse or recast BF16 there: vLLM stops with "Bfloat16 is only supported
 * on GPUs with compute capability of at least 8.0" and its {@code dtype=auto} loads a BF16 checkpoint as FP16
 * ({@code _check_if_gpu_supports_dtype}, {@code vllm/worker/worker.py}); Transformers' Trainer refuses {@code --bf16}
 * ("Your setup doesn't support bf16/gpu", {@code training_args.py}). The speed models therefore time BF16 work on such
 * a GPU at its FP16 rate and say so (a precision fallback), as a user would run it.
 *
 * <p>Until the catalog gives a separate {@code bf16Tflops} for every GPU, the one documented rule here decides: an
 * NVIDIA GPU launched before 2020 (Volta, Turing) has no BF16; every other GPU with an FP16 rate has BF16 at that
 * rate.
 */
public final class PrecisionRates {

    /** The first year an NVIDIA GPU with BF16 tensor cores launched (A100, May 2020). */
    static final int NVIDIA_FIRST_BF16_YEAR = 2020;

    private PrecisionRates() {
    }

    /** Whether the GPU computes in BF16 in hardware (see the class comment). */
    public static boolean hasBf16(GpuSpec gpu) {
        String vendor = gpu.vendor() == null ? "" : gpu.vendor().toLowerCase(Locale.ROOT);
        if (vendor.contains("nvidia") && gpu.launchYear() > 0 && gpu.launchYear() < NVIDIA_FIRST_BF16_YEAR) {
            return false;
        }
        return gpu.fp16Tflops() > 0;
    }

    /** The dense BF16 tensor rate, TFLOPS; 0 when the GPU has no BF16. */
    public static double bf16Tflops(GpuSpec gpu) {
        return hasBf16(gpu) ? gpu.fp16Tflops() : 0;
    }
}
