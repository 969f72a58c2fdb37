package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecommendAndCatalogCommandTest {

    @TempDir
    Path tmp;

    private static JsonNode row(JsonNode rows, String hardwareId, String kind) {
        for (JsonNode r : rows) {
            if (r.get("hardwareId").asText().equals(hardwareId) && r.get("kind").asText().equals(kind)) {
                return r;
            }
        }
        throw new AssertionError("no " + kind + " row for " + hardwareId);
    }

    @Test
    void an8bModelInBf16With8kContextServesOnA24GbCard() throws IOException {
        // Llama-3-8B in bf16: 8,030,261,248 x 2 bytes = 16.06 GB (14.96 GiB) of weights; its KV cache is
        // 2 x 32 layers x 8 KV heads x 128 x 2 bytes = 128 KiB per token, so 8192 tokens take 1 GiB.
        // An RTX 4090 has 24 GB (24,564 MiB as the driver reports it).
        EstimateCommandTest.Result r = run("recommend", "--preset", "llama-3-8b", "--mode", "infer", "--weights",
                "bf16", "--context", "8192", "--kind", "gpu", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        JsonNode rtx4090 = row(json.get("rows"), "rtx-4090", "gpu");
        assertThat(rtx4090.get("fits").asBoolean()).isTrue();
        assertThat(rtx4090.get("gpusNeeded").asInt()).isEqualTo(1);
        assertThat(rtx4090.get("perGpuBytes").asLong()).isLessThan(rtx4090.get("usableBytes").asLong());
        assertThat(rtx4090.get("tokensPerSecond").asDouble()).isPositive();
    }

    @Test
    void a70bModelInBf16DoesNotFitOne80GbCard() throws IOException {
        // Llama-3-70B: 70,553,706,496 parameters x 2 bytes = 141 GB of weights alone.
        EstimateCommandTest.Result r = run("recommend", "--preset", "llama-3-70b", "--mode", "infer", "--weights",
                "bf16", "--context", "4096", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(r.out()).get("rows");
        assertThat(row(rows, "h100-sxm-80gb", "gpu").get("fits").asBoolean()).isFalse();
        assertThat(row(rows, "a100-sxm-80gb", "gpu").get("fits").asBoolean()).isFalse();
        JsonNode multi = row(rows, "h100-sxm-80gb", "multi-gpu");
        assertThat(multi.get("fits").asBoolean()).isTrue();
        assertThat(multi.get("gpusNeeded").asInt()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void csvHasTheDocumentedHeaderAndOneRowPerOption() {
        EstimateCommandTest.Result r = run("recommend", "--preset", "gpt2", "--mode", "train", "--top", "5",
                "--format", "csv");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = Arrays.asList(r.out().split("\r\n"));
        assertThat(lines.get(0)).startsWith("hardware,hardwareId,kind,fits,gpusNeeded");
        assertThat(lines).hasSize(6);
    }

    @Test
    void budgetFilterDropsOptionsAboveIt() throws IOException {
        EstimateCommandTest.Result r = run("recommend", "--preset", "gpt2", "--budget-usd", "2000", "--format",
                "json");
        assertThat(r.status()).as(r.err()).isZero();
        for (JsonNode row : new ObjectMapper().readTree(r.out()).get("rows")) {
            if (!row.get("costUsd").isNull()) {
                assertThat(row.get("costUsd").asDouble()).as(row.get("hardwareId").asText()).isLessThanOrEqualTo(2000);
            }
        }
    }

    @Test
    void catalogListsAtLeast35GpusAnd25Models() {
        EstimateCommandTest.Result gpus = run("catalog", "list", "gpus", "--format", "csv");
        EstimateCommandTest.Result models = run("catalog", "list", "models", "--format", "csv");
        assertThat(gpus.status()).isZero();
        assertThat(gpus.out().split("\r\n").length - 1).isGreaterThanOrEqualTo(35);
        assertThat(models.out().split("\r\n").length - 1).isGreaterThanOrEqualTo(25);
        assertThat(models.out()).contains("llama-3.1-405b").contains("mixtral-8x7b").contains("bert-large");
    }

    @Test
    void validateReportsFileJsonPathAndReasonAndExitsWithTwo() throws IOException {
        Files.writeString(tmp.resolve("gpus.json"),
                "{\"gpus\": [{\"id\": \"my-card\", \"name\": \"My card\", \"memoryGbNominal\": \"lots\"}]}",
                StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("catalog", "validate", tmp.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("gpus.json").contains("$.gpus[0]");
    }

    @Test
    void validateAcceptsAGoodUserFolder() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("empty-but-valid"));
        Files.writeString(dir.resolve("cloud.json"), "{\"catalogVersion\": \"2026-11-29\", \"offers\": []}", StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("catalog", "validate", dir.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("valid");
    }

    @Test
    void formFactorAndVendorFiltersKeepOnlyMatchingGpus() throws IOException {
        EstimateCommandTest.Result r = run("recommend", "--preset", "llama-3-8b", "--mode", "infer", "--form-factor",
                "PCIe", "--vendor", "NVIDIA", "--kind", "gpu", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(r.out()).get("rows");
        assertThat(rows.size()).isPositive();
        for (JsonNode row : rows) {
            assertThat(row.get("formFactor").asText()).isEqualToIgnoringCase("PCIe");
            assertThat(row.get("vendor").asText()).isEqualTo("NVIDIA");
        }
    }
}
