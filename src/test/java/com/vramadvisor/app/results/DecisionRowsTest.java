package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decision table's hardware tooltip: the GPU's spec-sheet figures from the shipped catalog. */
class DecisionRowsTest {

    private final Catalog catalog = CatalogLoader.shippedOnly().load();
    private final Map<String, GpuSpec> gpus = new HashMap<>();
    private final List<RecommendationRow> rows;

    DecisionRowsTest() {
        catalog.gpus().forEach(g -> gpus.put(g.id(), g));
        ScenarioInputs s = ScenarioInputs.defaults();
        rows = new CatalogResultsEngine(catalog).recommend(s.model(), s.workload(), RankingOptions.defaults()).rows();
    }

    /** The row of loose or boarded cards of one GPU: a single card, or a baseboard where it comes only on one. */
    private RecommendationRow cards(String gpuId) {
        return rows.stream().filter(r -> (r.kind() == HardwareKind.GPU || r.kind() == HardwareKind.MULTI_GPU)
                && r.hardwareId().equals(gpuId)).findFirst()
                .orElseThrow(() -> new AssertionError("no row of " + gpuId + " cards"));
    }

    private String text(RecommendationRow r, Locale locale) {
        return new DecisionRows(new ResultsMessages(locale)).row(r, SizeUnit.GIB,
                ScenarioInputs.defaults().workload().mode(), gpus, RankingOptions.defaults()).hardwareText();
    }

    @Test
    void anH100ShowsItsDatasheetFiguresAndTheirSource() {
        // NVIDIA H100 datasheet, SXM5: 80 GB HBM3, 3.35 TB/s, BF16 1,979 and FP8 3,958 TFLOPS with sparsity (half
        // dense), NVLink 900 GB/s, up to 700 W.
        String text = text(cards("h100-sxm-80gb"), Locale.ENGLISH);
        assertThat(text).startsWith("NVIDIA H100 SXM5 80GB: 80 GB HBM3 as sold, ")
                .contains("Memory bandwidth 3,350 GB/s")
                .contains("16-bit tensor throughput 989.5 TFLOPS, FP8 1,979 TFLOPS (dense)")
                .contains("GPU-to-GPU link: NVLink 4, 900 GB/s per GPU")
                .contains("Board power 700 W")
                .contains("Source: NVIDIA H100 Tensor Core GPU datasheet");
    }

    @Test
    void aGpuWithoutFp8ShowsOnlyItsSixteenBitFigure() {
        // NVIDIA A100 datasheet: BF16 312 TFLOPS dense, 2,039 GB/s (80GB SXM), NVLink 600 GB/s, 400 W; no FP8.
        String text = text(cards("a100-sxm-80gb"), Locale.ENGLISH);
        assertThat(text).contains("80 GB HBM2e as sold").contains("Memory bandwidth 2,039 GB/s")
                .contains("16-bit tensor throughput 312 TFLOPS (dense)").doesNotContain("FP8")
                .contains("NVLink 3, 600 GB/s per GPU").contains("Board power 400 W");
    }

    @Test
    void aCloudOfferNamesItsGpusAndTheTextIsChineseInChinese() {
        RecommendationRow cloud = rows.stream().filter(r -> r.kind() == HardwareKind.CLOUD && r.gpusNeeded() == 8
                && r.gpuId().equals("h100-sxm-80gb")).findFirst().orElseThrow();
        assertThat(text(cloud, Locale.ENGLISH)).startsWith(cloud.hardwareName() + ": 8 x NVIDIA H100 SXM5 80GB\n");
        assertThat(text(cloud, Locale.SIMPLIFIED_CHINESE)).contains("8 张 NVIDIA H100 SXM5 80GB")
                .contains("显存带宽 3,350 GB/s").contains("来源：");
    }
}
