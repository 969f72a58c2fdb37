package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Prompts, contexts and the model's maximum positions, as every sizing command checks them. */
class ContextLimitsTest {

    @TempDir
    Path tmp;

    @Test
    void aPromptLongerThanItsContextIsRejectedInOneLineByEverySizingCommand() {
        String[] workload = {"--preset", "llama-3-8b", "--mode", "infer", "--context", "1024", "--seq", "4096"};
        String[][] commands = {
            {"estimate"},
            {"fit", "--budget-gib", "80"},
            {"recommend"},
            {"report", "--md", tmp.resolve("r.md").toString()},
        };
        for (String[] command : commands) {
            String[] args = new String[command.length + workload.length];
            System.arraycopy(command, 0, args, 0, command.length);
            System.arraycopy(workload, 0, args, command.length, workload.length);
            EstimateCommandTest.Result r = run(args);
            assertThat(r.status()).as(command[0] + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).as(command[0]).doesNotContain("\n")
                    .contains("--seq 4096").contains("--context 1024");
        }
    }

    @Test
    void anOmittedPromptIsNoLongerThanTheContext() throws IOException {
        JsonNode shortContext = runJson("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--context", "258",
                "--format", "json");
        assertThat(shortContext.get("promptTokens").asInt()).isEqualTo(258);
        assertThat(shortContext.get("contextTokens").asInt()).isEqualTo(258);
        JsonNode longContext = runJson("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--context", "8192",
                "--format", "json");
        // The default prompt is the desktop window's default sequence, 4,096 tokens, when the context holds it.
        assertThat(longContext.get("promptTokens").asInt()).isEqualTo(4096)
                .isEqualTo(ScenarioInputs.defaults().workload().sequenceLength());
        assertThat(longContext.get("contextTokens").asInt()).isEqualTo(8192);
    }

    @Test
    void trainingWithoutSeqUsesTheDesktopWindowsDefaultSequence() throws IOException {
        // The window opens on Llama-3-8B at 4,096 tokens (ScenarioInputs.defaults()); the command line agrees.
        int windowSeq = ScenarioInputs.defaults().workload().sequenceLength();
        assertThat(windowSeq).isEqualTo(4096);
        long omitted = runJson("estimate", "--preset", "llama-3-8b", "--format", "json").get("peakBytes").asLong();
        long given = runJson("estimate", "--preset", "llama-3-8b", "--seq", String.valueOf(windowSeq), "--format",
                "json").get("peakBytes").asLong();
        long shorter = runJson("estimate", "--preset", "llama-3-8b", "--seq", "2048", "--format", "json")
                .get("peakBytes").asLong();
        assertThat(omitted).isEqualTo(given).isGreaterThan(shorter);
        assertThat(run("estimate", "--workload", "llm", "--help").out()).contains("Default " + windowSeq);
    }

    @Test
    void aContextBeyondTheModelsMaximumPositionsIsRejected() {
        // Llama 2 was trained with a 4,096-token context (max_position_embeddings 4096 in meta-llama/Llama-2-7b-hf).
        EstimateCommandTest.Result r = run("estimate", "--preset", "llama-2-7b", "--mode", "infer", "--context",
                "4097");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--context 4097").contains("4,096");
        assertThat(run("estimate", "--preset", "llama-2-7b", "--mode", "infer", "--context", "4096").status())
                .isZero();
    }

    @Test
    void fitNeverAnswersAContextBeyondTheModelAndSaysWhenTheModelCappedIt() throws IOException {
        // Llama 3.1 8B: max_position_embeddings 131,072 (meta-llama/Llama-3.1-8B config.json). In bf16 its weights
        // take about 16 GB and a token of KV cache 131,072 bytes, so 0.9 of an H100's 80 GB would hold over 400,000
        // tokens: the model, not the memory, sets the limit.
        JsonNode fit = runJson("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "bf16", "--gpu",
                "h100-sxm-80gb", "--gpu-memory-utilization", "0.9", "--format", "json");
        assertThat(fit.get("maxContext").asInt()).isEqualTo(131_072);
        assertThat(fit.get("maxSequenceLength").asInt()).isEqualTo(131_072);
        assertThat(fit.get("contextCappedByModel").asBoolean()).isTrue();
        assertThat(fit.get("modelMaxPositions").asInt()).isEqualTo(131_072);
        EstimateCommandTest.Result text = run("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights",
                "bf16", "--gpu", "h100-sxm-80gb", "--gpu-memory-utilization", "0.9");
        assertThat(text.out()).contains("131,072 (capped by the model's maximum of 131,072 positions)");

        JsonNode small = runJson("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "bf16",
                "--budget-gib", "24", "--format", "json");
        assertThat(small.get("maxContext").asInt()).isLessThan(131_072);
        assertThat(small.get("contextCappedByModel").asBoolean()).isFalse();
    }

    @Test
    void aScenarioWhosePromptOutgrowsItsContextIsRejectedToo() throws IOException {
        ScenarioInputs d = ScenarioInputs.defaults();
        ScenarioInputs inputs = new ScenarioInputs(d.model(), d.modelPresetId(), d.workload().toBuilder()
                .mode(Mode.INFER).weightType(DataType.FP16).sequenceLength(4096).context(1024).build(), d.gpuId(),
                d.sweepAxis(), d.sizeUnit());
        Path file = tmp.resolve("long-prompt.vram.json");
        Files.writeString(file, new ScenarioCodec().write(inputs), StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("estimate", "--scenario", file.toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).contains("long-prompt.vram.json").contains("--seq 4096").doesNotContain("\n");
    }
}
