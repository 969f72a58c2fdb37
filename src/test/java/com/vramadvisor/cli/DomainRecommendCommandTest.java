package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code recommend} and {@code report} with {@code --workload} other than a language model. */
class DomainRecommendCommandTest {

    @ParameterizedTest
    @ValueSource(strings = {"--tokens=1B", "--days=30", "--pue=1.2", "--amortize-years=4", "--compute-efficiency=0.4"})
    void flagsThatFeedTheSpeedModelAreRefusedByNameForAWorkloadWithoutOne(String flag) {
        String name = flag.substring(0, flag.indexOf('='));
        for (String command : new String[] {"recommend", "report"}) {
            EstimateCommandTest.Result r = command.equals("report")
                    ? run(command, "--workload", "md", "--atoms", "1M", "--potential", "eam", flag, "--md", "x.md")
                    : run(command, "--workload", "md", "--atoms", "1M", "--potential", "eam", flag);
            assertThat(r.status()).as(command + " " + flag).isEqualTo(2);
            assertThat(r.err()).contains(name).doesNotContain("Exception");
            assertThat(r.err().strip().lines()).hasSize(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"--tokens=1B", "--global-batch=4M"})
    void tokenFlagsAreRefusedEvenWhereThereIsASpeedModel(String flag) {
        EstimateCommandTest.Result r = run("recommend", "--workload", "md", "--atoms", "1M", flag);
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains(flag.substring(0, flag.indexOf('=')), "--steps");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void aTimedWorkloadTakesTheDeadlineAndTheJobFromItsFlags() throws IOException {
        JsonNode rec = runJson("recommend", "--workload", "vision", "--preset", "resnet-50", "--mode", "train",
                "--batch", "256", "--epochs", "10", "--dataset-size", "100K", "--days", "2", "--format", "json");
        assertThat(rec.get("speedEstimated").asBoolean()).isTrue();
        assertThat(rec.get("jobItems").asDouble()).isEqualTo(1_000_000.0);
        assertThat(rec.get("itemUnit").asText()).isEqualTo("images");
        JsonNode first = rec.get("rows").get(0);
        assertThat(first.get("itemsPerSecond").asDouble()).isPositive();
        assertThat(first.get("hours").asDouble()).isCloseTo(1e6 / first.get("itemsPerSecond").asDouble() / 3600,
                org.assertj.core.api.Assertions.within(1e-6));
    }

    @Test
    void aDiffusionTableIsTimedForItsImagesOrStepsAndRunsCopiesOnEveryGpuItBuys() throws IOException {
        JsonNode gen = runJson("recommend", "--workload", "diffusion", "--preset", "sdxl", "--images", "2000",
                "--sampling-steps", "30", "--format", "json");
        assertThat(gen.get("speedEstimated").asBoolean()).isTrue();
        assertThat(gen.get("jobItems").asDouble()).isEqualTo(2_000.0);
        assertThat(gen.get("spreadsOverGpus").asBoolean()).isFalse();
        assertThat(gen.get("runsCopies").asBoolean()).isTrue();
        JsonNode one = row(gen.get("rows"), "rtx-4090", "gpu");
        JsonNode two = row(gen.get("rows"), "workstation-2x-rtx-4090", "system");
        // Two copies on the two cards of the machine: twice one card's images per second.
        assertThat(two.get("itemsPerSecond").asDouble()).isCloseTo(2 * one.get("itemsPerSecond").asDouble(),
                org.assertj.core.api.Assertions.within(1e-6 * one.get("itemsPerSecond").asDouble()));
        JsonNode lora = runJson("recommend", "--workload", "diffusion", "--preset", "sd-1.5", "--mode", "lora",
                "--batch", "4", "--steps", "1000", "--format", "json");
        assertThat(lora.get("jobItems").asDouble()).isEqualTo(4_000.0);
        EstimateCommandTest.Result steps = run("recommend", "--workload", "diffusion", "--preset", "sdxl",
                "--steps", "30");
        assertThat(steps.status()).isEqualTo(2);
        assertThat(steps.err()).contains("--steps means nothing to diffusion inference", "--sampling-steps");
        EstimateCommandTest.Result half = run("recommend", "--workload", "diffusion", "--preset", "sdxl", "--mode",
                "train", "--epochs", "3");
        assertThat(half.status()).isEqualTo(2);
        assertThat(half.err().strip().lines()).hasSize(1);
    }

    @Test
    void jobFlagsThatMeanNothingToTheWorkloadAreRefusedInOneLine() {
        EstimateCommandTest.Result steps = run("recommend", "--workload", "vision", "--preset", "resnet-50",
                "--steps", "100");
        assertThat(steps.status()).isEqualTo(2);
        assertThat(steps.err()).contains("--steps means nothing");
        EstimateCommandTest.Result epochs = run("recommend", "--workload", "md", "--atoms", "1M", "--epochs", "3");
        assertThat(epochs.status()).isEqualTo(2);
        assertThat(epochs.err()).contains("--epochs means nothing");
        EstimateCommandTest.Result bad = run("recommend", "--workload", "md", "--atoms", "1M", "--steps", "lots");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip().lines()).hasSize(1);
    }

    @Test
    void aScenarioFileOfAnotherKindThanTheWorkloadFlagIsRefused(@TempDir Path dir) throws IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("s.json"), new com.vramadvisor.scenario.ScenarioCodec()
                .write(com.vramadvisor.scenario.ScenarioInputs.defaults()));
        EstimateCommandTest.Result r = run("recommend", "--workload", "grid", "--scenario", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("s.json", "llm scenario", "--workload grid");
    }

    @Test
    void aGpuLimitBelowOneIsRefused() {
        EstimateCommandTest.Result r = run("recommend", "--workload", "render", "--scene", "game-4k", "--max-gpus",
                "0");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--max-gpus must be 1 to 1,048,576");
    }

    private static JsonNode row(JsonNode rows, String hardwareId, String kind) {
        for (JsonNode r : rows) {
            if (r.get("hardwareId").asText().equals(hardwareId) && r.get("kind").asText().equals(kind)) {
                return r;
            }
        }
        throw new AssertionError("no " + kind + " row for " + hardwareId);
    }

    @Test
    void aHundredMillionAtomLennardJonesSystemSpreadsAndTheTableAgreesWithFit() throws IOException {
        JsonNode rec = runJson("recommend", "--workload", "md", "--atoms", "100M", "--potential", "lj", "--format",
                "json");
        JsonNode fit = runJson("fit", "--workload", "md", "--atoms", "100M", "--potential", "lj", "--gpu",
                "v100-pcie-32gb", "--format", "json");
        JsonNode estimate = runJson("estimate", "--workload", "md", "--atoms", "100M", "--potential", "lj", "--format",
                "json");
        assertThat(rec.get("spreadsOverGpus").asBoolean()).isTrue();
        assertThat(rec.get("speedEstimated").asBoolean()).isTrue();
        assertThat(rec.get("singleGpuPeakBytes").asLong()).isEqualTo(estimate.get("peakBytes").asLong());
        // One V100 32GB does not hold it; the table's several-card row takes as many as fit's inverse search does.
        JsonNode one = row(rec.get("rows"), "v100-pcie-32gb", "gpu");
        assertThat(one.get("fits").asBoolean()).isEqualTo(fit.get("fits").asBoolean()).isFalse();
        JsonNode several = row(rec.get("rows"), "v100-pcie-32gb", "multi-gpu");
        assertThat(several.get("fits").asBoolean()).isTrue();
        assertThat(several.get("gpusNeeded").asInt()).isEqualTo(fit.get("gpusNeeded").asInt());
        assertThat(several.get("perGpuBytes").asLong()).isLessThan(several.get("usableBytes").asLong());
        // 10^6 LJ time steps: hours from the bandwidth-bound step, never unknown for a row that fits.
        assertThat(several.get("hours").asDouble()).isPositive();
        assertThat(several.get("itemsPerSecond").asDouble()).isPositive();
        // Among the rows that fit within the deadline, bought and rented alike rank by the job's cost, cheapest first
        // (rows without a time, not known to meet the deadline, follow them).
        double previous = 0;
        for (JsonNode r : rec.get("rows")) {
            if (!r.get("fits").asBoolean() || r.get("hours").isNull() || r.get("jobCostUsd").isNull()
                    || r.get("reasons").toString().contains("past-deadline")) {
                break;
            }
            // At the precision shown: whole dollars from $10, where two options that read the same keep their order.
            double cost = r.get("jobCostUsd").asDouble();
            double shown = cost >= 10 ? Math.round(cost) : Math.round(cost * 100) / 100.0;
            assertThat(shown).as(r.toString()).isGreaterThanOrEqualTo(previous);
            previous = shown;
        }
    }

    @Test
    void aFilmFrameThatNoConsumerCardHoldsIsNotSpreadOverSeveral() throws IOException {
        JsonNode rec = runJson("recommend", "--workload", "render", "--scene", "film-offline", "--format", "json");
        assertThat(rec.get("spreadsOverGpus").asBoolean()).isFalse();
        long need = rec.get("singleGpuPeakBytes").asLong();
        JsonNode card = row(rec.get("rows"), "rtx-4090", "gpu");
        assertThat(card.get("usableBytes").asLong()).isLessThan(need);
        assertThat(card.get("fits").asBoolean()).isFalse();
        assertThat(card.get("gpusNeeded").isNull()).isTrue();
        assertThat(card.get("reasons").toString()).contains("does-not-spread");
        for (JsonNode r : rec.get("rows")) {
            assertThat(r.get("kind").asText().equals("multi-gpu") && r.get("hardwareId").asText().equals("rtx-4090"))
                    .isFalse();
            if (r.get("fits").asBoolean()) {
                assertThat(r.get("gpusNeeded").asInt()).isEqualTo(1);
                assertThat(r.get("perGpuBytes").asLong()).isEqualTo(need);
            }
        }
        assertThat(rec.get("bestPurchase").asText()).isNotEmpty();
    }

    @Test
    void sortingByTimeIsRefusedInOneLine() {
        EstimateCommandTest.Result r = run("recommend", "--workload", "md", "--atoms", "1M", "--potential", "eam",
                "--sort", "time");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("cannot sort by time", "no speed estimate");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void theTextTableSaysSpeedIsNotEstimatedAndNamesTheBestToBuyAndToRent() {
        EstimateCommandTest.Result r = run("recommend", "--workload", "render", "--scene", "game-4k", "--top", "5");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("4K game scene", "does not spread", "Speed and time are not estimated",
                "Best to buy: ", "Best to rent: ", "capital", "rent/hour");
        assertThat(r.out().lines().filter(l -> l.startsWith("yes ") || l.startsWith("tight ")
                || l.startsWith("no "))).hasSize(5);
    }

    @Test
    void aChineseRenderReportIsWrittenAsPdf(@TempDir Path dir) throws IOException {
        Path pdf = dir.resolve("scene.pdf");
        EstimateCommandTest.Result r = run("report", "--workload", "render", "--scene", "game-4k", "--pdf",
                pdf.toString(), "--lang", "zh-CN");
        assertThat(r.status()).as(r.err()).isZero();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertThat(text).contains("GPU 显存评估报告", "4K game scene", "渲染目标", "纹理", "未估算", "最佳购买方案");
        }
    }
}
