package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.TestHardware;
import com.vramadvisor.engine.ranking.TestWorkload;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reports on a workload beyond language models, over the ranking tests' hardware ({@link TestHardware}): 1 GiB on
 * every GPU plus 100 GiB decomposed over the GPUs, whose cheapest fitting purchase is 12 RTX 3060 12GB in 3 towers
 * (12 x 329 + 3 x 3,000 = 12,948 USD, hand-worked in {@code DomainRankingTest}).
 */
class DomainReportTest {

    private static final HardwareList HW = TestHardware.list(List.of(TestHardware.dgxA100()),
            List.of(TestHardware.p4d()));
    private static final LocalDate DATE = LocalDate.of(2026, 12, 1);

    @TempDir
    Path dir;

    private static ReportModel model(ReportLanguage language, TestWorkload w) {
        Recommendation rec = new Recommender().recommend(w, HW, RankingOptions.defaults());
        List<GpuSpec> gpus = HW.gpus();
        return DomainReportModels.from(w, rec, new ReportContext(language, DATE, "0.9.0", "2026-12-01", gpus));
    }

    @Test
    void theEnglishPdfNamesTheSubjectTheBestOptionsAndThatSpeedIsNotEstimated() throws Exception {
        TestWorkload w = TestWorkload.spreading(1, 100);
        Path pdf = dir.resolve("md.pdf");
        new PdfReportWriter().write(model(ReportLanguage.EN, w), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertThat(text).contains("GPU memory sizing report: " + w.estimate().subject(), "Molecular dynamics",
                    "What changes as the workload grows", "Best option to buy: 12 x NVIDIA GeForce RTX 3060 12GB",
                    "$12,948", "Best option to rent: AWS p4d.24xlarge", "$32.77", "not estimated",
                    "Worth knowing: a test caveat", "every GPU holds the fixed part", "Shared part",
                    "bytes / 1 GPUs");
            assertThat(text).doesNotContain("Tokens/s", "Job cost");
        }
    }

    @Test
    void theChinesePdfTranslatesTheReportsOwnWordsAndShowsUntranslatableSentencesAsWritten() throws Exception {
        Path pdf = dir.resolve("报告.pdf");
        new PdfReportWriter().write(model(ReportLanguage.ZH_CN, TestWorkload.whole(10, 20)), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            // The test workload's sentences are plain (no key): they are shown as written, with no English notice.
            assertThat(text).contains("GPU 显存评估报告", "渲染", "未估算", "该工作负载不能拆分",
                    "注意：a test caveat", "every GPU holds the fixed part", "稳态");
            assertThat(doc.getDocumentCatalog().getLanguage()).isEqualTo("zh-CN");
        }
    }

    @Test
    void everyFormatIsWrittenAndReadsBack() throws Exception {
        ReportModel model = model(ReportLanguage.EN, TestWorkload.spreading(1, 100));
        Path png = dir.resolve("md.png");
        Path md = dir.resolve("md.md");
        Path csv = dir.resolve("md.csv");
        Path json = dir.resolve("md.json");
        new PngReportWriter().write(model, png);
        new MarkdownReportWriter().write(model, md);
        new CsvReportWriter().write(model, csv);
        new JsonReportWriter().write(model, json);

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isPositive();
        assertThat(image.getHeight()).isGreaterThan(image.getWidth() / 4);
        String markdown = Files.readString(md, StandardCharsets.UTF_8);
        assertThat(markdown).contains("## What changes as the workload grows", "| not estimated |",
                "Peak memory on one GPU vs shared bytes");
        assertThat(Files.readString(csv, StandardCharsets.UTF_8)).contains("rtx-3060-12gb", "12948");
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        JsonNode first = root.get("decisions").get("rows").get(0).get("raw");
        assertThat(first.get("hardwareId").asText()).isEqualTo("rtx-3060-12gb");
        assertThat(first.get("gpusNeeded").asInt()).isEqualTo(12);
        assertThat(first.get("hours").isNull()).isTrue();
        assertThat(first.get("purchaseUsd").asDouble()).isEqualTo(12_948.0);
    }

    @Test
    void theSweepRunsAlongTheWorkloadsAxisWithTheLargestValueEachGpuHolds() {
        TestWorkload w = TestWorkload.spreading(1, 100);
        ReportModel.SweepChart sweep = model(ReportLanguage.EN, w).sweeps().get(0);
        assertThat(sweep.id()).isEqualTo("maxShared");
        assertThat(sweep.xs()).contains(w.axisValue(), w.axisValue() / 16);
        // On one GPU the whole 100 GiB must fit: an 80GB card (79.45 GiB usable) holds 78.45 GiB of it.
        ReportModel.CapacityLine line = sweep.capacities().stream().filter(c -> c.bytes() == TestHardware
                .usableBytes(80)).findFirst().orElseThrow();
        assertThat(line.largestFitting()).isEqualTo(TestHardware.usableBytes(80) - TestWorkload.GIB);
    }

    @Test
    void aTimedWorkloadsTableHasTheTimeAndTheJobCostOfItsRows() {
        var w = new com.vramadvisor.engine.vision.VisionWorkload(com.vramadvisor.engine.vision.VisionModel.RESNET_50,
                true, 256, 224, 224, com.vramadvisor.engine.vision.VisionPrecision.FP16_MIXED,
                com.vramadvisor.engine.vision.VisionOptimizer.SGD_MOMENTUM, false, true, true);
        Recommendation rec = new Recommender().recommend(w, HW, RankingOptions.defaults());
        ReportModel.DecisionTable table = DomainReportModels.from(w, rec,
                new ReportContext(ReportLanguage.EN, DATE, "0.9.0", "2026-12-01", HW.gpus())).decisions();
        assertThat(table.columns()).extracting(ReportModel.Column::key).contains("time", "jobCost");
        ReportModel.DecisionRow first = table.rows().get(0);
        assertThat(first.cells().get(6)).endsWith(" h");
        assertThat(first.raw().hours()).isPositive();
        assertThat(table.notes()).anyMatch(n -> n.contains("90 epochs of 1,281,167 images")
                && n.contains("90-day deadline") && n.contains("GPU's peaks fitted for its software stack"));
    }

    @Test
    void aTimedWorkloadsSummaryGivesTheBestOptionsJobAndNeverSaysSpeedIsNotEstimated() {
        var w = new com.vramadvisor.engine.vision.VisionWorkload(com.vramadvisor.engine.vision.VisionModel.RESNET_50,
                true, 256, 224, 224, com.vramadvisor.engine.vision.VisionPrecision.FP16_MIXED,
                com.vramadvisor.engine.vision.VisionOptimizer.SGD_MOMENTUM, false, true, true);
        Recommendation rec = new Recommender().recommend(w, HW, RankingOptions.defaults());
        for (ReportLanguage language : ReportLanguage.values()) {
            List<String> summary = DomainReportModels.from(w, rec,
                    new ReportContext(language, DATE, "0.9.0", "2026-12-01", HW.gpus())).highlights();
            String all = String.join(" ", summary);
            assertThat(all).as(language.toString()).doesNotContain("not estimated").doesNotContain("不估算");
            if (language == ReportLanguage.EN) {
                assertThat(all).contains("the job takes").contains("90 epochs of 1,281,167 images")
                        .doesNotContain("costs $0.");
            }
        }
    }
}
