package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.speed.Efficiency;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import org.junit.jupiter.api.Test;

class ServingLatencyTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final Efficiency EFF = Efficiency.UNFITTED;

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
        return ServingLatency.of(model(model), w, g, fabric, EFF).orElseThrow();
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
        // The 128-token prompt in one pass reads the weights once as well (6.705 ms): memory-bound too. Its attention,
        // 128 x 4 x 32 x 4096 x 128 = 8,589,934,592 FLOPs at 989.5 TFLOPS x 0.50 (0.017 ms), runs after the weight
        // matrix multiplications, as its own kernels.
        assertThat(l.ttftMs()).isCloseTo(13_476_831_232.0 / 2.01e12 * 1000 + 8_589_934_592.0 / (989.5e12 * 0.5) * 1000,
                within(0.001));
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
        int best = ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, EFF, 10_000,
                30.0, null, 99);
        assertThat(best).isPositive().isLessThan(10_000);
        assertThat(latency("llama-3-8b", w.toBuilder().batch(best).build(), "a100-sxm-80gb").tpotMs())
                .isLessThanOrEqualTo(30.0);
        assertThat(latency("llama-3-8b", w.toBuilder().batch(best + 1).build(), "a100-sxm-80gb").tpotMs())
                .isGreaterThan(30.0);
        // The memory limit caps the answer; a target below one sequence's step gives 0.
        assertThat(ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, EFF, 3, 30.0,
                null, 99)).isEqualTo(3);
        assertThat(ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, EFF, 10_000, 1.0,
                null, 99)).isZero();
        assertThat(ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, EFF, 10_000,
                null, 1.0, 99)).isZero();
    }

    @Test
    void aTtftTargetAtTheNinetyNinthPercentileAdmitsNoMoreUsersThanAtTheMedian() {
        Workload w = ServingEngine.VLLM.configure(infer(DataType.BF16, DataType.FP16, 1, 1024, 2048, 1), 2048);
        GpuSpec g = gpu("a100-sxm-80gb");
        Fabric fabric = Fabric.of(g, CATALOG.hardware().nodeFor(g), 1);
        int p99 = ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, EFF, 10_000, null, 400.0, 99);
        int p50 = ServingLatency.maxConcurrency(model("llama-3-8b"), w, g, fabric, EFF, 10_000, null, 400.0, 50);
        assertThat(p99).isLessThanOrEqualTo(p50);
        ServingLatency.Latency l = latency("llama-3-8b", w.toBuilder().batch(Math.max(2, p50)).build(),
                "a100-sxm-80gb");
        assertThat(l.ttftMs(99)).isGreaterThanOrEqualTo(l.ttftMs(50));
    }
}
