package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.speed.MoeWork;

/**
 * FLOPs per token for training, prefill and decode, peak rates by precision, and the share of the weights a decode
 * step reads; {@link StepTimeModel} builds the training step and the communication on them, the serving latency model
 * the decode step. Pure functions; units
 * are in the method names or documented.
 *
 * <p>Sources: Kaplan et al. 2020 ("Scaling Laws for Neural Language Models", section 2.1: {@code 2N} forward FLOPs
 * per token, {@code 6N} for training); Hoffmann et al. 2022 (Chinchilla, {@code C = 6ND}); Chowdhery et al. 2022
 * (PaLM, appendix B: model FLOPs utilisation with {@code 6N + 12 L H Q T} FLOPs per token including attention);
 * Narayanan et al. 2021 ("Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
 * section 5.1: full activation recomputation adds one forward pass, {@code 96 B s l h^2} instead of {@code 72});
 * Korthikanti et al. 2022 (selective recomputation
 * recomputes only the attention core).
 */
public final class SpeedModel {

    private SpeedModel() {
    }

    /**
     * A peak dense tensor rate and whether it had to fall back to a slower precision's rate.
     *
     * @param tflops   10^12 floating-point operations per second; 0 when the hardware list gives none
     * @param fallback whether the workload's precision has no rate of its own on this GPU
     */
    public record PeakRate(double tflops, boolean fallback) {
    }

    /**
     * The peak rate training runs at: FP32 without tensor cores for {@code fp32}, TF32 tensor for {@code tf32},
     * FP16/BF16 tensor for the 16-bit and mixed modes, FP8 tensor for {@code fp8-mixed}. Missing rates fall back
     * to the next slower precision (FP8 to FP16, FP16 and TF32 to FP32). BF16 on a GPU without BF16 arithmetic
     * ({@link GpuSpec#lacksBf16Arithmetic}: V100, T4) has no tensor rate at all: PyTorch runs it emulated, without
     * tensor cores, so it is timed at the FP32 rate and marked as a fallback.
     */
    public static PeakRate trainingPeak(GpuSpec gpu, Precision precision) {
        switch (precision) {
            case FP32:
                return new PeakRate(gpu.fp32Tflops(), false);
            case TF32:
                return firstNonZero(gpu.tf32Tflops(), gpu.fp32Tflops());
            case FP8_MIXED:
                return firstNonZero(gpu.fp8Tflops(), gpu.fp16Tflops(), gpu.fp32Tflops());
            case BF16:
            case BF16_MIXED:
                return bf16Peak(gpu);
            default:
                return firstNonZero(gpu.fp16Tflops(), gpu.fp32Tflops());
        }
    }

    /**
     * The rate BF16 arithmetic runs at: the FP16 tensor rate (BF16 runs at it on every GPU that has BF16), or on a GPU
     * without BF16 arithmetic ({@link GpuSpec#lacksBf16Arithmetic}) the FP32 rate PyTorch's emulation reaches without
     * tensor cores, marked as a fallback. The one rule for language-model training and the other kinds' steps.
     */
    public static PeakRate bf16Peak(GpuSpec gpu) {
        return gpu.lacksBf16Arithmetic() ? new PeakRate(gpu.fp32Tflops(), true)
                : firstNonZero(gpu.fp16Tflops(), gpu.fp32Tflops());
    }

    /**
     * The peak rate prefill runs at for weights stored as {@code weights}: FP8 tensor for FP8 weights, FP4 tensor for
     * NVFP4 and MXFP4 weights where the GPU has it (FP8, then FP16 otherwise), FP32 for FP32/TF32, and FP16/BF16
     * tensor otherwise, because weight-only formats (INT8 per-channel, INT4, NF4, GGUF) are dequantised to 16 bits for
     * the matrix multiplications. BF16 weights on a GPU without BF16 arithmetic ({@link GpuSpec#lacksBf16Arithmetic})
     * are loaded as FP16, as vLLM does when the checkpoint's type is not among the GPU's ({@code _resolve_auto_dtype}:
     * "Falling back to float16 for compatibility"): the FP16 rate, marked as a fallback.
     */
    public static PeakRate inferencePeak(GpuSpec gpu, DataType weights) {
        return inferencePeak(gpu, weights, false);
    }

    /**
     * {@link #inferencePeak(GpuSpec, DataType)} for an engine that multiplies in 16 bits with FP16 accumulation
     * where {@code fp16Accumulate} is true: llama.cpp's CUDA back-end calls cuBLAS with {@code CUBLAS_COMPUTE_16F}
     * for FP16 weights and for quantised weights it dequantises to FP16 ({@code ggml_cuda_op_mul_mat_cublas},
     * {@code ggml/src/ggml-cuda/ggml-cuda.cu}), which a GeForce card runs at twice its FP32-accumulate rate
     * ({@link GpuSpec#fp16AccumulateTflops}). Other weight types keep their rate.
     */
    public static PeakRate inferencePeak(GpuSpec gpu, DataType weights, boolean fp16Accumulate) {
        switch (weights) {
            case FP32:
                return new PeakRate(gpu.fp32Tflops(), false);
            case TF32:
                return firstNonZero(gpu.tf32Tflops(), gpu.fp32Tflops());
            case FP8:
                return firstNonZero(gpu.fp8Tflops(), gpu.fp16Tflops(), gpu.fp32Tflops());
            case NVFP4:
            case MXFP4:
                // Blackwell's NVFP4 and CDNA 4's MXFP4 tensor cores multiply 4-bit operands; elsewhere the engines
                // run these weights through FP8 or 16-bit kernels.
                return firstNonZero(gpu.fp4Tflops(), gpu.fp8Tflops(), gpu.fp16Tflops(), gpu.fp32Tflops());
            case BF16:
                PeakRate asFp16 = firstNonZero(gpu.fp16Tflops(), gpu.fp32Tflops());
                return gpu.lacksBf16Arithmetic() ? new PeakRate(asFp16.tflops(), true) : asFp16;
            default:
                return firstNonZero(fp16Accumulate ? gpu.fp16AccumulateTflops() : gpu.fp16Tflops(), gpu.fp32Tflops());
        }
    }

    /**
     * Whether inference with {@code weights} multiplies at the GPU's FP8 or FP4 rate (FP8, NVFP4 or MXFP4 weights on a
     * GPU with that rate, {@link #inferencePeak}), whose matrix multiplications reach their own share of peak
     * ({@link com.vramadvisor.engine.speed.KernelClass#GEMM_LOW_PRECISION}).
     */
    public static boolean lowPrecisionGemm(GpuSpec gpu, DataType weights) {
        return (weights == DataType.FP8 || weights == DataType.NVFP4 || weights == DataType.MXFP4)
                && (gpu.fp8Tflops() > 0 || gpu.fp4Tflops() > 0);
    }

    private static PeakRate firstNonZero(double... rates) {
        for (int i = 0; i < rates.length; i++) {
            if (rates[i] > 0) {
                return new PeakRate(rates[i], i > 0);
            }
        }
        return new PeakRate(0, true);
    }

    /**
     * Attention score and value FLOPs of one forward pass per token, {@code 4 * L * H * Q * T} (PaLM appendix B
     * counts {@code 12 L H Q T} for forward plus backward): {@code Q K^T} and {@code A V} each take
     * {@code 2 * T * H * Q} FLOPs per token and layer. Counted without the causal mask's saving, as PaLM does.
     */
    public static double attentionForwardFlopsPerToken(ModelSpec model, long tokensAttended) {
        return 4.0 * model.layers() * model.queryWidth() * tokensAttended;
    }

    /**
     * FLOPs the hardware executes per training token.
     * <ul>
     *   <li>Full training: {@code 6N + 12 L H Q s}: forward {@code 2N}, backward {@code 4N} (Kaplan et al. 2020;
     *       PaLM appendix B).</li>
     *   <li>LoRA and QLoRA: the frozen base runs forward ({@code 2N}) and backward for activation gradients only
     *       ({@code 2N}), the adapters train fully ({@code 6 N_a}): {@code 4N + 6 N_a + 8 L H Q s}.</li>
     *   <li>Full recomputation repeats the forward pass: {@code +2N (+2 N_a) + 4 L H Q s}, i.e. {@code 8N} for full
     *       training (Narayanan et al. 2021). Selective recomputation repeats the attention core only:
     *       {@code +4 L H Q s} (Korthikanti et al. 2022).</li>
     * </ul>
     * {@code N} is the parameters a token passes through (active parameters for mixture-of-experts).
     *
     * @param activeParameters    N
     * @param trainableParameters N_a, the adapter parameters for LoRA/QLoRA (ignored for full training)
     */
    public static double trainingFlopsPerToken(long activeParameters, long trainableParameters, ModelSpec model,
                                               Workload workload) {
        return trainingFlopsPerToken(activeParameters, trainableParameters, model, workload.mode(),
                workload.sequenceLength(), workload.recompute());
    }

    /** {@link #trainingFlopsPerToken(long, long, ModelSpec, Workload)} with the mode, sequence and recomputation. */
    public static double trainingFlopsPerToken(long activeParameters, long trainableParameters, ModelSpec model,
                                               Mode mode, int sequenceLength, Recompute recompute) {
        double n = activeParameters;
        double attention = attentionForwardFlopsPerToken(model, sequenceLength);
        boolean adapters = mode == Mode.LORA || mode == Mode.QLORA;
        double na = adapters ? trainableParameters : 0;
        double flops = adapters ? 4 * n + 6 * na + 2 * attention : 6 * n + 3 * attention;
        if (recompute == Recompute.FULL) {
            flops += 2 * n + 2 * na + attention;
        } else if (recompute == Recompute.SELECTIVE) {
            flops += attention;
        }
        return flops;
    }

    /** FLOPs per prompt token in prefill: {@code 2N + 4 L H Q s} (one forward pass over a prompt of s tokens). */
    public static double prefillFlopsPerToken(long activeParameters, ModelSpec model, int promptTokens) {
        return 2.0 * activeParameters + attentionForwardFlopsPerToken(model, promptTokens);
    }

    /** FLOPs per generated token: {@code 2N + 4 L H Q c}, attending over {@code c} cached tokens. */
    public static double decodeFlopsPerToken(long activeParameters, ModelSpec model, double cachedTokens) {
        return 2.0 * activeParameters + 4.0 * model.layers() * model.queryWidth() * cachedTokens;
    }

    /**
     * Fraction of all weight bytes one decode step reads. Dense models read every weight once per step. A
     * mixture-of-experts layer reads only the experts its tokens visit: with {@code B} tokens each choosing
     * {@code k} of {@code E} experts uniformly at random, the expected number of distinct experts is
     * {@code E (1 - (1 - k/E)^B)} ({@link MoeWork#distinctExperts}), which is {@code k} for one token and approaches
     * {@code E} for large batches.
     * The parameters of one expert over all layers are {@code (total - active) / (E - k)}.
     */
    public static double weightReadFraction(long totalParameters, long activeParameters, MoeSpec moe, int batch) {
        if (moe == null || totalParameters <= 0 || moe.experts() <= moe.expertsPerToken()) {
            return 1.0;
        }
        double k = moe.expertsPerToken();
        double perExpert = (double) (totalParameters - activeParameters) / (moe.experts() - k);
        double distinct = MoeWork.distinctExperts(moe.experts(), moe.expertsPerToken(), batch);
        double read = activeParameters - k * perExpert + distinct * perExpert;
        return Math.min(1.0, read / totalParameters);
    }

    /**
     * Fraction of all weight bytes one decode step reads as routed experts' weights: the distinct experts its
     * {@code batch} tokens touch ({@link #weightReadFraction}) times one expert's parameters over all layers, over
     * all parameters; 0 for a dense model. The rest of {@link #weightReadFraction} is the weights every token passes
     * through.
     */
    public static double expertReadFraction(long totalParameters, long activeParameters, MoeSpec moe, int batch) {
        if (moe == null || totalParameters <= 0 || moe.experts() <= moe.expertsPerToken()) {
            return 0;
        }
        double k = moe.expertsPerToken();
        double perExpert = (double) (totalParameters - activeParameters) / (moe.experts() - k);
        double distinct = MoeWork.distinctExperts(moe.experts(), moe.expertsPerToken(), batch);
        return Math.min(weightReadFraction(totalParameters, activeParameters, moe, batch),
                distinct * perExpert / totalParameters);
    }

    /**
     * Mean share of the full KV cache read per decode step while a sequence grows from its prompt of {@code s}
     * tokens to its context of {@code c} tokens: {@code (s + c) / (2c)}; 1 when nothing is generated.
     */
    public static double meanKvFraction(int promptTokens, int contextTokens) {
        if (contextTokens <= promptTokens) {
            return 1.0;
        }
        return (promptTokens + (double) contextTokens) / (2.0 * contextTokens);
    }
}
