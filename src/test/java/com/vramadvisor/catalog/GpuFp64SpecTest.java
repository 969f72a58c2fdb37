package com.vramadvisor.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.hardware.GpuSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped catalog's FP64 rates against the vendors' spec sheets. */
class GpuFp64SpecTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    private static final String CARD = """
            {"id": "my-card", "name": "My Card", "vendor": "NVIDIA", "segment": "workstation", "formFactor": "PCIe",
             "memoryGbNominal": 24, "memoryType": "GDDR6", "memoryBandwidthGBps": 600, "fp32Tflops": 40,FP64
             "launchYear": 2024, "released": "2024-05", "unpricedReason": "no quote yet",
             "source": "vendor spec sheet"}""";

    @TempDir
    Path dir;

    private Catalog userCard(String fp64) throws IOException {
        Files.writeString(dir.resolve("gpus.json"), "{\"catalogVersion\": \"1\", \"gpus\": ["
                + CARD.replace("FP64", fp64) + "]}");
        return CatalogLoader.withUserDirectory(dir).load();
    }

    @Test
    void anAbsentFigureIsUnknownAndANegativeOneIsRejected() throws IOException {
        Catalog absent = userCard("");
        assertThat(absent.problems()).isEmpty();
        assertThat(absent.gpu("my-card").orElseThrow().fp64Known()).isFalse();

        Catalog zero = userCard(" \"fp64Tflops\": 0,");
        assertThat(zero.problems()).isEmpty();
        assertThat(zero.gpu("my-card").orElseThrow().fp64Known()).isTrue();
        assertThat(zero.gpu("my-card").orElseThrow().fp64Tflops()).isZero();

        Catalog negative = userCard(" \"fp64Tflops\": -1,");
        assertThat(negative.problems()).singleElement().extracting(CatalogProblem::jsonPath)
                .isEqualTo("$.gpus[0].fp64Tflops");
    }

    private static double fp64(String id) {
        GpuSpec g = CATALOG.gpu(id).orElseThrow(() -> new AssertionError("no GPU " + id));
        assertThat(g.fp64Known()).as(id).isTrue();
        return g.fp64Tflops();
    }

    @Test
    void dataCentrePartsMatchTheirDatasheets() {
        // NVIDIA A100 Tensor Core GPU datasheet: FP64 9.7 TFLOPS (FP64 Tensor Core 19.5).
        assertThat(fp64("a100-sxm-80gb")).isEqualTo(9.7);
        // NVIDIA H100 datasheet: FP64 34 TFLOPS (SXM), 26 TFLOPS (PCIe).
        assertThat(fp64("h100-sxm-80gb")).isEqualTo(34);
        assertThat(fp64("h100-pcie-80gb")).isEqualTo(26);
        // NVIDIA Tesla V100 datasheet: double precision 7.8 TFLOPS (SXM2).
        assertThat(fp64("v100-sxm2-16gb")).isEqualTo(7.8);
        // AMD Instinct MI300X data sheet: FP64 vector 81.7 TFLOPS.
        assertThat(fp64("mi300x")).isEqualTo(81.7);
        // Intel at Hot Chips 34: Data Center GPU Max 1550, 52 TFLOPS FP64.
        assertThat(fp64("max-1550")).isEqualTo(52);
    }

    @Test
    void consumerPartsRunFp64AtASmallFraction() {
        // NVIDIA Ada GPU Architecture whitepaper, appendix: RTX 4090 1,290 GFLOPS FP64.
        assertThat(fp64("rtx-4090")).isCloseTo(1.29, within(0.005));
        // Ampere GA102 whitepaper: GA10x FP64 at 1/64 of FP32; RTX 3090 35.6 TFLOPS FP32.
        assertThat(fp64("rtx-3090")).isCloseTo(35.6 / 64, within(0.001));
    }

    @Test
    void gpusWithoutFp64HardwareSayZero() {
        assertThat(fp64("arc-a770-16gb")).isZero();
        assertThat(fp64("apple-m3-ultra-512gb")).isZero();
        assertThat(fp64("gaudi3")).isZero();
    }

    @Test
    void everyShippedGpuWithAFigureGivesItsSource() {
        for (GpuSpec g : CATALOG.hardware().gpus()) {
            if (g.fp64Known()) {
                assertThat(g.source()).as(g.id()).contains("FP64");
            }
        }
    }
}
