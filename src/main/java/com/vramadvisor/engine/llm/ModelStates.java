package com.vramadvisor.engine.llm;

/**
 * Model states per GPU: working weights, fp32 master weights, gradients and optimizer states, in bytes, after ZeRO
 * sharding (Rajbhandari et al. 2020, "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
 * section 5 and Figure 1).
 *
 * <p>Per trainable parameter ({@code Psi} of them on this GPU before ZeRO), in the pure modes the same for both
 * {@link Implementation}s:
 * <ul>
 *   <li>working weights: the compute type ({@code 2} bytes for fp16/bf16, {@code 1} for fp8, {@code 4} for fp32);
 *       in the mixed modes under {@link Implementation#PYTORCH} the fp32 parameters autocast runs on ({@code 4});</li>
 *   <li>master weights: {@code 4} bytes in the mixed modes under {@link Implementation#MEGATRON} (Micikevicius et
 *       al. 2018); none in the pure modes and none under {@link Implementation#PYTORCH}, whose parameters are
 *       the fp32 copy;</li>
 *   <li>gradients: under {@link Implementation#MEGATRON} the working type in the mixed modes ({@code 2}; fp8
 *       training produces bf16 weight gradients), the weight type in the pure modes. This is the DeepSpeed/Megatron
 *       layout the ZeRO paper counts: {@code (2 + 2 + K) * Psi} with {@code K = 12} for mixed-precision Adam
 *       (master 4 + two moments 8). Under {@link Implementation#PYTORCH} the gradients have the parameters' type,
 *       fp32 in the mixed modes ({@code param.grad} matches {@code param}): 4 + 4 + 8 bytes, the same 16 bytes per
 *       parameter with Adam, but only the optimizer states shard under ZeRO-1. Megatron's optional fp32 gradient
 *       accumulation buffer ({@code --accumulate-allreduce-grads-in-fp32}) adds 2 bytes and is not modelled;</li>
 *   <li>optimizer states, in fp32 in the mixed modes and in the weight type in the pure modes (PyTorch creates
 *       them with {@code zeros_like(param)}): Adam/AdamW two moments; SGD none; SGD with momentum and Lion one
 *       buffer; 8-bit AdamW two 1-byte moments plus one fp32 absmax per 2048-element block each (bitsandbytes
 *       block-wise quantisation, Dettmers et al. 2022); Adafactor (default {@code beta1 = None}) a row and a column
 *       vector per matrix and a full second moment for vectors.</li>
 * </ul>
 * ZeRO stage 1 divides master weights and optimizer states by the data-parallel size {@code Nd}, stage 2 also the
 * gradients, stage 3 also the working weights (frozen ones included). The paper's example, {@code Psi = 7.5B},
 * {@code Nd = 64}, {@code K = 12}: 120 GB, 31.4 GB, 16.6 GB and 1.9 GB per device for stages 0 to 3.
 *
 * @param weightBytes          working (and frozen) weights
 * @param masterWeightBytes    fp32 master copy
 * @param gradientBytes        gradients of the trainable parameters
 * @param optimizerStateBytes  optimizer states
 */
public record ModelStates(long weightBytes, long masterWeightBytes, long gradientBytes, long optimizerStateBytes) {

    /** Bytes of one 8-bit AdamW moment per parameter: 1 byte plus an fp32 absmax per 2048-element block. */
    static final double ADAM_8BIT_MOMENT_BYTES = 1 + 4.0 / 2048;

    /** Sum of the four states. */
    public long totalBytes() {
        return weightBytes + masterWeightBytes + gradientBytes + optimizerStateBytes;
    }

    /**
     * Model states of full training of {@code params} parameters on one GPU group in the DeepSpeed/Megatron layout
     * ({@link Implementation#MEGATRON}), the one the ZeRO paper counts. For Adafactor this assumes an unfactored
     * second moment (an upper bound); the estimator uses the model's matrix shapes instead.
     *
     * @param params        trainable parameters held by one GPU before ZeRO (after tensor and pipeline splits)
     * @param zeroStage     0-3
     * @param dataParallel  data-parallel size over which ZeRO shards
     */
    public static ModelStates forTraining(double params, Precision precision, Optimizer optimizer, int zeroStage,
                                          int dataParallel) {
        return forTraining(params, precision, optimizer, Implementation.MEGATRON, zeroStage, dataParallel);
    }

    /**
     * Model states of full training of {@code params} parameters on one GPU group in the layout of
     * {@code implementation}. For Adafactor this assumes an unfactored second moment (an upper bound).
     *
     * @param params        trainable parameters held by one GPU before ZeRO (after tensor and pipeline splits)
     * @param zeroStage     0-3
     * @param dataParallel  data-parallel size over which ZeRO shards
     */
    public static ModelStates forTraining(double params, Precision precision, Optimizer optimizer,
                                          Implementation implementation, int zeroStage, int dataParallel) {
        double[] b = compute(params, 0, precision, implementation, optimizer, 1.0, zeroStage, dataParallel);
        return new ModelStates(Bytes.saturate(b[0]), Bytes.saturate(b[1]), Bytes.saturate(b[2]),
                Bytes.saturate(b[3]));
    }

    /**
     * Bytes per trainable parameter of the working weights: fp32 ({@code 4}) for the mixed modes under
     * {@link Implementation#PYTORCH}, else the compute type.
     */
    static double weightBytesPerParam(Precision precision, Implementation implementation) {
        return precision.mixed() && implementation == Implementation.PYTORCH ? 4
                : precision.compute().bytesPerElement();
    }

    /**
     * Model states as doubles {weights, master, gradients, optimizer}.
     *
     * @param trainable          trainable parameters on this GPU before ZeRO
     * @param frozenWeightBytes  bytes of frozen weights on this GPU before ZeRO (LoRA base)
     * @param adafactorFraction  Adafactor state elements per trainable parameter (factored moments)
     */
    static double[] compute(double trainable, double frozenWeightBytes, Precision precision,
                            Implementation implementation, Optimizer optimizer, double adafactorFraction,
                            int zeroStage, int dataParallel) {
        double d = dataParallel;
        boolean pytorchMixed = precision.mixed() && implementation == Implementation.PYTORCH;
        double work = weightBytesPerParam(precision, implementation);
        double grad = precision == Precision.FP8_MIXED && !pytorchMixed ? 2 : work;
        double state = precision.mixed() ? 4 : work;
        double weights = (trainable * work + frozenWeightBytes) / (zeroStage >= 3 ? d : 1);
        double master = precision.mixed() && !pytorchMixed ? 4 * trainable / (zeroStage >= 1 ? d : 1) : 0;
        double grads = grad * trainable / (zeroStage >= 2 ? d : 1);
        double opt = optimizerBytesPerParam(optimizer, state, adafactorFraction) * trainable
                / (zeroStage >= 1 ? d : 1);
        return new double[] {weights, master, grads, opt};
    }

    /** Optimizer state bytes per trainable parameter with states of {@code stateBytes} per element. */
    static double optimizerBytesPerParam(Optimizer o, double stateBytes, double adafactorFraction) {
        return switch (o) {
            case ADAM, ADAMW -> 2 * stateBytes;
            case SGD -> 0;
            case SGD_MOMENTUM, LION -> stateBytes;
            case ADAMW_8BIT -> 2 * ADAM_8BIT_MOMENT_BYTES;
            case ADAFACTOR -> adafactorFraction * stateBytes;
        };
    }
}
