package com.vramadvisor.engine.llm;

import com.vramadvisor.engine.allocator.CachingAllocator;
import com.vramadvisor.engine.core.MemoryRange;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Estimates per-GPU memory of training, LoRA/QLoRA fine-tuning and inference of a transformer. Stateless and
 * thread-safe; one estimate costs a few microseconds (see {@code docs/benchmarks.md}).
 *
 * <p>The estimate evaluates the live bytes of each {@link Component} at each {@link Phase} (training:
 * {@link TrainingMemory}; inference: {@link InferenceMemory}) for the first and the last pipeline stage, and reports
 * the stage whose peak is larger. {@link Estimate#peakBytes()} is the largest phase total, not the sum of the
 * components' maxima, because activations are freed while gradients are created. {@link Estimate#components()}
 * holds each component's largest value over every instant evaluated for that stage (the backward pass is evaluated
 * at several instants, of which the breakdown shows the largest). Runtime overhead
 * ({@link RuntimeOverhead}: the CUDA context plus the caching allocator's reserve, a fraction of the largest total
 * of tensors freed and allocated again within a step, {@link CachingAllocator}, plus DeepSpeed's ZeRO buffers,
 * {@link ZeroBuffers}) is the same in every phase: the allocator keeps what it reserved. The model-load phase, where
 * there is one, has only the context beside its tensors. {@link Estimate#range()} spans the allocator's fragmentation from 0
 * (expandable segments) to twice its default and the CUDA context over its measured range. Model states follow {@link ModelStates}, activations {@link ActivationModel}, both in
 * the layout of the workload's {@link Implementation}; the formulas and references are collected in
 * {@code docs/estimation.md}. All results are bytes per GPU.
 */
public final class MemoryEstimator {

    static final int COMPONENTS = Component.values().length;
    private static final Component[] COMPONENT_VALUES = Component.values();

    /** Creates an estimator; it holds no state, so one instance can serve all threads. */
    public MemoryEstimator() {
    }

    /**
     * Per-GPU memory of {@code workload} on {@code model}.
     *
     * @return components (their maxima over the phases), per-phase breakdowns, the peak in bytes and the phase that
     *         sets it, parameter counts and the assumptions made
     */
    public Estimate estimate(ModelSpec model, Workload workload) {
        double[][] phases = worstStage(model, workload);
        Phase[] names = phaseNames(workload);
        RuntimeOverhead runtime = workload.overhead();
        double churn = transientPeak(phases, workload);
        double reserve = runtime.enabled() ? CachingAllocator.reserveBytes(churn, reserveFraction(workload)) : 0;
        double context = runtime.enabled() ? runtime.contextBytes() : 0;
        double buffers = runtime.enabled() ? zeroBuffers(model, workload) : 0;
        double overhead = context + reserve + buffers;
        int ro = Component.RUNTIME_OVERHEAD.ordinal();
        double[] maxima = phases[names.length];
        maxima[ro] = overhead;
        List<PhaseBreakdown> breakdowns = new ArrayList<>(names.length);
        long peak = -1;
        Phase peakPhase = names[0];
        for (int p = 0; p < names.length; p++) {
            // Before training only the context exists: no step has filled the allocator's cache or the buckets.
            phases[p][ro] = names[p] == Phase.MODEL_LOAD ? context : overhead;
            Map<Component, Long> bytes = new EnumMap<>(Component.class);
            for (int c = 0; c < COMPONENTS; c++) {
                bytes.put(COMPONENT_VALUES[c], Bytes.saturate(phases[p][c]));
            }
            PhaseBreakdown breakdown = new PhaseBreakdown(names[p], bytes);
            breakdowns.add(breakdown);
            long total = breakdown.totalBytes();
            if (total > peak) {
                peak = total;
                peakPhase = names[p];
            }
        }
        Map<Component, Long> components = new EnumMap<>(Component.class);
        for (int c = 0; c < COMPONENTS; c++) {
            components.put(COMPONENT_VALUES[c], Bytes.saturate(maxima[c]));
        }
        ParameterCount count = ParameterCounter.count(model);
        long trainable = switch (workload.mode()) {
            case TRAIN -> count.total();
            case LORA, QLORA -> Bytes.saturate(StageParams.loraTotal(model, workload.lora()));
            case INFER -> 0;
        };
        boolean loadPeak = peakPhase == Phase.MODEL_LOAD;
        // A peak past 2^63-1 bytes is saturated: its parts can no longer be told apart by subtraction (a saturated
        // reserve taken from a saturated peak would leave 0 allocated), so every total derived from it is saturated
        // too, and the range is the point itself (Estimate#saturated).
        boolean saturated = peak == Long.MAX_VALUE;
        long contextBytes = Math.min(peak, Bytes.saturate(context));
        long reserveBytes = loadPeak || saturated ? 0 : Math.min(peak - contextBytes, Bytes.saturate(reserve));
        long allocated = peak - contextBytes - reserveBytes;
        MemoryRange range = MemoryRange.point(peak);
        if (runtime.enabled() && !saturated) {
            long highReserve = Bytes.saturate(CachingAllocator.reserveBytes(churn,
                    CachingAllocator.highFraction(runtime.allocatorFraction(), expandableSegments(workload))));
            long low = Math.max(0, saturatingAdd(allocated, runtime.contextLowBytes())
                    - Math.min(allocated, logitsUpcastBytes(breakdowns, peakPhase, workload)));
            long high = saturatingAdd(saturatingAdd(allocated, runtime.contextHighBytes()), loadPeak ? 0 : highReserve);
            if (loadPeak) {
                // The step after the load has its own range; the high end is the larger of the two.
                PhaseBreakdown step = largestStepPhase(breakdowns);
                if (step != null) {
                    long stepTensors = step.totalBytes() - Bytes.saturate(overhead) + Bytes.saturate(buffers);
                    high = Math.max(high, saturatingAdd(saturatingAdd(stepTensors, runtime.contextHighBytes()),
                            highReserve));
                }
            }
            range = new MemoryRange(Math.min(low, peak), Math.max(high, peak));
        }
        double[] offDevice = workload.mode() == Mode.INFER
                ? InferenceMemory.offDevice(model, workload)
                : TrainingMemory.offDevice(model, workload);
        List<String> assumptions = EstimateAssumptions.of(model, workload, runtime.enabled(), buffers > 0,
                names[0] == Phase.MODEL_LOAD);
        return new Estimate(count.total(), count.active(), trainable, components, breakdowns, peak, peakPhase,
                assumptions, contextBytes, reserveBytes, range, Bytes.saturate(offDevice[0]),
                Bytes.saturate(offDevice[1]));
    }

    /** The phases of this workload's estimate, in order. */
    private static Phase[] phaseNames(Workload workload) {
        return workload.mode() == Mode.INFER ? InferenceMemory.PHASES : TrainingMemory.phaseNames(workload);
    }

    /** The largest phase other than the load phase, or null. */
    private static PhaseBreakdown largestStepPhase(List<PhaseBreakdown> breakdowns) {
        PhaseBreakdown best = null;
        for (PhaseBreakdown b : breakdowns) {
            if (b.phase() != Phase.MODEL_LOAD && (best == null || b.totalBytes() > best.totalBytes())) {
                best = b;
            }
        }
        return best;
    }

    /** DeepSpeed's ZeRO buffers for the first pipeline stage's GPUs ({@link ZeroBuffers}); 0 where none apply. */
    private static double zeroBuffers(ModelSpec model, Workload workload) {
        if (!ZeroBuffers.apply(workload)) {
            return 0;
        }
        StageParams sp = new StageParams(model, workload, true, workload.parallelism().pipelineParallel() == 1);
        return ZeroBuffers.bytes(workload, TrainingMemory.trainable(workload, sp));
    }

    /**
     * The peak of {@link #estimate(ModelSpec, Workload)} in bytes per GPU, without building the result records: for
     * searches that try many layouts or sizes and need only the total.
     */
    public long peakBytes(ModelSpec model, Workload workload) {
        double[][] phases = worstStage(model, workload);
        long overhead = Bytes.saturate(overhead(phases, workload) + (workload.overhead().enabled()
                ? zeroBuffers(model, workload) : 0));
        Phase[] names = phaseNames(workload);
        long context = workload.overhead().enabled() ? workload.overhead().contextBytes() : 0;
        long peak = 0;
        for (int p = 0; p < phases.length - 1; p++) {
            double[] phase = phases[p];
            long total = names[p] == Phase.MODEL_LOAD ? context : overhead;
            for (int c = 0; c < COMPONENTS; c++) {
                total = saturatingAdd(total, Bytes.saturate(phase[c]));
            }
            peak = Math.max(peak, total);
        }
        return peak;
    }

    /**
     * The largest total of tensors freed and allocated again within a step (activations, logits, autocast copies,
     * gradients freed between steps), in bytes per GPU: what the caching allocator's reserve is a fraction of
     * ({@link CachingAllocator}).
     */
    public double transientPeakBytes(ModelSpec model, Workload workload) {
        return transientPeak(worstStage(model, workload), workload);
    }

    /**
     * KV-cache bytes one token of one sequence takes on one GPU for an inference workload: {@code 2 * L * kv_heads *
     * head_dim * bytes(kvCacheType)}, over the tensor-parallel rank's heads and the larger pipeline stage's blocks
     * (section 8 of {@code docs/estimation.md}).
     *
     * @return bytes per token per sequence (fractional for sub-byte cache types)
     */
    public static double kvBytesPerToken(ModelSpec model, Workload workload) {
        requireLayout(model, workload.parallelism());
        int p = workload.parallelism().pipelineParallel();
        double first = InferenceMemory.kvBytesPerToken(model, workload, new StageParams(model, workload, true, p == 1));
        if (p == 1) {
            return first;
        }
        return Math.max(first, InferenceMemory.kvBytesPerToken(model, workload,
                new StageParams(model, workload, false, true)));
    }

    private static double[][] worstStage(ModelSpec model, Workload workload) {
        requireLayout(model, workload.parallelism());
        boolean infer = workload.mode() == Mode.INFER;
        int p = workload.parallelism().pipelineParallel();
        double[][] first = infer
                ? InferenceMemory.phases(model, workload, true, p == 1)
                : TrainingMemory.phases(model, workload, true, p == 1);
        if (p == 1) {
            return first;
        }
        double[][] last = infer
                ? InferenceMemory.phases(model, workload, false, true)
                : TrainingMemory.phases(model, workload, false, true);
        return peakOf(last) > peakOf(first) ? last : first;
    }

    private static long saturatingAdd(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    /** Largest phase total; the last row (component maxima) is not a phase. */
    private static double peakOf(double[][] phases) {
        double peak = 0;
        for (int p = 0; p < phases.length - 1; p++) {
            peak = Math.max(peak, TrainingMemory.sum(phases[p]));
        }
        return peak;
    }

    /**
     * The logits' fp32 upcast at the peak: Hugging Face's causal-LM loss casts the logits to fp32 before
     * cross-entropy, which keeps its log-softmax in fp32 ({@code e + 4} bytes per logit alive at the end of the
     * forward pass); plain PyTorch on 16-bit logits keeps it in the compute type ({@code 2e}). Measured on the CPU:
     * 6 and 4 bytes per logit in bf16 ({@code harness/framework-choices/results.json}). The estimate follows Hugging
     * Face unless {@link LossUpcast#NONE} is chosen; the range's low end takes the plain choice:
     * {@code logits * (4 - e) / (e + 4)}. With {@link LossUpcast#NONE} there is no upcast to remove.
     */
    private static long logitsUpcastBytes(List<PhaseBreakdown> breakdowns, Phase peakPhase, Workload workload) {
        double e = Bytes.activationBytes(workload.precision());
        if (workload.mode() == Mode.INFER || e >= 4 || workload.lossUpcast() == LossUpcast.NONE) {
            return 0;
        }
        for (PhaseBreakdown p : breakdowns) {
            if (p.phase() == peakPhase) {
                return (long) Math.ceil(p.get(Component.LOGITS) * (4 - e) / (e + 4));
            }
        }
        return 0;
    }

    /** Context bytes plus the allocator's reserve over the transient peak; 0 when switched off. */
    private static double overhead(double[][] phases, Workload workload) {
        RuntimeOverhead overhead = workload.overhead();
        if (!overhead.enabled()) {
            return 0;
        }
        return overhead.contextBytes()
                + CachingAllocator.reserveBytes(transientPeak(phases, workload), reserveFraction(workload));
    }

    /**
     * Whether the step runs PyTorch's allocator with expandable segments: training under the framework the user
     * named ({@code --framework}) where its launchers set them ({@link Framework#expandableSegments()}). A workload
     * that names no framework (only a memory layout, {@code --implementation}) keeps the allocator's default: the
     * layout alone does not say which launcher runs it (DeepSpeed runs Megatron's layout without them).
     */
    static boolean expandableSegments(Workload workload) {
        return workload.mode() != Mode.INFER && workload.framework() != null
                && workload.framework().expandableSegments();
    }

    /** The fragmentation the step's reserve is computed with ({@link CachingAllocator#reserveFraction}). */
    static double reserveFraction(Workload workload) {
        return CachingAllocator.reserveFraction(workload.overhead().allocatorFraction(), expandableSegments(workload));
    }

    /**
     * The largest total, over the phases, of the tensors freed and allocated again within a step: activations and
     * logits; in training also autocast's weight copies (the weights above their optimizer-step value) and the
     * gradients when they are freed between steps and not accumulated. Weights, optimizer states, kept gradients
     * and the KV cache are allocated once and count as persistent.
     */
    static double transientPeak(double[][] phases, Workload workload) {
        int acts = Component.ACTIVATIONS.ordinal();
        int logits = Component.LOGITS.ordinal();
        int weights = Component.WEIGHTS.ordinal();
        int grads = Component.GRADIENTS.ordinal();
        boolean training = workload.mode() != Mode.INFER;
        boolean gradsChurn = training && workload.gradsBetweenSteps() == GradsBetweenSteps.FREED
                && workload.gradientAccumulation() == 1;
        int rows = phases.length - 1;
        double stepWeights = training ? phases[rows - 1][weights] : 0;
        double peak = 0;
        // The load phase comes before any step: its tensors are not reallocated within one.
        int first = training && TrainingMemory.phaseNames(workload)[0] == Phase.MODEL_LOAD ? 1 : 0;
        for (int p = first; p < rows; p++) {
            double t = phases[p][acts] + phases[p][logits];
            if (training) {
                t += Math.max(0, phases[p][weights] - stepWeights);
                if (gradsChurn) {
                    t += phases[p][grads];
                }
            }
            peak = Math.max(peak, t);
        }
        return peak;
    }

    /**
     * Rejects layouts Megatron-style tensor and pipeline parallelism cannot run: the tensor-parallel size must divide
     * the attention heads (each rank holds whole heads; Shoeybi et al. 2019, section 3), and there must be at least
     * one block per pipeline stage. Expert parallelism needs a mixture-of-experts model whose routed experts divide
     * by {@code ep} (Megatron-Core {@code MoELayer}: {@code num_moe_experts % expert_model_parallel_size == 0}).
     *
     * @throws IllegalArgumentException naming the mismatch
     */
    static void requireLayout(ModelSpec model, Parallelism par) {
        if (model.heads() % par.tensorParallel() != 0) {
            throw new IllegalArgumentException("tensor-parallel size " + par.tensorParallel()
                    + " must divide the attention heads (" + model.heads() + ")");
        }
        if (par.pipelineParallel() > model.layers()) {
            throw new IllegalArgumentException("pipeline stages (" + par.pipelineParallel()
                    + ") cannot exceed the layers (" + model.layers() + ")");
        }
        int ep = par.expertParallel();
        if (ep > 1 && (!model.isMoe() || model.moe().experts() % ep != 0)) {
            throw new IllegalArgumentException("expert-parallel size " + ep + " must divide the routed experts ("
                    + (model.isMoe() ? model.moe().experts() + ")" : "none: not a mixture-of-experts model)"));
        }
    }
}
