package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.IOException;
import java.io.RandomAccessFile;
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
    void aScenarioOfAnotherWorkloadTypeSizesThatWorkloadRatherThanItsHiddenLanguageModel() throws IOException {
        Path file = tmp.resolve("md.vram.json");
        Files.writeString(file, new ScenarioCodec().write(ScenarioInputs.defaults()
                .withKind(com.vramadvisor.engine.core.WorkloadKind.MD)), StandardCharsets.UTF_8);
        JsonNode json = new ObjectMapper().readTree(run("estimate", "--scenario", file.toString(), "--format",
                "json").out());
        assertThat(json.get("workload").asText()).isEqualTo("md");
        assertThat(json.has("model")).isFalse();
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

    private Path scenarioWithRanking(long tokenBudget, int maxGpus) throws IOException {
        Path file = tmp.resolve("ranked.vram.json");
        Files.writeString(file, new ScenarioCodec().write(ScenarioInputs.defaults().withTokenBudget(tokenBudget)
                .withMaxGpus(maxGpus)), StandardCharsets.UTF_8);
        return file;
    }

    private static JsonNode recommend(String... args) throws IOException {
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static JsonNode gpuRow(JsonNode rows, String hardwareId) {
        for (JsonNode r : rows) {
            if (r.get("hardwareId").asText().equals(hardwareId) && r.get("kind").asText().equals("gpu")) {
                return r;
            }
        }
        throw new AssertionError("no gpu row for " + hardwareId);
    }

    private static int mostGpus(JsonNode rows) {
        int most = 0;
        for (JsonNode r : rows) {
            most = Math.max(most, r.get("gpusNeeded").asInt());
        }
        return most;
    }

    @Test
    void recommendRanksWithTheScenarioFilesTokenBudgetAndGpuLimit() throws IOException {
        JsonNode plain = recommend("recommend", "--scenario", defaultScenario().toString(), "--format", "json");
        JsonNode ranked = recommend("recommend", "--scenario", scenarioWithRanking(2_000_000_000L, 4).toString(),
                "--format", "json");

        assertThat(plain.get("tokenBudget").asLong()).isEqualTo(1_000_000_000L);
        assertThat(ranked.get("tokenBudget").asLong()).isEqualTo(2_000_000_000L);
        // Time is tokens / throughput: twice the tokens on the same card take twice the hours.
        double hoursAt1B = gpuRow(recommend("recommend", "--scenario", scenarioWithRanking(1_000_000_000L, 4)
                .toString(), "--format", "json").get("rows"), "h100-pcie-80gb").get("hours").asDouble();
        assertThat(gpuRow(ranked.get("rows"), "h100-pcie-80gb").get("hours").asDouble())
                .isCloseTo(2 * hoursAt1B, org.assertj.core.data.Offset.offset(1e-9 * hoursAt1B));
        // Without a limit the catalog's 8-GPU systems and instances are ranked; within 4 GPUs none is.
        assertThat(mostGpus(plain.get("rows"))).isGreaterThan(4);
        assertThat(ranked.get("rows")).isNotEmpty();
        assertThat(mostGpus(ranked.get("rows"))).isLessThanOrEqualTo(4);
    }

    @Test
    void theScenarioFilesDeadlineRanksAndPlansUnlessDaysIsGiven() throws IOException {
        Path file = tmp.resolve("deadline.vram.json");
        Files.writeString(file, new ScenarioCodec().write(ScenarioInputs.defaults().withDeadlineDays(30)),
                StandardCharsets.UTF_8);
        assertThat(recommend("recommend", "--scenario", file.toString(), "--format", "json").get("deadlineDays")
                .asDouble()).isEqualTo(30.0);
        assertThat(recommend("recommend", "--scenario", file.toString(), "--days", "7", "--format", "json")
                .get("deadlineDays").asDouble()).isEqualTo(7.0);
    }

    @Test
    void explicitTokensAndMaxGpusWinOverTheScenarioFile() throws IOException {
        JsonNode json = recommend("recommend", "--scenario", scenarioWithRanking(2_000_000_000L, 4).toString(),
                "--tokens", "500M", "--max-gpus", "8", "--format", "json");
        assertThat(json.get("tokenBudget").asLong()).isEqualTo(500_000_000L);
        assertThat(mostGpus(json.get("rows"))).isEqualTo(8);

        JsonNode onlyTokens = recommend("recommend", "--scenario", scenarioWithRanking(2_000_000_000L, 4).toString(),
                "--tokens", "3B", "--format", "json");
        assertThat(onlyTokens.get("tokenBudget").asLong()).isEqualTo(3_000_000_000L);
        assertThat(mostGpus(onlyTokens.get("rows"))).as("the file's limit still applies").isLessThanOrEqualTo(4);
    }

    private JsonNode report(String... extra) throws IOException {
        Path json = tmp.resolve("report-" + extra.length + ".json");
        String[] args = new String[extra.length + 5];
        System.arraycopy(new String[] {"report", "--scenario", scenarioWithRanking(2_000_000_000L, 4).toString(),
            "--json", json.toString()}, 0, args, 0, 5);
        System.arraycopy(extra, 0, args, 5, extra.length);
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(Files.readString(json, StandardCharsets.UTF_8));
    }

    private static String reportInput(JsonNode report, String key) {
        for (JsonNode i : report.get("inputs")) {
            if (i.get("key").asText().equals(key)) {
                return i.get("value").asText();
            }
        }
        throw new AssertionError("no input " + key);
    }

    private static int mostReportGpus(JsonNode report) {
        int most = 0;
        for (JsonNode r : report.get("decisions").get("rows")) {
            most = Math.max(most, r.get("raw").get("gpusNeeded").asInt());
        }
        return most;
    }

    @Test
    void reportUsesTheScenarioFilesRankingUnlessTheFlagsGiveIt() throws IOException {
        JsonNode fromFile = report();
        assertThat(reportInput(fromFile, "tokenBudget")).isEqualTo("2,000,000,000");
        assertThat(fromFile.get("decisions").get("rows")).isNotEmpty();
        assertThat(mostReportGpus(fromFile)).isLessThanOrEqualTo(4);

        JsonNode fromFlags = report("--tokens", "1e8", "--max-gpus", "8");
        assertThat(reportInput(fromFlags, "tokenBudget")).isEqualTo("100,000,000");
        assertThat(mostReportGpus(fromFlags)).isEqualTo(8);
    }

    @Test
    void aScenarioFileWithABadTokenBudgetIsReportedInOneLineNamingThePath() throws IOException {
        Path file = tmp.resolve("bad.vram.json");
        Files.writeString(file, new ScenarioCodec().write(ScenarioInputs.defaults())
                .replace("\"tokenBudget\" : 1000000000", "\"tokenBudget\" : 0"), StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("recommend", "--scenario", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("bad.vram.json").contains("$.ranking.tokenBudget")
                .doesNotContain("\n");
    }

    @Test
    void aScenarioFileOverTwoGibibytesIsRefusedInOneLineWithoutReadingIt() throws IOException {
        Path file = tmp.resolve("huge.vram.json");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength((2L << 30) + 10);
        }
        EstimateCommandTest.Result r = run("estimate", "--scenario", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("vram-advisor: " + file + ": the scenario file is larger than 1 MiB (a scenario"
                + " is a few kilobytes)" + System.lineSeparator());
    }

    /** {@code /dev/zero} never ends: it is refused before it is opened (Linux and macOS have the device). */
    @Test
    void anEndlessDeviceAsScenarioIsRefusedBeforeItIsRead() {
        EstimateCommandTest.Result r = run("estimate", "--scenario", "/dev/zero");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("vram-advisor: /dev/zero: the scenario file is not a regular file (a"
                + " pipe, socket or device)");
    }

    @Test
    void aMissingScenarioFileOrAFolderIsOneLine() {
        EstimateCommandTest.Result missing = run("estimate", "--scenario", tmp.resolve("absent.vram.json").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("vram-advisor: " + tmp.resolve("absent.vram.json")
                + ": the scenario file does not exist");
        EstimateCommandTest.Result folder = run("estimate", "--scenario", tmp.toString());
        assertThat(folder.status()).isEqualTo(2);
        assertThat(folder.err().strip()).isEqualTo("vram-advisor: " + tmp + ": the scenario file is a folder");
    }
}
