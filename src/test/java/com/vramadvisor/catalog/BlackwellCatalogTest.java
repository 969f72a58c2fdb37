package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.Market;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.plan.Fabric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The Blackwell, MI355X and RTX 50 entries against the vendors' published figures (each row names where the figure
 * is published), the FP4 field, the GB200 NVL72 NVLink domain and the cloud-price fields added with them.
 */
class BlackwellCatalogTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1} GB, {2} GB/s, FP4 {3} TFLOPS dense ({4})")
    @CsvSource(delimiter = '|', textBlock = """
            b300-sxm-288gb        | 288 | 8000 | 13125   | Lockwood B300: 288 GB, 8 TB/s; HGX B300 FP4 105 PF / 8
            gb200-186gb           | 186 | 8000 | 10000   | GB200 NVL72: 13.4 TB, 576 TB/s, FP4 1,440 PF sparse; / 72
            gb300-288gb           | 288 | 8000 | 15000   | GB300 NVL72: 20 TB at 576 TB/s, FP4 1,080 PF dense; / 72
            b200-sxm-180gb        | 180 | 8000 | 9000    | DGX B200: 1,440 GB, 64 TB/s for 8; HGX B200 FP4 72 PF / 8
            mi355x                | 288 | 8000 | 10066.3 | Tom's Hardware, ISC 2025: 288 GB, 8 TB/s, FP4 20.1 PF sparse
            rtx-pro-6000-blackwell | 96 | 1792 | 2000    | GTC 2025: 96 GB GDDR7, 1,792 GB/s, 4,000 AI TOPS (FP4 sparse)
            rtx-pro-6000-blackwell-server | 96 | 1792 | 2000 | GTC 2025: every edition 96 GB, 1,792 GB/s, 4,000 TOPS
            rtx-5090              | 32  | 1792 | 1676    | NVIDIA: 3,352 AI TOPS (FP4 sparse); 32 GB, 1,792 GB/s
            rtx-5080              | 16  | 960  | 900.5   | CES 2025 (TweakTown): 16 GB GDDR7, 960 GB/s, 1,801 AI TOPS
            rtx-5070-ti           | 16  | 896  | 703     | CES 2025 (TweakTown): 16 GB GDDR7, 896 GB/s, 1,406 AI TOPS
            """)
    void matchesTheVendorsMemoryBandwidthAndFp4(String id, double memoryGb, double bandwidthGBps, double fp4Dense,
                                                 String source) {
        GpuSpec gpu = CATALOG.gpu(id).orElseThrow(() -> new AssertionError(id + " missing; " + source));

        assertThat(gpu.memoryGbNominal()).as(source).isEqualTo(memoryGb);
        assertThat(gpu.memoryBandwidthGBps()).as(source).isEqualTo(bandwidthGBps);
        assertThat(gpu.fp4Tflops()).as(source).isCloseTo(fp4Dense, within(fp4Dense * 0.01));
    }

    /** Totals as {@code nvidia-smi --query-gpu=name,memory.total} reports them (public logs named in gpus.json). */
    @ParameterizedTest(name = "{0}: total {1} MiB")
    @CsvSource(delimiter = '|', textBlock = """
            b300-sxm-288gb         | 275040
            gb200-186gb            | 189471
            gb300-288gb            | 284208
            rtx-pro-6000-blackwell | 97887
            rtx-5080               | 16303
            rtx-5070-ti            | 16303
            """)
    void carriesTheDriverReadingOfTotalMemory(String id, long totalMiB) {
        GpuSpec gpu = CATALOG.gpu(id).orElseThrow();

        assertThat(gpu.memoryBytesTotal()).isEqualTo(totalMiB << 20);
        assertThat(gpu.memoryBytesUsable()).isLessThan(gpu.memoryBytesTotal());
    }

    @Test
    void mi355xDenseFp4IsHalfTheSparseFigureTomsHardwareReported() {
        // Tom's Hardware, ISC 2025: MI355X "maximum FP4/FP6 performance" 20.1 PFLOPS (with sparsity).
        assertThat(CATALOG.gpu("mi355x").orElseThrow().fp4Tflops()).isCloseTo(20_100 / 2.0, within(20.0));
    }

    @Test
    void gpusWithoutAnFp4TensorPathCarryNone() {
        // Hopper and CDNA 3 have no FP4 tensor instructions (H100 and MI300X data sheets list FP8 as the lowest).
        assertThat(CATALOG.gpu("h100-sxm-80gb").orElseThrow().fp4Tflops()).isZero();
        assertThat(CATALOG.gpu("mi300x").orElseThrow().fp4Tflops()).isZero();
    }

    @Test
    void gb200Nvl72IsOneRackOfSeventyTwoGpusInOneNvlinkDomain() {
        SystemSpec rack = CATALOG.system("gb200-nvl72").orElseThrow();
        GpuSpec gpu = CATALOG.gpu(rack.gpuId()).orElseThrow();
        NodeSpec node = CATALOG.hardware().nodeFor(gpu);

        // NVIDIA: 72 Blackwell GPUs and 36 Grace CPUs, about 13.4 TB HBM3e, one NVLink domain.
        assertThat(rack.gpuCount()).isEqualTo(72);
        assertThat(rack.gpuCount() * gpu.memoryGbNominal()).isCloseTo(13_400, within(134.0));
        assertThat(node.id()).isEqualTo("gb200-nvl72");
        assertThat(node.maxGpus()).isEqualTo(72);
        assertThat(node.soldAsBoard()).isTrue();

        Fabric fabric = Fabric.of(gpu, node, 72);
        assertThat(fabric.nodes()).isEqualTo(1);
        assertThat(fabric.withinNode(72, 1)).isTrue();
        // The same 72 GPUs as nine HGX B200 boards cross the network between boards (DGX B200: 8 GPUs per box).
        GpuSpec b200 = CATALOG.gpu("b200-sxm-180gb").orElseThrow();
        Fabric boards = Fabric.of(b200, CATALOG.hardware().nodeFor(b200), 72);
        assertThat(boards.withinNode(72, 1)).isFalse();
        assertThat(fabric.ringGBps(72, 1)).isGreaterThan(boards.ringGBps(72, 1));
    }

    @Test
    void awsP5CarriesThe2025PriceCut() {
        CloudOffer p5 = CATALOG.cloudOffer("aws-p5.48xlarge-on-demand").orElseThrow();

        // AWS cut P5 on-demand prices by "up to 45%" in June 2025 from the USD 98.32 launch price (The Next
        // Platform, 2023-07-27); the reported new rate is USD 55.04 per hour, USD 6.88 per GPU-hour.
        assertThat(p5.priceUsdPerHour()).isEqualTo(55.04);
        assertThat(p5.usdPerGpuHour()).isCloseTo(6.88, within(0.005));
        assertThat(1 - p5.priceUsdPerHour() / 98.32).isBetween(0.40, 0.45);
        assertThat(p5.priceDate()).isGreaterThanOrEqualTo("2025-06");
    }

    @ParameterizedTest(name = "{0}: USD {1} on demand, USD {2} reserved, was USD {3} ({4})")
    @CsvSource(delimiter = '|', textBlock = """
            aws-p4d.24xlarge  | 21.957642 | 13.921094 | 32.7726  | AWS price list via instances.vantage.sh, 2026-01-21
            aws-p4de.24xlarge | 27.44705  | 17.401365 | 40.96575 | AWS price list via instances.vantage.sh, 2026-01-21
            aws-g5.xlarge     | 1.006     | 0.63378   | 1.006    | same list; June 2026 us-east-1 rate card: USD 1.006
            """)
    void awsRatesAfterThe2025CutWithTheirOneYearRates(String instance, double onDemand, double reserved,
                                                      double before, String source) {
        CloudOffer offer = CATALOG.cloudOffer(instance + "-on-demand").orElseThrow();
        CloudOffer oneYear = CATALOG.cloudOffer(instance + "-commit-1y").orElseThrow();

        assertThat(offer.priceUsdPerHour()).as(source).isEqualTo(onDemand);
        assertThat(oneYear.priceUsdPerHour()).as(source).isEqualTo(reserved);
        assertThat(oneYear.market()).isEqualTo(Market.COMMIT_1Y);
        assertThat(offer.priceUsdPerHour()).as("at most the 2023 list price").isLessThanOrEqualTo(before);
        // "up to 45%": no cut is deeper than that.
        assertThat(offer.priceUsdPerHour()).isGreaterThanOrEqualTo(before * 0.55);
    }

    @Test
    void gcpA2OffersCarryTheSpotAndCommittedRatesOfTheirDatedPriceFile() {
        // Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml, generated 2026-07-30, us-central1:
        // a2-highgpu-1g hour 3.673385, hour_spot 1.92802, month_1y 1689.3711392, month_3y 938.56707798 (730 hours
        // a month); a2-ultragpu-1g hour 5.06879789041096, hour_spot 2.75954630136986, no month_1y.
        CloudOffer highgpu = CATALOG.cloudOffer("gcp-a2-highgpu-1g-on-demand").orElseThrow();
        assertThat(highgpu.priceUsdPerHour()).isEqualTo(3.673385);
        assertThat(highgpu.priceDate()).isEqualTo("2026-07-30");
        assertThat(CATALOG.cloudOffer("gcp-a2-highgpu-1g-spot").orElseThrow().priceUsdPerHour()).isEqualTo(1.92802);
        assertThat(CATALOG.cloudOffer("gcp-a2-highgpu-1g-commit-1y").orElseThrow().priceUsdPerHour())
                .isCloseTo(1689.3711392 / 730, within(1e-6));
        assertThat(CATALOG.cloudOffer("gcp-a2-highgpu-1g-commit-3y").orElseThrow().priceUsdPerHour())
                .isCloseTo(938.56707798 / 730, within(1e-6));
        CloudOffer ultraSpot = CATALOG.cloudOffer("gcp-a2-ultragpu-1g-spot").orElseThrow();
        assertThat(ultraSpot.priceUsdPerHour()).isCloseTo(2.75954630136986, within(1e-6));
        assertThat(ultraSpot.priceUsdPerHour())
                .isLessThan(CATALOG.cloudOffer("gcp-a2-ultragpu-1g-on-demand").orElseThrow().priceUsdPerHour());
        assertThat(CATALOG.cloudOffer("gcp-a2-ultragpu-1g-commit-1y")).isEmpty();
    }

    @Test
    void theLoaderReadsFp4() throws IOException {
        Files.writeString(dir.resolve("gpus.json"), """
                {"catalogVersion": "1", "gpus": [
                  {"id": "my-card", "name": "My Card", "vendor": "NVIDIA", "segment": "workstation",
                   "formFactor": "PCIe", "memoryGbNominal": 24, "memoryType": "GDDR7", "memoryBandwidthGBps": 600,
                   "fp16Tflops": 100, "fp4Tflops": 800, "launchYear": 2025, "released": "2025-04",
                   "unpricedReason": "none", "source": "x"}]}""");
        Catalog catalog = CatalogLoader.withUserDirectory(dir).load();

        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.gpu("my-card").orElseThrow().fp4Tflops()).isEqualTo(800);
    }

    @Test
    void aNegativeFp4IsAProblem() throws IOException {
        Files.writeString(dir.resolve("gpus.json"), """
                {"catalogVersion": "1", "gpus": [
                  {"id": "my-card", "name": "My Card", "vendor": "NVIDIA", "segment": "workstation",
                   "formFactor": "PCIe", "memoryGbNominal": 24, "memoryType": "GDDR7", "memoryBandwidthGBps": 600,
                   "fp4Tflops": -1, "launchYear": 2025, "released": "2025-04", "unpricedReason": "none",
                   "source": "x"}]}""");
        Catalog catalog = CatalogLoader.withUserDirectory(dir).load();

        assertThat(catalog.problems()).extracting(CatalogProblem::jsonPath).containsExactly("$.gpus[0].fp4Tflops");
        assertThat(catalog.gpu("my-card")).isEmpty();
    }
}
