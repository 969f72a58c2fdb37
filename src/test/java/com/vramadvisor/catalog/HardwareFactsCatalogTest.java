package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuCapabilities;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The shipped catalog's release dates, purchase prices, rates, capabilities and node classes
 * ({@code docs/catalog.md}): properties every entry must have, and the comparisons an expert checks first.
 */
class HardwareFactsCatalogTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final HardwareList HARDWARE = CATALOG.hardware();

    /**
     * GPUs whose sources give no FP16 rate (AWS publishes none for the A10G; Apple none for M3 and M4; the only source on
     * Meta's 96 GB HBM2e H100 says its peak lies between the H100 NVL's and the H100 SXM's and is unknown).
     */
    private static final Set<String> NO_FP16_SOURCE = Set.of("a10g", "apple-m3-max-128gb", "apple-m4-max-128gb",
            "apple-m3-ultra-512gb", "apple-m3-max-64gb", "apple-m4-max-64gb", "h100-sxm-96gb");

    @Test
    void theCatalogLoadsWithoutProblems() {
        assertThat(CATALOG.problems()).isEmpty();
    }

    @Test
    void everyGpuHasAReleaseMonthAndEitherADatedPriceInAUsMarketOrTheReasonItHasNone() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            assertThat(gpu.released()).as(gpu.id()).matches("\\d{4}-(0[1-9]|1[0-2])");
            if (gpu.hasPrice()) {
                assertThat(gpu.priceDate()).as(gpu.id()).isNotEmpty();
                assertThat(gpu.priceMarket()).as(gpu.id()).isIn("us-list", "us-street");
                assertThat(gpu.unpricedReason()).as(gpu.id()).isEmpty();
            } else {
                assertThat(gpu.unpricedReason()).as(gpu.id()).hasSizeGreaterThan(20);
            }
        }
    }

    @Test
    void everySystemHasAReleaseMonthAndEitherADatedPriceInAUsMarketOrTheReasonItHasNone() {
        for (SystemSpec system : CATALOG.systems()) {
            assertThat(system.released()).as(system.id()).matches("\\d{4}-\\d{2}");
            if (system.hasPrice()) {
                assertThat(system.priceMarket()).as(system.id()).isIn("us-list", "us-street");
            } else {
                assertThat(system.unpricedReason()).as(system.id()).isNotBlank();
            }
        }
    }

    @Test
    void noPriceIsDatedBeforeTheProductWasReleased() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            if (gpu.hasPrice()) {
                assertThat(month(gpu.priceDate())).as(gpu.id()).isAfterOrEqualTo(YearMonth.parse(gpu.released()));
            }
        }
        for (SystemSpec system : CATALOG.systems()) {
            if (system.hasPrice()) {
                assertThat(month(system.priceDate())).as(system.id())
                        .isAfterOrEqualTo(YearMonth.parse(system.released()));
            }
        }
    }

    @Test
    void theA100EightyGigabytePricesAreDatedAfterTheCardExisted() {
        // The A100 80GB was announced at SC20 in November 2020; a 2020-07 price cannot be for it.
        for (String id : List.of("a100-sxm-80gb", "a100-pcie-80gb")) {
            GpuSpec gpu = CATALOG.gpu(id).orElseThrow();
            assertThat(month(gpu.priceDate())).as(id).isAfter(YearMonth.of(2020, 11));
        }
    }

    @Test
    void anH100PcieCostsNoMoreThanAnH100SxmInTheSameMarketWithinAYear() {
        GpuSpec pcie = CATALOG.gpu("h100-pcie-80gb").orElseThrow();
        GpuSpec sxm = CATALOG.gpu("h100-sxm-80gb").orElseThrow();

        assertThat(pcie.priceMarket()).isEqualTo(sxm.priceMarket());
        assertThat(Math.abs(ChronoUnit.MONTHS.between(month(pcie.priceDate()), month(sxm.priceDate()))))
                .isLessThanOrEqualTo(12);
        assertThat(pcie.priceUsd()).isLessThanOrEqualTo(sxm.priceUsd());
    }

    @Test
    void anH200CostsMoreThanAnH100InTheSameMarketAndMonthAndSoDoesItsDgx() {
        // The H200 is the H100 with 141 GB of HBM3e: at one date and in one market it is not the cheaper part.
        GpuSpec h100 = CATALOG.gpu("h100-sxm-80gb").orElseThrow();
        GpuSpec h200 = CATALOG.gpu("h200-sxm-141gb").orElseThrow();
        assertThat(h200.priceMarket()).isEqualTo(h100.priceMarket());
        assertThat(h200.priceDate()).isEqualTo(h100.priceDate());
        assertThat(h200.priceUsd()).isGreaterThan(h100.priceUsd());

        SystemSpec dgxH100 = CATALOG.system("dgx-h100").orElseThrow();
        SystemSpec dgxH200 = CATALOG.system("dgx-h200").orElseThrow();
        assertThat(dgxH200.priceUsd()).isGreaterThan(dgxH100.priceUsd());
    }

    @Test
    void aLooseL4PlusTheSmallestHostItCanBeBoughtInCostsAtMostFifteenThousandDollars() {
        GpuSpec l4 = CATALOG.gpu("l4").orElseThrow();
        NodeSpec smallest = HARDWARE.nodesFor(l4).get(0);

        assertThat(smallest.maxGpus()).isLessThanOrEqualTo(4);
        assertThat(smallest.hasHostPrice()).isTrue();
        // A street L4 sells for about USD 2,500-3,500 (Amazon US, 2024-2025), not inside an eight-card server.
        assertThat(l4.priceUsd()).isBetween(2_000.0, 3_500.0);
        assertThat(l4.priceUsd() + smallest.hostPriceUsd()).isLessThanOrEqualTo(15_000);
    }

    @Test
    void nodeClassesGoSmallestFirstAndEndWithTheDefaultClass() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            List<NodeSpec> classes = HARDWARE.nodesFor(gpu);
            assertThat(classes).as(gpu.id()).isNotEmpty();
            for (int i = 1; i < classes.size(); i++) {
                assertThat(classes.get(i).maxGpus()).as(gpu.id())
                        .isGreaterThanOrEqualTo(classes.get(i - 1).maxGpus());
            }
            assertThat(classes.get(classes.size() - 1)).as(gpu.id()).isEqualTo(HARDWARE.nodeFor(gpu));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"rtx-3060-12gb", "rtx-3090", "rtx-4080", "rtx-4090", "rtx-5090", "radeon-rx-7900-xtx",
        "arc-a770-16gb"})
    void aConsumerCardCanBeBoughtAloneInADesktop(String id) {
        NodeSpec smallest = HARDWARE.nodesFor(CATALOG.gpu(id).orElseThrow()).get(0);

        assertThat(smallest.id()).isEqualTo("desktop-1gpu");
        assertThat(smallest.maxGpus()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"t4", "l4", "a10", "l40s", "l40", "a40", "a100-pcie-80gb", "h100-pcie-80gb",
        "h100-nvl-94gb"})
    void aPassiveDataCentreCardGoesInARackServerOfOneToFourBeforeAnEightCardOne(String id) {
        List<String> classes = HARDWARE.nodesFor(CATALOG.gpu(id).orElseThrow()).stream().map(NodeSpec::id).toList();

        assertThat(classes).containsExactly("server-pcie-4", "server-pcie");
    }

    @Test
    void theConsumerTowerHostIsNoLongerAPriceFrom2019() {
        NodeSpec tower = CATALOG.nodes().stream().filter(n -> n.id().equals("desktop-pcie")).findFirst().orElseThrow();

        assertThat(tower.priceDate()).isGreaterThanOrEqualTo("2024");
        assertThat(tower.priceMarket()).isIn("us-list", "us-street");
    }

    @Test
    void everyGpuHasAnFp16RateUnlessNoSourceGivesOne() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            if (NO_FP16_SOURCE.contains(gpu.id())) {
                assertThat(gpu.fp16Tflops()).as(gpu.id()).isZero();
            } else {
                assertThat(gpu.fp16Tflops()).as(gpu.id()).isPositive();
            }
        }
    }

    @Test
    void bf16IsGivenOnlyWhereTheHardwareHasItAndRunsAtTheFp16Rate() {
        // Volta and Turing tensor cores have no BF16 (V100 and T4 datasheets); RDNA 2 has no BF16 matrix unit.
        for (String id : List.of("v100-sxm2-16gb", "v100-pcie-32gb", "t4", "radeon-pro-w6800x")) {
            assertThat(CATALOG.gpu(id).orElseThrow().hasBf16()).as(id).isFalse();
        }
        for (String id : List.of("rtx-3060-12gb", "a100-sxm-80gb", "h100-sxm-80gb", "l4", "mi300x", "gaudi3",
                "max-1550", "arc-a770-16gb", "b200-sxm-180gb")) {
            assertThat(CATALOG.gpu(id).orElseThrow().hasBf16()).as(id).isTrue();
        }
        for (GpuSpec gpu : CATALOG.gpus()) {
            if (gpu.hasBf16()) {
                assertThat(gpu.bf16Tflops()).as(gpu.id()).isEqualTo(gpu.fp16Tflops());
            }
        }
    }

    @Test
    void theRatesTheCatalogLackedAreDerivedFromTheirSources() {
        // RTX 3060: 28 SMs x 512 FLOPs per clock x 1.777 GHz (GA102 whitepaper: RTX 3090 71 TFLOPS, 82 SMs, 1,695 MHz).
        assertThat(CATALOG.gpu("rtx-3060-12gb").orElseThrow().fp16Tflops()).isEqualTo(25.5);
        assertThat(28 * 512 * 1.777e9 / 1e12).isCloseTo(25.5, within(0.05));
        // Arc A770: 512 XMX engines x 128 FP16 operations per clock x 2.1 GHz (Intel Xe-HPG).
        assertThat(CATALOG.gpu("arc-a770-16gb").orElseThrow().fp16Tflops()).isEqualTo(137.6);
        assertThat(512 * 128 * 2.1e9 / 1e12).isCloseTo(137.6, within(0.05));
        // M1 Max and M2 Max: metal-benchmarks' GPU table, 10,617 and 13,600 GFLOPS in FP16.
        assertThat(CATALOG.gpu("apple-m1-max-32gb").orElseThrow().fp16Tflops()).isEqualTo(10.617);
        assertThat(CATALOG.gpu("apple-m2-max-96gb").orElseThrow().fp16Tflops()).isEqualTo(13.6);
        // M1 with the 7-core GPU: seven eighths of the 8-core M1's 2.617 TFLOPS (1,278 MHz).
        assertThat(CATALOG.gpu("apple-m1-8gb").orElseThrow().fp16Tflops()).isCloseTo(2.617 * 7 / 8, within(0.005));
        // A memory variant copies the rates of the entry it varies: M1 Max 64GB as M1 Max 32GB.
        assertThat(CATALOG.gpu("apple-m1-max-64gb").orElseThrow().fp16Tflops()).isEqualTo(10.617);
        // RTX 3080 Ti and RTX 4070 Ti: the per-SM rates of the GA102 and Ada whitepapers (RTX 3090, RTX 4090).
        assertThat(CATALOG.gpu("rtx-3080-ti").orElseThrow().fp16Tflops()).isCloseTo(80 * 512 * 1.665e9 / 1e12,
                within(0.05));
        assertThat(CATALOG.gpu("rtx-4070-ti").orElseThrow().fp8Tflops()).isCloseTo(60 * 1024 * 2.61e9 / 1e12,
                within(0.05));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a100-sxm-80gb", "a100-pcie-40gb", "h100-sxm-80gb", "h100-pcie-80gb", "h200-sxm-141gb",
        "h800-sxm-80gb", "b200-sxm-180gb", "gb200-186gb", "mi250x", "mi300x", "mi355x", "gaudi2", "gaudi3", "max-1550"})
    void aComputeAcceleratorHasNoDisplayOutputAndNoGraphicsApi(String id) {
        GpuCapabilities caps = CATALOG.gpu(id).orElseThrow().capabilities();

        assertThat(caps.displayOutputs()).isZero();
        assertThat(caps.graphicsApisKnown()).isTrue();
        assertThat(caps.graphicsApis()).isEmpty();
    }

    @Test
    void dataCentreGraphicsCardsRenderWithoutADisplayOrWithOutputsSwitchedOff() {
        for (String id : List.of("l4", "t4", "a10")) {
            GpuCapabilities caps = CATALOG.gpu(id).orElseThrow().capabilities();
            assertThat(caps.displayOutputs()).as(id).isZero();
            assertThat(caps.supportsGraphicsApi("vulkan")).as(id).isTrue();
            assertThat(caps.supportsGraphicsApi("directx12")).as(id).isTrue();
        }
        for (String id : List.of("l40s", "l40", "a40")) {
            GpuCapabilities caps = CATALOG.gpu(id).orElseThrow().capabilities();
            assertThat(caps.displayOutputs()).as(id).isPositive();
            assertThat(caps.displayOutputsOffByDefault()).as(id).isTrue();
        }
        GpuCapabilities rtx6000 = CATALOG.gpu("rtx-6000-ada").orElseThrow().capabilities();
        assertThat(rtx6000.displayOutputs()).isEqualTo(4);
        assertThat(rtx6000.displayOutputsOffByDefault()).isFalse();
    }

    @Test
    void geforceDriversCapEncodeSessionsAndProfessionalOnesDoNot() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            if (gpu.vendor().equals("NVIDIA") && gpu.segment().equals("consumer")) {
                assertThat(gpu.capabilities().maxEncodeSessions()).as(gpu.id()).isEqualTo(8);
            } else {
                assertThat(gpu.capabilities().encodeSessionsCapped()).as(gpu.id()).isFalse();
            }
        }
    }

    @Test
    void everyGpuNamesItsStacksAndGraphicsApisAndEachVendorsOwnStackRunsOnIt() {
        for (GpuSpec gpu : CATALOG.gpus()) {
            GpuCapabilities caps = gpu.capabilities();
            assertThat(caps.stacksKnown()).as(gpu.id()).isTrue();
            assertThat(caps.graphicsApisKnown()).as(gpu.id()).isTrue();
            String own = switch (gpu.vendor()) {
                case "NVIDIA" -> "cuda";
                case "Apple" -> "metal";
                case "Intel" -> gpu.id().startsWith("gaudi") ? "gaudi" : "xpu";
                default -> gpu.formFactor().equals("MPX") ? "metal" : "rocm";
            };
            assertThat(caps.runs(own)).as(gpu.id()).isTrue();
        }
        assertThat(CATALOG.gpu("apple-m3-ultra-512gb").orElseThrow().capabilities().runs("mlx")).isTrue();
        assertThat(CATALOG.gpu("h100-sxm-80gb").orElseThrow().capabilities().runs("rocm")).isFalse();
    }

    @Test
    void theGpusPublishedBenchmarksUseAreInTheCatalog() {
        GpuSpec h800 = CATALOG.gpu("h800-sxm-80gb").orElseThrow();
        // DeepSeek-V3's H800: the H100 SXM with NVLink cut to 400 GB/s (Reuters, 2023-03-21; NVIDIA).
        assertThat(h800.interconnectGBps()).isEqualTo(400);
        assertThat(h800.memoryGbNominal()).isEqualTo(80);
        assertThat(HARDWARE.nodeFor(h800).id()).isEqualTo("hgx-h100");
        for (String id : List.of("a40", "l40", "rtx-4080", "radeon-rx-7900-xtx")) {
            GpuSpec gpu = CATALOG.gpu(id).orElseThrow();
            assertThat(gpu.memoryBandwidthGBps()).as(id).isPositive();
            assertThat(gpu.tdpWatts()).as(id).isPositive();
            assertThat(gpu.hasPrice()).as(id).isTrue();
        }
        // A40 datasheet: 48 GB, 696 GB/s, 149.7 TFLOPS BF16 dense, 300 W; RX 7900 XTX: 24 GB at 960 GB/s, 355 W.
        assertThat(CATALOG.gpu("a40").orElseThrow().bf16Tflops()).isEqualTo(149.7);
        assertThat(CATALOG.gpu("a40").orElseThrow().memoryBandwidthGBps()).isEqualTo(696);
        assertThat(CATALOG.gpu("radeon-rx-7900-xtx").orElseThrow().memoryBandwidthGBps()).isEqualTo(960);
    }

    @Test
    void anAppleSocIsPricedAsTheWholeMachineWithNothingAddedAroundIt() {
        GpuSpec ultra = CATALOG.gpu("apple-m2-ultra-192gb").orElseThrow();

        assertThat(ultra.priceUsd()).isEqualTo(6999);
        assertThat(HARDWARE.nodeFor(ultra).hostPriceUsd()).isZero();
    }

    private static YearMonth month(String isoDate) {
        return isoDate.length() == 4 ? YearMonth.of(Integer.parseInt(isoDate), 1)
                : YearMonth.parse(isoDate.substring(0, 7));
    }
}
