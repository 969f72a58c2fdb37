package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.serving.ServingEngine;
import org.junit.jupiter.api.Test;

/** The framework a scenario names: written when named, read back, absent in older files. */
class FrameworkScenarioCodecTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    private static ScenarioInputs with(Framework f, Mode mode) {
        ScenarioInputs d = ScenarioInputs.defaults();
        return d.withWorkload(d.workload().toBuilder().mode(mode).framework(f).build());
    }

    @Test
    void aNamedTrainingFrameworkSurvivesARoundTripWithItsMemoryLayout() throws Exception {
        ScenarioInputs deepspeed = with(Framework.DEEPSPEED, Mode.TRAIN);
        String json = codec.write(deepspeed);
        assertThat(json).contains("\"framework\" : \"deepspeed\"");
        ScenarioInputs read = codec.read(json);
        assertThat(read).isEqualTo(deepspeed);
        assertThat(read.workload().implementation()).isEqualTo(Implementation.MEGATRON);
    }

    @Test
    void aNamedServingFrameworkIsTheServingEngine() throws Exception {
        ScenarioInputs llamaCpp = with(Framework.LLAMA_CPP, Mode.INFER);
        ScenarioInputs read = codec.read(codec.write(llamaCpp));
        assertThat(read.workload().framework()).isEqualTo(Framework.LLAMA_CPP);
        assertThat(read.servingEngine()).isEqualTo(ServingEngine.LLAMA_CPP);
    }

    @Test
    void filesWithoutTheFieldNameNoFrameworkAndAnUnknownOneIsRefused() throws Exception {
        String json = codec.write(ScenarioInputs.defaults());
        assertThat(json).doesNotContain("\"framework\"");
        assertThat(codec.read(json).workload().framework()).isNull();
        String bad = codec.write(with(Framework.FSDP, Mode.TRAIN)).replace("\"framework\" : \"fsdp\"",
                "\"framework\" : \"jax\"");
        assertThatThrownBy(() -> codec.read(bad)).isInstanceOf(ScenarioFileException.class)
                .hasMessageContaining("workload.framework").hasMessageContaining("jax");
    }
}
