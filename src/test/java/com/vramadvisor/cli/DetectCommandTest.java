package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** catalog detect and --gpu local on a machine whose GPUs (if any) the test cannot know: both must stay usable. */
class DetectCommandTest {

    @Test
    void detectAlwaysAnswersAndJsonListsWhatItFound() throws IOException {
        EstimateCommandTest.Result text = run("catalog", "detect");
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).satisfiesAnyOf(
                o -> assertThat(o).contains("No GPU found on this machine"),
                o -> assertThat(o).contains("--gpu local uses the first GPU"));
        JsonNode json = new ObjectMapper().readTree(run("catalog", "detect", "--format", "json").out());
        assertThat(json.get("tool").asText()).isEqualTo("nvidia-smi");
        assertThat(json.get("gpus").isArray()).isTrue();
    }

    @Test
    void gpuLocalEitherResolvesOrSaysWhyInOneLine() {
        EstimateCommandTest.Result r = run("estimate", "--preset", "llama-3-8b", "--gpu", "local");
        if (r.status() != 0) {
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.err().strip()).contains("--gpu local").doesNotContain("\n").doesNotContain("Exception");
        } else {
            assertThat(r.out()).contains("Fit on ");
        }
    }
}
