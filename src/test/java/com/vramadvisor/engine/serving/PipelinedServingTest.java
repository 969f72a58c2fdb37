package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.speed.Efficiency;
import static org.assertj.core.api.Assertions.assertThat;
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
import org.junit.jupiter.api.Test;

/**
 * Pipeline parallelism as serving engines run it ({@link ServingEngine#pipelinesMicroBatches}): one micro-batch per
 * stage in flight, against Hugging Face {@code generate}, which passes one batch through the stages in turn. Each
 * stage's pass reads that stage's weights once whatever its batch, so while decoding is memory-bound the pipelined
 * copy serves {@code p} times the sequences at the TPOT the serial pass gives one micro-batch's worth; while it is
 * compute-bound, the same sequences get a shorter TPOT.
 */
class PipelinedServingTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final ModelSpec MODEL = CATALOG.model("llama-3-70b").orElseThrow();
    private static final GpuSpec H100 = CATALOG.gpu("h100-sxm-80gb").orElseThrow();
    private static final Fabric FABRIC = Fabric.of(H100, CATALOG.hardware().nodeFor(H100), 2);

    /** No output beyond the prompt, so no arriving prompts load the steps: only the pipelining differs. */
    private static ServingLatency.Latency latency(ServingEngine engine, int batch) {
        Workload w = Workload.builder().mode(Mode.INFER).precision(Precision.BF16).weightType(DataType.BF16)
                .batch(batch).sequenceLength(1024).context(1024).overhead(RuntimeOverhead.OFF)
                .parallelism(new Parallelism(1, 2, 1, 0, false)).build();
        return ServingLatency.of(MODEL, engine.configure(w, 0), H100, FABRIC, Efficiency.UNFITTED)
                .orElseThrow();
    }

    @Test
    void whileMemoryBoundTwoStagesServeTwiceTheSequencesAtTheSerialTpot() {
        ServingLatency.Latency serial = latency(ServingEngine.HF_GENERATE, 8);
        ServingLatency.Latency pipelined = latency(ServingEngine.VLLM, 16);
        assertThat(pipelined.tpotSeconds()).isCloseTo(serial.tpotSeconds(), withinPercentage(1));
        assertThat(pipelined.tokensPerSecond()).isCloseTo(2 * serial.tokensPerSecond(), withinPercentage(1));
    }

    @Test
    void whileComputeBoundTheSameSequencesGetAShorterTpot() {
        // 1,024 sequences decode 1,024 tokens per pass: 2 x 70.6e9 x 1024 FLOPs per serial pass, compute-bound on an
        // H100; two micro-batches of 512 halve each stage's work.
        ServingLatency.Latency serial = latency(ServingEngine.HF_GENERATE, 1024);
        ServingLatency.Latency pipelined = latency(ServingEngine.VLLM, 1024);
        assertThat(serial.tpotBound()).isEqualTo(Bound.COMPUTE);
        assertThat(pipelined.tpotSeconds()).isLessThan(0.7 * serial.tpotSeconds());
    }

    @Test
    void onlyTheEnginesThatKeepAMicroBatchPerStageInFlightPipeline() {
        assertThat(ServingEngine.HF_GENERATE.pipelinesMicroBatches()).isFalse();
        assertThat(ServingEngine.LLAMA_CPP.pipelinesMicroBatches()).isFalse();
        assertThat(ServingEngine.VLLM.pipelinesMicroBatches()).isTrue();
        assertThat(ServingEngine.SGLANG.pipelinesMicroBatches()).isTrue();
        assertThat(ServingEngine.TRTLLM.pipelinesMicroBatches()).isTrue();
    }
}
