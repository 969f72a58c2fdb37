package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The guide's rendering and scientific-computing lines, computed from the render and hpc estimators. */
class DomainGuideCommandTest {

    private static JsonNode line(JsonNode lines, String scenario) {
        for (JsonNode l : lines) {
            if (l.get("scenario").asText().equals(scenario)) {
                return l;
            }
        }
        throw new AssertionError("no guide line " + scenario);
    }

    @Test
    void renderingAndSimulationLinesFollowTheLanguageModelLines() throws IOException {
        EstimateCommandTest.Result r = run("guide", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode lines = new ObjectMapper().readTree(r.out());
        EstimateCommandTest.Result estimate = run("estimate", "--workload", "render", "--scene", "film-offline",
                "--format", "json");
        long filmNeed = new ObjectMapper().readTree(estimate.out()).get("peakBytes").asLong();

        JsonNode film = line(lines, "render-film-frame");
        assertThat(film.get("sizeClass").asText()).isEqualTo("rendering");
        assertThat(film.get("needBytes").asLong()).isEqualTo(filmNeed);
        assertThat(film.get("spreadsOverGpus").asBoolean()).isFalse();
        assertThat(film.get("ruleOfThumb").asText()).isEqualTo("RTX 4090 24GB");
        // An RTX 4090 allocates 24,564 MiB less the driver's reservation, under 26 GB: the frame is larger, and a
        // second card does not help.
        if (filmNeed > 26_000_000_000L) {
            assertThat(film.get("findings").toString()).contains("rule-gpu-too-small");
            assertThat(film.get("explanations").get(0).asText()).contains("more of them do not help");
        }

        JsonNode md = line(lines, "md-lj-100m");
        assertThat(md.get("sizeClass").asText()).isEqualTo("hpc");
        assertThat(md.get("workload").asText()).isEqualTo("md");
        assertThat(md.get("spreadsOverGpus").asBoolean()).isTrue();
        assertThat(md.get("ruleOfThumb").asText()).isEqualTo("A100 80GB / H100");
        assertThat(line(lines, "grid-1024x1024x512").get("largestPart").asText()).isEqualTo("grids");
        assertThat(line(lines, "render-film-frame").get("largestPart").asText()).isEqualTo("textures");
        assertThat(line(lines, "md-lj-100m").get("largestPart").asText()).isEqualTo("neighbour-lists");
        assertThat(line(lines, "render-game-4k").get("findings").toString()).contains("rule-gpu-fits");
    }

    @Test
    void theTextGuideSaysWhetherAWorkloadSpreads() {
        EstimateCommandTest.Result r = run("guide");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("(rendering)", "(hpc)", "one GPU must hold it all", "spreads over GPUs");
    }
}
