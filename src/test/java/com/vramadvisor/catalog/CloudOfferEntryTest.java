package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.Interruption;
import com.vramadvisor.engine.hardware.Market;
import com.vramadvisor.engine.hardware.ProviderKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** How {@code cloud.json} entries are read and refused. */
class CloudOfferEntryTest {

    private static final String GOOD = """
            {"id": "good-offer", "provider": "Acme", "providerKind": "specialist", "instanceType": "big",
             "gpuId": "h100-sxm-80gb", "gpuCount": 8, "market": "on-demand", "priceUsdPerHour": 20.0,
             "priceDate": "2026-05", "region": "eu", "source": "Acme price list, read 2026-05-02"}""";

    @TempDir
    Path dir;

    private Catalog load(String offers) throws IOException {
        Files.writeString(dir.resolve("cloud.json"), "{\"catalogVersion\": \"1\", \"offers\": [" + offers + "]}");
        return CatalogLoader.withUserDirectory(dir).load();
    }

    @Test
    void aSpotOfferIsReadWithItsMarketKindAndInterruption() throws IOException {
        Catalog catalog = load(GOOD + ", " + """
                {"id": "acme-big-spot", "provider": "Acme", "providerKind": "marketplace", "instanceType": "big",
                 "gpuId": "h100-sxm-80gb", "gpuCount": 8, "market": "spot", "priceUsdPerHour": 8.0,
                 "priceDate": "2026-05-02", "region": "eu", "interruption": "reclaimable",
                 "interruptionNote": "taken back with 30 s notice", "network": "InfiniBand", "networkGbps": 3200,
                 "source": "x"}""");

        assertThat(catalog.problems()).isEmpty();
        CloudOffer spot = catalog.cloudOffer("acme-big-spot").orElseThrow();
        assertThat(spot.market()).isEqualTo(Market.SPOT);
        assertThat(spot.providerKind()).isEqualTo(ProviderKind.MARKETPLACE);
        assertThat(spot.interruption()).isEqualTo(Interruption.RECLAIMABLE);
        assertThat(spot.interruptionNote()).isEqualTo("taken back with 30 s notice");
        assertThat(spot.usdPerGpuHour()).isEqualTo(1.0);
        assertThat(catalog.cloudOffer("good-offer").orElseThrow().interruption()).isEqualTo(Interruption.NONE);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown market       | "market": "on-demand"            | "market": "weekly"      | market           | expected one of on-demand, commit-1y, commit-3y, spot, marketplace, found "weekly"
            missing date         | "priceDate": "2026-05",          | ''                      | priceDate        | required field is missing
            a year alone         | "priceDate": "2026-05"           | "priceDate": "2026"     | priceDate        | yyyy-mm-dd or yyyy-mm, found "2026"
            missing source       | , "source": "Acme price list, read 2026-05-02" | ''        | source           | required field is missing
            a price of zero      | "priceUsdPerHour": 20.0          | "priceUsdPerHour": 0    | priceUsdPerHour  | must be more than 0 and at most 1000000, found 0
            a negative price     | "priceUsdPerHour": 20.0          | "priceUsdPerHour": -3   | priceUsdPerHour  | must be more than 0 and at most 1000000, found -3
            unknown kind         | "providerKind": "specialist"     | "providerKind": "neo"   | providerKind     | expected one of hyperscaler, specialist, marketplace
            spot, no statement   | "market": "on-demand"            | "market": "spot"        | interruption     | a spot offer states its interruption risk
            old spot field       | "priceUsdPerHour": 20.0          | "priceUsdPerHour": 20.0, "spotUsdPerHour": 9 | spotUsdPerHour | no longer read: give a spot or committed price as an offer of its own
            """)
    void aBadOfferIsAProblemNamingFileEntryAndFieldAndTheRestLoads(String what, String good, String bad,
                                                                   String field, String message) throws IOException {
        String broken = GOOD.replace("good-offer", "broken-offer").replace(good, bad);
        assertThat(broken).as("the test replaced something").isNotEqualTo(GOOD.replace("good-offer", "broken-offer"));
        Catalog catalog = load(GOOD + ", " + broken);

        assertThat(catalog.problems()).as(what).extracting(CatalogProblem::jsonPath).contains("$.offers[1]." + field);
        assertThat(catalog.problems()).as(what).allSatisfy(p -> {
            assertThat(p.file()).isEqualTo(dir.resolve("cloud.json").toString());
            assertThat(p.jsonPath()).startsWith("$.offers[1].");
        });
        assertThat(catalog.problems()).as(what).filteredOn(p -> p.jsonPath().equals("$.offers[1]." + field))
                .extracting(CatalogProblem::message).anySatisfy(m -> assertThat(m).contains(message));
        assertThat(catalog.cloudOffer("broken-offer")).as(what).isEmpty();
        assertThat(catalog.cloudOffer("good-offer")).as(what).isPresent();
    }

    @Test
    void aMarketplaceListingWithoutANoteIsRefused() throws IOException {
        Catalog catalog = load(GOOD.replace("\"market\": \"on-demand\"",
                "\"market\": \"marketplace\", \"interruption\": \"host-dependent\""));

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath, CatalogProblem::message)
                .containsExactly(tuple("$.offers[0].interruptionNote", "required for a marketplace offer: say in words"
                        + " how the instance can be taken away (notice, who decides)"));
    }

    @Test
    void commitmentsBillTheirWholeTerm() {
        CloudOffer year = new CloudOffer("x-commit-1y", "X", ProviderKind.HYPERSCALER, "big", "h100-sxm-80gb", 8,
                Market.COMMIT_1Y, 20.0, "2026-05", "eu", Interruption.NONE, "", "", 0, "x", null);

        assertThat(year.termCommitmentUsd()).isEqualTo(20.0 * 8_760);
        assertThat(Market.COMMIT_3Y.termHours()).isEqualTo(3 * 8_760);
        assertThat(Market.SPOT.isCommitment()).isFalse();
        assertThat(year.displayName()).isEqualTo("X big (commit-1y)");
        assertThat(year.withUserPrice(15.0, "2026-06-01").priceSource().id()).isEqualTo("user");
    }
}
