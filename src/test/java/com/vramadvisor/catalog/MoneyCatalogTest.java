package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.money.DepreciationClass;
import com.vramadvisor.engine.money.DepreciationCurve;
import com.vramadvisor.engine.money.MoneyFacts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** money.json: electricity, PUE, colocation, cluster network and depreciation, shipped and overridden by a user. */
class MoneyCatalogTest {

    private static final Catalog SHIPPED = CatalogLoader.shippedOnly().load();

    @TempDir
    Path dir;

    @Test
    void theShippedFactsCarryTheirPublishedFigures() {
        MoneyFacts money = SHIPPED.money();

        // EIA: 2022 commercial revenue USD 172,257 million over 1,390,873 GWh.
        assertThat(money.electricity().orElseThrow().usdPerKWh())
                .isCloseTo(172_257e6 / 1_390_873e6, within(0.0005));
        // Uptime Institute Global Data Center Survey 2024: average annual PUE 1.56.
        assertThat(money.pue().orElseThrow().value()).isEqualTo(1.56);
        // CBRE North America Data Center Trends H2 2024: USD 184.06 per kW per month.
        assertThat(money.colocation().orElseThrow().usdPerKwMonth()).isEqualTo(184.06);
        assertThat(money.colocation().orElseThrow().date()).isEqualTo("2024-12");
    }

    @Test
    void everyHardwareClassHasACurveThatStartsAtOneAndNeverRises() {
        for (DepreciationClass c : DepreciationClass.values()) {
            DepreciationCurve curve = SHIPPED.money().curve(c).orElseThrow();
            assertThat(curve.residualFraction(0)).as(c.id()).isEqualTo(1);
            assertThat(curve.source()).as(c.id()).hasSizeGreaterThan(40);
            double before = 1;
            for (int month = 0; month <= 144; month++) {
                double now = curve.residualFraction(month);
                assertThat(now).as(c.id() + " at " + month).isBetween(0.0, 1.0).isLessThanOrEqualTo(before);
                before = now;
            }
        }
    }

    @Test
    void theDataCentreCurveFollowsTheT4PriceLog() {
        // T4 on Amazon US: USD 2,336.99 (2019-07), monthly median USD 1,176 (2023-07) and 862 (2024-07).
        DepreciationCurve curve = SHIPPED.money().curve(DepreciationClass.DATACENTER_GPU).orElseThrow();

        assertThat(curve.residualFraction(48)).isCloseTo(1_176 / 2_336.99, within(0.001));
        assertThat(curve.residualFraction(60)).isCloseTo(862 / 2_336.99, within(0.001));
        // Servers: six-year straight-line life (Microsoft, Alphabet 10-K filings).
        assertThat(SHIPPED.money().curve(DepreciationClass.SERVER_HOST).orElseThrow().residualFraction(36))
                .isCloseTo(0.5, within(1e-9));
    }

    @Test
    void everyGpuNodeAndSystemFallsInAClassWithACurve() {
        HardwareList hardware = SHIPPED.hardware();
        for (GpuSpec gpu : SHIPPED.gpus()) {
            assertThat(SHIPPED.money().curve(gpu.depreciationClass())).as(gpu.id()).isPresent();
        }
        assertThat(SHIPPED.gpu("h100-sxm-80gb").orElseThrow().depreciationClass())
                .isEqualTo(DepreciationClass.DATACENTER_GPU);
        assertThat(SHIPPED.gpu("apple-m2-ultra-192gb").orElseThrow().depreciationClass())
                .isEqualTo(DepreciationClass.APPLE);
        assertThat(SHIPPED.gpu("rtx-4090").orElseThrow().depreciationClass())
                .isEqualTo(DepreciationClass.CONSUMER_GPU);
        NodeSpec tower = hardware.nodeFor(SHIPPED.gpu("rtx-4090").orElseThrow());
        NodeSpec hgx = hardware.nodeFor(SHIPPED.gpu("h100-sxm-80gb").orElseThrow());
        assertThat(tower.depreciationClass()).isEqualTo(DepreciationClass.DESKTOP_HOST);
        assertThat(hgx.depreciationClass()).isEqualTo(DepreciationClass.SERVER_HOST);
    }

    @Test
    void anHgxNodeHasAClusterNetworkCostThatGrowsWithTheCluster() {
        var fabric = SHIPPED.money().networkCostFor("hgx-h100").orElseThrow();

        assertThat(fabric.usdPerNode(64)).isEqualTo(15_060);
        assertThat(fabric.usdPerNode(1_024)).isGreaterThan(fabric.usdPerNode(64));
        assertThat(SHIPPED.money().networkCostFor("desktop-pcie")).isEmpty();
    }

    @Test
    void aUserFileReplacesTheSectionsAndCurvesItGivesAndKeepsTheRest() throws IOException {
        Files.writeString(dir.resolve("money.json"), """
                {"catalogVersion": "mine",
                 "electricity": {"usdPerKWh": 0.31, "date": "2026-01", "region": "my utility", "source": "my bill"},
                 "depreciationCurves": [
                   {"id": "consumer-gpu", "date": "2026", "source": "my own resale records",
                    "points": [{"ageMonths": 0, "residualFraction": 1, "source": "bought"},
                               {"ageMonths": 24, "residualFraction": 0.4, "source": "sold one"}]}]}""");
        Catalog catalog = CatalogLoader.withUserDirectory(dir).load();

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.money().electricity().orElseThrow().usdPerKWh()).isEqualTo(0.31);
        assertThat(catalog.money().pue()).isEqualTo(SHIPPED.money().pue());
        assertThat(catalog.money().curve(DepreciationClass.CONSUMER_GPU).orElseThrow().residualFraction(12))
                .isCloseTo(0.7, within(1e-9));
        assertThat(catalog.money().curve(DepreciationClass.DATACENTER_GPU))
                .isEqualTo(SHIPPED.money().curve(DepreciationClass.DATACENTER_GPU));
    }

    @Test
    void aRisingCurveAnUnknownClassAndABadRateAreProblemsAndTheShippedValuesStay() throws IOException {
        Files.writeString(dir.resolve("money.json"), """
                {"catalogVersion": "mine",
                 "pue": {"value": 0.8, "date": "2026", "source": "x"},
                 "networkCosts": [{"id": "eth", "name": "Ethernet", "nodeClasses": ["no-such-class"],
                    "tiers": [{"clusterNodes": 4, "usdPerNode": 500}], "date": "2026", "source": "x"}],
                 "depreciationCurves": [
                   {"id": "consumer-gpu", "date": "2026", "source": "x",
                    "points": [{"ageMonths": 0, "residualFraction": 1, "source": "a"},
                               {"ageMonths": 12, "residualFraction": 0.5, "source": "b"},
                               {"ageMonths": 24, "residualFraction": 0.6, "source": "c"}]},
                   {"id": "boats", "date": "2026", "source": "x",
                    "points": [{"ageMonths": 0, "residualFraction": 1, "source": "a"}]}]}""");
        Catalog catalog = CatalogLoader.withUserDirectory(dir).load();

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath).containsExactlyInAnyOrder(
                "$.pue.value", "$.depreciationCurves[0].points[2].residualFraction", "$.depreciationCurves[1].id",
                "$.networkCosts");
        assertThat(catalog.problems()).filteredOn(p -> p.jsonPath().endsWith("residualFraction")).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("rises").contains("never rises"));
        assertThat(catalog.money().pue()).isEqualTo(SHIPPED.money().pue());
        assertThat(catalog.money().curve(DepreciationClass.CONSUMER_GPU))
                .isEqualTo(SHIPPED.money().curve(DepreciationClass.CONSUMER_GPU));
        assertThat(CatalogLoader.validate(dir)).hasSize(4);
    }
}
