package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.GradsBetweenSteps;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.LossUpcast;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.core.CudaContext;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Option;

/** Workload flags shared by {@code estimate}, {@code recommend} and {@code report}. */
final class WorkloadOptions {

    @Option(names = "--mode", paramLabel = "MODE", description = "train, lora, qlora or infer (default train);"
            + " --workload diffusion: infer (default), train, lora or dreambooth.")
    String mode = "train";

    @Option(names = "--batch", paramLabel = "N",
            description = "Micro-batch per GPU replica (training) or concurrent sequences (inference). Default 1.")
    int batch = 1;

    @Option(names = "--seq", paramLabel = "N", completionCandidates = DefaultSeq.class,
            description = "Tokens per sequence (training) or prompt tokens (inference). Default ${COMPLETION-CANDIDATES}"
                    + ", as in the desktop window, or the context when --context is shorter.")
    Integer seq;

    /**
     * Prompt or sequence length when --seq is omitted: the desktop window's default scenario's, so the two agree; an
     * inference prompt is never longer than its context.
     */
    static final int DEFAULT_SEQ = ScenarioInputs.defaults().workload().sequenceLength();

    /**
     * The default --seq as the one completion candidate, so the help text prints the value the code uses; an
     * annotation can only hold a compile-time constant.
     */
    static final class DefaultSeq implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(String.valueOf(DEFAULT_SEQ)).iterator();
        }
    }

    /** Every storage type --weights accepts, from {@link DataType}, for the help text and shell completion. */
    static final class WeightTypes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return java.util.stream.Stream.concat(java.util.stream.Stream.of("awq", "gptq"),
                    Arrays.stream(DataType.values()).map(DataType::id)).iterator();
        }
    }

    @Option(names = "--context", paramLabel = "N",
            description = "Inference: tokens per sequence in the KV cache (prompt + output). Default --seq.")
    int context;

    @Option(names = "--precision", paramLabel = "P",
            description = "fp32, tf32, fp16, bf16, fp16-mixed, bf16-mixed or fp8-mixed (default bf16-mixed).")
    String precision = "bf16-mixed";

    @Option(names = "--optimizer", paramLabel = "OPT",
            description = "adamw, adam, sgd, sgd-momentum, adamw-8bit, adafactor or lion (default adamw).")
    String optimizer;

    @Option(names = "--zero", paramLabel = "STAGE", description = "ZeRO stage 0-3 over data parallel (default 0).")
    Integer zero;

    @Option(names = "--tp", paramLabel = "N", description = "Tensor-parallel size (default 1).")
    int tp = 1;

    @Option(names = "--pp", paramLabel = "N", description = "Pipeline-parallel stages (default 1).")
    int pp = 1;

    @Option(names = "--dp", paramLabel = "N", description = "Data-parallel replicas (default 1).")
    int dp = 1;

    @Option(names = "--sequence-parallel", description = "Megatron sequence parallelism over the TP group.")
    boolean sequenceParallel;

    @Option(names = "--ep", paramLabel = "N", description = "Expert-parallel size: routed experts sharded over N GPUs "
            + "of the data x context-parallel ranks; must divide the experts (default 1).")
    int ep = 1;

    @Option(names = "--cp", paramLabel = "N", description = "Context-parallel size: each sequence split over N GPUs "
            + "(ring attention); training needs --seq divisible by 2N (default 1).")
    int cp = 1;

    @Option(names = "--grad-accum", paramLabel = "N", description = "Gradient accumulation steps (default 1).")
    Integer gradAccum;

    @Option(names = "--recompute", paramLabel = "R",
            description = "none, selective or full (default none; recommend and plan then choose per layout).")
    String recompute;

    /** Whether --recompute was given: the planner then keeps it instead of choosing per layout. */
    boolean recomputeGiven() {
        return recompute != null;
    }

    @Option(names = "--attention", paramLabel = "IMPL", description = "eager or flash (default flash);"
            + " --workload diffusion: eager, sliced or sdpa (default sdpa; flash and xformers mean sdpa).")
    String attention = "flash";

    @Option(names = "--dropout", paramLabel = "P", description = "Dropout probability (default 0).")
    Double dropout;

    @Option(names = "--lora-rank", paramLabel = "R", description = "LoRA rank (default 16 for lora/qlora).")
    Integer loraRank;

    @Option(names = "--lora-targets", paramLabel = "LIST", split = ",",
            description = "Adapted matrices: q,k,v,o,gate,up,down or all (default all).")
    String[] loraTargets;

    @Option(names = "--lora-dropout", paramLabel = "P",
            description = "PEFT's lora_dropout: each adapter keeps its own dropped-out input and mask (default 0).")
    Double loraDropout;

    @Option(names = "--weights", paramLabel = "DTYPE", completionCandidates = WeightTypes.class,
            description = "Storage type of frozen/served weights: ${COMPLETION-CANDIDATES}.")
    String weights;

    @Option(names = "--group-size", paramLabel = "G",
            description = "Group size of awq/gptq/int4 weights: 32, 64, 128 (default), 256, or -1 for per-channel.")
    Integer groupSize;

    @Option(names = "--bits", paramLabel = "3|4|8",
            description = "Bits of --weights gptq: 3, 4 (default) or 8 (AutoGPTQ's packing); awq is 4-bit.")
    Integer bits;

    @Option(names = "--kv-dtype", paramLabel = "DTYPE", description = "KV cache type (default fp16).")
    String kvDtype = "fp16";

    @Option(names = "--runtime-overhead", paramLabel = "on|off",
            description = "Add CUDA context and allocator reserve (default on).")
    String runtimeOverhead = "on";

    @Option(names = "--grads-between-steps", paramLabel = "freed|kept",
            description = "Whether gradient buffers survive into the next forward (default freed).")
    String gradsBetweenSteps;

    @Option(names = "--loss-upcast", paramLabel = "fp32|none",
            description = "Training: fp32 (Hugging Face's causal-LM loss casts the logits to fp32: 16-bit logits plus"
                    + " an fp32 log-softmax) or none (plain PyTorch cross-entropy on 16-bit logits). Default fp32.")
    String lossUpcast;

    @Option(names = "--activation-offload", paramLabel = "none|cpu-checkpointing|save-on-cpu",
            description = "Training: move saved activations to host memory. cpu-checkpointing: DeepSpeed's"
                    + " cpu_checkpointing, the checkpointed block inputs (needs --recompute full and --implementation"
                    + " megatron); save-on-cpu: PyTorch's torch.autograd.graph.save_on_cpu around the blocks. The GPU"
                    + " keeps one block's activations; the host bytes are reported. Default none.")
    String activationOffload;

    @Option(names = "--cuda-module-loading", paramLabel = "MODE", description = "lazy (CUDA 11.7 and later,"
            + " PyTorch's default since 1.13: a context of about 426 MiB) or eager (older CUDA or"
            + " CUDA_MODULE_LOADING=EAGER: about 1,343 MiB); sets the CUDA context in the runtime overhead"
            + " (default lazy).")
    String cudaModuleLoading = "lazy";

    @Option(names = "--framework", paramLabel = "NAME",
            description = "The software the job runs under, whose rules bound its layouts (docs/frameworks.md):"
                    + " training fsdp (PyTorch FSDP/FSDP2, torchtitan, the Hugging Face Trainer), deepspeed or"
                    + " megatron (Megatron-LM, NeMo); serving vllm, sglang, trtllm, llama.cpp or hf (as --engine)."
                    + " A training framework sets the memory layout. Default: none named (plan follows fsdp, or"
                    + " megatron with --implementation megatron).")
    String framework;

    @Option(names = "--implementation", paramLabel = "IMPL",
            description = "The memory layout alone, without a framework's rules: pytorch (Hugging Face"
                    + " Transformers under autocast: fp32 weights and gradients, no master copy) or megatron (16-bit"
                    + " weights and gradients, fp32 master copy, fused kernels: what --framework deepspeed and"
                    + " megatron keep). Default pytorch.")
    String implementation;

    @Option(names = "--gpu-memory-utilization", paramLabel = "F",
            description = "Inference: the serving engine's memory share, in place of its default: vllm"
                    + " gpu_memory_utilization (default 0.9 of the device memory), sglang mem_fraction_static (default by"
                    + " GPU memory), trtllm free_gpu_memory_fraction (default 0.9 of the free memory); hf and llama.cpp"
                    + " have none: with them it only caps the memory the fit is judged against.")
    double gpuMemoryUtilization;

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "Inference: serving engine whose memory layout is followed: vllm (KV cache in blocks of 16"
                    + " tokens, chunked prefill), sglang (token pool sized by mem_fraction_static, chunks of 8192),"
                    + " trtllm (blocks of 32 tokens, 0.9 of the free memory, chunks of 8192), hf (Hugging Face"
                    + " generate: whole batch prefilled in one pass) or llama.cpp (whole-context cache, prompts in"
                    + " batches of 512). Default vllm.")
    String engine;

    @Option(names = "--max-batched-tokens", paramLabel = "N",
            description = "Inference: prompt tokens one forward pass prefills (vLLM max_num_batched_tokens, default"
                    + " 8192; SGLang chunked_prefill_size, 8192; TensorRT-LLM max_num_tokens, 8192; llama.cpp n_ubatch,"
                    + " default 512).")
    Integer maxBatchedTokens;

    /**
     * Builds the engine's workload; {@code storedWeights} (the type an imported model file stores its weights in)
     * becomes the weight type for inference when {@code --weights} is absent.
     *
     * @throws IllegalArgumentException naming the flag with a bad value, or a flag the mode does not use
     */
    Workload toWorkload(DataType storedWeights) {
        Mode m = switch (key(mode)) {
            case "train", "training" -> Mode.TRAIN;
            case "lora" -> Mode.LORA;
            case "qlora" -> Mode.QLORA;
            case "infer", "inference", "serve" -> Mode.INFER;
            default -> throw new IllegalArgumentException(
                    "--mode must be train, lora, qlora or infer, got '" + mode + "'");
        };
        requireAtLeast(batch, 1, "--batch");
        int seq = this.seq != null ? this.seq : m == Mode.INFER && context > 0 ? Math.min(DEFAULT_SEQ, context)
                : DEFAULT_SEQ;
        requireAtLeast(seq, 1, "--seq");
        requireAtLeast(context, 0, "--context");
        requireAtLeast(tp, 1, "--tp");
        requireAtLeast(pp, 1, "--pp");
        requireAtLeast(dp, 1, "--dp");
        requireAtLeast(ep, 1, "--ep");
        requireAtLeast(cp, 1, "--cp");
        for (Object[] size : new Object[][] {{tp, "--tp"}, {pp, "--pp"}, {dp, "--dp"}, {ep, "--ep"}, {cp, "--cp"}}) {
            if ((Integer) size[0] > Parallelism.MAX_GPUS) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be at most %,d (GPUs one"
                        + " layout may use), got %d", size[1], Parallelism.MAX_GPUS, size[0]));
            }
        }
        if (cp > 1 && m != Mode.INFER && seq % (2L * cp) != 0) {
            throw new IllegalArgumentException("--cp " + cp + " needs --seq divisible by " + 2L * cp
                    + " (each sequence is cut into 2 x cp chunks), got " + seq);
        }
        if (((long) dp * cp) % ep != 0) {
            throw new IllegalArgumentException("--ep " + ep + " must divide --dp x --cp (" + (long) dp * cp
                    + "): expert-parallel ranks are carved out of the data- and context-parallel ranks");
        }
        requireTrainingFlagsOnlyInTraining(m);
        int gradAccum = this.gradAccum == null ? 1 : this.gradAccum;
        int zero = this.zero == null ? 0 : this.zero;
        double dropout = this.dropout == null ? 0 : this.dropout;
        requireAtLeast(gradAccum, 1, "--grad-accum");
        if (zero < 0 || zero > 3) {
            throw new IllegalArgumentException("--zero must be 0, 1, 2 or 3, got " + zero);
        }
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("--dropout must be at least 0 and below 1, got " + dropout);
        }
        if (!(gpuMemoryUtilization >= 0 && gpuMemoryUtilization <= 1)) {
            throw new IllegalArgumentException(
                    "--gpu-memory-utilization must be between 0 and 1, got " + gpuMemoryUtilization);
        }
        Workload.Builder b = Workload.builder()
                .mode(m)
                .batch(batch)
                .sequenceLength(seq)
                .context(context)
                .precision(Precision.parse(precision))
                .optimizer(Optimizer.parse(optimizer == null ? "adamw" : optimizer))
                .parallelism(new Parallelism(tp, pp, dp, zero, sequenceParallel, ep, cp))
                .gradientAccumulation(gradAccum)
                .recompute(switch (key(recompute == null ? "none" : recompute)) {
                    case "none" -> Recompute.NONE;
                    case "selective" -> Recompute.SELECTIVE;
                    case "full" -> Recompute.FULL;
                    default -> throw new IllegalArgumentException(
                            "--recompute must be none, selective or full, got '" + recompute + "'");
                })
                .attention(switch (key(attention)) {
                    case "eager", "math" -> AttentionImpl.EAGER;
                    case "flash", "sdpa" -> AttentionImpl.FLASH;
                    default -> throw new IllegalArgumentException(
                            "--attention must be eager or flash, got '" + attention + "'");
                })
                .dropout(dropout)
                .kvCacheType(dataType(kvDtype, "--kv-dtype"))
                .overhead(switch (key(runtimeOverhead)) {
                    case "on", "true", "yes" -> RuntimeOverhead.DEFAULT.withContext(
                            CudaContext.parse(cudaModuleLoading));
                    case "off", "false", "no" -> RuntimeOverhead.OFF;
                    default -> throw new IllegalArgumentException(
                            "--runtime-overhead must be on or off, got '" + runtimeOverhead + "'");
                })
                .gradsBetweenSteps(switch (key(gradsBetweenSteps == null ? "freed" : gradsBetweenSteps)) {
                    case "freed" -> GradsBetweenSteps.FREED;
                    case "kept" -> GradsBetweenSteps.KEPT;
                    default -> throw new IllegalArgumentException(
                            "--grads-between-steps must be freed or kept, got '" + gradsBetweenSteps + "'");
                })
                .gpuMemoryUtilization(gpuMemoryUtilization)
                .implementation(implementation(implementation == null ? "pytorch" : implementation));
        Framework named = framework(m);
        if (named != null && named.training()) {
            b.framework(named);
        }
        if (weights != null && m == Mode.TRAIN) {
            // Full training keeps its weights in the types --precision and --implementation give.
            throw new IllegalArgumentException("--weights needs --mode lora, qlora or infer; full training stores"
                    + " its weights as --precision says");
        }
        if (groupSize != null && weights == null) {
            throw new IllegalArgumentException("--group-size needs --weights awq, gptq or int4");
        }
        if (bits != null && weights == null) {
            throw new IllegalArgumentException("--bits needs --weights gptq");
        }
        if (weights != null) {
            b.weightType(weightType(weights, groupSize, bits));
        } else if (storedWeights != null && m == Mode.INFER) {
            b.weightType(storedWeights);
        }
        if (m == Mode.LORA || m == Mode.QLORA) {
            int rank = loraRank == null ? 16 : loraRank;
            requireAtLeast(rank, 1, "--lora-rank");
            double drop = loraDropout == null ? 0 : loraDropout;
            if (!(drop >= 0 && drop < 1)) {
                throw new IllegalArgumentException("--lora-dropout must be at least 0 and below 1, got " + drop);
            }
            b.lora(new LoraSpec(rank, targets(), drop));
        } else if (loraDropout != null) {
            throw new IllegalArgumentException("--lora-dropout needs --mode lora or qlora");
        } else if (loraRank != null) {
            throw new IllegalArgumentException("--lora-rank needs --mode lora or qlora");
        } else if (loraTargets != null) {
            throw new IllegalArgumentException("--lora-targets needs --mode lora or qlora");
        }
        if (lossUpcast != null) {
            if (m == Mode.INFER) {
                throw new IllegalArgumentException("--loss-upcast needs --mode train, lora or qlora");
            }
            b.lossUpcast(switch (key(lossUpcast)) {
                case "fp32" -> LossUpcast.FP32;
                case "none" -> LossUpcast.NONE;
                default -> throw new IllegalArgumentException(
                        "--loss-upcast must be fp32 or none, got '" + lossUpcast + "'");
            });
        }
        if (activationOffload != null) {
            try {
                b.activationOffload(ActivationOffload.parse(activationOffload));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--activation-offload: " + e.getMessage());
            }
        }
        Workload w = b.build();
        try {
            w.requireRunnableActivationOffload();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--activation-offload: " + e.getMessage());
        }
        if (m != Mode.INFER) {
            if (engine != null) {
                throw new IllegalArgumentException("--engine needs --mode infer; for training name --framework");
            }
            if (maxBatchedTokens != null) {
                throw new IllegalArgumentException("--max-batched-tokens needs --mode infer");
            }
            return w;
        }
        ServingEngine e;
        try {
            e = named != null ? ServingEngine.of(named) : ServingEngine.parse(engine == null ? "vllm" : engine);
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("--" + ex.getMessage());
        }
        if (named != null && engine != null && ServingEngine.parse(engine) != e) {
            throw new IllegalArgumentException("--framework " + named.id() + " and --engine " + engine
                    + " name two serving engines; give one");
        }
        if (maxBatchedTokens != null) {
            requireAtLeast(maxBatchedTokens, 1, "--max-batched-tokens");
            if (!e.chunksPrefill()) {
                throw new IllegalArgumentException("--max-batched-tokens needs --engine vllm, sglang, trtllm or llama.cpp; "
                        + e.id() + " prefills every prompt of the batch in one pass");
            }
        }
        try {
            Workload configured = e.configure(w, maxBatchedTokens == null ? 0 : maxBatchedTokens);
            return named != null ? configured.toBuilder().framework(named).build() : configured;
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("--engine " + e.id() + ": " + ex.getMessage());
        }
    }

    /**
     * Inference has no optimizer, no gradients, no backward pass and no dropout: a flag that sets one of them means
     * nothing there, and is refused rather than silently ignored (the README's promise for flags a mode does not
     * use).
     */
    private void requireTrainingFlagsOnlyInTraining(Mode m) {
        if (m != Mode.INFER) {
            return;
        }
        Object[][] trainingOnly = {{optimizer, "--optimizer", "inference keeps no optimizer states"},
            {zero, "--zero", "ZeRO shards training states"},
            {recompute, "--recompute", "inference keeps no activations for a backward pass"},
            {gradAccum, "--grad-accum", "inference takes no optimizer steps"},
            {gradsBetweenSteps, "--grads-between-steps", "inference has no gradients"},
            {dropout, "--dropout", "inference runs without dropout"},
            {activationOffload, "--activation-offload", "inference keeps no activations for a backward pass"}};
        for (Object[] f : trainingOnly) {
            if (f[0] != null) {
                throw new IllegalArgumentException(f[1] + " needs --mode train, lora or qlora (" + f[2] + ")");
            }
        }
    }

    private Set<LoraSpec.LoraTarget> targets() {
        if (loraTargets == null || loraTargets.length == 0) {
            return LoraSpec.ALL_LINEAR;
        }
        EnumSet<LoraSpec.LoraTarget> set = EnumSet.noneOf(LoraSpec.LoraTarget.class);
        for (String t : loraTargets) {
            String k = key(t).replace("_proj", "");
            if (k.equals("all")) {
                return LoraSpec.ALL_LINEAR;
            }
            set.add(switch (k) {
                case "q" -> LoraSpec.LoraTarget.Q_PROJ;
                case "k" -> LoraSpec.LoraTarget.K_PROJ;
                case "v" -> LoraSpec.LoraTarget.V_PROJ;
                case "o" -> LoraSpec.LoraTarget.O_PROJ;
                case "gate" -> LoraSpec.LoraTarget.GATE_PROJ;
                case "up" -> LoraSpec.LoraTarget.UP_PROJ;
                case "down" -> LoraSpec.LoraTarget.DOWN_PROJ;
                default -> throw new IllegalArgumentException(
                        "--lora-targets takes q, k, v, o, gate, up, down or all, got '" + t + "'");
            });
        }
        return set;
    }

    /**
     * {@code --framework} for mode {@code m}, or {@code null} when not given; a training framework with
     * {@code --implementation} must keep that memory layout.
     */
    private Framework framework(Mode m) {
        if (framework == null) {
            return null;
        }
        Framework f;
        try {
            f = Framework.parse(framework);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + e.getMessage());
        }
        if (f.training() == (m == Mode.INFER)) {
            throw new IllegalArgumentException("--framework " + f.id() + (f.training()
                    ? " trains; for --mode infer name vllm, sglang, trtllm, llama.cpp or hf"
                    : " serves; for training name fsdp, deepspeed or megatron"));
        }
        if (f.training() && implementation != null && implementation(implementation) != f.memoryLayout()) {
            throw new IllegalArgumentException("--framework " + f.id() + " keeps the " + f.memoryLayout().id()
                    + " memory layout, not --implementation " + implementation + "; give one of them");
        }
        return f;
    }

    private static Implementation implementation(String text) {
        try {
            return Implementation.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--implementation must be megatron or pytorch, got '" + text + "'");
        }
    }

    /**
     * {@code --weights}: awq and gptq (and int4) are group quantisation (gptq of {@code --bits} 3, 4 or 8, the others
     * 4-bit) whose bits per weight depend on
     * {@code --group-size} ({@link DataType#int4Group(int)}); other types take no group size.
     */
    private static DataType weightType(String text, Integer groupSize, Integer bits) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.equals("awq") || t.equals("gptq") || t.equals("int4")) {
            int b = bits == null ? 4 : bits;
            if (b != 4 && !t.equals("gptq")) {
                throw new IllegalArgumentException("--bits " + b + " needs --weights gptq (" + t + " is 4-bit)");
            }
            try {
                return DataType.groupQuantised(b, groupSize == null ? 128 : groupSize);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException((e.getMessage().startsWith("group") ? "--group-size: "
                        : "--bits: ") + e.getMessage());
            }
        }
        if (groupSize != null) {
            throw new IllegalArgumentException("--group-size applies to --weights awq, gptq or int4, not '"
                    + text + "'");
        }
        if (bits != null) {
            throw new IllegalArgumentException("--bits applies to --weights gptq, not '" + text + "'");
        }
        return dataType(text, "--weights");
    }

    private static DataType dataType(String text, String flag) {
        try {
            return DataType.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage());
        }
    }

    private static void requireAtLeast(int value, int min, String flag) {
        if (value < min) {
            throw new IllegalArgumentException(flag + " must be at least " + min + ", got " + value);
        }
    }

    private static String key(String text) {
        return text.trim().toLowerCase(Locale.ROOT);
    }
}
