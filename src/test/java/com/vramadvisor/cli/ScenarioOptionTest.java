package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioOptionTest {

    @TempDir
    Path tmp;

    private Path defaultScenario() throws IOException {
        ScenarioInputs inputs = ScenarioInputs.defaults();
        inputs = new ScenarioInputs(inputs.model(), inputs.modelPresetId(),
                inputs.workload().toBuilder().batch(3).build(), inputs.gpuId(), inputs.sweepAxis(), inputs.sizeUnit());
        Path file = tmp.resolve("default.vram.json");
        Files.writeString(file, new ScenarioCodec().write(inputs), StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void aSavedScenarioGivesTheSameEstimateAsTheEquivalentFlags() throws IOException {
        // The default scenario is Llama-3-8B (8,030,261,248 parameters), bf16-mixed AdamW, seq 4096; batch 3 here.
        ObjectMapper json = new ObjectMapper();
        JsonNode fromFile = json.readTree(run("estimate", "--scenario", defaultScenario().toString(), "--format",
                "json").out());
        JsonNode fromFlags = json.readTree(run("estimate", "--preset", "llama-3-8b", "--batch", "3", "--seq", "4096",
                "--precision", "bf16-mixed", "--optimizer", "adamw", "--attention", "flash", "--format", "json").out());
        assertThat(fromFile.get("parameters").asLong()).isEqualTo(8_030_261_248L);
        assertThat(fromFile.get("peakBytes").asLong()).isEqualTo(fromFlags.get("peakBytes").asLong());
    }

    @Test
    void scenarioAndWorkloadFlagsTogetherAreRejected() throws IOException {
        EstimateCommandTest.Result r = run("estimate", "--scenario", defaultScenario().toString(), "--batch", "8");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--batch").contains("--scenario").doesNotContain("\n");
    }

    @Test
    void aScenarioFromANewerVersionIsReportedInOneLine() throws IOException {
        Path file = tmp.resolve("newer.vram.json");
        Files.writeString(file, new ScenarioCodec().write(ScenarioInputs.defaults())
                .replaceFirst("\"formatVersion\"\\s*:\\s*1", "\"formatVersion\" : 99"), StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("recommend", "--scenario", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("newer.vram.json").contains("newer").doesNotContain("\n");
    }

    @Test
    void aHalfWrittenScenarioIsReportedInOneLine() throws IOException {
        Path file = tmp.resolve("cut.vram.json");
        String full = new ScenarioCodec().write(ScenarioInputs.defaults());
        Files.writeString(file, full.substring(0, full.length() / 2), StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("report", "--scenario", file.toString(), "--md",
                tmp.resolve("r.md").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("cut.vram.json").doesNotContain("\n");
        assertThat(tmp.resolve("r.md")).doesNotExist();
    }
}
