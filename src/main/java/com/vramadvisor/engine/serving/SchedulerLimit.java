package com.vramadvisor.engine.serving;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * The most requests an engine's scheduler runs at once by default, a bound apart from what the KV cache holds
 * ({@link KvCapacity#maxConcurrency()}): the engine never schedules more even when memory would allow it.
 *
 * <ul>
 *   <li>vLLM {@code max_num_seqs}: 256 in the V0 engine ({@code SchedulerConfig}); in V1, {@code
 *       EngineArgs.get_batch_defaults} in {@code vllm/engine/arg_utils.py} gives 1024 for {@code vllm serve} and the
 *       {@code LLM} class on GPUs of at least 70 GiB whose name does not contain "a100", 256 otherwise.</li>
 *   <li>SGLang {@code max_running_requests}: {@code min(max_total_num_tokens / 2, req_to_token_pool size)}
 *       ({@code Scheduler} / {@code ModelRunner} in {@code python/sglang/srt}), the pool holding
 *       {@code min(max(max_total_num_tokens / context_len * 512, 2048), 4096)} requests
 *       ({@code ModelRunner.init_memory_pool}), with {@code context_len} the model's maximum positions.</li>
 *   <li>TensorRT-LLM {@code max_batch_size}: 2048 ({@code BuildConfig} / {@code TorchLlmArgs} default in
 *       {@code tensorrt_llm/llmapi/llm_args.py}).</li>
 *   <li>llama.cpp's server runs {@code --parallel} slots: by default ({@code -np -1}, "auto") 4 sharing one KV pool
 *       ({@code tools/server/server.cpp}: "n_parallel is set to auto, using n_parallel = 4 and kv_unified =
 *       true"; {@code tools/server/README.md}: "number of server slots (default: -1, -1 = auto)").</li>
 *   <li>Hugging Face {@code generate} runs the batch it is given: no separate bound.</li>
 * </ul>
 */
public final class SchedulerLimit {

    /** vLLM V0's {@code max_num_seqs} and V1's below 70 GiB or on an A100. */
    public static final int VLLM_MAX_NUM_SEQS_SMALL = 256;
    /** vLLM V1's {@code max_num_seqs} on GPUs of at least 70 GiB other than the A100. */
    public static final int VLLM_MAX_NUM_SEQS_LARGE = 1024;
    /** TensorRT-LLM's default {@code max_batch_size}. */
    public static final int TRTLLM_MAX_BATCH_SIZE = 2048;
    /** llama.cpp server's slots when {@code --parallel} is left to "auto". */
    public static final int LLAMA_CPP_AUTO_SLOTS = 4;

    private static final long GIB = 1L << 30;

    private SchedulerLimit() {
    }

    /**
     * The engine's default bound on running requests.
     *
     * @param engine           the engine
     * @param kvTokens         tokens the KV pool holds ({@link KvCapacity#tokens()}), for SGLang
     * @param modelMaxPositions the model's context length, for SGLang
     * @param gpuTotalBytes    the GPU's total memory, for vLLM (0 when unknown: the smaller default)
     * @param gpuName          the GPU's name, for vLLM's A100 exception ("" when unknown)
     * @return the bound, or empty when the engine has none
     */
    public static OptionalLong defaultMaxRunning(ServingEngine engine, long kvTokens, int modelMaxPositions,
                                                 long gpuTotalBytes, String gpuName) {
        return switch (engine) {
            case VLLM -> OptionalLong.of(gpuTotalBytes >= 70 * GIB
                    && !gpuName.toLowerCase(Locale.ROOT).contains("a100")
                    ? VLLM_MAX_NUM_SEQS_LARGE : VLLM_MAX_NUM_SEQS_SMALL);
            case SGLANG -> {
                long pool = Math.min(Math.max((long) ((double) kvTokens / Math.max(1, modelMaxPositions) * 512),
                        2048), 4096);
                yield OptionalLong.of(Math.min(kvTokens / 2, pool));
            }
            case TRTLLM -> OptionalLong.of(TRTLLM_MAX_BATCH_SIZE);
            case LLAMA_CPP -> OptionalLong.of(LLAMA_CPP_AUTO_SLOTS);
            default -> OptionalLong.empty();
        };
    }
}
