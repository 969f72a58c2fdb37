package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PngReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void pngIsTwiceTheLogicalChartSize() throws Exception {
        ReportModel model = SampleReport.english();
        Path png = dir.resolve("charts.png");
        new PngReportWriter().write(model, png);

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo((int) Math.ceil(ChartRenderer.WIDTH * 2));
        assertThat(image.getHeight()).isEqualTo((int) Math.ceil(PngReportWriter.logicalHeight(model) * 2));
        assertThat(image.getHeight()).as("breakdown plus two sweeps").isGreaterThan(2 * 600);
    }

    @Test
    void pngShowsTheBreakdownColoursAndTheCurve() throws Exception {
        Path png = dir.resolve("charts.png");
        new PngReportWriter().write(SampleReport.chinese(), png);

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(PdfReportWriterTest.inkFraction(image)).isGreaterThan(0.03);
        for (String component : new String[] {"weights", "gradients", "optimizerStates", "activations"}) {
            assertThat(PdfReportWriterTest.containsColour(image,
                    ChartRenderer.componentColour(component, 0).getRGB())).as(component).isTrue();
        }
    }

    @Test
    void chineseChartTextIsDrawnWithGlyphsNotMissingGlyphBoxes() {
        // A missing glyph is drawn as the same box for every character; real glyphs differ from each other.
        java.awt.Font font = ReportFonts.awtFont().deriveFont(20f);
        assertThat(font.canDisplayUpTo("每 GPU 峰值显存；圆圈：当前工作负载")).isEqualTo(-1);
        assertThat(font.getMissingGlyphCode()).isNotEqualTo(
                font.createGlyphVector(new java.awt.font.FontRenderContext(null, true, true), "显").getGlyphCode(0));
    }
}
