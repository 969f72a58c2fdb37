package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.catalog.CatalogLoader;
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
        assertThat(row(rows, "h100-pcie-80gb", "gpu").get("fits").asBoolean()).isFalse();
        assertThat(row(rows, "a100-pcie-80gb", "gpu").get("fits").asBoolean()).isFalse();
        JsonNode pair = row(rows, "h100-pcie-80gb", "multi-gpu");
        assertThat(pair.get("fits").asBoolean()).isTrue();
        assertThat(pair.get("gpusNeeded").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(pair.get("acquisition").asText()).isEqualTo("purchase");
        // SXM cards come on boards of eight: no single-card row; the board is filled with copies. Serving within the
        // default TPOT target, one copy over all eight (more KV cache per copy) serves more users than four of two.
        assertThat(rows.findValuesAsText("hardwareId").stream().filter("h100-sxm-80gb"::equals)).hasSize(1);
        JsonNode board = row(rows, "h100-sxm-80gb", "multi-gpu");
        assertThat(board.get("gpusNeeded").asInt()).isEqualTo(8);
        assertThat(board.get("replicas").asInt() * board.get("layout").get("tp").asInt()).isEqualTo(8);
        assertThat(board.get("usersServed").asInt()).isPositive();
        assertThat(board.get("reasons").toString()).contains("whole-boards");
    }

    @Test
    void csvHasTheDocumentedHeaderAndOneRowPerOption() {
        EstimateCommandTest.Result r = run("recommend", "--preset", "gpt2", "--mode", "train", "--top", "5",
                "--format", "csv");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = Arrays.asList(r.out().split("\r\n"));
        assertThat(lines.get(0)).startsWith("hardware,hardwareId,kind,acquisition,fits,verdict,gpusNeeded,gpusBought,"
                + "nodes,gpusPerNode,interconnect,network,layout,tp,pp,dp,zero,recompute,sequenceParallel,microBatches");
        assertThat(lines.get(0)).contains(",mfu,boundBy,capitalUsd,cardsUsd,rentalUsdPerHour,jobCostUsd,");
        assertThat(lines).hasSize(6);
    }

    @Test
    void budgetFilterDropsOptionsAboveIt() throws IOException {
        EstimateCommandTest.Result r = run("recommend", "--preset", "gpt2", "--budget-usd", "2000", "--format",
                "json");
        assertThat(r.status()).as(r.err()).isZero();
        for (JsonNode row : new ObjectMapper().readTree(r.out()).get("rows")) {
            assertThat(row.get("jobCostUsd").isNull()).isFalse();
            assertThat(row.get("jobCostUsd").asDouble()).as(row.get("hardwareId").asText()).isLessThanOrEqualTo(2000);
        }
    }

    @Test
    void maxGpusLaysEveryOptionOutWithinTheLimit() throws IOException {
        String[] scenario = {"recommend", "--preset", "llama-3-8b", "--mode", "train", "--seq", "4096", "--format",
            "json"};
        EstimateCommandTest.Result free = run(scenario);
        EstimateCommandTest.Result capped = run(concat(scenario, "--max-gpus", "8"));
        assertThat(free.status()).as(free.err()).isZero();
        assertThat(capped.status()).as(capped.err()).isZero();
        JsonNode freeJson = new ObjectMapper().readTree(free.out());
        JsonNode cappedJson = new ObjectMapper().readTree(capped.out());

        // RTX 3060s (12 GB) cannot hold Llama 3 8B's full-training state (16 bytes x 8.03e9 parameters = 128 GB) on
        // 8; the unlimited search spreads it over more, in towers of four.
        JsonNode spread = row(freeJson.get("rows"), "rtx-3060-12gb", "multi-gpu");
        assertThat(spread.get("gpusNeeded").asInt()).isGreaterThan(8);
        assertThat(spread.get("gpusPerNode").asInt()).isEqualTo(4);
        assertThat(spread.get("nodes").asInt()).isEqualTo(spread.get("gpusNeeded").asInt() / 4);
        assertThat(spread.get("network").asText()).contains("GbE");
        // The fewest GPUs that fit are more than 8, so no layout on 8 fits: the row stays, on 8, and says why.
        JsonNode within = row(cappedJson.get("rows"), "rtx-3060-12gb", "multi-gpu");
        assertThat(within.get("gpusNeeded").asInt()).isEqualTo(8);
        assertThat(within.get("fits").asBoolean()).isFalse();
        assertThat(within.get("reasons").toString()).contains("exceeds-max-gpus");
        assertThat(cappedJson.get("rows").size()).isPositive();
        for (JsonNode r : cappedJson.get("rows")) {
            assertThat(r.get("gpusNeeded").asInt()).as(r.get("hardware").asText()).isBetween(1, 8);
        }

        // 8-GPU systems and instances have no layout within 4: left out of the rows, still counted as considered.
        JsonNode four = new ObjectMapper().readTree(run(concat(scenario, "--max-gpus", "4")).out());
        assertThat(four.get("optionsConsidered").asInt()).isEqualTo(freeJson.get("optionsConsidered").asInt());
        assertThat(four.get("rows").size()).isLessThan(freeJson.get("rows").size());
        for (JsonNode r : four.get("rows")) {
            assertThat(r.get("gpusNeeded").asInt()).as(r.get("hardware").asText()).isBetween(1, 4);
        }
        assertThat(row(freeJson.get("rows"), "aws-p4d.24xlarge-on-demand", "cloud").get("gpusNeeded").asInt())
                .isEqualTo(8);
        assertThat(four.get("rows").findValuesAsText("hardwareId")).doesNotContain("aws-p4d.24xlarge-on-demand");
    }

    @Test
    void maxGpusBelowOneOrNotANumberIsBadInputOnOneLine() {
        for (String bad : new String[] {"0", "-2", "many"}) {
            EstimateCommandTest.Result r = run("recommend", "--preset", "gpt2", "--max-gpus", bad);
            assertThat(r.status()).as(bad).isEqualTo(2);
            assertThat(r.out()).as(bad).isEmpty();
            assertThat(r.err()).as(bad).contains("--max-gpus").doesNotContain("at com.");
            assertThat(r.err().strip().lines()).as(bad).hasSize(1);
        }
        assertThat(run("recommend", "--preset", "gpt2", "--max-gpus", "0").err())
                .contains("--max-gpus must be 1 to 1,048,576, got 0");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
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
    void catalogListsFp64RatesWithZeroForGpusWithoutFp64Hardware() {
        EstimateCommandTest.Result gpus = run("catalog", "list", "gpus", "--format", "csv");

        assertThat(gpus.out().lines().findFirst().orElseThrow()).contains("fp4Tflops,fp64Tflops,tdpWatts");
        // NVIDIA A100 datasheet: FP64 9.7 TFLOPS, 400 W (SXM).
        assertThat(gpus.out().lines().filter(l -> l.startsWith("a100-sxm-80gb,"))).singleElement()
                .asString().contains(",9.7,400,");
        // Intel Arc A770: no FP64 hardware (0, not absent), no FP4 rate (absent), 225 W.
        assertThat(gpus.out().lines().filter(l -> l.startsWith("arc-a770-16gb,"))).singleElement()
                .asString().contains(",,0,225,");
    }

    @Test
    void catalogListsFp4RatesAndTheCloudMarketColumns() {
        EstimateCommandTest.Result gpus = run("catalog", "list", "gpus", "--format", "csv");
        EstimateCommandTest.Result cloud = run("catalog", "list", "cloud", "--format", "csv");

        // HGX B300: 105 PFLOPS dense FP4 for eight GPUs (NVIDIA HGX table, via G. K. Lockwood's B300 notes).
        assertThat(gpus.out().lines().findFirst().orElseThrow()).contains("fp4Tflops");
        assertThat(gpus.out().lines().filter(l -> l.startsWith("b300-sxm-288gb,"))).singleElement()
                .asString().contains(",13125,");
        assertThat(cloud.out().lines().findFirst().orElseThrow()).isEqualTo("id,provider,providerKind,instanceType,"
                + "gpuId,gpuCount,market,priceUsdPerHour,usdPerGpuHour,priceDate,region,interruption,priceSource");
        // Lambda's On-Demand Cloud page: 8 x H100 SXM at USD 3.99 per GPU-hour, USD 31.92 per instance-hour.
        assertThat(cloud.out().lines().filter(l -> l.startsWith("lambda-gpu-8x-h100-sxm5-on-demand,")))
                .singleElement().asString().contains(",on-demand,31.92,3.99,2026-08-26,global,none,catalog");
    }

    @Test
    void validateReportsFileJsonPathAndReasonAndExitsWithTwo() throws IOException {
        Files.writeString(tmp.resolve("gpus.json"),
                "{\"gpus\": [{\"id\": \"my-card\", \"name\": \"My card\", \"memoryGbNominal\": \"lots\"}]}",
                StandardCharsets.UTF_8);
        EstimateCommandTest.Result r = run("catalog", "validate", tmp.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("gpus.json").contains("$.gpus[0]");
        EstimateCommandTest.Result json = run("catalog", "validate", tmp.toString(), "--format", "json");
        assertThat(json.status()).isEqualTo(2);
        JsonNode root = new ObjectMapper().readTree(json.out());
        assertThat(root.get("valid").asBoolean()).isFalse();
        List<String> paths = new java.util.ArrayList<>();
        root.get("problems").forEach(p -> {
            assertThat(p.get("file").asText()).contains("gpus.json");
            paths.add(p.get("jsonPath").asText());
        });
        assertThat(paths).anyMatch(p -> p.startsWith("$.gpus[0]"));
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

    @Test
    void aCatalogOptionNamingAFileOrNothingIsAnErrorNotAWarning() throws IOException {
        Path file = Files.writeString(tmp.resolve("gpus.json"), "{}", StandardCharsets.UTF_8);
        EstimateCommandTest.Result onFile = run("recommend", "--preset", "llama-3-8b", "--catalog", file.toString());
        assertThat(onFile.status()).isEqualTo(2);
        assertThat(onFile.err()).isEqualTo("vram-advisor: " + file + ": --catalog needs a catalog folder, but this is a"
                + " file" + System.lineSeparator());
        Path absent = tmp.resolve("no-such-folder");
        EstimateCommandTest.Result onNothing = run("catalog", "list", "gpus", "--catalog", absent.toString());
        assertThat(onNothing.status()).isEqualTo(2);
        assertThat(onNothing.out()).isEmpty();
        assertThat(onNothing.err()).isEqualTo("vram-advisor: " + absent + ": --catalog needs a catalog folder, but"
                + " nothing exists there" + System.lineSeparator());
    }

    @Test
    void validatingTheDefaultUserFolderBeforeItExistsIsNoUserCatalogYet() {
        Path fresh = tmp.resolve("config").resolve("vram-advisor").resolve("catalog");
        String before = System.getProperty(CatalogLoader.DIRECTORY_PROPERTY);
        System.setProperty(CatalogLoader.DIRECTORY_PROPERTY, fresh.toString());
        try {
            for (EstimateCommandTest.Result r : List.of(run("catalog", "validate"),
                    run("catalog", "validate", fresh.toString()))) {
                assertThat(r.status()).as(r.err()).isZero();
                assertThat(r.out()).isEqualTo(fresh + ": no user catalog yet (the folder does not exist); the"
                        + " shipped catalog is used" + System.lineSeparator());
            }
            Path elsewhere = tmp.resolve("typo");
            EstimateCommandTest.Result named = run("catalog", "validate", elsewhere.toString());
            assertThat(named.status()).isEqualTo(2);
            assertThat(named.err()).startsWith(elsewhere + ": does not exist" + System.lineSeparator())
                    .doesNotContain("$");
        } finally {
            if (before == null) {
                System.clearProperty(CatalogLoader.DIRECTORY_PROPERTY);
            } else {
                System.setProperty(CatalogLoader.DIRECTORY_PROPERTY, before);
            }
        }
    }
}
