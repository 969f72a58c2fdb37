package com.vramadvisor.catalog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class CatalogLoaderTest {

    private static final Catalog SHIPPED = CatalogLoader.shippedOnly().load();

    @TempDir
    Path dir;

    private static final String GOOD_GPU = """
            {"id": "my-card", "name": "My Card", "vendor": "NVIDIA", "segment": "workstation", "formFactor": "PCIe",
             "memoryGbNominal": 24, "memoryType": "GDDR6", "memoryBandwidthGBps": 600, "fp16Tflops": 100,
             "launchYear": 2024, "released": "2024-05", "unpricedReason": "no quote yet",
             "source": "vendor spec sheet"}""";

    private Catalog loadWith(String fileName, String content) throws IOException {
        Files.writeString(dir.resolve(fileName), content);
        return CatalogLoader.withUserDirectory(dir).load();
    }

    @Test
    void aMissingUserFolderIsNotAProblem() {
        Catalog catalog = CatalogLoader.withUserDirectory(dir.resolve("absent")).load();

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.gpus()).hasSameSizeAs(SHIPPED.gpus());
    }

    @Test
    void malformedJsonIsReportedWithFileAndLineAndTheRestStillLoads() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": [ {\"id\": \"x\",, } ]}");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(dir.resolve("gpus.json").toString());
            assertThat(p.jsonPath()).isEqualTo("$");
            assertThat(p.message()).startsWith("malformed JSON").contains("line 1");
        });
        assertThat(catalog.gpus()).hasSameSizeAs(SHIPPED.gpus());
        assertThat(catalog.models()).hasSameSizeAs(SHIPPED.models());
    }

    @Test
    void aFieldOfTheWrongTypeSkipsOnlyItsEntryAndNamesThePath() throws IOException {
        String broken = GOOD_GPU.replace("\"my-card\"", "\"bad-card\"").replace("600", "\"fast\"");
        Catalog catalog = loadWith("gpus.json",
                "{\"catalogVersion\": \"1\", \"gpus\": [" + GOOD_GPU + ", " + broken + "]}");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.jsonPath()).isEqualTo("$.gpus[1].memoryBandwidthGBps");
            assertThat(p.message()).isEqualTo("expected a number, found the string \"fast\"");
        });
        assertThat(catalog.gpu("my-card")).isPresent();
        assertThat(catalog.gpu("bad-card")).isEmpty();
    }

    @Test
    void aMissingRequiredFieldIsReported() throws IOException {
        Catalog catalog = loadWith("gpus.json",
                "{\"catalogVersion\": \"1\", \"gpus\": [" + GOOD_GPU.replace("\"launchYear\": 2024,", "") + "]}");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath, CatalogProblem::message)
                .containsExactly(tuple("$.gpus[0].launchYear",
                        "required field is missing"));
        assertThat(catalog.gpu("my-card")).isEmpty();
    }

    @Test
    void outOfRangeValuesAndImpossibleMemoryAreReported() throws IOException {
        String negative = GOOD_GPU.replace("\"memoryGbNominal\": 24", "\"memoryGbNominal\": -1");
        String moreUsableThanTotal = GOOD_GPU.replace("\"my-card\"", "\"odd-card\"").replace("\"launchYear\"",
                "\"memoryTotalMiB\": 1000, \"memoryUsableMiB\": 2000, \"memoryReadingSource\": \"x\", \"launchYear\"");
        Catalog catalog = loadWith("gpus.json",
                "{\"catalogVersion\": \"1\", \"gpus\": [" + negative + ", " + moreUsableThanTotal + "]}");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath)
                .containsExactly("$.gpus[0].memoryGbNominal", "$.gpus[1].memoryUsableMiB");
        assertThat(catalog.problems().get(1).message()).contains("exceeds the total");
    }

    @Test
    void aMisspeltFieldIsReportedInsteadOfSilentlyIgnored() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": ["
                + GOOD_GPU.replace("\"fp16Tflops\"", "\"fp16TFlops\"") + "]}");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.jsonPath()).isEqualTo("$.gpus[0].fp16TFlops");
            assertThat(p.message()).contains("unknown field");
        });
    }

    @Test
    void anUnknownGpuReferenceSkipsTheSystemAndTheOffer() throws IOException {
        Files.writeString(dir.resolve("systems.json"), """
                {"catalogVersion": "1", "systems": [
                  {"id": "my-box", "name": "Box", "gpuId": "no-such-gpu", "gpuCount": 2, "interconnect": "PCIe",
                   "released": "2024-01", "unpricedReason": "none", "source": "x"}]}""");
        Catalog catalog = loadWith("cloud.json", """
                {"catalogVersion": "1", "offers": [
                  {"id": "my-cloud", "provider": "Acme", "providerKind": "specialist", "instanceType": "big",
                   "gpuId": "nope", "gpuCount": 1, "market": "on-demand", "priceUsdPerHour": 1.5,
                   "priceDate": "2025-01", "region": "eu", "source": "x"}]}""");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath, CatalogProblem::message)
                .containsExactlyInAnyOrder(
                        tuple("$.systems[0].gpuId",
                                "unknown GPU \"no-such-gpu\" (not in gpus.json)"),
                        tuple("$.offers[0].gpuId",
                                "unknown GPU \"nope\" (not in gpus.json)"));
        assertThat(catalog.system("my-box")).isEmpty();
        assertThat(catalog.cloudOffer("my-cloud")).isEmpty();
        assertThat(catalog.systems()).hasSameSizeAs(SHIPPED.systems());
    }

    @Test
    void aSystemMayNameAGpuAddedInTheUserFolder() throws IOException {
        Files.writeString(dir.resolve("gpus.json"), "{\"catalogVersion\": \"1\", \"gpus\": [" + GOOD_GPU + "]}");
        Catalog catalog = loadWith("systems.json", """
                {"catalogVersion": "1", "systems": [
                  {"id": "my-box", "name": "Box", "gpuId": "my-card", "gpuCount": 2, "memoryGbTotal": 48,
                   "interconnect": "PCIe", "released": "2024-06", "unpricedReason": "built in house",
                   "source": "x"}]}""");

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.system("my-box")).get().extracting(s -> s.gpuCount()).isEqualTo(2);
    }

    @Test
    void aStatedTotalMemoryThatContradictsTheGpuIsReported() throws IOException {
        Catalog catalog = loadWith("systems.json", """
                {"catalogVersion": "1", "systems": [
                  {"id": "wrong-box", "name": "Box", "gpuId": "h100-sxm-80gb", "gpuCount": 8, "memoryGbTotal": 320,
                   "interconnect": "NVSwitch", "released": "2023-03", "unpricedReason": "none", "source": "x"}]}""");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.jsonPath()).isEqualTo("$.systems[0].memoryGbTotal");
            assertThat(p.message()).contains("640");
        });
    }

    @Test
    void aDuplicateIdInOneFileKeepsTheFirstAndReportsTheSecond() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": [" + GOOD_GPU + ", "
                + GOOD_GPU.replace("My Card", "Other") + "]}");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.jsonPath()).isEqualTo("$.gpus[1].id");
            assertThat(p.message()).contains("duplicate id \"my-card\"").contains("$.gpus[0]");
        });
        assertThat(catalog.gpu("my-card")).get().extracting(g -> g.name()).isEqualTo("My Card");
    }

    @Test
    void idsMustBeLowercaseAndHyphenated() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": ["
                + GOOD_GPU.replace("my-card", "My_Card") + "]}");

        assertThat(catalog.problems()).singleElement().extracting(CatalogProblem::jsonPath).isEqualTo("$.gpus[0].id");
    }

    @Test
    void aUserEntryOverridesTheShippedOneWithTheSameIdWithoutTouchingTheShippedFile() throws IOException {
        String cheaper4090 = GOOD_GPU.replace("my-card", "rtx-4090").replace("\"My Card\"", "\"My 4090\"")
                .replace("\"launchYear\": 2024, \"released\": \"2024-05\", \"unpricedReason\": \"no quote yet\"",
                        "\"launchYear\": 2022, \"released\": \"2022-10\", \"priceUsd\": 1200,"
                                + " \"priceDate\": \"2025-05\", \"priceMarket\": \"us-street\"");
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"mine\", \"gpus\": [" + cheaper4090 + "]}");

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.gpus()).hasSameSizeAs(SHIPPED.gpus());
        assertThat(catalog.gpu("rtx-4090")).get().satisfies(g -> {
            assertThat(g.name()).isEqualTo("My 4090");
            assertThat(g.priceUsd()).isEqualTo(1200);
        });
        assertThat(CatalogLoader.shippedOnly().load().gpu("rtx-4090")).get()
                .extracting(g -> g.priceUsd()).isEqualTo(3129.99);
    }

    @Test
    void aUserEntryWithANewIdIsAddedAfterTheShippedOnes() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": [" + GOOD_GPU + "]}");

        assertThat(catalog.gpus()).hasSize(SHIPPED.gpus().size() + 1);
        assertThat(catalog.gpus().get(catalog.gpus().size() - 1).id()).isEqualTo("my-card");
    }

    @Test
    void aBrokenUserEntryLeavesTheShippedEntryWithThatIdInPlace() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": ["
                + GOOD_GPU.replace("my-card", "h100-sxm-80gb").replace("\"memoryType\": \"GDDR6\",", "") + "]}");

        assertThat(catalog.problems()).hasSize(1);
        assertThat(catalog.gpu("h100-sxm-80gb")).get().extracting(g -> g.memoryGbNominal()).isEqualTo(80.0);
    }

    @Test
    void aBrokenModelPresetIsReportedWithItsPath() throws IOException {
        Catalog catalog = loadWith("models.json", """
                {"catalogVersion": "1", "models": [
                  {"id": "tiny", "hiddenSize": 64, "layers": 2, "heads": 6, "kvHeads": 4, "ffnSize": 256,
                   "vocabSize": 100, "maxPositions": 128, "source": "x"},
                  {"id": "tiny-ok", "hiddenSize": 64, "layers": 2, "heads": 4, "ffnSize": 256, "vocabSize": 100,
                   "maxPositions": 128, "norm": "layernorm", "moe": {"experts": 4, "expertsPerToken": 5,
                   "expertFfnSize": 32}, "source": "x"}]}""");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath)
                .containsExactly("$.models[0].kvHeads", "$.models[0].headDim", "$.models[1].moe.expertsPerToken");
    }

    @Test
    void aPublishedCountThatIsNoWholeNumberOfParametersIsAProblemWithFileAndPath() throws IOException {
        String entry = """
                  {"id": "tiny-%d", "hiddenSize": 64, "layers": 2, "heads": 4, "ffnSize": 256, "vocabSize": 100,
                   "maxPositions": 128, "publishedParameters": "%s", "publishedParametersSource": "card",
                   "source": "x"}""";
        Catalog catalog = loadWith("models.json", "{\"catalogVersion\": \"1\", \"models\": ["
                + entry.formatted(0, "1.0005K") + "," + entry.formatted(1, "99999999999T") + ","
                + entry.formatted(2, "99999999999999999999") + "]}");

        assertThat(catalog.problems()).extracting(CatalogProblem::toString).containsExactly(
                dir.resolve("models.json") + ": $.models[0].publishedParameters: expected a whole number of parameters"
                        + " below 2^63 such as \"7.3B\", \"124M\" or \"20554567680\", found \"1.0005K\"",
                dir.resolve("models.json") + ": $.models[1].publishedParameters: expected a whole number of parameters"
                        + " below 2^63 such as \"7.3B\", \"124M\" or \"20554567680\", found \"99999999999T\"",
                dir.resolve("models.json") + ": $.models[2].publishedParameters: expected a whole number of parameters"
                        + " below 2^63 such as \"7.3B\", \"124M\" or \"20554567680\", found"
                        + " \"99999999999999999999\"");
    }

    @Test
    void aUserModelPresetMapsToAnEngineModelSpecWithBuilderDefaults() throws IOException {
        Catalog catalog = loadWith("models.json", """
                {"catalogVersion": "1", "models": [
                  {"id": "tiny", "hiddenSize": 64, "layers": 2, "heads": 4, "kvHeads": 2, "ffnSize": 256,
                   "vocabSize": 100, "maxPositions": 128, "publishedParameters": "1.2M",
                   "publishedParametersSource": "card", "source": "x"}]}""");

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.preset("tiny")).get().satisfies(p -> {
            assertThat(p.spec().headDim()).isEqualTo(16);
            assertThat(p.spec().kvHeads()).isEqualTo(2);
            assertThat(p.spec().mlp()).isEqualTo(com.vramadvisor.engine.llm.MlpKind.GATED);
            assertThat(p.publishedParameters()).isEqualTo(1_200_000);
            assertThat(p.publishedParametersRounding()).isEqualTo(100_000);
        });
    }

    @Test
    void aFileThatIsNotAnObjectOrLacksItsListIsReported() throws IOException {
        Files.writeString(dir.resolve("systems.json"), "[1, 2]");
        Catalog catalog = loadWith("cloud.json", "{\"catalogVersion\": \"1\", \"systems\": []}");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath).containsExactlyInAnyOrder(
                "$", "$.systems", "$.offers");
    }

    @Test
    void aStrayJsonFileInTheUserFolderIsReported() throws IOException {
        Catalog catalog = loadWith("gpu.json", "{}");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).endsWith("gpu.json");
            assertThat(p.message()).contains("expected gpus.json");
        });
    }

    @Test
    void validateReportsNothingForAGoodFolderAndEveryProblemForABadOne() throws IOException {
        Files.writeString(dir.resolve("gpus.json"), "{\"catalogVersion\": \"1\", \"gpus\": [" + GOOD_GPU + "]}");
        assertThat(CatalogLoader.validate(dir)).isEmpty();

        Files.writeString(dir.resolve("models.json"), "not json");
        assertThat(CatalogLoader.validate(dir)).singleElement()
                .satisfies(p -> assertThat(p.toString()).contains("models.json: $: malformed JSON"));
    }

    @Test
    void validateComplainsAboutAFolderWithoutCatalogFiles() {
        assertThat(CatalogLoader.validate(dir)).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("no catalog files"));
        assertThat(CatalogLoader.validate(dir.resolve("nope"))).singleElement()
                .satisfies(p -> assertThat(p.toString()).isEqualTo(dir.resolve("nope") + ": does not exist"));
    }

    @Test
    void problemsOutsideAJsonDocumentCarryNoJsonPath() throws IOException {
        Path file = Files.writeString(dir.resolve("gpus.json"), "{}");
        assertThat(CatalogLoader.validate(file)).singleElement()
                .satisfies(p -> assertThat(p.toString()).isEqualTo(file + ": is a file, not a catalog folder"));
        Catalog stray = loadWith("gpu.json", "{}");
        assertThat(stray.problems()).extracting(CatalogProblem::toString).contains(dir.resolve("gpu.json")
                + ": not a catalog file name; expected gpus.json, systems.json, cloud.json, models.json, nodes.json,"
                + " money.json or prices.json");
        assertThat(stray.problems()).extracting(CatalogProblem::toString).noneMatch(s -> s.contains(": $:"));
    }

    @Test
    void theUserFolderFollowsEachPlatformsConvention() {
        assertThat(CatalogLoader.defaultUserDirectory("Linux", Map.of(), null, "/home/ana"))
                .isEqualTo(Path.of("/home/ana/.config/vram-advisor/catalog"));
        assertThat(CatalogLoader.defaultUserDirectory("Mac OS X", Map.of("XDG_CONFIG_HOME", "/cfg"), null, "/Users/a"))
                .isEqualTo(Path.of("/cfg/vram-advisor/catalog"));
        assertThat(CatalogLoader.defaultUserDirectory("Windows 11", Map.of("APPDATA", "C:\\Users\\a\\AppData\\Roaming"),
                null, "C:\\Users\\a")).isEqualTo(Path.of("C:\\Users\\a\\AppData\\Roaming", "VRAM Advisor", "catalog"));
    }

    @Test
    void thePropertyOverridesTheVariableWhichOverridesThePlatformDefault() {
        Map<String, String> env = Map.of(CatalogLoader.DIRECTORY_VARIABLE, "/from/env");
        assertThat(CatalogLoader.defaultUserDirectory("Linux", env, null, "/home/a")).isEqualTo(Path.of("/from/env"));
        assertThat(CatalogLoader.defaultUserDirectory("Linux", env, "/from/prop", "/home/a"))
                .isEqualTo(Path.of("/from/prop"));
    }

    @Test
    void problemsPrintAsOneLineWithFilePathAndReason() {
        assertThat(new CatalogProblem("f.json", "$.gpus[2].id", "bad").toString())
                .isEqualTo("f.json: $.gpus[2].id: bad");
    }

    @Test
    void textFromTheFileIsEscapedInProblemsAndInTheirPaths() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": ["
                + GOOD_GPU.replace("\"workstation\"", "\"r\\u001b[31med\"")
                        .replace("\"source\"", "\"x\\u0007\": 1, \"source\"")
                + "]}");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath, CatalogProblem::message).containsExactly(
                tuple("$.gpus[0].segment", "control characters are not allowed, found \"r\\u001b[31med\""),
                tuple("$.gpus[0].x\\u0007", "unknown field (misspelt?)"));
    }

    @Test
    void jsonBeyondTheParsersLimitsIsAProblemWithItsLineAndColumn() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": " + "[".repeat(1_001)
                + "]".repeat(1_001) + "}");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.jsonPath()).isEqualTo("$");
            assertThat(p.message()).startsWith("malformed JSON: line 1, column ")
                    .endsWith(": Document nesting depth (1001) exceeds the maximum allowed (1000)");
        });
        assertThat(catalog.gpus()).hasSameSizeAs(SHIPPED.gpus());
    }

    @Test
    void textWithControlCharactersIsAProblemNotANameToShow() throws IOException {
        Catalog catalog = loadWith("gpus.json", "{\"catalogVersion\": \"1\", \"gpus\": ["
                + GOOD_GPU.replace("\"My Card\"", "\"My\\u001b[2JCard\"") + "]}");

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath, CatalogProblem::message).containsExactly(
                tuple("$.gpus[0].name", "control characters are not allowed, found \"My\\u001b[2JCard\""));
        assertThat(catalog.gpus()).hasSameSizeAs(SHIPPED.gpus());
    }
}
