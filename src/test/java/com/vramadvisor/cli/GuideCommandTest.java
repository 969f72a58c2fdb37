package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GuideCommandTest {

    @Test
    void guideCoversEveryLineOfTheRuleOfThumbAndExplainsEachLine() throws IOException {
        EstimateCommandTest.Result r = run("guide", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(r.out());
        Set<String> classes = new HashSet<>();
        for (JsonNode row : rows) {
            classes.add(row.get("sizeClass").asText());
            assertThat(row.get("needBytes").asLong()).isPositive();
            assertThat(row.get("explanations").size()).as(row.get("scenario").asText()).isPositive();
            assertThat(row.get("explanations").size()).isEqualTo(row.get("findings").size());
        }
        assertThat(classes).containsExactlyInAnyOrder("under-1b", "1b-to-10b", "over-10b", "rendering", "hpc");
    }

    @Test
    void a70bModelInBf16IsNeverServedByOneA100AsTheRuleOfThumbSuggests() throws IOException {
        // Llama-2-70B holds 68,976,648,192 parameters: 138 GB in bf16, more than any 80 GB card.
        JsonNode rows = new ObjectMapper().readTree(run("guide", "--format", "json").out());
        for (JsonNode row : rows) {
            if (row.get("description").asText().startsWith("Serving Llama-2-70B in bf16")) {
                assertThat(row.get("agreesWithRule").asBoolean()).isFalse();
                assertThat(row.get("needBytes").asLong()).isGreaterThan(138_000_000_000L);
                return;
            }
        }
        throw new AssertionError("no 70B serving line in the guide");
    }
}
