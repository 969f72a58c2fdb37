package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The host-memory line under the breakdown. */
class BreakdownOffloadTest {

    private static final double MIB = 1 << 20;
    private final ResultsMessages messages = new ResultsMessages(Locale.US);
    private final BreakdownViewModel breakdown = new BreakdownViewModel(messages);

    /** mistralai/Mistral-7B-v0.1 config.json: hidden 4096, intermediate 14336, 32 heads, 8 kv heads, 32 layers. */
    private static ModelSpec mistral7b() {
        return ModelSpec.builder().id("mistral-7b").hiddenSize(4096).ffnSize(14336).heads(32).kvHeads(8).layers(32)
                .vocabSize(32000).maxPositions(32768).slidingWindow(4096).build();
    }

    private static Workload mistralQ4(int gpuLayers) {
        return Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(256).context(768)
                .precision(Precision.FP16).weightType(DataType.GGUF_Q4_K_M).kvCacheType(DataType.FP16)
                .prefillChunkTokens(256).overhead(RuntimeOverhead.OFF)
                .offload(new Offload(Offload.Target.NONE, Offload.Device.CPU, gpuLayers)).build();
    }

    /**
     * llama.cpp log published by Tel-Zur (EduHPC '25, appendix B), Mistral-7B Q4_K_M, {@code n_gpu_layers=20},
     * {@code n_ctx=768}: "CPU_Mapped model buffer size = 4165.37 MiB" of which "CUDA0 model buffer size = 2495.31
     * MiB" is on the GPU, and "CPU KV buffer size = 36.00 MiB": 4165.37 - 2495.31 + 36.00 = 1706.06 MiB on the host.
     */
    @Test
    void gpuLayersShowTheHostMemoryOfThePublishedLog() {
        Workload w = mistralQ4(20);
        Estimate e = new MemoryEstimator().estimate(mistral7b(), w);
        assertThat(e.hostBytes() / MIB).isCloseTo(4165.37 - 2495.31 + 36.00, within(0.6));
        breakdown.update(ScenarioInputs.defaults().withWorkload(w).withSizeUnit(SizeUnit.GIB), e, null, 0);
        assertThat(breakdown.offloadTextProperty().get())
                .isEqualTo("Beside the GPU, per GPU: host memory " + messages.size(e.hostBytes(), SizeUnit.GIB))
                .contains("1.7").contains("GiB");
    }

    @Test
    void nothingOffloadedShowsNoLine() {
        Workload w = mistralQ4(-1);
        Estimate e = new MemoryEstimator().estimate(mistral7b(), w);
        breakdown.update(ScenarioInputs.defaults().withWorkload(w), e, null, 0);
        assertThat(breakdown.offloadTextProperty().get()).isEmpty();
    }
}
