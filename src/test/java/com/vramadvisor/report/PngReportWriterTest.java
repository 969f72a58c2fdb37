package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.Capacity;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.Segment;
import com.vramadvisor.report.ReportModel.SweepChart;

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
                    WindowColours.colourOf(SampleReport.colourClass(component)).getRGB())).as(component).isTrue();
        }
    }

    @Test
    void aWorkloadFarAboveEveryCapacityLineIsStillDrawnAndPointsAboveTheScaleAreMarked() {
        // Llama 3.1 405B training on one GPU: about 6,400 GiB at micro-batch 1 against lines of 384 and 255 GiB.
        long gib = 1L << 30;
        SweepChart sweep = new SweepChart("batch", "Peak memory per GPU vs micro-batch size", "Micro-batch per GPU",
                List.of(1L, 2L, 4L, 8L, 16L, 32L, 64L),
                List.of(6_359 * gib, 6_361 * gib, 6_495 * gib, 7_438 * gib, 9_322 * gib, 13_092 * gib, 20_632 * gib),
                1, List.of(new CapacityLine("Apple M3 Ultra", 384 * gib, 0),
                        new CapacityLine("AMD Instinct MI325X", 255 * gib, 0)));
        ChartRenderer renderer = new ChartRenderer(ReportText.of(ReportLanguage.EN.locale()));
        BufferedImage image = new BufferedImage((int) ChartRenderer.WIDTH, (int) Math.ceil(renderer.sweepHeight(sweep)),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        renderer.drawSweep(g, sweep);
        g.dispose();

        // The plot spans 48 to 228 units from the top; the legend below it also has a stroke of the curve's colour.
        BufferedImage plot = image.getSubimage(0, 48, image.getWidth(), 181);
        assertThat(pixelsOf(plot, ChartStyle.CURVE)).as("curve and points inside the plot").isGreaterThan(400);
        assertThat(SweepPainter.offChart(sweep)).as("micro-batch 64 lies above the scale").isTrue();
        assertThat(renderer.sweepHeight(sweep)).as("a legend row for the marker")
                .isEqualTo(renderer.sweepHeight(new SweepChart("batch", "t", "a", sweep.xs().subList(0, 6),
                        sweep.peakBytes().subList(0, 6), 1, sweep.capacities())) + ChartStyle.ROW);
    }

    @Test
    void theBreakdownChartShadesTheEstimatesRangeAndNothingOutsideIt() {
        long gib = 1L << 30;
        List<Segment> segments = List.of(new Segment("weights", "Weights", 15 * gib, "component-weights"),
                new Segment("activations", "Activations", 5 * gib, "component-activations"));
        ChartStyle style = new ChartStyle(ReportText.of(ReportLanguage.EN.locale()));
        BreakdownPainter painter = new BreakdownPainter(style);
        List<Capacity> caps = List.of(new Capacity("NVIDIA A100 40GB", 40 * gib));
        BreakdownChart plain = new BreakdownChart("t", segments, 20 * gib, "backward", caps);
        BreakdownChart banded = new BreakdownChart("t", segments, 20 * gib, "backward", caps, 17 * gib, 26 * gib);
        BufferedImage a = render(painter, plain);
        BufferedImage b = render(painter, banded);
        int inside = (int) Math.round(painter.capacityX(banded, new Capacity("", 23 * gib)));
        int outside = (int) Math.round(painter.capacityX(banded, new Capacity("", 30 * gib)));
        assertThat(columnDiffers(a, b, inside)).as("inside the band").isTrue();
        assertThat(columnDiffers(a, b, outside)).as("outside the band").isFalse();
    }

    private static BufferedImage render(BreakdownPainter painter, BreakdownChart chart) {
        BufferedImage image = new BufferedImage((int) ChartRenderer.WIDTH, (int) Math.ceil(painter.height(chart)),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        painter.draw(g, chart);
        g.dispose();
        return image;
    }

    private static boolean columnDiffers(BufferedImage a, BufferedImage b, int x) {
        for (int y = 0; y < Math.min(a.getHeight(), b.getHeight()); y++) {
            if (a.getRGB(x, y) != b.getRGB(x, y)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void capacityLinesLeaveAGapAtTheSharesTheyCrossAndSharesAreLegibleOnTheirSegment() {
        long gib = 1L << 30;
        List<Segment> segments = List.of(new Segment("weights", "Weights", 15 * gib, "component-weights"),
                new Segment("activations", "Activations", 3 * gib, "component-activations"),
                new Segment("kvCache", "KV cache", 16 * gib, "component-kv-cache"),
                new Segment("runtimeOverhead", "Runtime overhead", 3 * gib, "component-runtime-overhead"));
        long total = 37 * gib;
        ChartStyle style = new ChartStyle(ReportText.of(ReportLanguage.EN.locale()));
        BreakdownPainter painter = new BreakdownPainter(style);
        Capacity above = new Capacity("NVIDIA A100 40GB", 40 * gib);
        BreakdownChart probe = new BreakdownChart("t", segments, total, "prefill",
                List.of(above, new Capacity("GeForce", gib)));
        // A second line, below the peak (so the axis stays), placed through the middle of the KV cache's share.
        double left = painter.capacityX(probe, new Capacity("zero", 0));
        double perByte = (painter.capacityX(probe, above) - left) / above.bytes();
        double middle = painter.shareLabels(probe).get(2).box().getCenterX();
        Capacity through = new Capacity("GeForce", Math.round((middle - left) / perByte));
        BreakdownChart chart = new BreakdownChart("t", segments, total, "prefill", List.of(above, through));
        BreakdownPainter.ShareLabel kv = painter.shareLabels(chart).get(2);
        assertThat(kv.text()).isEqualTo("43.2 %");
        assertThat(painter.capacityX(chart, through)).isCloseTo(kv.box().getCenterX(), within(0.01));

        BufferedImage image = new BufferedImage((int) ChartRenderer.WIDTH * 2,
                (int) Math.ceil(painter.height(chart) * 2), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.scale(2, 2);
        painter.draw(g, chart);
        g.dispose();

        Rectangle2D box = kv.box();
        BufferedImage label = image.getSubimage((int) box.getX() * 2, (int) box.getY() * 2 + 2,
                (int) box.getWidth() * 2, (int) box.getHeight() * 2 - 4);
        assertThat(pixelsOf(label, ChartStyle.capacityColour(1))).as("line pixels inside the share").isZero();
        BufferedImage below = image.getSubimage((int) box.getX() * 2, (int) (box.getMaxY() * 2) + 4,
                (int) box.getWidth() * 2, 6);
        assertThat(pixelsOf(below, ChartStyle.capacityColour(1))).as("the line goes on below").isPositive();
        for (Segment s : segments) {
            Color fill = ChartStyle.colour(s);
            assertThat(ChartStyle.contrast(ChartStyle.textOn(fill), fill)).as(s.id()).isGreaterThanOrEqualTo(4.5);
        }
        assertThat(kv.fill()).isEqualTo(ChartStyle.colour(segments.get(2)));
        assertThat(ChartStyle.textOn(kv.fill())).isEqualTo(Color.BLACK);
    }

    private static long pixelsOf(BufferedImage image, Color colour) {
        long n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == (colour.getRGB() & 0xFFFFFF)) {
                    n++;
                }
            }
        }
        return n;
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
