package com.vramadvisor.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.LossUpcast;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The window's GPTQ/AWQ bits and group sizes and its loss-upcast choice: they reach the workload, are one undo step
 * each, and survive a scenario file, whose fields stay optional.
 */
class QuantisationChoicesScenarioTest {

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(),
            List.of(ScenarioInputs.llama3_8b()), count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
    private final ScenarioViewModel scenario = new ScenarioViewModel(workload, new ScenarioStore(),
            new Messages(Locale.ENGLISH));
    private final ScenarioCodec codec = new ScenarioCodec();

    @Test
    void aGptqEightBitGroupAndThePlainLossAreOneUndoStepEach() {
        workload.modeProperty().set(Mode.INFER);
        workload.weightTypeProperty().set(DataType.groupQuantised(8, 64));
        assertThat(workload.snapshot().workload().weightType()).isEqualTo(DataType.INT8_G64);
        workload.modeProperty().set(Mode.LORA);
        workload.lossUpcastProperty().set(LossUpcast.NONE);
        assertThat(workload.snapshot().workload().lossUpcast()).isEqualTo(LossUpcast.NONE);

        scenario.undo();
        assertThat(workload.lossUpcastProperty().get()).isEqualTo(LossUpcast.FP32);
        assertThat(workload.snapshot().workload().weightType()).isEqualTo(DataType.INT8_G64);
        scenario.undo();
        scenario.undo();
        assertThat(workload.snapshot().workload().weightType()).isNull();
    }

    @Test
    void theChoicesSurviveAFileAndOldFilesReadWithDefaults() throws Exception {
        ScenarioInputs d = ScenarioInputs.defaults();
        ScenarioInputs chosen = d.withWorkload(d.workload().toBuilder().mode(Mode.INFER)
                .weightType(DataType.INT3_G32).lossUpcast(LossUpcast.NONE)
                .activationOffload(ActivationOffload.SAVE_ON_CPU).build());
        String json = codec.write(chosen);
        assertThat(json).contains("\"weightType\" : \"int3_g32\"").contains("\"activationOffload\" : \"save-on-cpu\"");
        assertThat(codec.read(json)).isEqualTo(chosen);
        String old = codec.write(d).replaceAll(",\\s*\"lossUpcast\" : \"fp32\"", "");
        assertThat(old).doesNotContain("lossUpcast").doesNotContain("activationOffload");
        assertThat(codec.read(old).workload().lossUpcast()).isEqualTo(LossUpcast.FP32);
        assertThat(codec.read(old).workload().activationOffload()).isEqualTo(ActivationOffload.NONE);
    }
}
