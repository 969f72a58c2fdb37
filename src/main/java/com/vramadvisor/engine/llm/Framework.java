package com.vramadvisor.engine.llm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The software a job runs under, and what each one supports: the one table of framework rules that the planner,
 * {@code plan}, {@code advise}, {@code estimate} and the scenario file follow. {@code docs/frameworks.md} is the same
 * table in words, with every source.
 *
 * <p><b>Training.</b>
 * <ul>
 *   <li>{@link #FSDP}: PyTorch FSDP and FSDP2, as the Hugging Face Trainer, Accelerate and torchtitan run it. Memory
 *       layout {@link Implementation#PYTORCH} (fp32 parameters, gradients and moments sharded by FSDP, 16-bit copies
 *       for compute). Sharding strategies {@code NO_SHARD} (DDP), {@code SHARD_GRAD_OP} and {@code FULL_SHARD}: ZeRO
 *       stages 0, 2 and 3 ({@code torch.distributed.fsdp.ShardingStrategy}); FSDP has no optimizer-only sharding.
 *       Tensor (with sequence) parallelism, pipeline, context and expert parallelism as torchtitan composes them with
 *       FSDP2 ({@code torchtitan/config/configs.py}: {@code tensor_parallel_degree}, {@code pipeline_parallel_degree},
 *       {@code context_parallel_degree}); a pipeline split of any layer count, named per stage by
 *       {@code module_fqns_per_model_part}; interleaved schedules. CPU offload moves parameters, gradients and
 *       optimizer states together ({@code CPUOffload(offload_params=True)}), full sharding only.</li>
 *   <li>{@link #DEEPSPEED}: DeepSpeed (the Hugging Face Trainer's DeepSpeed integration, Megatron-DeepSpeed). Memory
 *       layout {@link Implementation#MEGATRON}: 16-bit parameters and gradients, fp32 master copy and moments (the ZeRO
 *       paper's {@code 2 + 2 + 12} bytes). ZeRO stages 0-3; ZeRO-2 and ZeRO-3 refuse pipeline parallelism
 *       ({@code PipelineEngine.__init__}, {@code deepspeed/runtime/pipe/engine.py}: "ZeRO-2 and ZeRO-3 are
 *       incompatible with pipeline parallelism"); tensor parallelism (AutoTP, or Megatron-DeepSpeed's) up to ZeRO-2
 *       ({@code DeepSpeedEngine._configure_tensor_parallel_states}, {@code deepspeed/runtime/engine.py}: "the
 *       compatibility between 'autotp' and 'zero_stage = 3' has not been validated"); expert parallelism
 *       (DeepSpeed-MoE). No ring context parallelism (DeepSpeed-Ulysses splits heads, a different scheme, not
 *       modelled).
 *       {@code PipelineModule} splits any layer count ({@code partition_uniform}, {@code deepspeed/runtime/utils.py}:
 *       the first {@code L mod p} stages take one more layer); no interleaved schedule. Offload: ZeRO-Offload of the
 *       optimizer (ZeRO 1-3), of parameters (ZeRO-3) and ZeRO-Infinity to NVMe (ZeRO-3).</li>
 *   <li>{@link #MEGATRON}: Megatron-LM and NeMo (Megatron-Core). Memory layout {@link Implementation#MEGATRON}.
 *       Data parallelism without sharding or with the distributed optimizer (ZeRO stage 1 in this table's terms;
 *       {@code docs/user-guide/features/dist_optimizer.md}); tensor with sequence, pipeline, context and expert
 *       parallelism in any combination. Layers per stage: equal ({@code megatron/training/arguments.py}: "Number of
 *       layers should be divisible by the pipeline-model-parallel size"), or fewer on the first and last stage
 *       ({@code --decoder-first-pipeline-num-layers}, {@code --decoder-last-pipeline-num-layers}) with the rest equal
 *       over the middle stages ({@code TransformerConfig.__post_init__},
 *       {@code megatron/core/transformer/transformer_config.py}: "number of layers at middle stage ... must be
 *       divisible by the middle pipeline model parallel size"). Interleaved schedule. Megatron-FSDP and the optimizer
 *       CPU offload ({@code --optimizer-cpu-offload}) exist but are not modelled, so the planner does not lay them
 *       out. No QLoRA (no 4-bit base weights).</li>
 * </ul>
 * QLoRA (a 4-bit bitsandbytes base) runs under data parallelism, FSDP or ZeRO only: no tensor, pipeline, context or
 * expert parallelism (Hugging Face PEFT's "QLoRA with FSDP" and "QLoRA with DeepSpeed ZeRO-3" guides).
 *
 * <p><b>Serving.</b> {@link #VLLM}, {@link #SGLANG} and {@link #TRTLLM} run tensor and pipeline parallelism;
 * TensorRT-LLM needs the layers divisible by the pipeline size. {@link #LLAMA_CPP} splits a model over GPUs by layers
 * ({@code --split-mode layer}, the default: each GPU runs its layers in turn) or by rows ({@code --split-mode row}),
 * not by vLLM-style tensor parallelism, so its layouts are layer splits; its server runs a fixed number of slots
 * ({@code --parallel}). {@link #HF} (Transformers {@code generate}) splits weights over GPUs with
 * {@code tp_plan="auto"} (Transformers' "Tensor parallelism" guide, models that publish a plan) or spreads layers
 * over them with {@code device_map}, one after another. The serving memory layouts are
 * {@code engine.serving.ServingEngine}'s.
 *
 * <p><b>Where each runs</b> ({@link #stacks()}): data for the ranking, from each project's documentation (see
 * {@code docs/frameworks.md}).
 */
public enum Framework {

    FSDP("fsdp", "PyTorch FSDP", true, Implementation.PYTORCH, new int[] {0, 2, 3}, 3, 3, true, true, true,
            Split.ANY, true, EnumSet.of(Stack.CUDA, Stack.ROCM, Stack.GAUDI, Stack.INTEL_XPU)),
    DEEPSPEED("deepspeed", "DeepSpeed", true, Implementation.MEGATRON, new int[] {0, 1, 2, 3}, 1, 2, true, false,
            true, Split.ANY, false, EnumSet.of(Stack.CUDA, Stack.ROCM, Stack.GAUDI, Stack.INTEL_XPU)),
    MEGATRON("megatron", "Megatron-LM", true, Implementation.MEGATRON, new int[] {0, 1}, 1, 1, true, true, true,
            Split.FIRST_LAST, true, EnumSet.of(Stack.CUDA, Stack.ROCM)),
    VLLM("vllm", "vLLM", false, null, new int[] {0}, 0, 0, true, false, true, Split.ANY, false,
            EnumSet.of(Stack.CUDA, Stack.ROCM, Stack.GAUDI, Stack.INTEL_XPU)),
    SGLANG("sglang", "SGLang", false, null, new int[] {0}, 0, 0, true, false, true, Split.ANY, false,
            EnumSet.of(Stack.CUDA, Stack.ROCM)),
    TRTLLM("trtllm", "TensorRT-LLM", false, null, new int[] {0}, 0, 0, true, false, true, Split.EVEN, false,
            EnumSet.of(Stack.CUDA)),
    LLAMA_CPP("llama.cpp", "llama.cpp", false, null, new int[] {0}, 0, 0, false, false, false, Split.ANY, false,
            EnumSet.of(Stack.CUDA, Stack.ROCM, Stack.METAL, Stack.INTEL_XPU)),
    HF("hf", "Hugging Face Transformers", false, null, new int[] {0}, 0, 0, true, false, false, Split.ANY, false,
            EnumSet.of(Stack.CUDA, Stack.ROCM, Stack.GAUDI, Stack.METAL, Stack.INTEL_XPU));

    /** How a framework may split a model's layers over pipeline stages. */
    public enum Split {
        /** Equal stages only: the layers must divide by the stage count. */
        EVEN,
        /** Equal stages, or fewer layers on the first and last stage and equal middle stages (Megatron-Core). */
        FIRST_LAST,
        /** Any split; stages differ by at most one layer. */
        ANY
    }

    /** A vendor software stack a framework runs on. */
    public enum Stack {
        /** NVIDIA CUDA with NCCL. */
        CUDA("cuda"),
        /** AMD ROCm with RCCL. */
        ROCM("rocm"),
        /** Intel Gaudi (HPU) with HCCL. */
        GAUDI("gaudi"),
        /** Apple Metal (MPS, MLX). */
        METAL("metal"),
        /** Intel GPUs (XPU, SYCL, oneCCL). */
        INTEL_XPU("xpu");

        private final String catalogName;

        Stack(String catalogName) {
            this.catalogName = catalogName;
        }

        /** The stack's name among a catalog GPU's {@code stacks} ({@code engine.hardware.GpuCapabilities#STACKS}). */
        public String catalogName() {
            return catalogName;
        }
    }

    private final String id;
    private final String displayName;
    private final boolean training;
    private final Implementation memoryLayout;
    private final int[] zeroStages;
    private final int maxZeroWithPipeline;
    private final int maxZeroWithTensor;
    private final boolean tensorParallel;
    private final boolean contextParallel;
    private final boolean expertParallel;
    private final Split split;
    private final boolean interleaved;
    private final Set<Stack> stacks;

    Framework(String id, String displayName, boolean training, Implementation memoryLayout, int[] zeroStages,
              int maxZeroWithPipeline, int maxZeroWithTensor, boolean tensorParallel, boolean contextParallel,
              boolean expertParallel, Split split, boolean interleaved, Set<Stack> stacks) {
        this.id = id;
        this.displayName = displayName;
        this.training = training;
        this.memoryLayout = memoryLayout;
        this.zeroStages = zeroStages;
        this.maxZeroWithPipeline = maxZeroWithPipeline;
        this.maxZeroWithTensor = maxZeroWithTensor;
        this.tensorParallel = tensorParallel;
        this.contextParallel = contextParallel;
        this.expertParallel = expertParallel;
        this.split = split;
        this.interleaved = interleaved;
        this.stacks = Collections.unmodifiableSet(EnumSet.copyOf(stacks));
    }

    /** The name the command line and the scenario file use: {@code fsdp}, {@code deepspeed}, {@code vllm}, ... */
    public String id() {
        return id;
    }

    /** The framework's own name, for output. */
    public String displayName() {
        return displayName;
    }

    /** Whether it trains (otherwise it serves). */
    public boolean training() {
        return training;
    }

    /** The memory layout a training framework keeps its model states in; {@code null} for serving. */
    public Implementation memoryLayout() {
        return memoryLayout;
    }

    /** ZeRO stages (or their FSDP and distributed-optimizer equivalents) it runs over a data-parallel group. */
    public int[] zeroStages() {
        return zeroStages.clone();
    }

    /** Whether it runs ZeRO stage {@code stage} over a data-parallel group. */
    public boolean runsZero(int stage) {
        for (int z : zeroStages) {
            if (z == stage) {
                return true;
            }
        }
        return false;
    }

    /** The highest ZeRO stage it runs together with pipeline parallelism. */
    public int maxZeroWithPipeline() {
        return maxZeroWithPipeline;
    }

    /** The highest ZeRO stage it runs together with tensor parallelism. */
    public int maxZeroWithTensor() {
        return maxZeroWithTensor;
    }

    /** Whether it runs tensor parallelism (Megatron-style, weights split within each layer). */
    public boolean tensorParallel() {
        return tensorParallel;
    }

    /** Whether it runs ring context parallelism. */
    public boolean contextParallel() {
        return contextParallel;
    }

    /** Whether it runs expert parallelism. */
    public boolean expertParallel() {
        return expertParallel;
    }

    /** How it may split the layers over pipeline stages. */
    public Split split() {
        return split;
    }

    /** Whether its pipeline runs an interleaved schedule (several model chunks per stage). */
    public boolean interleaved() {
        return interleaved;
    }

    /** The vendor stacks it runs on. */
    public Set<Stack> stacks() {
        return stacks;
    }

    /**
     * The layers of each pipeline stage when it splits {@code layers} over {@code stages}, first stage first, or
     * {@code null} when it cannot: equal stages where the layers divide; otherwise, for {@link Split#FIRST_LAST}, the
     * middle stages {@code ceil(L/p)} layers each and the rest shared by the first and last stage (the first the
     * smaller half), and for {@link Split#ANY} DeepSpeed's {@code partition_uniform}: {@code floor(L/p)} each and one
     * more on the first {@code L mod p} stages. Every stage holds at most {@code ceil(L/p)} layers, the count the
     * memory estimate gives each stage.
     */
    public List<Integer> stageLayers(int layers, int stages) {
        if (stages < 1 || stages > layers) {
            return null;
        }
        List<Integer> out = new ArrayList<>(stages);
        if (layers % stages == 0) {
            for (int i = 0; i < stages; i++) {
                out.add(layers / stages);
            }
            return List.copyOf(out);
        }
        switch (split) {
            case EVEN -> {
                return null;
            }
            case FIRST_LAST -> {
                int middle = (layers + stages - 1) / stages;
                int ends = layers - (stages - 2) * middle;
                int first = ends / 2;
                int last = ends - first;
                if (first < 1 || last > middle) {
                    return null;
                }
                out.add(first);
                for (int i = 1; i < stages - 1; i++) {
                    out.add(middle);
                }
                out.add(last);
                return List.copyOf(out);
            }
            default -> {
                int base = layers / stages;
                int extra = layers % stages;
                for (int i = 0; i < stages; i++) {
                    out.add(base + (i < extra ? 1 : 0));
                }
                return List.copyOf(out);
            }
        }
    }

    /**
     * Why this framework cannot run {@code workload} on {@code model} as laid out, or {@code null} when it can: a
     * serving framework asked to train (or the reverse), a parallel dimension it lacks, a ZeRO stage it does not run
     * (alone, with pipeline or with tensor parallelism), a pipeline split of the layers it refuses, QLoRA beyond data
     * parallelism, an offload it does not have.
     */
    public String problem(ModelSpec model, Workload workload) {
        boolean infer = workload.mode() == Mode.INFER;
        if (infer == training) {
            return displayName + (training ? " trains; for inference name a serving framework (vllm, sglang,"
                    + " trtllm, llama.cpp, hf)" : " serves; for training name fsdp, deepspeed or megatron");
        }
        Parallelism p = workload.parallelism();
        if (p.tensorParallel() > 1 && !tensorParallel) {
            return displayName + " has no tensor parallelism" + (this == LLAMA_CPP
                    ? ": it splits a model over GPUs by layers (--split-mode layer) or rows (--split-mode row)"
                    : "");
        }
        if (p.contextParallel() > 1 && !contextParallel) {
            return displayName + " has no ring context parallelism";
        }
        if (p.expertParallel() > 1 && !expertParallel) {
            return displayName + " has no expert parallelism";
        }
        if (p.pipelineParallel() > 1 && stageLayers(model.layers(), p.pipelineParallel()) == null) {
            return displayName + " cannot split " + model.layers() + " layers into " + p.pipelineParallel()
                    + " pipeline stages" + (split == Split.FIRST_LAST
                    ? " (equal stages, or fewer layers on the first and last and equal middle stages)" : "");
        }
        if (!training) {
            return null;
        }
        int zero = p.shardGroup() > 1 ? p.zeroStage() : 0;
        if (zero > 0 && !runsZero(zero)) {
            return displayName + " has no ZeRO stage " + zero + " (it runs " + stagesText() + ")";
        }
        if (p.pipelineParallel() > 1 && zero > maxZeroWithPipeline) {
            return displayName + " runs ZeRO stage " + zero + " without pipeline parallelism only"
                    + (this == DEEPSPEED ? " (\"ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism\")" : "");
        }
        if (p.tensorParallel() > 1 && zero > maxZeroWithTensor) {
            return displayName + " runs ZeRO stage " + zero + " without tensor parallelism only";
        }
        if (workload.mode() == Mode.QLORA) {
            if (this == MEGATRON) {
                return "Megatron-LM has no QLoRA (4-bit base weights); use fsdp or deepspeed";
            }
            if (p.tensorParallel() > 1 || p.pipelineParallel() > 1 || p.contextParallel() > 1
                    || p.expertParallel() > 1) {
                return "QLoRA runs with data parallelism, FSDP or ZeRO only (no tensor, pipeline, context or expert"
                        + " parallelism)";
            }
        }
        Offload.Target offload = workload.offload().target();
        if (offload != Offload.Target.NONE) {
            if (this == MEGATRON) {
                return "Megatron-LM's optimizer CPU offload is not modelled; use deepspeed (ZeRO-Offload) or fsdp"
                        + " (CPU offload)";
            }
            return OffloadMemory.problem(workload.mode(), p, memoryLayout, workload.offload());
        }
        return null;
    }

    private String stagesText() {
        StringBuilder s = new StringBuilder();
        for (int z : zeroStages) {
            s.append(s.length() == 0 ? "" : ", ").append(z);
        }
        return "stages " + s;
    }

    /**
     * The training framework a workload that names none follows: its memory layout's usual home, FSDP for
     * {@link Implementation#PYTORCH} and Megatron-LM for {@link Implementation#MEGATRON}.
     */
    public static Framework implied(Implementation implementation) {
        return implementation == Implementation.MEGATRON ? MEGATRON : FSDP;
    }

    /**
     * Parses a framework id: {@code fsdp} (also {@code fsdp2}, {@code torchtitan}, {@code pytorch}), {@code deepspeed},
     * {@code megatron} (also {@code megatron-lm}, {@code nemo}), {@code vllm}, {@code sglang}, {@code trtllm} (also
     * {@code tensorrt-llm}), {@code llama.cpp} (also {@code llamacpp}), {@code hf} (also {@code transformers}).
     */
    public static Framework parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        return switch (key) {
            case "fsdp", "fsdp2", "torchtitan", "pytorch" -> FSDP;
            case "deepspeed", "ds" -> DEEPSPEED;
            case "megatron", "megatron-lm", "megatron-core", "nemo" -> MEGATRON;
            case "vllm" -> VLLM;
            case "sglang" -> SGLANG;
            case "trtllm", "trt-llm", "tensorrt-llm", "tensorrt_llm" -> TRTLLM;
            case "llama.cpp", "llamacpp", "llama-cpp" -> LLAMA_CPP;
            case "hf", "transformers", "hf-generate" -> HF;
            default -> throw new IllegalArgumentException("unknown framework '" + text + "' (expected fsdp,"
                    + " deepspeed, megatron, vllm, sglang, trtllm, llama.cpp or hf)");
        };
    }
}
