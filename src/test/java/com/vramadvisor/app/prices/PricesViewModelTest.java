package com.vramadvisor.app.prices;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.UserPrice;
import com.vramadvisor.catalog.UserPriceList;
import com.vramadvisor.engine.hardware.PriceSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "My prices..." without the toolkit: rows, edits, checks and saving. */
class PricesViewModelTest {

    private static final String OFFER = "lambda-gpu-8x-h100-sxm5-on-demand";
    private static final LocalDate TODAY = LocalDate.of(2026, 10, 2);

    @TempDir
    Path dir;

    private final Messages messages = new Messages(Locale.ENGLISH);

    private PricesViewModel open() {
        Catalog catalog = CatalogLoader.withUserDirectory(dir).load();
        return new PricesViewModel(catalog, dir.resolve(UserPriceList.FILE_NAME), messages, () -> TODAY);
    }

    @Test
    void everyGpuSystemAndOfferIsARowWithItsCatalogPriceAndUnit() {
        Catalog shipped = CatalogLoader.shippedOnly().load();
        PricesViewModel vm = open();

        assertThat(vm.rows()).hasSize(shipped.gpus().size() + shipped.systems().size()
                + shipped.cloudOffers().size());
        // Lambda's page: 8 x H100 SXM at USD 31.92 per instance-hour, 2026-08-26.
        PriceRow lambda = vm.row(OFFER);
        assertThat(lambda.catalogPrice()).isEqualTo("$31.92/h");
        assertThat(lambda.catalogDate()).isEqualTo("2026-08-26");
        assertThat(lambda.field()).isEqualTo(UserPrice.Field.USD_PER_HOUR);
        assertThat(lambda.name()).isEqualTo("Lambda gpu_8x_h100_sxm5");
        assertThat(vm.row("h100-sxm-80gb").field()).isEqualTo(UserPrice.Field.PURCHASE_USD);
        assertThat(vm.row("h100-sxm-80gb").catalogPrice())
                .isEqualTo("$" + String.format(Locale.ENGLISH, "%,.0f",
                        shipped.gpu("h100-sxm-80gb").orElseThrow().priceUsd()));
        assertThat(vm.rows()).noneMatch(PriceRow::hasYourPrice);

        vm.filterProperty().set("GH200");
        assertThat(vm.rows()).extracting(PriceRow::id).containsExactly("gh200-96gb", "gh200-144gb");
    }

    @Test
    void aPriceIsANumberAboveZeroAndADateDefaultsToToday() {
        PricesViewModel vm = open();

        assertThat(vm.set(OFFER, "nothing", "", "")).isFalse();
        assertThat(vm.problemProperty().get()).contains("Lambda gpu_8x_h100_sxm5").contains("above 0");
        assertThat(vm.set(OFFER, "0", "", "")).isFalse();
        assertThat(vm.set(OFFER, "28.5", "next week", "")).isFalse();
        assertThat(vm.problemProperty().get()).contains("yyyy-mm-dd or yyyy-mm").contains("next week");
        assertThat(vm.row(OFFER).hasYourPrice()).isFalse();

        assertThat(vm.set(OFFER, " 1,028.50 ", "", " our contract ")).isTrue();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.row(OFFER).yourPrice()).isEqualTo("1028.5");
        assertThat(vm.row(OFFER).yourDate()).isEqualTo("2026-10-02");
        assertThat(vm.row(OFFER).note()).isEqualTo("our contract");
    }

    @Test
    void savingWritesTheListAndTheReloadedCatalogUsesIt() throws IOException {
        Files.writeString(dir.resolve("prices.json"), """
                {"prices": [
                  {"id": "a-gpu-we-no-longer-have", "priceUsd": 999, "date": "2025-01"},
                  {"id": "l4", "priceUsd": 2400, "date": "2026-09", "note": "kept"}]}""");
        PricesViewModel vm = open();
        assertThat(vm.row("l4").yourPrice()).isEqualTo("2400");
        assertThat(vm.problemProperty().get()).contains("a-gpu-we-no-longer-have");

        vm.set(OFFER, "28.5", "2026-09-30", "");
        vm.clear("l4");
        vm.set("dgx-h100", "250000", "2026-09", "");
        assertThat(vm.save()).isTrue();

        assertThat(UserPriceList.contents(dir.resolve("prices.json")).prices()).containsExactly(
                new UserPrice("a-gpu-we-no-longer-have", UserPrice.Field.PURCHASE_USD, 999, "2025-01", ""),
                new UserPrice("dgx-h100", UserPrice.Field.PURCHASE_USD, 250000, "2026-09", ""),
                new UserPrice(OFFER, UserPrice.Field.USD_PER_HOUR, 28.5, "2026-09-30", ""));
        Catalog reloaded = CatalogLoader.withUserDirectory(dir).load();
        assertThat(reloaded.cloudOffer(OFFER).orElseThrow().priceUsdPerHour()).isEqualTo(28.5);
        assertThat(reloaded.cloudOffer(OFFER).orElseThrow().priceSource()).isEqualTo(PriceSource.USER);
        assertThat(reloaded.system("dgx-h100").orElseThrow().priceUsd()).isEqualTo(250000);
        // Opened again over the reloaded catalog, the catalog column still shows the catalog's own price.
        PricesViewModel again = open();
        assertThat(again.row(OFFER).catalogPrice()).isEqualTo("$31.92/h");
        assertThat(again.row(OFFER).yourPrice()).isEqualTo("28.5");
    }

    @Test
    void aBrokenFileIsExplainedAndSavingReplacesItWithAGoodOne() throws IOException {
        Files.writeString(dir.resolve("prices.json"), "{\"prices\": [");
        PricesViewModel vm = open();
        assertThat(vm.problemProperty().get()).contains("prices.json").contains("malformed JSON");

        vm.set("t4", "1900", "2026-09", "");
        assertThat(vm.save()).isTrue();
        assertThat(CatalogLoader.withUserDirectory(dir).load().problems()).isEmpty();
    }

    @Test
    void aListThatCannotBeWrittenIsExplainedAndTheFileIsLeftAsItWas() throws IOException {
        Path blocked = Files.createDirectory(dir.resolve("prices.json"));
        PricesViewModel vm = new PricesViewModel(CatalogLoader.shippedOnly().load(), blocked, messages, () -> TODAY);

        vm.set("t4", "1900", "2026-09", "");
        assertThat(vm.save()).isFalse();
        assertThat(vm.problemProperty().get()).startsWith("The price list was not saved:");
        assertThat(Files.isDirectory(blocked)).isTrue();
    }
}
