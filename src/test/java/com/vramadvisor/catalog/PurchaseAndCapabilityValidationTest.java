package com.vramadvisor.catalog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code catalog validate} refuses what the purchase and capability fields forbid: a price dated before the release,
 * a missing release, a price without its market, an entry without a price that does not say why, node classes out of
 * order, and capability values outside their sets.
 */
class PurchaseAndCapabilityValidationTest {

    @TempDir
    Path dir;

    /** A valid user GPU; each case replaces one fragment of it. */
    private static final String CARD = """
            {"id": "my-card", "name": "My Card", "vendor": "NVIDIA", "segment": "workstation", "formFactor": "PCIe",
             "memoryGbNominal": 24, "memoryType": "GDDR6", "memoryBandwidthGBps": 600, "fp16Tflops": 100,
             "launchYear": 2024, "released": "2024-05", "priceUsd": 2000, "priceDate": "2024-06",
             "priceMarket": "us-street", "nodeClass": "workstation-pcie",
             "nodeClasses": ["desktop-1gpu", "workstation-pcie"], "displayOutputs": 4,
             "graphicsApis": ["vulkan", "opengl"], "videoEncoders": 1, "stacks": ["cuda", "vulkan"],
             "source": "vendor spec sheet"}""";

    private List<CatalogProblem> validateGpu(String gpu) throws IOException {
        Files.writeString(dir.resolve("gpus.json"), "{\"catalogVersion\": \"1\", \"gpus\": [" + gpu + "]}");
        return CatalogLoader.validate(dir);
    }

    @Test
    void aCompleteEntryIsValidAndLoadsItsFacts() throws IOException {
        assertThat(validateGpu(CARD)).isEmpty();
        var gpu = CatalogLoader.withUserDirectory(dir).load().gpu("my-card").orElseThrow();
        assertThat(gpu.released()).isEqualTo("2024-05");
        assertThat(gpu.priceMarket()).isEqualTo("us-street");
        assertThat(gpu.capabilities().videoEncoders()).isEqualTo(1);
        assertThat(gpu.capabilities().supportsGraphicsApi("directx12")).isFalse();
        assertThat(gpu.capabilities().runs("cuda")).isTrue();
        assertThat(CatalogLoader.withUserDirectory(dir).load().hardware().nodesFor(gpu))
                .extracting(n -> n.id()).containsExactly("desktop-1gpu", "workstation-pcie");
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', textBlock = """
            "priceDate": "2024-06"                 | "priceDate": "2024-04"                | $.gpus[0].priceDate
            "priceDate": "2024-06"                 | "priceDate": "2023"                   | $.gpus[0].priceDate
            "released": "2024-05",                 | ''                                   | $.gpus[0].released
            "released": "2024-05"                  | "released": "2024-5"                 | $.gpus[0].released
            "priceMarket": "us-street",            | ''                                   | $.gpus[0].priceMarket
            "priceMarket": "us-street"             | "priceMarket": "eu-street"           | $.gpus[0].priceMarket
            "priceUsd": 2000, "priceDate": "2024-06", | ''                                | $.gpus[0].priceMarket
            "priceMarket": "us-street",            | "priceMarket": "us-street", "unpricedReason": "x", | $.gpus[0].unpricedReason
            "graphicsApis": ["vulkan", "opengl"]   | "graphicsApis": ["glide"]            | $.gpus[0].graphicsApis
            "stacks": ["cuda", "vulkan"]           | "stacks": ["cuda", "openvino"]       | $.gpus[0].stacks
            "stacks": ["cuda", "vulkan"]           | "stacks": "cuda"                     | $.gpus[0].stacks
            "videoEncoders": 1                     | "videoEncoders": -2                  | $.gpus[0].videoEncoders
            "displayOutputs": 4                    | "displayOutputs": 0, "displayOutputsOffByDefault": true | $.gpus[0].displayOutputsOffByDefault
            "videoEncoders": 1                     | "videoEncoders": 0, "maxEncodeSessions": 8 | $.gpus[0].maxEncodeSessions
            "source": "vendor spec sheet"          | "discontinued": "2023-01", "source": "x" | $.gpus[0].discontinued
            "fp16Tflops": 100                      | "fp16Tflops": 100, "bf16Tflops": -5  | $.gpus[0].bf16Tflops
            "stacks": ["cuda", "vulkan"]           | "stacks": ["vulkan"], "halfRateFp32Accumulate": true | $.gpus[0].halfRateFp32Accumulate
            "stacks": ["cuda", "vulkan"]           | "stacks": ["cuda"], "halfRateFp32Accumulate": "yes" | $.gpus[0].halfRateFp32Accumulate
            """)
    void aBadPurchaseOrCapabilityValueIsAProblemAtItsPath(String fragment, String replacement, String path)
            throws IOException {
        String gpu = CARD.replace(fragment, replacement == null ? "" : replacement);
        assertThat(gpu).isNotEqualTo(CARD);

        assertThat(validateGpu(gpu)).extracting(CatalogProblem::jsonPath).contains(path);
    }

    @Test
    void theMessageForAPriceBeforeTheReleaseSaysSo() throws IOException {
        assertThat(validateGpu(CARD.replace("\"priceDate\": \"2024-06\"", "\"priceDate\": \"2024-04\"")))
                .singleElement().satisfies(p -> assertThat(p.message()).contains("before the release (2024-05)"));
    }

    @Test
    void anUnpricedEntrySaysWhy() throws IOException {
        String unpriced = CARD.replace("\"priceUsd\": 2000, \"priceDate\": \"2024-06\",", "")
                .replace("\"priceMarket\": \"us-street\",", "");

        assertThat(validateGpu(unpriced)).extracting(CatalogProblem::jsonPath)
                .containsExactly("$.gpus[0].unpricedReason");
        assertThat(validateGpu(unpriced.replace("\"nodeClass\"", "\"unpricedReason\": \"sold only in racks\","
                + " \"nodeClass\""))).isEmpty();
    }

    @Test
    void nodeClassesMustBeKnownGoSmallestFirstAndEndWithTheDefault() throws IOException {
        assertThat(validateGpu(CARD.replace("[\"desktop-1gpu\", \"workstation-pcie\"]",
                "[\"workstation-pcie\", \"desktop-1gpu\"]"))).extracting(CatalogProblem::jsonPath)
                .containsExactly("$.gpus[0].nodeClasses");
        assertThat(validateGpu(CARD.replace("[\"desktop-1gpu\", \"workstation-pcie\"]",
                "[\"tiny-box\", \"workstation-pcie\"]"))).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("unknown node class \"tiny-box\""));
        assertThat(validateGpu(CARD.replace("\"nodeClass\": \"workstation-pcie\",", "\"nodeClass\": \"server-pcie\",")))
                .extracting(CatalogProblem::jsonPath).containsExactly("$.gpus[0].nodeClasses");
    }

    @Test
    void aSystemPricedBeforeItsReleaseOrWithoutAReleaseIsRefused() throws IOException {
        Files.writeString(dir.resolve("systems.json"), """
                {"catalogVersion": "1", "systems": [
                  {"id": "early-box", "name": "Box", "gpuId": "h100-sxm-80gb", "gpuCount": 8, "interconnect": "NVSwitch",
                   "released": "2023-03", "priceUsd": 200000, "priceDate": "2022-12", "priceMarket": "us-list",
                   "source": "x"},
                  {"id": "undated-box", "name": "Box", "gpuId": "h100-sxm-80gb", "gpuCount": 8, "interconnect": "NVSwitch",
                   "priceUsd": 200000, "priceDate": "2024-12", "priceMarket": "us-list", "source": "x"}]}""");

        assertThat(CatalogLoader.validate(dir)).extracting(CatalogProblem::jsonPath)
                .containsExactlyInAnyOrder("$.systems[0].priceDate", "$.systems[1].released");
    }

    @Test
    void aHostPriceNeedsItsMarket() throws IOException {
        Files.writeString(dir.resolve("nodes.json"), """
                {"catalogVersion": "1", "nodes": [
                  {"id": "my-tower", "name": "Tower", "maxGpus": 2, "network": "10 GbE", "networkGbps": 10,
                   "hostPriceUsd": 1500, "priceDate": "2025-01", "source": "x"}]}""");

        assertThat(CatalogLoader.validate(dir)).extracting(CatalogProblem::jsonPath)
                .containsExactly("$.nodes[0].priceMarket");
    }
}
