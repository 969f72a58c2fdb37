package com.vramadvisor.engine.advice;

import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
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
 * offload where the framework has it and nothing is offloaded yet: DeepSpeed's ZeRO-Offload (the optimizer in host
 * memory, ZeRO-2) and ZeRO-Infinity (ZeRO-3, parameters and optimizer on NVMe) for the Megatron/DeepSpeed memory
 * layout, FSDP's CPU offload (full sharding) for the PyTorch one, each also with full recomputation where it does not
 * fit alone (offload moves model states, not activations); LoRA rank 16 on all linear layers instead of full
 * training; QLoRA (NF4 base, the current adapters or rank 16) instead of full training or LoRA. Levers for inference:
 * twice the tensor-parallel size (when the heads and the serving framework allow it), twice the pipeline stages
 * (where the framework can split the layers so), an fp8 KV cache, fp8, int8 and int4 weights, half the concurrent
 * sequences, half the context (the prompt is capped at the new context).
 *
 * <p>Where the workload names a framework ({@link Workload#framework()}), a lever its rules refuse is left out (a
 * ZeRO stage it lacks, tensor parallelism under QLoRA, ...): the next ZeRO stage is the next one it runs. Given a
 * {@link SpeedContext}, each lever whose effect the speed models see carries its modelled speed ratio
 * ({@link Lever#speedRatio()}).
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

    /** The offload levers, each also offered with full recomputation when it does not fit alone. */
    private static final Set<LeverKind> OFFLOADS = EnumSet.of(LeverKind.ZERO_OFFLOAD, LeverKind.ZERO_INFINITY,
            LeverKind.FSDP_CPU_OFFLOAD);

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
        return advise(model, workload, usableBytesPerGpu, null);
    }

    /**
     * {@link #advise(ModelSpec, Workload, long)} with each lever's modelled speed ratio on {@code speed}'s GPU.
     *
     * @param speed the GPU and the speed models' efficiencies; {@code null} for no speed ratios
     */
    public List<Lever> advise(ModelSpec model, Workload workload, long usableBytesPerGpu, SpeedContext speed) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(workload, "workload");
        if (usableBytesPerGpu < 0) {
            throw new IllegalArgumentException("usable memory must not be negative, got " + usableBytesPerGpu);
        }
        Estimate current = estimator.estimate(model, workload);
        long currentPeak = current.peakBytes();
        Double currentSpeed = speed == null ? null : speed.speed(model, workload, current);
        List<Candidate> candidates = workload.mode() == Mode.INFER
                ? inferenceCandidates(model, workload)
                : trainingCandidates(model, workload, usableBytesPerGpu);
        List<Lever> levers = new ArrayList<>();
        Set<Workload> seen = new HashSet<>();
        seen.add(workload);
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            if (c == null || !seen.add(c.workload()) || !runs(model, c.workload())) {
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
                Double after = currentSpeed == null || !c.kind().speedModelled() ? null
                        : speed.speed(model, c.workload(), e);
                levers.add(new Lever(c.kind(), c.workload(), e, saved, e.peakBytes() <= usableBytesPerGpu,
                        c.speed(), after == null ? null : after / currentSpeed));
            }
            if (OFFLOADS.contains(c.kind()) && e.peakBytes() > usableBytesPerGpu
                    && c.workload().recompute() != Recompute.FULL) {
                // Offload moves model states, not activations: where they alone still exceed the GPU, offer the pair
                // that does fit, as the ZeRO-3 lever does.
                candidates.add(new Candidate(c.kind(), c.workload().toBuilder().recompute(Recompute.FULL).build(),
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

    /**
     * Whether the framework the lever's workload names runs it; a workload that names none is not held to a
     * framework's rules, and offload the software cannot run is no lever.
     */
    private static boolean runs(ModelSpec model, Workload w) {
        if (w.offload().target() != Offload.Target.NONE && !w.offloadRunnable()) {
            return false;
        }
        return w.framework() == null || w.framework().problem(model, w) == null;
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
        int next = nextZeroStage(w);
        if (par.dataParallel() >= 2 && next > 0) {
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
        list.addAll(offloadCandidates(w));
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
     * The next ZeRO stage above the current one that the named framework runs (any next stage where none is named),
     * or 0 when there is none.
     */
    private static int nextZeroStage(Workload w) {
        for (int z = w.parallelism().zeroStage() + 1; z <= 3; z++) {
            if (w.framework() == null || w.framework().runsZero(z)) {
                return z;
            }
        }
        return 0;
    }

    /**
     * Offload where the framework has it and nothing is offloaded yet: the Megatron/DeepSpeed memory layout (and a
     * workload that names DeepSpeed, or none) gets DeepSpeed's ZeRO-Offload and ZeRO-Infinity, naming DeepSpeed; the
     * PyTorch layout FSDP's CPU offload. Megatron-LM's own optimizer offload is not modelled and not offered.
     */
    private static List<Candidate> offloadCandidates(Workload w) {
        List<Candidate> list = new ArrayList<>();
        if (w.offload().target() != Offload.Target.NONE || w.framework() == Framework.MEGATRON) {
            return list;
        }
        Parallelism par = w.parallelism();
        if (w.implementation() == Implementation.MEGATRON) {
            Workload deepspeed = w.toBuilder().framework(Framework.DEEPSPEED).build();
            list.add(new Candidate(LeverKind.ZERO_OFFLOAD, deepspeed.toBuilder()
                    .parallelism(withZero(par, Math.max(2, par.zeroStage()), par.dataParallel()))
                    .offload(new Offload(Offload.Target.OPTIMIZER, Offload.Device.CPU, -1)).build(),
                    SpeedEffect.ZERO_OFFLOAD));
            list.add(new Candidate(LeverKind.ZERO_INFINITY, deepspeed.toBuilder()
                    .parallelism(withZero(par, 3, par.dataParallel()))
                    .offload(new Offload(Offload.Target.ALL, Offload.Device.NVME, -1)).build(),
                    SpeedEffect.ZERO_INFINITY));
        } else {
            list.add(new Candidate(LeverKind.FSDP_CPU_OFFLOAD, w.toBuilder()
                    .parallelism(withZero(par, 3, par.dataParallel()))
                    .offload(new Offload(Offload.Target.ALL, Offload.Device.CPU, -1)).build(),
                    SpeedEffect.FSDP_OFFLOAD));
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
        Framework engine = ServingEngine.of(w).framework();
        if ((long) par.tensorParallel() * 2 <= model.heads() && engine.tensorParallel()) {
            Parallelism doubled = new Parallelism(par.tensorParallel() * 2, par.pipelineParallel(),
                    par.dataParallel(), par.zeroStage(), par.sequenceParallel(), par.expertParallel(),
                    par.contextParallel());
            list.add(new Candidate(LeverKind.TENSOR_PARALLEL_X2, w.toBuilder().parallelism(doubled).build(),
                    SpeedEffect.TENSOR_PARALLEL_SERVE));
        }
        int stages = par.pipelineParallel() * 2;
        if (stages <= model.layers() && engine.stageLayers(model.layers(), stages) != null
                && w.offload().gpuLayers() < 0) {
            Parallelism deeper = new Parallelism(par.tensorParallel(), stages, par.dataParallel(), par.zeroStage(),
                    par.sequenceParallel(), par.expertParallel(), par.contextParallel());
            list.add(new Candidate(LeverKind.PIPELINE_PARALLEL_X2, w.toBuilder().parallelism(deeper).build(),
                    SpeedEffect.PIPELINE_PARALLEL_SERVE));
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
