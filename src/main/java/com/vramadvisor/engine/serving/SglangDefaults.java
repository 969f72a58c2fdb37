package com.vramadvisor.engine.serving;

/**
 * SGLang's start-up defaults that depend on the GPU, as {@code ServerArgs._handle_gpu_memory_settings} sets them in
 * {@code python/sglang/srt/server_args.py} (SGLang 0.5 series). {@code gpuMiB} is the device's total memory in MiB
 * as PyTorch reports it ({@code get_device_memory_capacity}).
 *
 * <pre>
 *   tier (gpuMiB)        chunked_prefill_size   cuda_graph_max_bs (tp &lt; 4 / tp &gt;= 4)
 *   &lt; 20 * 1024              2048                  8 / 8
 *   &lt; 35 * 1024              2048                 24 / 80
 *   &lt; 60 * 1024              4096                 32 / 160
 *   &lt; 160 * 1024             8192                256 / 512
 *   otherwise               16384                512 / 512
 *
 *   reserved_mem (MiB) = 512 + max(chunked_prefill_size, 2048) * 1.5 + cuda_graph_max_bs * 2 + tp * pp / 8 * 1024,
 *                        at least 10 * 1024 on GPUs above 60 GiB
 *   mem_fraction_static = round((gpuMiB - reserved_mem) / gpuMiB, 3)
 * </pre>
 * {@code mem_fraction_static} is the share of the GPU that weights and the KV pool may take together; the rest is
 * left for activations and CUDA graph buffers. On an H100 80 GB (81,559 MiB) at TP 1 this gives 0.835, the value
 * SGLang's documentation logs ("Offline Engine API" page, {@code server_args=ServerArgs(... mem_fraction_static=0.835
 * ... chunked_prefill_size=8192 ...)}).
 */
public final class SglangDefaults {

    private static final long MIB = 1L << 20;

    private SglangDefaults() {
    }

    /** {@code chunked_prefill_size}: prompt tokens per prefill pass on a GPU of {@code gpuBytes} total memory. */
    public static int chunkedPrefillSize(long gpuBytes) {
        double mib = (double) gpuBytes / MIB;
        if (mib < 35 * 1024) {
            return 2048;
        }
        if (mib < 60 * 1024) {
            return 4096;
        }
        return mib < 160 * 1024 ? 8192 : 16384;
    }

    /** {@code cuda_graph_max_bs}: the largest decode batch captured in a CUDA graph. */
    public static int cudaGraphMaxBatch(long gpuBytes, int tensorParallel) {
        double mib = (double) gpuBytes / MIB;
        boolean small = tensorParallel < 4;
        if (mib < 20 * 1024) {
            return 8;
        }
        if (mib < 35 * 1024) {
            return small ? 24 : 80;
        }
        if (mib < 60 * 1024) {
            return small ? 32 : 160;
        }
        if (mib < 160 * 1024) {
            return small ? 256 : 512;
        }
        return 512;
    }

    /**
     * {@code mem_fraction_static} for a GPU of {@code gpuBytes}, a prefill chunk of {@code chunkTokens} tokens and
     * the given tensor- and pipeline-parallel sizes, rounded to three decimals as SGLang does.
     */
    public static double memFractionStatic(long gpuBytes, int chunkTokens, int tensorParallel, int pipelineParallel) {
        if (gpuBytes <= 0 || chunkTokens < 0 || tensorParallel < 1 || pipelineParallel < 1) {
            throw new IllegalArgumentException("GPU memory, chunk and parallel sizes must be positive");
        }
        double mib = (double) gpuBytes / MIB;
        double reserved = 512 + Math.max(chunkTokens, 2048) * 1.5
                + cudaGraphMaxBatch(gpuBytes, tensorParallel) * 2.0
                + tensorParallel * pipelineParallel / 8.0 * 1024;
        if (mib > 60 * 1024) {
            reserved = Math.max(reserved, 10 * 1024);
        }
        return Math.max(0, Math.round((mib - reserved) / mib * 1000) / 1000.0);
    }
}
