package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.money.Usage;
import org.junit.jupiter.api.Test;

/** How bought hardware is used travels in scenario files, and files written before it existed still open. */
class ScenarioUsageCodecTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    @Test
    void aScenarioKeepsItsUsageThroughAFile() throws Exception {
        ScenarioInputs busy = ScenarioInputs.defaults().withUsage(Usage.of(0.38, 1.5));
        assertThat(codec.read(codec.write(busy)).usage()).isEqualTo(Usage.of(0.38, 1.5));
        assertThat(codec.read(codec.write(ScenarioInputs.defaults())).usage()).isEqualTo(Usage.JOB_ONLY);
    }

    @Test
    void aFileWrittenBeforeUsageExistedCostsPurchasesForTheJobAlone() throws Exception {
        String json = codec.write(ScenarioInputs.defaults().withUsage(Usage.of(0.5, 2)))
                .replaceAll("(?s),\\s*\"usage\"\\s*:\\s*\\{[^}]*\\}", "");
        assertThat(json).doesNotContain("usage");
        assertThat(codec.read(json).usage()).isEqualTo(Usage.JOB_ONLY);
    }

    @Test
    void aUsageOfNoTimeOrPastTwentyYearsIsRefused() {
        String json = codec.write(ScenarioInputs.defaults().withUsage(Usage.of(0.5, 2)));
        assertThatThrownBy(() -> codec.read(json.replace("\"utilization\" : 0.5", "\"utilization\" : 0")))
                .isInstanceOf(ScenarioFileException.class).hasMessageContaining("usage");
        assertThatThrownBy(() -> codec.read(json.replace("\"years\" : 2.0", "\"years\" : 25")))
                .isInstanceOf(ScenarioFileException.class).hasMessageContaining("years");
    }
}
