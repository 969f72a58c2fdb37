package com.vramadvisor.engine.serving;

/**
 * The bytes each engine gives its KV cache pool on one GPU, from the memory the rest of the workload takes.
 *
 * <ul>
 *   <li>vLLM, Hugging Face {@code generate}, llama.cpp: the budget ({@code ceil(usable * gpu_memory_utilization)} for vLLM,
 *       0.9 by default, {@link ServingEngine#reservation})
 *       less everything else at the peak (weights, the profiled activation peak, runtime overhead):
 *       {@code pool = budget - nonKv} (vLLM {@code determine_available_memory}, {@code vllm/v1/worker/
 *       gpu_worker.py}); for vLLM {@code nonKv} also holds its CUDA graphs and its profiling run's logits
 *       ({@link KvCapacity#of}).</li>
 *   <li>SGLang: weights and pool share {@code mem_fraction_static} of the GPU's total memory, and the activations
 *       and CUDA graph buffers live in the rest ({@code ModelRunner.profile_max_num_token}, {@code python/sglang/srt/
 *       model_executor/model_runner.py}: {@code rest = available_after_weights - total * (1 - mem_fraction_static)}):
 *       {@code pool = total * fraction - (nonKv - activations)}, with {@code fraction} from
 *       {@code --gpu-memory-utilization} when given and {@link SglangDefaults#memFractionStatic} otherwise.</li>
 *   <li>TensorRT-LLM: {@code free_gpu_memory_fraction} (0.9 unless {@code --gpu-memory-utilization} gives another)
 *       of the memory free after the weights are loaded and the activations of {@code max_num_tokens} are reserved
 *       ({@code KvCacheConfig.free_gpu_memory_fraction}, {@code tensorrt_llm/llmapi/llm_args.py}):
 *       {@code pool = 0.9 * (usable - nonKv)}.</li>
 * </ul>
 */
public final class KvPool {

    private KvPool() {
    }

    /**
     * Pool bytes per GPU.
     *
     * @param engine           the engine
     * @param budgetBytes      the serving budget per GPU ({@link ServingEngine#capacityBytes})
     * @param usableBytes      the GPU's allocatable memory (TensorRT-LLM's free memory is of it)
     * @param totalBytes       the GPU's total memory (SGLang's fraction is of it)
     * @param nonKvBytes       everything but the KV cache at the peak phase
     * @param activationBytes  the activation and logits part of {@code nonKvBytes} (SGLang reserves for them apart)
     * @param utilization      {@code --gpu-memory-utilization}, 0 when not given
     * @param chunkTokens      the prefill chunk (SGLang's reserve grows with it)
     * @param tensorParallel   tensor-parallel size
     * @param pipelineParallel pipeline-parallel size
     * @return bytes, never negative
     */
    public static double bytes(ServingEngine engine, long budgetBytes, long usableBytes, long totalBytes,
                               double nonKvBytes,
                               double activationBytes, double utilization, int chunkTokens, int tensorParallel,
                               int pipelineParallel) {
        double pool = switch (engine) {
            case SGLANG -> {
                double fraction = utilization > 0 ? utilization
                        : SglangDefaults.memFractionStatic(totalBytes, chunkTokens, tensorParallel, pipelineParallel);
                yield totalBytes * fraction - (nonKvBytes - activationBytes);
            }
            case TRTLLM -> (utilization > 0 ? utilization : ServingEngine.TRTLLM_FREE_GPU_MEMORY_FRACTION)
                    * (usableBytes - nonKvBytes);
            default -> budgetBytes - nonKvBytes;
        };
        return Math.max(0, pool);
    }
}
