package com.vramadvisor.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

class ShippedCatalogTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    /** GPUs whose driver total matches their label read as 10^9 bytes, not 2^30 (nvidia-smi readings in gpus.json). */
    private static final Set<String> DECIMAL_LABELS = Set.of("b300-sxm-288gb");

    @Test
    void everyShippedFileLoadsWithoutProblems() {
        assertThat(CATALOG.problems()).isEmpty();
        assertThat(CATALOG.versions()).hasSize(CatalogLoader.Kind.values().length);
    }

    @Test
    void shipsAtLeastThirtyFiveGpusFromEveryVendorAndTwentyFiveModels() {
        assertThat(CATALOG.gpus()).hasSizeGreaterThanOrEqualTo(35);
        assertThat(CATALOG.gpus()).extracting(GpuSpec::vendor).contains("NVIDIA", "AMD", "Intel", "Apple");
        assertThat(CATALOG.models()).hasSizeGreaterThanOrEqualTo(25);
        assertThat(CATALOG.systems()).isNotEmpty();
        assertThat(CATALOG.cloudOffers()).isNotEmpty();
    }

    @Test
    void theGpusUsersAskForAreThere() {
        for (String id : List.of("rtx-3060-12gb", "rtx-3090", "rtx-4090", "rtx-5090", "rtx-a6000", "rtx-6000-ada", "t4",
                "l4", "l40s", "a10", "v100-sxm2-16gb", "v100-pcie-32gb", "a100-pcie-40gb", "a100-sxm-40gb",
                "a100-pcie-80gb", "a100-sxm-80gb", "h100-pcie-80gb", "h100-sxm-80gb", "h200-sxm-141gb",
                "b200-sxm-180gb", "gh200-96gb", "mi250x", "mi300x", "mi325x", "radeon-pro-w6800x", "radeon-pro-w7900",
                "gaudi2", "gaudi3", "apple-m2-ultra-192gb", "apple-m3-max-128gb", "apple-m4-max-128gb", "max-1550",
                "arc-a770-16gb")) {
            assertThat(CATALOG.gpu(id)).as(id).isPresent();
        }
    }

    @Test
    void theModelsUsersAskForAreThereUnderGuessableIds() {
        for (String id : List.of("gpt2", "gpt2-medium", "gpt2-large", "gpt2-xl", "bert-base", "bert-large",
                "roberta-base", "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "llama-3.1-8b",
                "llama-3.1-70b", "llama-3.1-405b", "mistral-7b", "mixtral-8x7b", "mixtral-8x22b", "qwen2.5-0.5b",
                "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-72b", "gemma-2b", "gemma-7b", "gemma-2-9b", "gemma-2-27b",
                "phi-3-mini", "falcon-7b", "falcon-40b", "opt-1.3b", "opt-6.7b", "opt-13b", "opt-30b", "opt-66b",
                "gpt-3-175b", "deepseek-moe-16b", "gpt-neox-20b")) {
            assertThat(CATALOG.model(id)).as(id).isPresent();
        }
    }

    /** Reads the raw files, since the loader itself drops duplicates: an id must be unique within its file. */
    @ParameterizedTest
    @EnumSource(value = CatalogLoader.Kind.class, mode = EnumSource.Mode.EXCLUDE, names = "MONEY")
    void idsAreUniqueLowercaseAndHyphenated(CatalogLoader.Kind kind) throws IOException {
        Set<String> seen = new HashSet<>();
        List<String> duplicates = new ArrayList<>();
        for (JsonNode entry : rawEntries(kind)) {
            String id = entry.get("id").asText();
            assertThat(id).as("id in " + kind.fileName()).matches("[a-z0-9]+([.-][a-z0-9]+)*");
            if (!seen.add(id)) {
                duplicates.add(id);
            }
        }
        assertThat(duplicates).as("duplicate ids in " + kind.fileName()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = CatalogLoader.Kind.class, mode = EnumSource.Mode.EXCLUDE, names = "MONEY")
    void everyEntryNamesItsSource(CatalogLoader.Kind kind) throws IOException {
        for (JsonNode entry : rawEntries(kind)) {
            assertThat(entry.path("source").asText()).as(entry.get("id").asText()).hasSizeGreaterThan(10);
        }
    }

    @Test
    void everyPriceCarriesTheDateItWasValid() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            assertThat(gpu.priceDate().isEmpty()).as(gpu.id()).isEqualTo(gpu.priceUsd() == 0);
        }
        for (SystemSpec system : CATALOG.systems()) {
            assertThat(system.priceDate().isEmpty()).as(system.id()).isEqualTo(system.priceUsd() == 0);
        }
        for (CloudOffer offer : CATALOG.cloudOffers()) {
            assertThat(offer.priceUsdPerHour()).as(offer.id()).isPositive();
            // A cloud price is dated to the month at least: the market moves too fast for a year alone.
            assertThat(offer.priceDate()).as(offer.id()).matches("\\d{4}-\\d{2}(-\\d{2})?");
            assertThat(offer.source()).as(offer.id()).isNotBlank();
            assertThat(offer.region()).as(offer.id()).isNotBlank();
        }
    }

    @Test
    void usableMemoryIsBelowTheDriverTotalWhichIsNearTheNominalSize() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            double nominalBytes = gpu.memoryGbNominal() * (1L << 30);
            assertThat(gpu.memoryBytesUsable()).as(gpu.id()).isLessThan(gpu.memoryBytesTotal());
            if (DECIMAL_LABELS.contains(gpu.id())) {
                // The label is decimal: B300 reads 275,040 MiB = 288.4 x 10^9 bytes for "288 GB".
                assertThat((double) gpu.memoryBytesTotal()).as(gpu.id())
                        .isCloseTo(gpu.memoryGbNominal() * 1e9, withinPercentage(1));
                continue;
            }
            // ECC check bits take 1/16 on GDDR; no reading or rule goes further from the label than that.
            assertThat((double) gpu.memoryBytesTotal()).as(gpu.id())
                    .isBetween(nominalBytes * 15 / 16 - (64L << 20), nominalBytes);
        }
    }

    @Test
    void everySystemAndOfferNamesAGpuOfTheCatalog() {
        for (SystemSpec system : CATALOG.systems()) {
            assertThat(CATALOG.gpu(system.gpuId())).as(system.id()).isPresent();
        }
        for (CloudOffer offer : CATALOG.cloudOffers()) {
            assertThat(CATALOG.gpu(offer.gpuId())).as(offer.id()).isPresent();
        }
    }

    @Test
    void everyCitedCloudProviderIsRepresented() {
        assertThat(CATALOG.cloudOffers()).extracting(CloudOffer::provider).contains("AWS", "Google Cloud", "Azure");
    }

    private static List<JsonNode> rawEntries(CatalogLoader.Kind kind) throws IOException {
        try (InputStream in = ShippedCatalogTest.class.getClassLoader()
                .getResourceAsStream("catalog/" + kind.fileName())) {
            assertThat(in).as(kind.fileName()).isNotNull();
            List<JsonNode> entries = new ArrayList<>();
            new ObjectMapper().readTree(in).get(kind.listField()).forEach(entries::add);
            return entries;
        }
    }
}
