package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Parallelism;
import org.junit.jupiter.api.Test;

/** The workload's offload in scenario files. */
class OffloadScenarioCodecTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    private static ScenarioInputs with(Offload offload, Mode mode) {
        ScenarioInputs d = ScenarioInputs.defaults();
        return d.withWorkload(d.workload().toBuilder().mode(mode).context(8192).implementation(Implementation.MEGATRON)
                .parallelism(new Parallelism(1, 1, 8, 3, false)).offload(offload).build());
    }

    @Test
    void trainingOffloadAndGpuLayersSurviveARoundTrip() throws Exception {
        ScenarioInputs training = with(new Offload(Offload.Target.ALL, Offload.Device.NVME, -1), Mode.TRAIN);
        assertThat(codec.read(codec.write(training))).isEqualTo(training);
        assertThat(codec.write(training)).contains("\"target\" : \"all\"").contains("\"device\" : \"nvme\"");
        ScenarioInputs serving = with(new Offload(Offload.Target.NONE, Offload.Device.CPU, 20), Mode.INFER);
        assertThat(codec.read(codec.write(serving)).workload().offload().gpuLayers()).isEqualTo(20);
    }

    @Test
    void nothingOffloadedWritesNoOffloadAndOldFilesReadAsNone() throws Exception {
        String json = codec.write(ScenarioInputs.defaults());
        assertThat(json).doesNotContain("\"gpuLayers\"");
        assertThat(codec.read(json).workload().offload()).isEqualTo(Offload.NONE);
    }

    @Test
    void anUnknownTargetOrTooManyLayersIsRefusedWithTheField() {
        String json = codec.write(with(new Offload(Offload.Target.OPTIMIZER, Offload.Device.CPU, -1), Mode.TRAIN));
        String bad = json.replace("\"target\" : \"optimizer\"", "\"target\" : \"gpu\"");
        assertThatThrownBy(() -> codec.read(bad)).isInstanceOf(ScenarioFileException.class)
                .hasMessageContaining("offload.target").hasMessageContaining("unknown offload 'gpu'");
        String many = json.replace("\"gpuLayers\" : -1", "\"gpuLayers\" : 999999999");
        assertThatThrownBy(() -> codec.read(many)).isInstanceOf(ScenarioFileException.class)
                .hasMessageContaining("gpuLayers");
    }
}
