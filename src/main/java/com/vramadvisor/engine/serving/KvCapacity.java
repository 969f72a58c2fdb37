package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Workload;

/**
 * How many sequences of a given context the KV cache holds within a serving budget, as vLLM reports it at start-up
 * ("GPU KV cache size: N tokens" and "Maximum concurrency for C tokens per request: X", {@code vllm/v1/core/
 * kv_cache_utils.py}): the engine gives the KV cache what the budget leaves after the weights, the activation peak
 * and the rest, in whole blocks, and divides those blocks by the blocks one request of the full context needs.
 *
 * <p>Here everything but the KV cache is the workload's own estimate at its peak phase (weights, the prefill or
 * decode activations, logits and runtime overhead), for vLLM taken at its profiling run's load ({@link #profileRun}:
 * a full {@code max_num_batched_tokens} chunk, even when the workload's prompts are shorter), and for vLLM also its
 * CUDA graphs ({@link VllmCudaGraphs}),
 * which vLLM 0.21 and later take out of the budget before sizing the cache. The cache is allocated once, in blocks of its own size, so the
 * caching allocator keeps no reserve over it ({@link com.vramadvisor.engine.allocator.CachingAllocator}: the
 * reserve is a fraction of the tensors freed and allocated again, the activations and logits) and a block costs
 * its own bytes:
 * <pre>
 *   blocks            = floor((budget - everythingButTheKvCache) / blockBytes)
 *   blocksPerRequest  = ceil(attended / blockTokens)
 *   maxConcurrency    = blocks / blocksPerRequest
 * </pre>
 * with {@code blockBytes = blockTokens * MemoryEstimator.kvBytesPerToken(model, workload)} and {@code attended} the
 * tokens one sequence keeps per block on average ({@link ModelSpec#kvAttendedTokens(double)}: the context, or
 * {@code min(context, window)} in sliding-window and chunked blocks). An unpaged cache (Hugging
 * Face {@code generate}, llama.cpp) counts in blocks of one token. SGLang and TensorRT-LLM size the pool their own
 * way ({@link KvPool}); {@link #of(ModelSpec, Workload, long, long, long)} takes the GPU's memory for them.
 *
 * <p><b>Shared prefix.</b> When every request starts with the same {@code P} tokens (a system prompt), vLLM's
 * automatic prefix caching and TensorRT-LLM's block reuse hold each full block of that prefix once and let every
 * request point at it (vLLM docs, "Automatic Prefix Caching": blocks are hashed by their tokens and prefix, only full
 * blocks are shared); SGLang's radix cache shares it token by token ({@code RadixCache}, page size 1). With
 * {@code s = floor(P / blockTokens)} shared blocks:
 * <pre>
 *   maxConcurrency = (blocks - s) / (blocksPerRequest - s)
 * </pre>
 *
 * @param blockTokens      tokens per block (1 for an unpaged cache)
 * @param blockBytes       bytes of one block on one GPU
 * @param blocks           whole blocks that fit in the budget (0 when nothing is left)
 * @param blocksPerRequest blocks one sequence of the workload's context needs
 * @param maxConcurrency   {@code blocks / blocksPerRequest}: sequences of that context held at once
 */
public record KvCapacity(int blockTokens, double blockBytes, long blocks, long blocksPerRequest,
                         double maxConcurrency) {

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();

    /** Tokens the blocks hold in all: {@code blocks * blockTokens}. */
    public long tokens() {
        return blocks * blockTokens;
    }

    /** Whole sequences of the context held at once: {@code floor(maxConcurrency)}. */
    public long wholeSequences() {
        return blocks / blocksPerRequest;
    }

    /**
     * The KV capacity of {@code workload} (inference) within {@code budgetBytes} per GPU, the budget also standing
     * for the GPU's usable and total memory.
     *
     * @param budgetBytes the serving budget per GPU, e.g. {@link com.vramadvisor.engine.llm.Serving#usableBudget}
     * @throws IllegalArgumentException for a training workload
     */
    public static KvCapacity of(ModelSpec model, Workload workload, long budgetBytes) {
        return of(model, workload, budgetBytes, budgetBytes, budgetBytes);
    }

    /**
     * The KV capacity of {@code workload} (inference) on one GPU, the pool sized as the workload's engine
     * ({@link ServingEngine#of}) sizes it ({@link KvPool}).
     *
     * @param budgetBytes the serving budget per GPU ({@link ServingEngine#capacityBytes}; vLLM:
     *                    {@code ceil(usable * gpu_memory_utilization)}, 0.9 by default)
     * @param usableBytes the GPU's allocatable memory
     * @param totalBytes  the GPU's total memory
     * @throws IllegalArgumentException for a training workload
     */
    public static KvCapacity of(ModelSpec model, Workload workload, long budgetBytes, long usableBytes,
                                long totalBytes) {
        return of(model, workload, budgetBytes, usableBytes, totalBytes, "");
    }

    /**
     * The KV capacity of {@code workload} (inference) on one GPU named {@code gpuName}: as
     * {@link #of(ModelSpec, Workload, long, long, long)}, the name telling vLLM's default {@code max_num_seqs} on an
     * A100 (256, not 1024; {@link SchedulerLimit}), which sets how many CUDA graphs it captures and how many requests
     * its profiling run samples.
     */
    public static KvCapacity of(ModelSpec model, Workload workload, long budgetBytes, long usableBytes,
                                long totalBytes, String gpuName) {
        if (workload.mode() != Mode.INFER) {
            throw new IllegalArgumentException("KV capacity is defined for inference only");
        }
        ServingEngine engine = ServingEngine.of(workload);
        Workload profiled = engine == ServingEngine.VLLM ? profileRun(workload, totalBytes, gpuName) : workload;
        Estimate e = ESTIMATOR.estimate(model, profiled);
        PhaseBreakdown peak = e.phases().stream().filter(p -> p.phase() == e.peakPhase()).findFirst().orElseThrow();
        double nonKv = (double) peak.totalBytes() - peak.get(Component.KV_CACHE);
        double activations = (double) peak.get(Component.ACTIVATIONS) + peak.get(Component.LOGITS);
        int blockTokens = Math.max(1, workload.kvBlockTokens());
        double blockBytes = blockTokens * MemoryEstimator.kvBytesPerToken(model, workload);
        if (engine == ServingEngine.VLLM) {
            nonKv += cudaGraphBytes(model, workload, totalBytes, gpuName)
                    + profiledLogitsBytes(profiled, peak.get(Component.LOGITS), totalBytes, gpuName);
        }
        double left = KvPool.bytes(engine, budgetBytes, usableBytes, totalBytes, nonKv,
                activations, workload.gpuMemoryUtilization(), workload.prefillChunkTokens(),
                workload.parallelism().tensorParallel(), workload.parallelism().pipelineParallel());
        long blocks = left <= 0 || blockBytes <= 0 ? 0 : (long) Math.floor(left / blockBytes);
        double attended = model.kvAttendedTokens(workload.effectiveContext());
        long perRequest = Math.max(1, (long) Math.ceil(attended / blockTokens));
        return new KvCapacity(blockTokens, blockBytes, blocks, perRequest, (double) blocks / perRequest);
    }

    /**
     * The CUDA graph memory vLLM subtracts from the KV budget on a GPU of {@code totalBytes} named {@code gpuName}
     * ({@link VllmCudaGraphs}), with vLLM's default {@code max_num_seqs} for that GPU ({@link SchedulerLimit}; ""
     * when the name is unknown) and the workload's batched-token limit.
     */
    public static double cudaGraphBytes(ModelSpec model, Workload workload, long totalBytes, String gpuName) {
        int stages = workload.parallelism().pipelineParallel();
        int layersPerGpu = Math.max(1, (model.layers() + stages - 1) / stages);
        return VllmCudaGraphs.bytes(layersPerGpu, vllmMaxNumSeqs(totalBytes, gpuName), vllmBatchedTokens(workload));
    }

    private static int vllmMaxNumSeqs(long totalBytes, String gpuName) {
        return (int) SchedulerLimit.defaultMaxRunning(ServingEngine.VLLM, 0, 1, totalBytes, gpuName)
                .orElse(SchedulerLimit.VLLM_MAX_NUM_SEQS_SMALL);
    }

    private static int vllmBatchedTokens(Workload workload) {
        return workload.prefillChunkTokens() > 0 ? workload.prefillChunkTokens()
                : ServingEngine.VLLM.defaultBatchedTokens();
    }

    /**
     * The workload as vLLM's profiling run loads the GPU before it sizes the cache: one forward pass over a full
     * chunk of {@code max_num_batched_tokens} prompt tokens, whatever the prompts the workload serves
     * ({@code GPUModelRunner.profile_run} calls {@code _dummy_run(self.max_num_tokens)}, which spreads those tokens
     * over {@code min(max_num_seqs, max_num_tokens)} dummy requests, {@code vllm/v1/worker/gpu_model_runner.py}).
     * A workload whose {@code batch x prompt} already fills the chunk is returned as it is; a shorter one gets
     * {@code ceil(chunk / prompt)} sequences, at most {@code max_num_seqs} (never fewer than its own batch), each
     * prompt lengthened to {@code ceil(chunk / sequences)} when even that many do not fill the chunk, so that the
     * estimate's prefill pass holds a full chunk. Only the non-KV part of its estimate is used; the KV cache and the
     * blocks a request needs come from the workload itself.
     */
    static Workload profileRun(Workload workload, long totalBytes, String gpuName) {
        int chunk = vllmBatchedTokens(workload);
        int prompt = workload.sequenceLength();
        if ((long) workload.batch() * prompt >= chunk) {
            return workload;
        }
        int sequences = Math.max(workload.batch(),
                Math.min(vllmMaxNumSeqs(totalBytes, gpuName), (chunk + prompt - 1) / prompt));
        int length = Math.max(prompt, (chunk + sequences - 1) / sequences);
        Workload.Builder b = workload.toBuilder().batch(sequences).sequenceLength(length);
        if (workload.context() != 0 && workload.context() < length) {
            b.context(length);
        }
        return b.build();
    }

    /**
     * The logits vLLM's profiling run adds over the workload's own: it samples {@code min(max_num_seqs,
     * max_num_batched_tokens)} dummy requests ({@code GPUModelRunner.profile_run} and {@code _dummy_sampler_run},
     * {@code vllm/v1/worker/gpu_model_runner.py}), each with the logits one sequence holds, where the workload holds
     * {@code batch} of them.
     */
    private static double profiledLogitsBytes(Workload workload, long logitsBytes, long totalBytes,
                                              String gpuName) {
        long rows = Math.min(vllmMaxNumSeqs(totalBytes, gpuName), vllmBatchedTokens(workload));
        return workload.batch() >= rows ? 0 : (double) logitsBytes / workload.batch() * (rows - workload.batch());
    }

    /**
     * Blocks of a prefix of {@code prefixTokens} tokens that every request shares: whole blocks only, and never all
     * of a request's blocks (each request keeps at least one block of its own).
     */
    public long sharedBlocks(int prefixTokens) {
        if (prefixTokens < 0) {
            throw new IllegalArgumentException("shared prefix must be at least 0 tokens, got " + prefixTokens);
        }
        return Math.min(prefixTokens / blockTokens, blocksPerRequest - 1);
    }

    /**
     * Sequences held at once when every request shares a prefix of {@code prefixTokens} tokens, held once:
     * {@code (blocks - s) / (blocksPerRequest - s)} with {@code s} = {@link #sharedBlocks(int)}; 0 when the blocks do
     * not hold the prefix and one request.
     */
    public double maxConcurrencyWithSharedPrefix(int prefixTokens) {
        long s = sharedBlocks(prefixTokens);
        if (blocks < blocksPerRequest) {
            return (double) blocks / blocksPerRequest;
        }
        return (double) (blocks - s) / (blocksPerRequest - s);
    }
}
