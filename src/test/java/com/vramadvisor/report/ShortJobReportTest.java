package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.TestHardware;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.engine.vision.VisionWorkload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job of seconds in a written report: its table and its summary say seconds and "&lt; $0.01", never "0.000 h" or
 * "$0". ResNet-50 trains at a few thousand images a second on one A100 (NVIDIA's published mixed-precision figure
 * is about 2,700 images/s, the vision estimator's check in estimation-vision.md), so ten steps of 256 images take
 * about a second, and a second of a $10,000-class card amortised over three years is a small fraction of a cent.
 */
class ShortJobReportTest {

    private static final HardwareList HW = TestHardware.list(List.of(TestHardware.dgxA100()),
            List.of(TestHardware.p4d()));

    @TempDir
    Path dir;

    @Test
    void aJobOfSecondsReadsInSecondsAndBelowACentInTheMarkdownReport() throws Exception {
        VisionWorkload w = new VisionWorkload(VisionModel.RESNET_50, true, 256, 224, 224,
                VisionPrecision.FP16_MIXED, VisionOptimizer.SGD_MOMENTUM, false, true, true);
        Recommendation rec = new Recommender().recommend(w, HW,
                RankingOptions.builder().usage(com.vramadvisor.engine.money.Usage.of(1, 3)).build(),
                JobSize.stepsOfImages(10, 256));
        RecommendationRow first = rec.bestPurchase();
        assertThat(first.hours() * 3600).isBetween(0.5, 59.0);
        assertThat(first.jobCostUsd()).isLessThan(0.01);

        ReportModel model = DomainReportModels.from(w, rec, new ReportContext(ReportLanguage.EN,
                LocalDate.of(2026, 12, 1), "0.9.0", "2026-12-01", HW.gpus()));
        Path md = dir.resolve("short.md");
        new MarkdownReportWriter().write(model, md);
        String markdown = Files.readString(md, StandardCharsets.UTF_8);
        String seconds = Math.round(first.hours() * 3600) + " s";
        assertThat(markdown).contains("| " + seconds + " |", "| < $0.01 |")
                .doesNotContain("0.000 h", "| $0.00 |", "| $0 |");
        String summary = String.join(" ", model.highlights());
        assertThat(summary).contains(seconds, "< $0.01");

        ReportModel zh = DomainReportModels.from(w, rec, new ReportContext(ReportLanguage.ZH_CN,
                LocalDate.of(2026, 12, 1), "0.9.0", "2026-12-01", HW.gpus()));
        assertThat(zh.decisions().rows().stream().filter(r -> r.raw().hardwareId().equals(first.hardwareId())
                && r.raw().kind().equals(first.kind().id())).findFirst().orElseThrow().cells()).contains(Math.round(first.hours() * 3600) + " 秒",
                "< $0.01");
    }
}
