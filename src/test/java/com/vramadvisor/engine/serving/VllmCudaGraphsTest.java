package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

class VllmCudaGraphsTest {

    private static final double GIB = 1L << 30;

    /**
     * vLLM logs the graphs it profiles: "Profiling CUDA graph memory: PIECEWISE=51 (largest=512), FULL=35
     * (largest=256)" with the default max_num_seqs of 256 (LMCache issue #3430, vLLM 0.21.0; vLLM PR #39559).
     */
    @Test
    void theDefaultCaptureListGivesTheGraphCountsVllmLogs() {
        assertThat(VllmCudaGraphs.piecewiseGraphs(256, 2048)).isEqualTo(51);
        assertThat(VllmCudaGraphs.fullGraphs(256, 2048)).isEqualTo(35);
        // max_num_seqs 1024 (H100): the list still stops at 512, and every size is a decode batch.
        assertThat(VllmCudaGraphs.piecewiseGraphs(1024, 8192)).isEqualTo(51);
        assertThat(VllmCudaGraphs.fullGraphs(1024, 8192)).isEqualTo(51);
        // A small scheduler: max_num_seqs 8 captures up to 16: 1, 2, 4, 8, 16 piecewise and 1, 2, 4, 8 full.
        assertThat(VllmCudaGraphs.piecewiseGraphs(8, 2048)).isEqualTo(5);
        assertThat(VllmCudaGraphs.fullGraphs(8, 2048)).isEqualTo(4);
        assertThatThrownBy(() -> VllmCudaGraphs.bytes(0, 256, 2048)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anA100CapturesFewerDecodeGraphsThanAnH100OfTheSameMemory() {
        // vLLM's max_num_seqs is 256 on an A100 and 1024 on other GPUs of at least 70 GiB: 51 + 35 graphs against
        // 51 + 51, at 32 layers and 180,344 bytes a graph and layer.
        ModelSpec llama = CatalogLoader.shippedOnly().load().model("llama-3.1-8b").orElseThrow();
        Workload w = ServingEngine.VLLM.configure(Workload.builder().mode(Mode.INFER).precision(Precision.BF16)
                .weightType(DataType.BF16).batch(1).sequenceLength(1024).context(2048).build(), 0);
        long total = 81_920L << 20;
        assertThat(KvCapacity.cudaGraphBytes(llama, w, total, "NVIDIA A100-SXM4-80GB"))
                .isEqualTo(86.0 * 32 * VllmCudaGraphs.BYTES_PER_GRAPH_LAYER);
        assertThat(KvCapacity.cudaGraphBytes(llama, w, total, "NVIDIA H100 80GB HBM3"))
                .isEqualTo(102.0 * 32 * VllmCudaGraphs.BYTES_PER_GRAPH_LAYER);
        assertThat(KvCapacity.of(llama, w, total, total, total, "NVIDIA A100-SXM4-80GB").blocks())
                .isGreaterThan(KvCapacity.of(llama, w, total, total, total, "NVIDIA H100 80GB HBM3").blocks());
    }

    /**
     * LMCache issue #3430 (2026-05-28): Qwen/Qwen3-8B in bf16 on an RTX A5000 with vLLM 0.21.0 (the log does not
     * print the total; 24,564 MiB, what nvidia-smi shows for 24 GB cards of that generation, is assumed),
     * gpu_memory_utilization 0.9764, max_model_len 16,384: "Estimated CUDA graph memory: 0.52 GiB total",
     * "Available KV cache memory: 6.37 GiB", "GPU KV cache size: 46,368 tokens", "Maximum concurrency for 16,384
     * tokens per request: 2.83x". The graph constant comes from this log, so the check is of the rest: weights,
     * the 2,048-token prefill chunk vLLM uses below 70 GiB, the logits of the 256 requests its profiling run
     * samples. Tolerance 15 %.
     */
    @Test
    void qwen3_8bOnAnRtxA5000KeepsTheKvBlocksVllmLogged() {
        ModelSpec qwen = CatalogLoader.shippedOnly().load().model("qwen3-8b").orElseThrow();
        long total = 24_564L << 20;
        Workload w = ServingEngine.VLLM.onGpu(ServingEngine.VLLM.configure(Workload.builder().mode(Mode.INFER)
                .precision(Precision.BF16).weightType(DataType.BF16).batch(1).sequenceLength(16_384)
                .context(16_384).overhead(RuntimeOverhead.OFF).gpuMemoryUtilization(0.9764).build(), 0),
                total, "NVIDIA RTX A5000");
        assertThat(w.prefillChunkTokens()).isEqualTo(2048);
        assertThat(KvCapacity.cudaGraphBytes(qwen, w, total, "NVIDIA RTX A5000") / GIB).isCloseTo(0.52, withinPercentage(1));
        KvCapacity c = KvCapacity.of(qwen, w, (long) Math.floor(total * 0.9764), total, total, "NVIDIA RTX A5000");
        // 52,832 tokens, +13.9 %: the sampler's sort buffers in the profiling run and memory outside PyTorch are not
        // counted. Without the graphs it would be 56,160 (+21 %).
        assertThat((double) c.tokens()).isCloseTo(46_368, withinPercentage(15));
        assertThat(c.maxConcurrency()).isCloseTo(2.83, withinPercentage(15));
    }
}
