package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.PriceSource;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.files.FileWriteException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** The user's own price list, {@code prices.json}: read over the catalog, checked, written back. */
class UserPriceListTest {

    private static final Catalog SHIPPED = CatalogLoader.shippedOnly().load();
    private static final String OFFER = "lambda-gpu-8x-h100-sxm5-on-demand";

    @TempDir
    Path dir;

    private Catalog load(String prices) throws IOException {
        Files.writeString(dir.resolve("prices.json"), prices);
        return CatalogLoader.withUserDirectory(dir).load();
    }

    @Test
    void theUsersPricesReplaceTheCatalogsForAGpuASystemAndAnOffer() throws IOException {
        Catalog catalog = load("""
                {"prices": [
                  {"id": "h100-sxm-80gb", "priceUsd": 24000, "date": "2026-09-01", "note": "reseller quote"},
                  {"id": "dgx-h100", "priceUsd": 240000, "date": "2026-09"},
                  {"id": "%s", "priceUsdPerHour": 28.5, "date": "2026-09-15"}]}""".formatted(OFFER));

        assertThat(catalog.problems()).isEmpty();
        GpuSpec h100 = catalog.gpu("h100-sxm-80gb").orElseThrow();
        assertThat(h100.priceUsd()).isEqualTo(24000);
        assertThat(h100.priceDate()).isEqualTo("2026-09-01");
        assertThat(catalog.system("dgx-h100").orElseThrow().priceUsd()).isEqualTo(240000);
        CloudOffer offer = catalog.cloudOffer(OFFER).orElseThrow();
        assertThat(offer.priceUsdPerHour()).isEqualTo(28.5);
        assertThat(offer.priceDate()).isEqualTo("2026-09-15");
        assertThat(offer.priceSource()).isEqualTo(PriceSource.USER);
        assertThat(catalog.isUserPriced("dgx-h100")).isTrue();
        assertThat(catalog.isUserPriced("a100-sxm-80gb")).isFalse();
        AppliedUserPrice applied = catalog.userPrices().get(OFFER);
        assertThat(applied.catalogPrice()).isEqualTo(SHIPPED.cloudOffer(OFFER).orElseThrow().priceUsdPerHour());
        assertThat(applied.price().note()).isEmpty();
        assertThat(catalog.userPrices().get("h100-sxm-80gb").price().note()).isEqualTo("reseller quote");
        // Everything else about the entries is the catalog's.
        assertThat(offer.source()).isEqualTo(SHIPPED.cloudOffer(OFFER).orElseThrow().source());
        assertThat(catalog.cloudOffers()).hasSameSizeAs(SHIPPED.cloudOffers());
        assertThat(SHIPPED.cloudOffer(OFFER).orElseThrow().priceSource()).isEqualTo(PriceSource.CATALOG);
    }

    @Test
    void unknownIdsAndBadValuesAreProblemsAndTheRestLoads() throws IOException {
        Catalog catalog = load("""
                {"prices": [
                  {"id": "no-such-gpu", "priceUsd": 100, "date": "2026-09"},
                  {"id": "h100-sxm-80gb", "priceUsd": 0, "date": "2026-09"},
                  {"id": "dgx-h100", "priceUsdPerHour": 3, "date": "2026-09"},
                  {"id": "%s", "priceUsd": 30, "date": "2026-09"},
                  {"id": "a100-sxm-80gb", "priceUsd": 9000, "date": "last week"},
                  {"id": "l4", "priceUsd": 2500},
                  {"id": "t4", "priceUsd": 1500, "date": "2026-09", "colour": "red"},
                  {"id": "l40s", "priceUsd": 7000, "date": "2026-08"},
                  {"id": "l40s", "priceUsd": 7100, "date": "2026-09"},
                  {"id": "b200-sxm-180gb", "priceUsd": 30000, "date": "2019-01"}]}""".formatted(OFFER));

        String file = dir.resolve("prices.json").toString();
        assertThat(catalog.problems()).allSatisfy(p -> assertThat(p.file()).isEqualTo(file));
        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath).containsExactlyInAnyOrder(
                "$.prices[0].id", "$.prices[1].priceUsd", "$.prices[2].priceUsdPerHour", "$.prices[3].priceUsd",
                "$.prices[4].date", "$.prices[5].date", "$.prices[6].colour", "$.prices[8].id", "$.prices[9].date");
        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath, CatalogProblem::message).contains(
                tuple("$.prices[0].id", "unknown id \"no-such-gpu\": no GPU, system or cloud offer of the catalog has"
                        + " it; this price is skipped"),
                tuple("$.prices[3].priceUsd", "\"" + OFFER + "\" is a cloud offer: give priceUsdPerHour, US dollars"
                        + " per hour for the whole instance; this price is skipped"));
        assertThat(catalog.userPrices()).containsOnlyKeys("l40s");
        assertThat(catalog.gpu("l40s").orElseThrow().priceUsd()).isEqualTo(7000);
        assertThat(catalog.gpu("h100-sxm-80gb").orElseThrow().priceUsd())
                .isEqualTo(SHIPPED.gpu("h100-sxm-80gb").orElseThrow().priceUsd());
    }

    @Test
    void aMalformedPriceListIsOneProblemWithItsLineAndTheCatalogStillLoads() throws IOException {
        Catalog catalog = load("{\"prices\": [\n  {\"id\": \"l4\", \"priceUsd\": 2500,\n");

        assertThat(catalog.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(dir.resolve("prices.json").toString());
            assertThat(p.jsonPath()).isEqualTo("$");
            assertThat(p.message()).startsWith("malformed JSON: line ").contains("unexpected end of file");
        });
        assertThat(catalog.gpus()).hasSameSizeAs(SHIPPED.gpus());
        assertThat(catalog.userPrices()).isEmpty();
    }

    @Test
    void onlyARegularFileOfAtMostAMebibyteIsRead() throws IOException {
        Files.createDirectory(dir.resolve("prices.json"));
        assertThat(CatalogLoader.withUserDirectory(dir).load().problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("not a regular file"));
        Files.delete(dir.resolve("prices.json"));

        String big = "{\"prices\": [], \"description\": \"" + "x".repeat((int) UserPriceList.MAX_BYTES) + "\"}";
        assertThat(load(big).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("more than the 1048576 a price list may have"));
    }

    @Test
    void validateChecksThePriceListAndCountsItAsACatalogFile() throws IOException {
        Files.writeString(dir.resolve("prices.json"), "{\"prices\": [{\"id\": \"l4\", \"priceUsd\": -1,"
                + " \"date\": \"2026-09\"}]}");

        assertThat(CatalogLoader.validate(dir)).extracting(CatalogProblem::jsonPath)
                .containsExactly("$.prices[0].priceUsd");
        Files.writeString(dir.resolve("prices.json"), "{\"prices\": []}");
        assertThat(CatalogLoader.validate(dir)).isEmpty();
    }

    @Test
    void aWrittenListReadsBackAndABrokenOneIsNeverWritten() throws IOException, FileWriteException {
        Path file = dir.resolve("sub").resolve("prices.json");
        List<UserPrice> prices = List.of(
                new UserPrice("h100-sxm-80gb", UserPrice.Field.PURCHASE_USD, 24000, "2026-09-01", "quote \"A\""),
                new UserPrice(OFFER, UserPrice.Field.USD_PER_HOUR, 28.5, "2026-09", ""));
        UserPriceList.write(file, prices);

        assertThat(UserPriceList.contents(file).prices()).containsExactlyElementsOf(prices);
        assertThat(UserPriceList.contents(file).problems()).isEmpty();
        String good = Files.readString(file);

        List<UserPrice> broken = List.of(new UserPrice("l4", UserPrice.Field.PURCHASE_USD, 0, "2026-09", ""));
        assertThatThrownBy(() -> UserPriceList.write(file, broken)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("$.prices[0].priceUsd");
        List<UserPrice> twice = List.of(prices.get(0), prices.get(0));
        assertThatThrownBy(() -> UserPriceList.write(file, twice)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.readString(file)).isEqualTo(good);
    }

    @Test
    void aNewPriceKeepsEveryOtherFigureOfTheGpuOrSystem() throws ReflectiveOperationException {
        for (GpuSpec g : SHIPPED.gpus()) {
            assertOnlyPriceChanged(g, g.withPrice(123.0, "2026-09"), g.id());
        }
        for (SystemSpec s : SHIPPED.systems()) {
            assertOnlyPriceChanged(s, s.withPrice(123.0, "2026-09"), s.id());
        }
    }

    private static void assertOnlyPriceChanged(Record before, Record after, String id)
            throws ReflectiveOperationException {
        for (RecordComponent c : before.getClass().getRecordComponents()) {
            Object was = c.getAccessor().invoke(before);
            Object now = c.getAccessor().invoke(after);
            if (Set.of("priceUsd", "priceDate").contains(c.getName())) {
                assertThat(now).as(id + "." + c.getName()).isIn(123.0, "2026-09");
            } else if (c.getName().equals("unpricedReason")) {
                assertThat(now).as(id + " is priced now").isEqualTo("");
            } else {
                assertThat(now).as(id + "." + c.getName()).isEqualTo(was);
            }
        }
    }
}
