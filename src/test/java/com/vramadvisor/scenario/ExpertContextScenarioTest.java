package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import org.junit.jupiter.api.Test;

/** Scenario files keep the expert- and context-parallel sizes; files written before them read as 1. */
class ExpertContextScenarioTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    private static ScenarioInputs withLayout(int ep, int cp) {
        ScenarioInputs d = ScenarioInputs.defaults();
        return d.withWorkload(d.workload().toBuilder()
                .parallelism(new Parallelism(1, 1, 4, 1, false, ep, cp)).build());
    }

    @Test
    void expertAndContextParallelSurviveARoundTrip() throws Exception {
        ScenarioInputs original = withLayout(2, 2);
        String json = codec.write(original);
        assertThat(json).contains("\"expertParallel\" : 2").contains("\"contextParallel\" : 2");
        assertThat(codec.read(json)).isEqualTo(original);
    }

    @Test
    void aFileWrittenBeforeThemReadsAsOne() throws Exception {
        String json = codec.write(withLayout(2, 2))
                .replaceAll(",\\s*\"expertParallel\" : 2", "")
                .replaceAll(",\\s*\"contextParallel\" : 2", "");
        assertThat(json).doesNotContain("expertParallel").doesNotContain("contextParallel");
        assertThat(codec.read(json)).isEqualTo(withLayout(1, 1));
    }

    @Test
    void anExpertParallelSizeThatDoesNotDivideTheRanksIsInvalid() {
        String json = codec.write(withLayout(2, 2)).replace("\"expertParallel\" : 2", "\"expertParallel\" : 3");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOf(ScenarioFileException.class)
                .satisfies(e -> assertThat(((ScenarioFileException) e).reason()).isEqualTo(Reason.INVALID_VALUE))
                .hasMessageContaining("expert-parallel size 3");
    }
}
