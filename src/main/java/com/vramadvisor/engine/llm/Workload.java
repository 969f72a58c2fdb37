package com.vramadvisor.engine.llm;

import java.util.Objects;

/**
 * One immutable description of what runs on the GPUs. Built by the CLI from flags and by the desktop app from its
 * view-model; the engine never sees anything mutable.
 *
 * @param mode               train, LoRA, QLoRA or inference
 * @param batch              training: micro-batch per data-parallel replica (sequences); inference: concurrent
 *                           sequences
 * @param sequenceLength     training: tokens per sequence; inference: prompt tokens per sequence (prefilled in one
 *                           pass or in chunks, see {@code prefillChunkTokens})
 * @param context            inference: tokens per sequence kept in the KV cache (prompt plus generated); 0 means
 *                           {@code sequenceLength}
 * @param precision          training numerics (ignored for inference, where {@code weightType} rules)
 * @param optimizer          optimizer for the trainable parameters
 * @param parallelism        tensor/pipeline/data parallel sizes, ZeRO stage, sequence parallelism
 * @param gradientAccumulation micro-batches per optimizer step (affects tokens per step, not peak memory)
 * @param recompute          activation recomputation
 * @param attention          eager or flash/SDPA attention
 * @param dropout            dropout probability; above 0, one 1-byte mask per dropout site is kept
 * @param lora               adapters for {@link Mode#LORA} and {@link Mode#QLORA}, {@code null} otherwise
 * @param weightType         storage type of frozen or served weights (QLoRA base: nf4; inference: fp16/int4/GGUF);
 *                           {@code null} means the precision's compute type
 * @param kvCacheType        KV cache element type for inference
 * @param overhead           CUDA context and allocator reserve
 * @param gradsBetweenSteps  whether gradient buffers survive into the next forward pass
 * @param gpuMemoryUtilization serving engine's reservation (vLLM {@code gpu_memory_utilization}, e.g. 0.9); 0 for the
 *                           engine's default (vLLM 0.9; {@code ServingEngine.reservation})
 * @param implementation     training software whose memory layout is followed (see {@link Implementation}); the
 *                           builder's default is {@link Implementation#PYTORCH}, Hugging Face Transformers under
 *                           PyTorch autocast, what most fine-tuning and single-node training runs use
 * @param prefillChunkTokens inference: most prompt tokens one forward pass processes (a serving engine's chunked
 *                           prefill, vLLM's {@code max_num_batched_tokens}); 0 prefills every prompt of the batch in
 *                           one pass, as Hugging Face {@code generate} does
 * @param kvBlockTokens      inference: tokens per KV-cache block of a paged cache (vLLM: 16); each sequence's cache
 *                           is rounded up to whole blocks. 0 allocates exactly the context per sequence
 * @param offload            training states moved to host memory or NVMe (DeepSpeed ZeRO-Offload/Infinity, FSDP CPU
 *                           offload) and llama.cpp's GPU layers ({@link Offload}); {@code null} means
 *                           {@link Offload#NONE}
 * @param lossUpcast         whether the loss casts the logits to fp32 ({@link LossUpcast}); {@code null} means
 *                           {@link LossUpcast#FP32}, Hugging Face's causal-LM loss
 * @param activationOffload  saved activations moved to host memory ({@link ActivationOffload}: DeepSpeed
 *                           {@code cpu_checkpointing}, PyTorch {@code save_on_cpu}); {@code null} means none
 * @param framework          the software the user named ({@link Framework}: its rules bound the layouts); {@code null}
 *                           when none was named. A training framework sets {@code implementation} to its memory
 *                           layout ({@link Framework#memoryLayout()}), whatever was given
 */
public record Workload(
        Mode mode,
        int batch,
        int sequenceLength,
        int context,
        Precision precision,
        Optimizer optimizer,
        Parallelism parallelism,
        int gradientAccumulation,
        Recompute recompute,
        AttentionImpl attention,
        double dropout,
        LoraSpec lora,
        DataType weightType,
        DataType kvCacheType,
        RuntimeOverhead overhead,
        GradsBetweenSteps gradsBetweenSteps,
        double gpuMemoryUtilization,
        Implementation implementation,
        int prefillChunkTokens,
        int kvBlockTokens,
        Offload offload,
        LossUpcast lossUpcast,
        ActivationOffload activationOffload,
        Framework framework) {

    /** Largest batch, sequence or context the engine accepts: larger values are rejected as input errors. */
    public static final int MAX_TOKENS = 1 << 26;

    public Workload {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(precision, "precision");
        Objects.requireNonNull(optimizer, "optimizer");
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(recompute, "recompute");
        Objects.requireNonNull(attention, "attention");
        Objects.requireNonNull(kvCacheType, "kvCacheType");
        Objects.requireNonNull(overhead, "overhead");
        Objects.requireNonNull(gradsBetweenSteps, "gradsBetweenSteps");
        Objects.requireNonNull(implementation, "implementation");
        if (framework != null && framework.training()) {
            implementation = framework.memoryLayout();
        }
        offload = offload == null ? Offload.NONE : offload;
        lossUpcast = lossUpcast == null ? LossUpcast.FP32 : lossUpcast;
        activationOffload = activationOffload == null ? ActivationOffload.NONE : activationOffload;
        if (batch < 1 || batch > MAX_TOKENS) {
            throw new IllegalArgumentException("batch must be between 1 and " + MAX_TOKENS + ", got " + batch);
        }
        if (sequenceLength < 1 || sequenceLength > MAX_TOKENS) {
            throw new IllegalArgumentException(
                    "sequence length must be between 1 and " + MAX_TOKENS + ", got " + sequenceLength);
        }
        if (context < 0 || context > MAX_TOKENS) {
            throw new IllegalArgumentException("context must be between 0 and " + MAX_TOKENS + ", got " + context);
        }
        if (gradientAccumulation < 1) {
            throw new IllegalArgumentException("gradient accumulation must be at least 1, got " + gradientAccumulation);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("dropout must be in [0, 1), got " + dropout);
        }
        if (!(gpuMemoryUtilization >= 0 && gpuMemoryUtilization <= 1)) {
            throw new IllegalArgumentException(
                    "GPU memory utilization must be between 0 and 1, got " + gpuMemoryUtilization);
        }
        if (prefillChunkTokens < 0 || prefillChunkTokens > MAX_TOKENS) {
            throw new IllegalArgumentException(
                    "prefill chunk must be between 0 and " + MAX_TOKENS + " tokens, got " + prefillChunkTokens);
        }
        if (kvBlockTokens < 0 || kvBlockTokens > MAX_TOKENS) {
            throw new IllegalArgumentException(
                    "KV block must be between 0 and " + MAX_TOKENS + " tokens, got " + kvBlockTokens);
        }
        int cp = parallelism.contextParallel();
        if (cp > 1 && mode != Mode.INFER && sequenceLength % (2L * cp) != 0) {
            // Megatron-Core cuts each sequence into 2 cp chunks for a balanced causal mask.
            throw new IllegalArgumentException("context-parallel size " + cp + " needs a sequence length divisible by "
                    + 2L * cp + " (2 x cp chunks), got " + sequenceLength);
        }
        if ((mode == Mode.LORA || mode == Mode.QLORA) && lora == null) {
            throw new IllegalArgumentException("LoRA and QLoRA need an adapter rank");
        }
    }

    /**
     * Rejects an offload the software cannot run with this mode, layout and implementation (DeepSpeed offload needs
     * ZeRO 1-3, parameter and NVMe offload ZeRO-3, FSDP offloads parameters to the CPU, llama.cpp's GPU layers one
     * GPU). The estimate itself ignores such an offload, so that layout searches can try any layout.
     *
     * @throws IllegalArgumentException naming the reason
     */
    public void requireRunnableOffload() {
        String problem = OffloadMemory.problem(mode, parallelism, implementation, offload);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** Whether the offload (if any) can run with this mode, layout and implementation. */
    public boolean offloadRunnable() {
        return OffloadMemory.problem(mode, parallelism, implementation, offload) == null;
    }

    /**
     * Rejects an activation offload the software cannot run with this mode, recomputation and implementation; the
     * estimate ignores such an offload, as it does for {@link #requireRunnableOffload()}.
     *
     * @throws IllegalArgumentException naming the reason
     */
    public void requireRunnableActivationOffload() {
        String problem = activationOffload.problem(mode, recompute, implementation);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** Whether saved activations are moved to host memory: asked for and runnable with this workload. */
    public boolean activationsOffloaded() {
        return activationOffload != ActivationOffload.NONE
                && activationOffload.problem(mode, recompute, implementation) == null;
    }

    /**
     * The framework whose rules bound this workload's layouts. Training: the training framework named, else the one
     * the memory layout implies ({@link Framework#implied}). Inference: the serving framework named, or {@code null}
     * (the serving engine the workload's knobs describe decides).
     */
    public Framework effectiveFramework() {
        if (mode == Mode.INFER) {
            return framework != null && !framework.training() ? framework : null;
        }
        return framework != null && framework.training() ? framework : Framework.implied(implementation);
    }

    /** Tokens per sequence held in the KV cache during inference. */
    public int effectiveContext() {
        return context == 0 ? sequenceLength : context;
    }

    /**
     * Storage type of the weights: the given {@code weightType}; otherwise NF4 for a QLoRA base, fp32 for full
     * mixed-precision training under {@link Implementation#PYTORCH} (autocast runs on fp32 parameters), else the
     * precision's compute type.
     */
    public DataType effectiveWeightType() {
        if (weightType != null) {
            return weightType;
        }
        if (mode == Mode.QLORA) {
            return DataType.NF4;
        }
        if (mode == Mode.TRAIN && precision.mixed() && implementation == Implementation.PYTORCH) {
            return DataType.FP32;
        }
        return precision.compute();
    }

    /** Whether mixed precision runs as PyTorch autocast over fp32 parameters ({@link Implementation#PYTORCH}). */
    public boolean autocast() {
        return precision.mixed() && implementation == Implementation.PYTORCH;
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * A builder preset to full bf16 mixed-precision AdamW training on one GPU, batch 1, 2048 tokens, with the
     * {@link Implementation#PYTORCH} layout (Hugging Face Transformers under autocast).
     */
    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private Mode mode = Mode.TRAIN;
        private int batch = 1;
        private int sequenceLength = 2048;
        private int context;
        private Precision precision = Precision.BF16_MIXED;
        private Optimizer optimizer = Optimizer.ADAMW;
        private Parallelism parallelism = Parallelism.SINGLE_GPU;
        private int gradientAccumulation = 1;
        private Recompute recompute = Recompute.NONE;
        private AttentionImpl attention = AttentionImpl.FLASH;
        private double dropout;
        private LoraSpec lora;
        private DataType weightType;
        private DataType kvCacheType = DataType.FP16;
        private RuntimeOverhead overhead = RuntimeOverhead.DEFAULT;
        private GradsBetweenSteps gradsBetweenSteps = GradsBetweenSteps.FREED;
        private double gpuMemoryUtilization;
        private Implementation implementation = Implementation.PYTORCH;
        private int prefillChunkTokens;
        private int kvBlockTokens;
        private Offload offload = Offload.NONE;
        private LossUpcast lossUpcast = LossUpcast.FP32;
        private ActivationOffload activationOffload = ActivationOffload.NONE;
        private Framework framework;

        private Builder() {
        }

        private Builder(Workload w) {
            mode = w.mode;
            batch = w.batch;
            sequenceLength = w.sequenceLength;
            context = w.context;
            precision = w.precision;
            optimizer = w.optimizer;
            parallelism = w.parallelism;
            gradientAccumulation = w.gradientAccumulation;
            recompute = w.recompute;
            attention = w.attention;
            dropout = w.dropout;
            lora = w.lora;
            weightType = w.weightType;
            kvCacheType = w.kvCacheType;
            overhead = w.overhead;
            gradsBetweenSteps = w.gradsBetweenSteps;
            gpuMemoryUtilization = w.gpuMemoryUtilization;
            implementation = w.implementation;
            prefillChunkTokens = w.prefillChunkTokens;
            kvBlockTokens = w.kvBlockTokens;
            offload = w.offload;
            lossUpcast = w.lossUpcast;
            activationOffload = w.activationOffload;
            framework = w.framework;
        }

        public Builder mode(Mode v) { mode = v; return this; }
        public Builder batch(int v) { batch = v; return this; }
        public Builder sequenceLength(int v) { sequenceLength = v; return this; }
        public Builder context(int v) { context = v; return this; }
        public Builder precision(Precision v) { precision = v; return this; }
        public Builder optimizer(Optimizer v) { optimizer = v; return this; }
        public Builder parallelism(Parallelism v) { parallelism = v; return this; }
        public Builder gradientAccumulation(int v) { gradientAccumulation = v; return this; }
        public Builder recompute(Recompute v) { recompute = v; return this; }
        public Builder attention(AttentionImpl v) { attention = v; return this; }
        public Builder dropout(double v) { dropout = v; return this; }
        public Builder lora(LoraSpec v) { lora = v; return this; }
        public Builder weightType(DataType v) { weightType = v; return this; }
        public Builder kvCacheType(DataType v) { kvCacheType = v; return this; }
        public Builder overhead(RuntimeOverhead v) { overhead = v; return this; }
        public Builder gradsBetweenSteps(GradsBetweenSteps v) { gradsBetweenSteps = v; return this; }
        public Builder gpuMemoryUtilization(double v) { gpuMemoryUtilization = v; return this; }
        public Builder implementation(Implementation v) { implementation = v; return this; }
        public Builder prefillChunkTokens(int v) { prefillChunkTokens = v; return this; }
        public Builder kvBlockTokens(int v) { kvBlockTokens = v; return this; }
        public Builder offload(Offload v) { offload = v; return this; }
        public Builder lossUpcast(LossUpcast v) { lossUpcast = v; return this; }
        public Builder activationOffload(ActivationOffload v) { activationOffload = v; return this; }
        /** The framework named ({@code null}: none); a training framework also sets the memory layout. */
        public Builder framework(Framework v) { framework = v; return this; }

        public Workload build() {
            return new Workload(mode, batch, sequenceLength, context, precision, optimizer, parallelism,
                    gradientAccumulation, recompute, attention, dropout, lora, weightType, kvCacheType, overhead,
                    gradsBetweenSteps, gpuMemoryUtilization, implementation, prefillChunkTokens, kvBlockTokens,
                    offload, lossUpcast, activationOffload, framework);
        }
    }
}
