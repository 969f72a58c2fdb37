package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SGLang's and TensorRT-LLM's KV pools, the engines' scheduler bounds and prefix sharing. */
class EnginePoolTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    /** nvidia-smi on an H100 80GB HBM3: total 81,559 MiB (catalog/gpus.json, h100-sxm-80gb). */
    private static final long H100_TOTAL = 81_559 * MIB;
    /** nvidia-smi on an A100-SXM4-80GB: total 81,920 MiB, 763 MiB reserved (catalog/gpus.json, a100-sxm-80gb). */
    private static final long A100_TOTAL = 81_920 * MIB;
    private static final long A100_USABLE = 81_157 * MIB;

    @Test
    void sglangReservesMemFractionStaticOf0835OnAnH100AsItsDocumentationLogs() {
        // SGLang documentation, "Offline Engine API" page (run of 2026-02-05 on an 80 GB H100): the server_args log
        // line reads "mem_fraction_static=0.835 ... chunked_prefill_size=8192". By the formula, reserved =
        // 512 + 8192 * 1.5 + 256 * 2 + 1 / 8 * 1024 = 13,440 MiB and (81,559 - 13,440) / 81,559 = 0.8352.
        assertThat(SglangDefaults.chunkedPrefillSize(H100_TOTAL)).isEqualTo(8192);
        assertThat(SglangDefaults.cudaGraphMaxBatch(H100_TOTAL, 1)).isEqualTo(256);
        assertThat(SglangDefaults.memFractionStatic(H100_TOTAL, 8192, 1, 1)).isEqualTo(0.835);
    }

    @ParameterizedTest(name = "{0} MiB: chunk {1}, CUDA graph batch {2} at TP 1 and {3} at TP 8")
    @CsvSource({
        // server_args.py, _handle_gpu_memory_settings: T4/4080, A10/4090, A100 40GB/L40, H100, H200, B200 tiers.
        "15360, 2048, 8, 8",
        "24576, 2048, 24, 80",
        "46068, 4096, 32, 160",
        "81559, 8192, 256, 512",
        "143771, 8192, 256, 512",
        "183359, 16384, 512, 512"})
    void sglangChoosesItsChunkAndGraphBatchByTheGpusMemoryTier(long mib, int chunk, int graphTp1, int graphTp8) {
        assertThat(SglangDefaults.chunkedPrefillSize(mib * MIB)).isEqualTo(chunk);
        assertThat(SglangDefaults.cudaGraphMaxBatch(mib * MIB, 1)).isEqualTo(graphTp1);
        assertThat(SglangDefaults.cudaGraphMaxBatch(mib * MIB, 8)).isEqualTo(graphTp8);
    }

    @Test
    void sglangGivesThePoolItsStaticFractionLessTheWeightsInSlotsOfOneToken() {
        // Llama 3 8B in bf16 on an H100 at TP 1, no runtime overhead, worked by hand:
        //   static   0.835 * 85,520,809,984            = 71,409,876,336.6 bytes
        //   pool     that - 16,060,522,496 weights     = 55,349,353,840.6 bytes
        //   tokens   floor(pool / 131,072)             = 422,282
        Workload w = ServingEngine.SGLANG.configure(ServingEngineTest.infer(1, 2048, 2049), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, H100_TOTAL, H100_TOTAL, H100_TOTAL);
        assertThat(c.blockTokens()).isEqualTo(1);
        assertThat(c.tokens()).isEqualTo(422_282);
        // Page size 1: a request of 2,049 tokens takes exactly 2,049 slots, none rounded up.
        assertThat(c.blocksPerRequest()).isEqualTo(2049);
    }

    @Test
    void tensorrtLlmPoolMatchesThePublishedLlama2On80GbA100WithinOnePercent() {
        // NVIDIA/TensorRT-LLM issue #1400 (2024-04-04): Llama-2-7B, SmoothQuant int8 weights, A100 80GB, TRT-LLM 0.8
        // with its default kv_cache_free_gpu_mem_fraction 0.9 and max_num_tokens 4096, logs "Allocate 69524783104
        // bytes for k/v cache" and "Using 132608 tokens in paged KV cache" (132,608 * 524,288 bytes per fp16 token).
        ModelSpec llama2 = ModelSpec.builder().id("llama-2-7b").hiddenSize(4096).ffnSize(11008).heads(32).kvHeads(32)
                .layers(32).vocabSize(32_000).maxPositions(4096).build();
        Workload w = Workload.builder().mode(Mode.INFER).precision(Precision.FP16).weightType(DataType.INT8)
                .kvCacheType(DataType.FP16).batch(1).sequenceLength(4096).context(4096)
                .overhead(RuntimeOverhead.DEFAULT).build();
        KvCapacity c = KvCapacity.of(llama2, ServingEngine.TRTLLM.configure(w, 4096), A100_USABLE, A100_USABLE,
                A100_TOTAL);
        assertThat(c.blockTokens()).isEqualTo(32);
        assertThat(MemoryEstimator.kvBytesPerToken(llama2, w)).isEqualTo(524_288.0);
        assertThat((double) c.tokens()).isCloseTo(132_608, within(0.01 * 132_608));
    }

    @Test
    void tensorrtLlmRoundsItsPoolToWholeBlocksOf32Tokens() {
        // NVIDIA/TensorRT-LLM issue #6294 (TRT-LLM 0.20, Llama-3.1-8B FP8 with fp8 KV on an H100): max_tokens 860,308
        // becomes "Allocated 52.51 GiB for max tokens in paged KV cache (860320)": 26,885 blocks of 32 tokens of
        // 65,536 bytes (32 layers * 8 KV heads * 128 * 2 * 1 byte).
        Workload w = ServingEngineTest.infer(1, 2048, 2048).toBuilder().kvCacheType(DataType.FP8).build();
        double perToken = MemoryEstimator.kvBytesPerToken(ServingEngineTest.LLAMA_3_8B, w);
        assertThat(perToken).isEqualTo(65_536.0);
        long blocks = (long) Math.ceil(860_308 / 32.0);
        assertThat(blocks * 32).isEqualTo(860_320);
        assertThat(blocks * 32 * perToken / GIB).isCloseTo(52.51, within(0.005));
    }

    @Test
    void vllmSchedulesAtMost1024SequencesOnLargeGpusOtherThanTheA100And256Elsewhere() {
        // vllm/engine/arg_utils.py, EngineArgs.get_batch_defaults: device memory >= 70 GiB and "a100" not in the
        // device name gives max_num_seqs 1024, otherwise 256 (also V0's default).
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.VLLM, 0, 8192, H100_TOTAL, "NVIDIA H100 80GB HBM3"))
                .isEqualTo(OptionalLong.of(1024));
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.VLLM, 0, 8192, A100_TOTAL, "NVIDIA A100-SXM4-80GB"))
                .isEqualTo(OptionalLong.of(256));
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.VLLM, 0, 8192, 46_068 * MIB, "NVIDIA L40S"))
                .isEqualTo(OptionalLong.of(256));
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.TRTLLM, 0, 8192, H100_TOTAL, ""))
                .isEqualTo(OptionalLong.of(2048));
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.HF_GENERATE, 0, 8192, H100_TOTAL, "")).isEmpty();
    }

    @Test
    void sglangRunsHalfItsPoolTokensInRequestsUpToItsRequestPool() {
        // min(tokens / 2, min(max(tokens / context_len * 512, 2048), 4096))
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.SGLANG, 422_282, 8192, H100_TOTAL, ""))
                .isEqualTo(OptionalLong.of(4096));
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.SGLANG, 3000, 8192, H100_TOTAL, ""))
                .isEqualTo(OptionalLong.of(1500));
        assertThat(SchedulerLimit.defaultMaxRunning(ServingEngine.SGLANG, 40_000, 131_072, H100_TOTAL, ""))
                .isEqualTo(OptionalLong.of(2048));
    }

    @Test
    void aSharedPrefixIsHeldOnceInWholeBlocks() {
        // The vLLM case of KvCapacityTest: 12,091 blocks, 128 per 2,048-token request, 94.46x without sharing. A
        // 1,000-token system prompt fills 62 blocks of 16 (the 63rd is partial and stays private), so
        // (12,091 - 62) / (128 - 62) = 182.26x.
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2048), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, 40 * GIB);
        assertThat(c.sharedBlocks(1000)).isEqualTo(62);
        assertThat(c.maxConcurrencyWithSharedPrefix(1000)).isCloseTo(182.26, within(0.01));
        assertThat(c.maxConcurrencyWithSharedPrefix(0)).isEqualTo(c.maxConcurrency());
        // More sharing never lowers the concurrency.
        assertThat(c.maxConcurrencyWithSharedPrefix(1500)).isGreaterThan(c.maxConcurrencyWithSharedPrefix(1000));
    }

    @Test
    void sglangsRadixCacheSharesEveryTokenOfThePrefix() {
        Workload w = ServingEngine.SGLANG.configure(ServingEngineTest.infer(1, 2048, 2048), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, H100_TOTAL, H100_TOTAL, H100_TOTAL);
        assertThat(c.sharedBlocks(1000)).isEqualTo(1000);
        assertThat(c.maxConcurrencyWithSharedPrefix(1000))
                .isCloseTo((c.blocks() - 1000) / 1048.0, within(1e-9));
    }

    @Test
    void eachEngineIsRecognisedFromTheWorkloadItConfigures() {
        Workload w = ServingEngineTest.infer(1, 512, 1024);
        for (ServingEngine e : ServingEngine.values()) {
            assertThat(ServingEngine.of(e.configure(w, 0))).isEqualTo(e);
            assertThat(ServingEngine.parse(e.id())).isEqualTo(e);
        }
        assertThat(ServingEngine.parse("TensorRT-LLM")).isEqualTo(ServingEngine.TRTLLM);
    }
}
