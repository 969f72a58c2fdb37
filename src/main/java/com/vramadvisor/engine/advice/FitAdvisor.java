package com.vramadvisor.engine.advice;

import com.vramadvisor.engine.AttentionImpl;
import com.vramadvisor.engine.DataType;
import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.LoraSpec;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Optimizer;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Precision;
import com.vramadvisor.engine.Recompute;
import com.vramadvisor.engine.Workload;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Answers "what do I change first when it does not fit?": the single changes (levers) a practitioner would try,
 * each applied alone to the current workload and estimated with {@link MemoryEstimator}, so every figure is the
 * same estimate the rest of the application shows for that workload.
 *
 * <p>Levers for the training modes (full training, LoRA, QLoRA): selective and full activation recomputation;
 * flash attention when attention is eager; half the micro-batch with twice the gradient accumulation (only for an
 * even micro-batch, so tokens per optimizer step stay the same); 8-bit AdamW instead of Adam/AdamW; the next ZeRO
 * stage over the current data-parallel group (only when that group has at least 2 GPUs, since ZeRO shards over
 * it); ZeRO-3 over the smallest data-parallel group, at the current tensor and pipeline sizes, that fits (at most
 * {@value #MAX_DATA_PARALLEL} replicas), and when none does because the activations alone exceed the GPU, the same
 * with full recomputation (the one lever that is two changes); twice the tensor-parallel size; bf16 mixed precision instead of fp32/tf32;
 * LoRA rank 16 on all linear layers instead of full training; QLoRA (NF4 base, the current adapters or rank 16)
 * instead of full training or LoRA. Levers for inference: twice the tensor-parallel size (when the heads allow it),
 * an fp8 KV cache, fp8, int8 and int4 weights, half the concurrent sequences, half the context (the prompt is capped
 * at the new context).
 *
 * <p>A lever is left out when it does not apply (already set, not meaningful for the mode), when the estimator
 * rejects the changed workload (for example a tensor-parallel size that does not divide the attention heads), when
 * it does not lower the peak, or when it produces the same workload as a lever listed before it.
 *
 * <p>Order: levers whose peak fits the usable memory first; within each group by peak bytes per GPU ascending;
 * ties in the order of {@link LeverKind}.
 */
public final class FitAdvisor {

    /** Largest data-parallel size the ZeRO-3 search tries. */
    public static final int MAX_DATA_PARALLEL = 4096;

    /** Rank of the adapters the LoRA and QLoRA levers add to a fully trained model. */
    public static final int LORA_RANK = 16;

    private final MemoryEstimator estimator;

    /** An advisor over a fresh estimator. */
    public FitAdvisor() {
        this(new MemoryEstimator());
    }

    /** An advisor over {@code estimator}. */
    public FitAdvisor(MemoryEstimator estimator) {
        this.estimator = Objects.requireNonNull(estimator, "estimator");
    }

    /**
     * The levers for {@code workload} on {@code model} against {@code usableBytesPerGpu}, ordered as the class
     * describes.
     *
     * @param usableBytesPerGpu memory the workload may use on each GPU, in bytes (after the driver's reserve and any
     *                          serving reservation)
     * @return the levers that apply and lower the peak; empty when none does
     * @throws IllegalArgumentException when the current workload itself is rejected, or the budget is negative
     */
    public List<Lever> advise(ModelSpec model, Workload workload, long usableBytesPerGpu) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(workload, "workload");
        if (usableBytesPerGpu < 0) {
            throw new IllegalArgumentException("usable memory must not be negative, got " + usableBytesPerGpu);
        }
        long currentPeak = estimator.peakBytes(model, workload);
        List<Candidate> candidates = workload.mode() == Mode.INFER
                ? inferenceCandidates(model, workload)
                : trainingCandidates(model, workload, usableBytesPerGpu);
        List<Lever> levers = new ArrayList<>();
        Set<Workload> seen = new HashSet<>();
        seen.add(workload);
        for (Candidate c : candidates) {
            if (c == null || !seen.add(c.workload())) {
                continue;
            }
            Estimate e;
            try {
                e = estimator.estimate(model, c.workload());
            } catch (IllegalArgumentException rejected) {
                continue;
            }
            long saved = currentPeak - e.peakBytes();
            if (saved > 0) {
                levers.add(new Lever(c.kind(), c.workload(), e, saved, e.peakBytes() <= usableBytesPerGpu,
                        c.speed()));
            }
        }
        levers.sort(Comparator.comparing((Lever l) -> !l.fits())
                .thenComparingLong(Lever::peakBytes)
                .thenComparing(Lever::kind));
        return List.copyOf(levers);
    }

    private record Candidate(LeverKind kind, Workload workload, SpeedEffect speed) {
    }

    private List<Candidate> trainingCandidates(ModelSpec model, Workload w, long usable) {
        List<Candidate> list = new ArrayList<>();
        if (w.recompute() == Recompute.NONE) {
            list.add(new Candidate(LeverKind.SELECTIVE_RECOMPUTE,
                    w.toBuilder().recompute(Recompute.SELECTIVE).build(), SpeedEffect.SELECTIVE));
        }
        if (w.recompute() != Recompute.FULL) {
            list.add(new Candidate(LeverKind.FULL_RECOMPUTE, w.toBuilder().recompute(Recompute.FULL).build(),
                    SpeedEffect.FULL));
        }
        if (w.attention() == AttentionImpl.EAGER) {
            list.add(new Candidate(LeverKind.FLASH_ATTENTION, w.toBuilder().attention(AttentionImpl.FLASH).build(),
                    SpeedEffect.FLASH));
        }
        if (w.batch() >= 2 && w.batch() % 2 == 0 && w.gradientAccumulation() <= Integer.MAX_VALUE / 2) {
            list.add(new Candidate(LeverKind.HALVE_MICRO_BATCH, w.toBuilder().batch(w.batch() / 2)
                    .gradientAccumulation(w.gradientAccumulation() * 2).build(), SpeedEffect.SMALLER_MICRO_BATCH));
        }
        if (w.optimizer() == Optimizer.ADAMW || w.optimizer() == Optimizer.ADAM) {
            list.add(new Candidate(LeverKind.ADAMW_8BIT, w.toBuilder().optimizer(Optimizer.ADAMW_8BIT).build(),
                    SpeedEffect.ADAM_8BIT));
        }
        Parallelism par = w.parallelism();
        if (par.dataParallel() >= 2 && par.zeroStage() < 3) {
            int next = par.zeroStage() + 1;
            list.add(new Candidate(LeverKind.NEXT_ZERO_STAGE, w.toBuilder().parallelism(withZero(par, next,
                    par.dataParallel())).build(), next == 3 ? SpeedEffect.ZERO3_VOLUME : SpeedEffect.ZERO_SAME_VOLUME));
        }
        Candidate zero3 = zero3Candidate(model, w, usable, LeverKind.ZERO3_DATA_PARALLEL, SpeedEffect.ZERO3_VOLUME);
        list.add(zero3);
        if (zero3 == null && w.recompute() != Recompute.FULL) {
            // ZeRO-3 cannot shard the activations: when they alone exceed the GPU, offer the pair that does fit.
            list.add(zero3Candidate(model, w.toBuilder().recompute(Recompute.FULL).build(), usable,
                    LeverKind.ZERO3_FULL_RECOMPUTE, SpeedEffect.ZERO3_AND_FULL));
        }
        if ((long) par.tensorParallel() * 2 <= model.heads()) {
            Parallelism doubled = new Parallelism(par.tensorParallel() * 2, par.pipelineParallel(),
                    par.dataParallel(), par.zeroStage(), par.sequenceParallel(), par.expertParallel(),
                    par.contextParallel());
            list.add(new Candidate(LeverKind.TENSOR_PARALLEL_X2, w.toBuilder().parallelism(doubled).build(),
                    SpeedEffect.TENSOR_PARALLEL));
        }
        if (w.precision() == Precision.FP32 || w.precision() == Precision.TF32) {
            list.add(new Candidate(LeverKind.BF16_MIXED, w.toBuilder().precision(Precision.BF16_MIXED).build(),
                    SpeedEffect.MIXED));
        }
        LoraSpec adapters = w.lora() != null ? w.lora() : new LoraSpec(LORA_RANK, LoraSpec.ALL_LINEAR);
        if (w.mode() == Mode.TRAIN) {
            list.add(new Candidate(LeverKind.LORA, w.toBuilder().mode(Mode.LORA).lora(adapters).build(),
                    SpeedEffect.LORA));
        }
        if (w.mode() != Mode.QLORA) {
            list.add(new Candidate(LeverKind.QLORA, w.toBuilder().mode(Mode.QLORA).lora(adapters)
                    .weightType(DataType.NF4).build(), SpeedEffect.QLORA));
        }
        return list;
    }

    /**
     * ZeRO-3 over the smallest data-parallel size that fits, or {@code null} when none up to
     * {@link #MAX_DATA_PARALLEL} does. Per-GPU memory does not grow with the data-parallel size under ZeRO-3 (model
     * states are divided by it, activations are per replica), so the smallest size is found by doubling and
     * bisection.
     */
    private Candidate zero3Candidate(ModelSpec model, Workload w, long usable, LeverKind kind, SpeedEffect speed) {
        Parallelism par = w.parallelism();
        int low = par.zeroStage() == 3 ? par.dataParallel() + 1 : Math.max(2, par.dataParallel());
        if (low > MAX_DATA_PARALLEL || !fitsZero3(model, w, MAX_DATA_PARALLEL, usable)) {
            return null;
        }
        int bad = low - 1;
        int good = low;
        while (!fitsZero3(model, w, good, usable)) {
            bad = good;
            good = (int) Math.min((long) good * 2, MAX_DATA_PARALLEL);
        }
        while (good - bad > 1) {
            int mid = bad + (good - bad) / 2;
            if (fitsZero3(model, w, mid, usable)) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return new Candidate(kind, w.toBuilder().parallelism(withZero(par, 3, good)).build(), speed);
    }

    private boolean fitsZero3(ModelSpec model, Workload w, int dataParallel, long usable) {
        try {
            Workload z = w.toBuilder().parallelism(withZero(w.parallelism(), 3, dataParallel)).build();
            return estimator.peakBytes(model, z) <= usable;
        } catch (IllegalArgumentException rejected) {
            return false;
        }
    }

    private static Parallelism withZero(Parallelism par, int stage, int dataParallel) {
        // Keeps the expert- and context-parallel sizes; a data-parallel size they do not fit is rejected.
        return new Parallelism(par.tensorParallel(), par.pipelineParallel(), dataParallel, stage,
                par.sequenceParallel(), par.expertParallel(), par.contextParallel());
    }

    private static List<Candidate> inferenceCandidates(ModelSpec model, Workload w) {
        List<Candidate> list = new ArrayList<>();
        Parallelism par = w.parallelism();
        if ((long) par.tensorParallel() * 2 <= model.heads()) {
            Parallelism doubled = new Parallelism(par.tensorParallel() * 2, par.pipelineParallel(),
                    par.dataParallel(), par.zeroStage(), par.sequenceParallel(), par.expertParallel(),
                    par.contextParallel());
            list.add(new Candidate(LeverKind.TENSOR_PARALLEL_X2, w.toBuilder().parallelism(doubled).build(),
                    SpeedEffect.TENSOR_PARALLEL_SERVE));
        }
        if (w.kvCacheType().bitsPerElement() > DataType.FP8.bitsPerElement()) {
            list.add(new Candidate(LeverKind.KV_CACHE_FP8, w.toBuilder().kvCacheType(DataType.FP8).build(),
                    SpeedEffect.KV_FP8));
        }
        double weightBits = w.effectiveWeightType().bitsPerElement();
        if (weightBits > DataType.FP8.bitsPerElement()) {
            list.add(new Candidate(LeverKind.WEIGHTS_FP8, w.toBuilder().weightType(DataType.FP8).build(),
                    SpeedEffect.WEIGHTS_FP8));
        }
        if (weightBits > DataType.INT8.bitsPerElement()) {
            list.add(new Candidate(LeverKind.WEIGHTS_INT8, w.toBuilder().weightType(DataType.INT8).build(),
                    SpeedEffect.WEIGHTS_QUANTISED));
        }
        if (weightBits > DataType.INT4.bitsPerElement()) {
            list.add(new Candidate(LeverKind.WEIGHTS_INT4, w.toBuilder().weightType(DataType.INT4).build(),
                    SpeedEffect.WEIGHTS_QUANTISED));
        }
        if (w.batch() >= 2) {
            list.add(new Candidate(LeverKind.HALVE_SEQUENCES, w.toBuilder().batch(w.batch() / 2).build(),
                    SpeedEffect.FEWER_SEQUENCES));
        }
        int context = w.effectiveContext();
        if (context >= 2) {
            int half = context / 2;
            list.add(new Candidate(LeverKind.HALVE_CONTEXT, w.toBuilder().context(half)
                    .sequenceLength(Math.min(w.sequenceLength(), half)).build(), SpeedEffect.SHORTER_CONTEXT));
        }
        return list;
    }
}
