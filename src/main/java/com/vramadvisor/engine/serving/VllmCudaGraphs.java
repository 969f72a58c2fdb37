package com.vramadvisor.engine.serving;

/**
 * The memory vLLM's CUDA graphs take on each GPU, which vLLM (from v0.21.0, "CUDA graph memory profiling is enabled
 * (default since v0.21.0)") subtracts from the KV-cache budget before it sizes the blocks
 * ({@code GPUModelRunner.profile_cudagraph_memory}, {@code vllm/v1/worker/gpu_model_runner.py}; earlier versions
 * captured the graphs after allocating the cache, in the memory {@code gpu_memory_utilization} leaves free).
 *
 * <p><b>Which graphs.</b> With the default {@code cudagraph_mode = FULL_AND_PIECEWISE} vLLM captures a piecewise
 * graph (attention left out, the rest per layer) for every capture size and a full graph for every capture size that
 * a pure decode batch can reach. The capture sizes are {@code [1, 2, 4] + range(8, 256, 8) + range(256, max + 1, 16)}
 * up to {@code max = min(2 x max_num_seqs, 512, max_num_batched_tokens)} ({@code VllmConfig._set_cudagraph_sizes},
 * {@code vllm/config/vllm.py}); full graphs go up to {@code max_num_seqs}. At the defaults that is 51 piecewise and
 * 35 full graphs with {@code max_num_seqs = 256} (vLLM logs "Profiling CUDA graph memory: PIECEWISE=51
 * (largest=512), FULL=35 (largest=256)") and 51 + 51 with 1024.
 *
 * <p><b>How much.</b> vLLM measures the first capture (which fills the graph pool that all graphs share) and one
 * more, and counts the rest at the second's size. The per-graph part is the driver's memory for the graph's kernel
 * nodes, which grows with the layers a graph launches; no document gives it, so it is taken from a published log:
 * Qwen3-8B (36 layers) in bf16 on an RTX A5000 with vLLM 0.21.0, 51 + 35 graphs, "Estimated CUDA graph memory:
 * 0.52 GiB total" (LMCache issue #3430, 2026-05-28), that is {@value #BYTES_PER_GRAPH_LAYER} bytes (about 0.17 MiB)
 * per graph and layer:
 * <pre>
 *   bytes = (piecewise + full graphs) x layers per GPU x 0.17 MiB
 * </pre>
 * Other published estimates (hybrid and mixture-of-experts models, other capture lists) range from about 5 to 45 MiB
 * per graph, so read the figure as good to a factor of about 3; for an 8B model it is about 0.5 GiB either way.
 */
public final class VllmCudaGraphs {

    /** Bytes per captured graph and per layer it runs: 0.52 GiB / (86 graphs x 36 layers). */
    public static final long BYTES_PER_GRAPH_LAYER = Math.round(0.52 * (1L << 30) / (86.0 * 36));

    /** vLLM's cap on the largest capture size when none is configured. */
    public static final int MAX_CAPTURE_SIZE = 512;

    private VllmCudaGraphs() {
    }

    /**
     * Capture sizes up to {@code max}: {@code [1, 2, 4]}, then every 8 below 256, then every 16 from 256.
     *
     * @return how many of them there are
     */
    static int captureSizesUpTo(int max) {
        int count = 0;
        for (int size : new int[] {1, 2, 4}) {
            if (size <= max) {
                count++;
            }
        }
        if (max >= 8) {
            count += (Math.min(max, 255) - 8) / 8 + 1;
        }
        if (max >= 256) {
            count += (max - 256) / 16 + 1;
        }
        return count;
    }

    /**
     * Piecewise graphs captured by default: the capture sizes up to
     * {@code min(2 x maxNumSeqs, 512, maxBatchedTokens)}.
     */
    public static int piecewiseGraphs(int maxNumSeqs, int maxBatchedTokens) {
        requirePositive(maxNumSeqs, maxBatchedTokens);
        return captureSizesUpTo(largestCapture(maxNumSeqs, maxBatchedTokens));
    }

    /** Full (decode) graphs captured by default: the capture sizes up to {@code maxNumSeqs}. */
    public static int fullGraphs(int maxNumSeqs, int maxBatchedTokens) {
        requirePositive(maxNumSeqs, maxBatchedTokens);
        return captureSizesUpTo(Math.min(maxNumSeqs, largestCapture(maxNumSeqs, maxBatchedTokens)));
    }

    /**
     * Bytes of CUDA graphs on one GPU: {@code (piecewise + full) x layersPerGpu x BYTES_PER_GRAPH_LAYER}.
     *
     * @param layersPerGpu the model's layers on one GPU (all of them, or one pipeline stage's share)
     */
    public static double bytes(int layersPerGpu, int maxNumSeqs, int maxBatchedTokens) {
        if (layersPerGpu < 1) {
            throw new IllegalArgumentException("layers must be at least 1, got " + layersPerGpu);
        }
        return (double) (piecewiseGraphs(maxNumSeqs, maxBatchedTokens) + fullGraphs(maxNumSeqs, maxBatchedTokens))
                * layersPerGpu * BYTES_PER_GRAPH_LAYER;
    }

    private static int largestCapture(int maxNumSeqs, int maxBatchedTokens) {
        return (int) Math.min(Math.min(2L * maxNumSeqs, MAX_CAPTURE_SIZE), maxBatchedTokens);
    }

    private static void requirePositive(int maxNumSeqs, int maxBatchedTokens) {
        if (maxNumSeqs < 1 || maxBatchedTokens < 1) {
            throw new IllegalArgumentException("max_num_seqs and max_num_batched_tokens must be at least 1, got "
                    + maxNumSeqs + " and " + maxBatchedTokens);
        }
    }
}
