package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.Locale;

/**
 * How a serving engine lays out inference memory: whether it pages the KV cache in blocks and how many prompt tokens
 * one forward pass prefills. {@link #configure(Workload, int)} turns an engine and its batched-token limit into the
 * core {@link Workload} knobs ({@link Workload#kvBlockTokens()}, {@link Workload#prefillChunkTokens()}) that the
 * estimator reads.
 *
 * <ul>
 *   <li>{@link #VLLM}: PagedAttention with blocks of 16 tokens (the CUDA platform sets {@code block_size = 16} when
 *       none is given, {@code check_and_update_config} in {@code vllm/platforms/cuda.py}) and chunked prefill, always
 *       on in the V1 engine ({@code _set_default_args_v1} in {@code vllm/engine/arg_utils.py}), with
 *       {@code max_num_batched_tokens} tokens per step. Its default for {@code vllm serve} is 8192 tokens on GPUs of
 *       at least 70 GiB other than the A100 and 2048 on smaller ones and on the A100 (16384 and 8192 for the offline
 *       {@code LLM} class), {@code EngineArgs.get_batch_defaults} in {@code vllm/engine/arg_utils.py}: "Setting large
 *       {@code max_num_batched_tokens} for A100 reduces throughput, see PR #17885". 8192 is used when the GPU is not
 *       known; {@link #defaultBatchedTokens(long, String)} picks it from the GPU.</li>
 *   <li>{@link #HF_GENERATE}: Hugging Face Transformers {@code generate} with a static or dynamic cache: each
 *       sequence's cache holds its whole context, and the prompts of the batch are prefilled in one forward
 *       pass.</li>
 *   <li>{@link #LLAMA_CPP}: llama.cpp allocates the KV cache for the whole context when the context is created
 *       ({@code n_ctx} cells, shared by the parallel sequences) and evaluates prompts in physical batches of
 *       {@code n_ubatch = 512} tokens ({@code common_params} in {@code common/common.h}; {@code n_batch = 2048} is
 *       the logical batch split into those). It loads GGUF files, whose tensors are fp32, fp16, bf16 or one of
 *       the GGUF block types, so other weight types (GPTQ/AWQ int4, bitsandbytes nf4, fp8) are rejected.</li>
 *   <li>{@link #SGLANG}: SGLang's token-to-KV pool with {@code page_size = 1} (every token its own slot, so a
 *       request never rounds up) and chunked prefill of {@code chunked_prefill_size} tokens. Its default depends on
 *       the GPU's memory ({@code _handle_gpu_memory_settings} in {@code python/sglang/srt/server_args.py}: 2048 below
 *       35 GiB, 4096 below 60 GiB, 8192 below 160 GiB, 16384 above); 8192, the 80-160 GiB class, is used here and
 *       {@link SglangDefaults#chunkedPrefillSize(long)} gives the others. The pool is sized by
 *       {@code mem_fraction_static} ({@link KvPool}).</li>
 *   <li>{@link #TRTLLM}: TensorRT-LLM's paged KV cache in blocks of {@code tokens_per_block = 32} tokens and
 *       {@code max_num_tokens = 8192} tokens per forward pass ({@code KvCacheConfig} and {@code BuildConfig} /
 *       {@code TorchLlmArgs} defaults in {@code tensorrt_llm/llmapi/llm_args.py}); the pool takes
 *       {@code free_gpu_memory_fraction = 0.9} of the memory left after weights and activations ({@link KvPool}).</li>
 * </ul>
 *
 * <p><b>Memory reservation.</b> What each engine lets itself use when {@code --gpu-memory-utilization} is not given
 * ({@link #reservation}, {@link #capacityBytes}), the one place the defaults live:
 * <ul>
 *   <li>vLLM: {@code gpu_memory_utilization = 0.9} of the GPU's memory as CUDA reports its total (the catalog's
 *       usable memory, {@link MemoryReservation}), not of the memory left free ({@code EngineArgs
 *       .gpu_memory_utilization} in {@code vllm/engine/arg_utils.py}, {@code CacheConfig.gpu_memory_utilization} in
 *       later versions; 0.9 since 2023, vLLM issue #1018: "originally set to 0.95 by default but changed to 0.9").
 *       The V1 worker requests {@code ceil(total * util)}
 *       ({@code request_memory}, {@code vllm/v1/worker/utils.py}) and gives the KV cache that less the weights, the
 *       peak of its profiling run and the memory outside PyTorch ({@code Worker.determine_available_memory},
 *       {@code vllm/v1/worker/gpu_worker.py}: {@code available_kv_cache_memory = requested_memory -
 *       non_kv_cache_memory}); the V0 worker did the same ({@code Worker.determine_num_available_blocks},
 *       {@code vllm/worker/worker.py}: {@code total_gpu_memory * gpu_memory_utilization - peak_memory}). The fit and
 *       the KV pool both take {@code ceil(usable * 0.9)}.</li>
 *   <li>SGLang: {@code mem_fraction_static} for the weights and the KV pool together, by the GPU's memory, the
 *       prefill chunk and the parallel sizes ({@link SglangDefaults#memFractionStatic}); activations and graphs use
 *       the rest, so the fit is judged against the usable memory.</li>
 *   <li>TensorRT-LLM: {@code free_gpu_memory_fraction = 0.9} of what is free after the weights and activations
 *       ({@code KvCacheConfig}, {@code tensorrt_llm/llmapi/llm_args.py}); the fit is judged against the usable
 *       memory.</li>
 *   <li>Hugging Face {@code generate}, llama.cpp: none; the usable memory.</li>
 * </ul>
 */
public enum ServingEngine {

    VLLM("vllm", 16, 8192),
    HF_GENERATE("hf", 0, 0),
    LLAMA_CPP("llama.cpp", 0, 512),
    SGLANG("sglang", 1, 8192),
    TRTLLM("trtllm", 32, 8192);

    /** vLLM's default {@code gpu_memory_utilization}: the share of the GPU's total memory the engine may use. */
    public static final double VLLM_GPU_MEMORY_UTILIZATION = 0.9;
    /** TensorRT-LLM's default {@code KvCacheConfig.free_gpu_memory_fraction}. */
    public static final double TRTLLM_FREE_GPU_MEMORY_FRACTION = 0.9;

    private final String id;
    private final int kvBlockTokens;
    private final int defaultBatchedTokens;

    ServingEngine(String id, int kvBlockTokens, int defaultBatchedTokens) {
        this.id = id;
        this.kvBlockTokens = kvBlockTokens;
        this.defaultBatchedTokens = defaultBatchedTokens;
    }

    /** The name the command line uses: {@code vllm}, {@code sglang}, {@code trtllm}, {@code hf} or {@code llama.cpp}. */
    public String id() {
        return id;
    }

    /** Tokens per KV-cache block; 0 when the engine does not page its cache. */
    public int kvBlockTokens() {
        return kvBlockTokens;
    }

    /** Prompt tokens one forward pass processes by default; 0 when the whole batch is prefilled in one pass. */
    public int defaultBatchedTokens() {
        return defaultBatchedTokens;
    }

    /**
     * Prompt tokens one forward pass processes by default on a GPU of {@code gpuTotalBytes} total memory named
     * {@code gpuName}: vLLM's {@code max_num_batched_tokens} for {@code vllm serve} is 8192 on GPUs of at least
     * 70 GiB whose name lacks "a100" and 2048 otherwise ({@code EngineArgs.get_batch_defaults}, {@code vllm/engine/
     * arg_utils.py}); SGLang's {@code chunked_prefill_size} follows the GPU's memory
     * ({@link SglangDefaults#chunkedPrefillSize(long)}); the other engines do not look at the GPU.
     */
    public int defaultBatchedTokens(long gpuTotalBytes, String gpuName) {
        return switch (this) {
            case VLLM -> gpuTotalBytes >= 70L * (1L << 30) && !gpuName.toLowerCase(Locale.ROOT).contains("a100")
                    ? 8192 : 2048;
            case SGLANG -> SglangDefaults.chunkedPrefillSize(gpuTotalBytes);
            default -> defaultBatchedTokens;
        };
    }

    /**
     * A workload {@link #configure configured} with this engine's default limit, its prefill chunk set to the
     * default for the GPU ({@link #defaultBatchedTokens(long, String)}); unchanged for an engine that does not
     * chunk or does not look at the GPU.
     */
    public Workload onGpu(Workload configured, long gpuTotalBytes, String gpuName) {
        if (!chunksPrefill() || configured.mode() != Mode.INFER) {
            return configured;
        }
        return configured.toBuilder().prefillChunkTokens(defaultBatchedTokens(gpuTotalBytes, gpuName)).build();
    }

    /**
     * The share of a GPU of {@code totalBytes} total memory this engine lets itself use for {@code workload}: the
     * workload's {@link Workload#gpuMemoryUtilization()} when given (above 0), the engine's default otherwise (vLLM
     * 0.9 of the total, SGLang {@code mem_fraction_static} for the GPU, chunk and parallel sizes, TensorRT-LLM 0.9 of
     * the free memory, none for Hugging Face {@code generate} and llama.cpp).
     */
    public MemoryReservation reservation(Workload workload, long totalBytes) {
        double given = workload.gpuMemoryUtilization();
        MemoryReservation.Basis basis = switch (this) {
            case VLLM -> MemoryReservation.Basis.DEVICE;
            case SGLANG -> MemoryReservation.Basis.WEIGHTS_AND_KV;
            case TRTLLM -> MemoryReservation.Basis.FREE;
            default -> given > 0 ? MemoryReservation.Basis.DEVICE : MemoryReservation.Basis.NONE;
        };
        if (given > 0) {
            return new MemoryReservation(this, given, basis, true);
        }
        double fraction = switch (this) {
            case VLLM -> VLLM_GPU_MEMORY_UTILIZATION;
            case SGLANG -> SglangDefaults.memFractionStatic(totalBytes, workload.prefillChunkTokens(),
                    workload.parallelism().tensorParallel(), workload.parallelism().pipelineParallel());
            case TRTLLM -> TRTLLM_FREE_GPU_MEMORY_FRACTION;
            default -> 0;
        };
        return new MemoryReservation(this, fraction, basis, false);
    }

    /**
     * The memory {@code workload} may use on one {@code gpu}, as every fit and every serving capacity is judged
     * (decision table, charts, reports, {@code fit}, {@code estimate}, {@code advise}, the KV pool): the usable memory
     * for training, and for inference the budget of the workload's engine's {@link #reservation}
     * ({@link MemoryReservation#budgetBytes}): under vLLM {@code ceil(usable * 0.9)} unless another fraction is
     * given. A workload configured with no engine counts as Hugging Face {@code generate}
     * ({@link #of(Workload)}).
     */
    public static long capacityBytes(GpuSpec gpu, Workload workload) {
        if (workload.mode() != Mode.INFER) {
            return gpu.memoryBytesUsable();
        }
        return of(workload).reservation(workload, gpu.memoryBytesTotal())
                .budgetBytes(gpu.memoryBytesUsable(), gpu.memoryBytesTotal());
    }

    /**
     * Whether, with pipeline parallelism, the engine keeps one micro-batch of its running requests in flight per
     * stage, so that every stage works while the others do: TensorRT-LLM's in-flight batcher
     * ({@code TrtGptModelInflightBatching}: {@code mNumMicroBatches = getPipelineParallelism()}), vLLM's V1 executor
     * ({@code max_concurrent_batches} is {@code pipeline_parallel_size}: that many scheduled batches in flight; the
     * V0 engine had one "virtual engine" per stage) and SGLang ({@code pp_max_micro_batch_size = max(
     * max_running_requests // pp_size, 1)} in its scheduler). Hugging Face {@code generate} over a device map runs
     * the stages one after the other with one batch, and llama.cpp pipelines only the micro-batches of one prompt's
     * evaluation, not decoding sequences.
     */
    public boolean pipelinesMicroBatches() {
        return this == VLLM || this == SGLANG || this == TRTLLM;
    }

    /** Whether the engine prefills in chunks of a batched-token limit. */
    public boolean chunksPrefill() {
        return defaultBatchedTokens > 0;
    }

    /**
     * The inference workload as this engine runs it.
     *
     * @param batchedTokens prompt tokens per forward pass ({@code max_num_batched_tokens}, llama.cpp's
     *                      {@code n_ubatch}); 0 for the engine's default. Must be 0 for {@link #HF_GENERATE}.
     * @throws IllegalArgumentException for a training workload, a negative limit, a limit the engine has not, or
     *                                  (llama.cpp) weights no GGUF file holds
     */
    public Workload configure(Workload workload, int batchedTokens) {
        if (workload.mode() != Mode.INFER) {
            throw new IllegalArgumentException("a serving engine applies to inference only");
        }
        if (batchedTokens < 0 || batchedTokens > Workload.MAX_TOKENS) {
            throw new IllegalArgumentException(
                    "batched tokens must be between 1 and " + Workload.MAX_TOKENS + ", got " + batchedTokens);
        }
        if (batchedTokens > 0 && !chunksPrefill()) {
            throw new IllegalArgumentException(id + " prefills every prompt in one pass and has no batched-token"
                    + " limit");
        }
        DataType weights = workload.effectiveWeightType();
        if (this == LLAMA_CPP && !weights.isGguf() && weights != DataType.FP32 && weights != DataType.FP16
                && weights != DataType.BF16) {
            throw new IllegalArgumentException("llama.cpp loads GGUF files: weights must be fp32, fp16, bf16 or a GGUF"
                    + " type (q8_0, q6_k, q5_k, q4_k, ...), got " + weights.id());
        }
        return workload.toBuilder()
                .kvBlockTokens(kvBlockTokens)
                .prefillChunkTokens(batchedTokens > 0 ? batchedTokens : defaultBatchedTokens)
                .build();
    }

    /**
     * The engine a name gives.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static ServingEngine parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        return switch (key) {
            case "vllm" -> VLLM;
            case "hf", "transformers", "hf-generate" -> HF_GENERATE;
            case "llama.cpp", "llamacpp", "llama-cpp" -> LLAMA_CPP;
            case "sglang" -> SGLANG;
            case "trtllm", "trt-llm", "tensorrt-llm", "tensorrt_llm" -> TRTLLM;
            default -> throw new IllegalArgumentException(
                    "engine must be vllm, sglang, trtllm, hf or llama.cpp, got '" + text + "'");
        };
    }

    /**
     * The engine of a serving {@link Framework}: vllm, sglang, trtllm, llama.cpp or hf.
     *
     * @throws IllegalArgumentException for a training framework
     */
    public static ServingEngine of(Framework framework) {
        return switch (framework) {
            case VLLM -> VLLM;
            case SGLANG -> SGLANG;
            case TRTLLM -> TRTLLM;
            case LLAMA_CPP -> LLAMA_CPP;
            case HF -> HF_GENERATE;
            default -> throw new IllegalArgumentException("engine: " + framework.id() + " trains; serving engines"
                    + " are vllm, sglang, trtllm, hf and llama.cpp");
        };
    }

    /** The serving {@link Framework} this engine is. */
    public Framework framework() {
        return switch (this) {
            case VLLM -> Framework.VLLM;
            case SGLANG -> Framework.SGLANG;
            case TRTLLM -> Framework.TRTLLM;
            case LLAMA_CPP -> Framework.LLAMA_CPP;
            case HF_GENERATE -> Framework.HF;
        };
    }

    /**
     * The engine whose layout a configured workload carries ({@link #configure} sets its KV block size and prefill
     * chunk): the KV block size tells the paged engines apart (vLLM 16, SGLang 1, TensorRT-LLM 32); an unpaged cache
     * is llama.cpp when it prefills in chunks and Hugging Face {@code generate} when it does not.
     */
    public static ServingEngine of(Workload workload) {
        Framework named = workload.effectiveFramework();
        if (named != null && !named.training()) {
            return of(named);
        }
        int block = workload.kvBlockTokens();
        for (ServingEngine e : values()) {
            if (e.kvBlockTokens == block && e.chunksPrefill() == (workload.prefillChunkTokens() > 0)) {
                return e;
            }
        }
        return block > 0 ? VLLM : HF_GENERATE;
    }
}
