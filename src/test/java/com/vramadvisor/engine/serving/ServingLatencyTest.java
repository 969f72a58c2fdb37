package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.ranking.RankingOptions;
import org.junit.jupiter.api.Test;

class ServingLatencyTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final double BANDWIDTH = RankingOptions.DEFAULT_DECODE_BANDWIDTH_EFFICIENCY;
    private static final double COMPUTE = StepTimeModel.DEFAULT_COMPUTE_EFFICIENCY;

    private static ModelSpec model(String id) {
        return CATALOG.model(id).orElseThrow();
    }

    private static GpuSpec gpu(String id) {
        return CATALOG.gpu(id).orElseThrow();
    }

    private static Workload infer(DataType weights, DataType kv, int batch, int prompt, int context, int tp) {
        return Workload.builder().mode(Mode.INFER).precision(Precision.BF16).weightType(weights).kvCacheType(kv)
                .batch(batch).sequenceLength(prompt).context(context).overhead(RuntimeOverhead.OFF)
                .parallelism(new Parallelism(tp, 1, 1, 0, false)).build();
    }

    private static ServingLatency.Latency latency(String model, Workload w, String gpuId) {
        GpuSpec g = gpu(gpuId);
        int gpus = w.parallelism().tensorParallel() * w.parallelism().pipelineParallel();
        Fabric fabric = Fabric.of(g, CATALOG.hardware().nodeFor(g), gpus);
        return ServingLatency.of(model(model), w, g, fabric, BANDWIDTH, COMPUTE).orElseThrow();
    }

    @Test
    void oneSequenceOfA7bFp16ModelOnOneH100ReadsItsWeightsAndCacheOncePerToken() {
        // Worked by hand: Llama-2-7B in fp16 holds 2 x 6,738,415,616 = 13,476,831,232 bytes of weights and
        // 2 x 32 x 32 x 128 x 2 = 524,288 bytes of KV cache per token, 67,108,864 bytes for 128 tokens, all read
        // per step (nothing generated, so the mean cache is the whole cache). 13,543,940,096 bytes at
        // 3,350 GB/s x 0.60 = 6.7383 ms. The compute, 2N + 4 x 32 x 4096 x 128 = 13,543,940,096 FLOPs at
        // 989.5 TFLOPS x 0.50, takes 0.027 ms, so the step is bound by memory bandwidth.
        ServingLatency.Latency l = latency("llama-2-7b", infer(DataType.FP16, DataType.FP16, 1, 128, 128, 1),
                "h100-sxm-80gb");
        assertThat(l.tpotMs()).isCloseTo(6.7383, within(0.001));
        assertThat(l.tpotBound()).isEqualTo(Bound.MEMORY_BANDWIDTH);
        assertThat(l.tokensPerSecondPerUser()).isCloseTo(1000 / 6.7383, within(0.05));
        // The 128-token prompt in one pass reads the weights once as well (6.705 ms): memory-bound too.
        assertThat(l.ttftMs()).isCloseTo(13_476_831_232.0 / 2.01e12 * 1000, within(0.001));
        assertThat(l.ttftBound()).isEqualTo(Bound.MEMORY_BANDWIDTH);
    }

    @Test
    void aLongPromptIsPrefilledAtTheComputeRoofline() {
        // Llama-2-7B fp16, a 4,096-token prompt in one pass on an H100: 4096 x (2 x 6,738,415,616
        // + 4 x 32 x 4096 x 4096) = 4096 x 15,624,316,928 = 63,997,202,137,088 FLOPs at 989.5 TFLOPS x 0.50
        // = 129.35 ms, far above the 6.7 ms that reading the weights takes.
        ServingLatency.Latency l = latency("llama-2-7b", infer(DataType.FP16, DataType.FP16, 1, 4096, 4096, 1),
                "h100-sxm-80gb");
        assertThat(l.ttftMs()).isCloseTo(63_997_202_137_088.0 / (989.5e12 * 0.5) * 1000, within(0.01));
        assertThat(l.ttftBound()).isEqualTo(Bound.COMPUTE);
    }

    /**
     * NVIDIA NIM for LLMs 1.8.0, Llama-3.3-70B-Instruct, fp8, TP2 on 2 x H100 80GB, concurrency 1 (NIM LLM
     * benchmarking guide, "Performance", docs.nvidia.com/nim/benchmarking/llm): 5,000 input and 500 output tokens,
     * TTFT 406.77 ms and inter-token latency 18.58 ms; 500 input and 2,000 output tokens, TTFT 47.77 ms and ITL
     * 18.91 ms. Llama 3.3 70B has Llama 3.1 70B's architecture. Tolerance: 10 % on the time per output token, 20 %
     * on the time to first token (one pass of the prompt, TensorRT-LLM's engine unknown).
     */
    @Test
    void llama70bFp8OnTwoH100sIsWithinTenPercentOfNimsPublishedLatencies() {
        ServingLatency.Latency longPrompt = latency("llama-3.1-70b",
                infer(DataType.FP8, DataType.FP8, 1, 5000, 5500, 2), "h100-sxm-80gb");
        assertThat(longPrompt.tpotMs()).isCloseTo(18.58, withinPercentage(10));
        assertThat(longPrompt.ttftMs()).isCloseTo(406.77, withinPercentage(20));
        ServingLatency.Latency shortPrompt = latency("llama-3.1-70b",
                infer(DataType.FP8, DataType.FP8, 1, 500, 2500, 2), "h100-sxm-80gb");
        assertThat(shortPrompt.tpotMs()).isCloseTo(18.91, withinPercentage(10));
        assertThat(shortPrompt.ttftMs()).isCloseTo(47.77, withinPercentage(20));
    }

    /**
     * The same NIM 1.8.0 run (Llama-3.3-70B-Instruct fp8, TP2 on 2 x H100 80GB, 5,000 input and 500 output tokens)
     * at higher concurrency, NIM LLM benchmarking guide, "Performance" table: inter-token latency 21.83, 38.75 and
     * 59.73 ms and TTFT 546.7, 688.69 and 834.51 ms at concurrency 5, 25 and 50. NIM serves this model with
     * TensorRT-LLM's in-flight batching, so each step carries the other users' arriving prompts
     * ({@link ServingLoad}). The estimates are +10.8 %, +17.8 % and +21.4 % on the inter-token latency and -15.9 %,
     * -16.0 % and -19.5 % on the TTFT; the decode step alone would be 5 %, 35 % and 49 % short. Tolerance 25 % on
     * both (the waiting is a mean-value queue model).
     */
    @Test
    void llama70bFp8OnTwoH100sUnderLoadIsWithinAQuarterOfNimsPublishedLatencies() {
        int[] users = {5, 25, 50};
        double[] itl = {21.83, 38.75, 59.73};
        double[] ttft = {546.7, 688.69, 834.51};
        for (int i = 0; i < users.length; i++) {
            Workload w = ServingEngine.TRTLLM.configure(infer(DataType.FP8, DataType.FP8, users[i], 5000, 5500, 2), 0);
            ServingLatency.Latency l = latency("llama-3.1-70b", w, "h100-sxm-80gb");
            assertThat(l.tpotMs()).as("ITL at concurrency %d", users[i]).isCloseTo(itl[i], withinPercentage(25));
            assertThat(l.ttftMs()).as("TTFT at concurrency %d", users[i]).isCloseTo(ttft[i], withinPercentage(25));
        }
    }

    /**
     * NVIDIA NeMo Framework, "Performance" (LLM inference with TensorRT-LLM): Llama-2-7B, batch 1, 128 input and 20
     * output tokens, 153.8 ms on one H100 SXM and 234.0 ms on one A100 80GB SXM, end to end. Modelled as the first
     * token's prefill plus 19 decode steps. Tolerance 20 %.
     */
    @Test
    void llama2_7bBatchOneIsWithinTwentyPercentOfNemosTensorRtLlmLatencies() {
        Workload w = infer(DataType.FP16, DataType.FP16, 1, 128, 148, 1);
        ServingLatency.Latency h100 = latency("llama-2-7b", w, "h100-sxm-80gb");
        ServingLatency.Latency a100 = latency("llama-2-7b", w, "a100-sxm-80gb");
        assertThat(h100.ttftMs() + 19 * h100.tpotMs()).isCloseTo(153.8, withinPercentage(20));
        assertThat(a100.ttftMs() + 19 * a100.tpotMs()).isCloseTo(234.0, withinPercentage(20));
    }

    /**
     * llama.cpp, pull request 4766 ("llama : ggml-backend integration"), llama-bench by the maintainer on an RTX 4090
     * (2024-01-10): CodeLlama-7B (Llama 2 7B's architecture) generates 128 tokens from an empty context at
     * 61.03 tokens/s in F16 and 98.13 tokens/s in Q8_0. llama.cpp reaches about 80 % and 70 % of the card's
     * 1,008 GB/s there, above the 0.60 the model assumes, so the estimate is slower; tolerance 30 %.
     */
    @Test
    void llamaCppOnAnRtx4090IsWithinThirtyPercentOfItsPublishedGenerationSpeed() {
        Workload f16 = ServingEngine.LLAMA_CPP.configure(infer(DataType.FP16, DataType.FP16, 1, 1, 128, 1), 0);
        Workload q8 = ServingEngine.LLAMA_CPP.configure(infer(DataType.GGUF_Q8_0, DataType.FP16, 1, 1, 128, 1), 0);
        assertThat(latency("llama-2-7b", f16, "rtx-4090").tokensPerSecondPerUser())
                .isCloseTo(61.03, withinPercentage(30));
        assertThat(latency("llama-2-7b", q8, "rtx-4090").tokensPerSecondPerUser())
                .isCloseTo(98.13, withinPercentage(30));
    }

    /**
     * llama.cpp discussion 4167, "Performance of llama.cpp on Apple Silicon M-series" (llama-bench, LLaMA 7B, which
     * has Llama 2 7B's shape): on an M1 Max with the 32-core GPU and 400 GB/s, tg128 runs at 23.03 tokens/s in F16,
     * 40.20 in Q8_0 and 61.19 in Q4_0. The table's row reads {@code M1 Max | 400 | 32 | 599.53 | 23.03 | 537.37 |
     * 40.20 | 530.06 | 61.19} (bandwidth GB/s, GPU cores, then pp512 and tg128 for F16, Q8_0 and Q4_0); the test
     * uses the three tg128 columns. Tolerance 30 %.
     */
    @Test
    void llamaCppOnAnM1MaxIsWithinThirtyPercentOfItsPublishedGenerationSpeed() {
        double[] published = {23.03, 40.20, 61.19};
        DataType[] types = {DataType.FP16, DataType.GGUF_Q8_0, DataType.GGUF_Q4_0};
        for (int i = 0; i < types.length; i++) {
            Workload w = ServingEngine.LLAMA_CPP.configure(infer(types[i], DataType.FP16, 1, 1, 128, 1), 0);
            assertThat(latency("llama-2-7b", w, "apple-m1-max-32gb").tokensPerSecondPerUser()).as(types[i].id())
                    .isCloseTo(published[i], withinPercentage(30));
        }
    }

    @Test
    void moreConcurrentSequencesNeverShortenEitherLatencyAndTotalThroughputIsBatchOverTpot() {
        double tpot = 0;
        double ttft = 0;
        for (int batch : new int[] {1, 2, 8, 32, 128, 512}) {
            ServingLatency.Latency l = latency("llama-3-8b", infer(DataType.BF16, DataType.FP16, batch, 1024, 2048,
                    1), "a100-sxm-80gb");
            assertThat(l.tpotMs()).isGreaterThanOrEqualTo(tpot);
            assertThat(l.ttftMs()).isGreaterThanOrEqualTo(ttft);
            assertThat(l.tokensPerSecond()).isCloseTo(batch * l.tokensPerSecondPerUser(), within(1e-6));
            tpot = l.tpotMs();
            ttft = l.ttftMs();
        }
    }

    @Test
    void underLoadMoreUsersNeverShortenEitherLatencyAndOneUserSeesNoLoad() {
        double tpot = 0;
        double ttft = 0;
        for (int batch : new int[] {1, 2, 8, 32, 128, 512}) {
            Workload w = ServingEngine.VLLM.configure(infer(DataType.BF16, DataType.FP16, batch, 1024, 2048, 1), 2048);
            ServingLatency.Latency l = latency("llama-3-8b", w, "a100-sxm-80gb");
            assertThat(l.tpotMs()).isGreaterThanOrEqualTo(tpot);
            assertThat(l.ttftMs()).isGreaterThanOrEqualTo(ttft);
            tpot = l.tpotMs();
            ttft = l.ttftMs();
        }
        Workload one = infer(DataType.BF16, DataType.FP16, 1, 1024, 2048, 1);
        assertThat(latency("llama-3-8b", ServingEngine.VLLM.configure(one, 2048), "a100-sxm-80gb").tpotMs())
                .isCloseTo(latency("llama-3-8b", one, "a100-sxm-80gb").tpotMs(), within(1e-9));
    }

    @Test
    void tensorParallelismOverNvlinkShortensTheStepOfAModelThatFitsOneGpu() {
        ServingLatency.Latency one = latency("llama-3-70b", infer(DataType.FP8, DataType.FP8, 1, 512, 1024, 1),
                "h100-sxm-80gb");
        ServingLatency.Latency four = latency("llama-3-70b", infer(DataType.FP8, DataType.FP8, 1, 512, 1024, 4),
                "h100-sxm-80gb");
        assertThat(four.tpotMs()).isLessThan(one.tpotMs());
        // 2 all-reduces x 80 layers x at least the 10 microsecond start-up: 1.6 ms the single GPU does not pay.
        assertThat(four.tpotMs()).isGreaterThan(one.tpotMs() / 4 + 1.6);
    }

    @Test
    void theLargestConcurrencyWithinATpotTargetMeetsItAndOneMoreDoesNot() {
        Workload w = infer(DataType.BF16, DataType.FP16, 1, 1024, 2048, 1);
        GpuSpec g = gpu("a100-sxm-80gb");
        Fabric fabric = Fabric.of(g, CATALOG.hardware().nodeFor(g), 1);
        int best = ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, BANDWIDTH, COMPUTE, 10_000,
                30.0, null);
        assertThat(best).isPositive().isLessThan(10_000);
        assertThat(latency("llama-3-8b", w.toBuilder().batch(best).build(), "a100-sxm-80gb").tpotMs())
                .isLessThanOrEqualTo(30.0);
        assertThat(latency("llama-3-8b", w.toBuilder().batch(best + 1).build(), "a100-sxm-80gb").tpotMs())
                .isGreaterThan(30.0);
        // The memory limit caps the answer; a target below one sequence's step gives 0.
        assertThat(ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, BANDWIDTH, COMPUTE, 3, 30.0,
                null)).isEqualTo(3);
        assertThat(ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, BANDWIDTH, COMPUTE, 10_000, 1.0,
                null)).isZero();
        assertThat(ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, BANDWIDTH, COMPUTE, 10_000,
                null, 1.0)).isZero();
    }
}
