package com.vramadvisor.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Map;

import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.Capacity;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.Segment;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * Draws the report charts on any {@link Graphics2D}: a {@link java.awt.image.BufferedImage} for PNG, or
 * PDFBox's Graphics2D bridge for vector PDF. Layout is measured with a fixed font render context rather than the
 * target's metrics, so a chart has the same geometry in every format. Sizes are in logical units (1 unit = 1 PNG
 * pixel at scale 1 = 1 PDF point before the chart is fitted to the page).
 */
public final class ChartRenderer {

    /** Logical width of every chart. */
    public static final double WIDTH = 640;

    private static final double PAD = 12;
    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);
    private static final Color TEXT = new Color(0x22, 0x22, 0x22);
    private static final Color MUTED = new Color(0x66, 0x66, 0x66);
    private static final Color GRID = new Color(0xE3, 0xE3, 0xE3);
    private static final Color CURVE = new Color(0x1F, 0x5F, 0xA8);
    /** Tableau 10, a palette chosen for legibility and colour-vision deficiencies; one colour per component. */
    private static final Map<String, Color> COMPONENT_COLOURS = Map.of(
            "weights", new Color(0x4E79A7),
            "masterWeights", new Color(0x76B7B2),
            "gradients", new Color(0xF28E2B),
            "optimizerStates", new Color(0x59A14F),
            "activations", new Color(0xE15759),
            "logits", new Color(0xB07AA1),
            "kvCache", new Color(0xEDC948),
            "runtimeOverhead", new Color(0xBAB0AC));
    private static final Color[] FALLBACK = {new Color(0x9C755F), new Color(0xFF9DA7), new Color(0x4E79A7)};
    private static final Color[] CAPACITY_COLOURS = {
        new Color(0x22, 0x22, 0x22), new Color(0x8E, 0x2C, 0x8E), new Color(0x0B, 0x7A, 0x5A), new Color(0xB3, 0x50, 0x00)};
    private static final int MAX_CAPACITIES = CAPACITY_COLOURS.length;

    private static final double BAR_HEIGHT = 30;
    private static final double ROW = 16;
    private static final double PLOT_HEIGHT = 180;

    private final ReportText text;
    private final Font title;
    private final Font body;
    private final Font small;

    public ChartRenderer(ReportText text) {
        this.text = text;
        Font base = ReportFonts.awtFont();
        this.title = base.deriveFont(Font.BOLD, 13f);
        this.body = base.deriveFont(Font.PLAIN, 11f);
        this.small = base.deriveFont(Font.PLAIN, 10f);
    }

    /** Colour of a component's bar segment, the same in every chart and format. */
    public static Color componentColour(String componentId, int index) {
        Color c = COMPONENT_COLOURS.get(componentId);
        return c != null ? c : FALLBACK[index % FALLBACK.length];
    }

    // ---------------------------------------------------------------- breakdown bar

    /** Logical height of the breakdown chart; its width is {@link #WIDTH}. */
    public double breakdownHeight(BreakdownChart chart) {
        return barTop(chart) + BAR_HEIGHT + 30 + legendRows(chart) * ROW + PAD;
    }

    private double barTop(BreakdownChart chart) {
        return PAD + 24 + Math.min(chart.capacities().size(), MAX_CAPACITIES) * ROW + 4;
    }

    private int legendRows(BreakdownChart chart) {
        return (chart.segments().size() + 2) / 3;
    }

    /** Draws the stacked bar of the peak phase with capacity lines, ticks in GiB and a legend, at (0, 0). */
    public void drawBreakdown(Graphics2D g, BreakdownChart chart) {
        prepare(g);
        double left = PAD + 4;
        double right = WIDTH - PAD - 4;
        double top = barTop(chart);
        List<Capacity> caps = chart.capacities().subList(0, Math.min(chart.capacities().size(), MAX_CAPACITIES));

        g.setFont(title);
        g.setColor(TEXT);
        drawString(g, chart.title(), PAD, PAD + 13);

        long maxBytes = chart.totalBytes();
        for (Capacity c : caps) {
            maxBytes = Math.max(maxBytes, c.bytes());
        }
        double[] ticks = ticks(maxBytes * 1.04 / ReportText.BYTES_PER_GIB, 6);
        double axisMaxGib = ticks[ticks.length - 1];
        double scale = (right - left) / (axisMaxGib * ReportText.BYTES_PER_GIB);

        double x = left;
        int i = 0;
        for (Segment s : chart.segments()) {
            double w = s.bytes() * scale;
            g.setColor(componentColour(s.id(), i++));
            g.fill(new Rectangle2D.Double(x, top, w, BAR_HEIGHT));
            String share = text.percent((double) s.bytes() / Math.max(1, chart.totalBytes()));
            g.setFont(small);
            if (width(share, small) + 6 < w) {
                g.setColor(Color.WHITE);
                drawString(g, share, x + (w - width(share, small)) / 2, top + BAR_HEIGHT / 2 + 4);
            }
            x += w;
        }
        g.setColor(TEXT);
        g.setStroke(new BasicStroke(0.8f));
        g.draw(new Rectangle2D.Double(left, top, x - left, BAR_HEIGHT));

        double axisY = top + BAR_HEIGHT + 4;
        g.setColor(MUTED);
        g.draw(new Line2D.Double(left, axisY, right, axisY));
        g.setFont(small);
        for (double t : ticks) {
            double tx = left + t * ReportText.BYTES_PER_GIB * scale;
            g.draw(new Line2D.Double(tx, axisY, tx, axisY + 3));
            String label = tickLabel(t);
            drawString(g, label, Math.min(tx - width(label, small) / 2, right - width(label, small)), axisY + 14);
        }
        drawString(g, "GiB", right - width("GiB", small), axisY + 26);

        // Lines first, then their labels on white, so that no line runs through another line's label.
        for (int k = 0; k < caps.size(); k++) {
            double cx = left + caps.get(k).bytes() * scale;
            double labelY = PAD + 24 + k * ROW + 11;
            g.setColor(CAPACITY_COLOURS[k]);
            g.setStroke(dashed(1.4f));
            g.draw(new Line2D.Double(cx, labelY + 3, cx, top + BAR_HEIGHT + 6));
        }
        g.setFont(small);
        for (int k = 0; k < caps.size(); k++) {
            Capacity c = caps.get(k);
            double cx = left + c.bytes() * scale;
            double labelY = PAD + 24 + k * ROW + 11;
            String label = text.format("chart.capacity", c.label(), text.gib(c.bytes()));
            double lw = width(label, small);
            double lx = cx - lw - 4 >= left ? cx - lw - 4 : Math.min(cx + 4, right - lw);
            g.setColor(Color.WHITE);
            g.fill(new Rectangle2D.Double(lx - 2, labelY - 10, lw + 4, 13));
            g.setColor(CAPACITY_COLOURS[k]);
            drawString(g, label, lx, labelY);
        }

        double legendTop = axisY + 30;
        double columnWidth = (WIDTH - 2 * PAD) / 3;
        i = 0;
        for (Segment s : chart.segments()) {
            double lx = PAD + (i % 3) * columnWidth;
            double ly = legendTop + (i / 3) * ROW;
            g.setColor(componentColour(s.id(), i));
            g.fill(new Rectangle2D.Double(lx, ly - 9, 10, 10));
            g.setColor(TEXT);
            g.setFont(small);
            drawString(g, s.label() + "  " + text.gib(s.bytes()), lx + 14, ly);
            i++;
        }
    }

    // ---------------------------------------------------------------- sweep chart

    /** Logical height of a sweep chart; its width is {@link #WIDTH}. */
    public double sweepHeight(SweepChart chart) {
        return plotTop() + PLOT_HEIGHT + 36 + (Math.min(chart.capacities().size(), MAX_CAPACITIES) + 1) * ROW + PAD;
    }

    private static double plotTop() {
        return PAD + 36;
    }

    /**
     * Draws peak memory against the swept parameter with horizontal capacity lines, the largest value fitting under
     * each line marked on the axis, and the workload's own value ringed, at (0, 0).
     */
    public void drawSweep(Graphics2D g, SweepChart chart) {
        prepare(g);
        List<CapacityLine> caps = chart.capacities().subList(0, Math.min(chart.capacities().size(), MAX_CAPACITIES));
        List<Long> xs = chart.xs();
        List<Long> ys = chart.peakBytes();

        long peakMax = 0;
        for (long y : ys) {
            peakMax = Math.max(peakMax, y);
        }
        long capMax = 0;
        for (CapacityLine c : caps) {
            capMax = Math.max(capMax, c.bytes());
        }
        double yMaxGib = (capMax > 0 ? Math.max(capMax * 1.15, Math.min(peakMax * 1.04, capMax * 3.0))
                : peakMax * 1.04) / ReportText.BYTES_PER_GIB;
        double[] yTicks = ticks(yMaxGib, 5);
        double yTop = yTicks[yTicks.length - 1];

        g.setFont(small);
        double labelWidth = 0;
        for (double t : yTicks) {
            labelWidth = Math.max(labelWidth, width(tickLabel(t), small));
        }
        double left = PAD + labelWidth + 8;
        double right = WIDTH - PAD - 6;
        double top = plotTop();
        double bottom = top + PLOT_HEIGHT;
        XScale xScale = new XScale(xs.get(0), xs.get(xs.size() - 1), left + 8, right - 8);

        g.setFont(title);
        g.setColor(TEXT);
        drawString(g, chart.title(), PAD, PAD + 13);
        g.setFont(small);
        g.setColor(MUTED);
        drawString(g, text.get("chart.axis.memory"), PAD, top - 10);

        g.setStroke(new BasicStroke(0.6f));
        for (double t : yTicks) {
            double ty = bottom - t / yTop * PLOT_HEIGHT;
            g.setColor(GRID);
            g.draw(new Line2D.Double(left, ty, right, ty));
            g.setColor(MUTED);
            String label = tickLabel(t);
            drawString(g, label, left - 6 - width(label, small), ty + 3.5);
        }
        g.setColor(MUTED);
        g.draw(new Line2D.Double(left, bottom, right, bottom));
        double lastLabelEnd = Double.NEGATIVE_INFINITY;
        for (long x : xs) {
            double px = xScale.map(x);
            g.draw(new Line2D.Double(px, bottom, px, bottom + 3));
            String label = xLabel(x);
            double lx = px - width(label, small) / 2;
            if (lx > lastLabelEnd + 4) {
                drawString(g, label, lx, bottom + 14);
                lastLabelEnd = lx + width(label, small);
            }
        }
        drawString(g, chart.axisLabel(), (left + right - width(chart.axisLabel(), body)) / 2, bottom + 28);

        Shape oldClip = g.getClip();
        g.clip(new Rectangle2D.Double(left - 4, top - 2, right - left + 8, PLOT_HEIGHT + 2));
        Path2D.Double curve = new Path2D.Double();
        for (int i = 0; i < xs.size(); i++) {
            double px = xScale.map(xs.get(i));
            double py = bottom - ys.get(i) / ReportText.BYTES_PER_GIB / yTop * PLOT_HEIGHT;
            if (i == 0) {
                curve.moveTo(px, py);
            } else {
                curve.lineTo(px, py);
            }
        }
        g.setColor(CURVE);
        g.setStroke(new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(curve);
        for (int i = 0; i < xs.size(); i++) {
            double px = xScale.map(xs.get(i));
            double py = bottom - ys.get(i) / ReportText.BYTES_PER_GIB / yTop * PLOT_HEIGHT;
            g.fill(new Ellipse2D.Double(px - 2.5, py - 2.5, 5, 5));
        }
        if (chart.current() >= xs.get(0) && chart.current() <= xs.get(xs.size() - 1)) {
            double px = xScale.map(chart.current());
            double py = bottom - interpolate(xScale, xs, ys, chart.current()) / ReportText.BYTES_PER_GIB / yTop
                    * PLOT_HEIGHT;
            g.setStroke(new BasicStroke(1.5f));
            g.draw(new Ellipse2D.Double(px - 6, py - 6, 12, 12));
        }
        for (int k = 0; k < caps.size(); k++) {
            CapacityLine c = caps.get(k);
            double cy = bottom - c.bytes() / ReportText.BYTES_PER_GIB / yTop * PLOT_HEIGHT;
            g.setColor(CAPACITY_COLOURS[k]);
            g.setStroke(dashed(1.4f));
            g.draw(new Line2D.Double(left, cy, right, cy));
            if (c.largestFitting() >= xs.get(0) && c.largestFitting() <= xs.get(xs.size() - 1)) {
                double fx = xScale.map(c.largestFitting());
                g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {1.5f, 2.5f}, 0f));
                g.draw(new Line2D.Double(fx, cy, fx, bottom));
                Path2D.Double marker = new Path2D.Double();
                marker.moveTo(fx, bottom - 1);
                marker.lineTo(fx - 5, bottom - 9);
                marker.lineTo(fx + 5, bottom - 9);
                marker.closePath();
                g.fill(marker);
            }
        }
        g.setClip(oldClip);

        double legendY = bottom + 36 + ROW - 4;
        g.setFont(small);
        g.setColor(CURVE);
        g.setStroke(new BasicStroke(2f));
        g.draw(new Line2D.Double(PAD, legendY - 4, PAD + 22, legendY - 4));
        g.fill(new Ellipse2D.Double(PAD + 8.5, legendY - 6.5, 5, 5));
        g.setColor(TEXT);
        String currentText = text.format("chart.sweep.curve", xLabel(chart.current()));
        drawString(g, currentText, PAD + 28, legendY);
        for (int k = 0; k < caps.size(); k++) {
            CapacityLine c = caps.get(k);
            double ly = legendY + (k + 1) * ROW;
            g.setColor(CAPACITY_COLOURS[k]);
            g.setStroke(dashed(1.4f));
            g.draw(new Line2D.Double(PAD, ly - 4, PAD + 22, ly - 4));
            g.setColor(TEXT);
            drawString(g, capacityLegend(chart, c), PAD + 28, ly);
        }
    }

    private String capacityLegend(SweepChart chart, CapacityLine c) {
        String capacity = text.format("chart.capacity", c.label(), text.gib(c.bytes()));
        if (c.largestFitting() < chart.xs().get(0)) {
            return text.format("chart.sweep.fitsNone", capacity, xLabel(chart.xs().get(0)));
        }
        return text.format("chart.sweep.fitsUpTo", capacity, text.integer(c.largestFitting()));
    }

    // ---------------------------------------------------------------- helpers

    private static void prepare(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    }

    private static void drawString(Graphics2D g, String s, double x, double y) {
        g.drawString(ReportFonts.printable(s), (float) x, (float) y);
    }

    private static double width(String s, Font font) {
        return font.getStringBounds(ReportFonts.printable(s), FRC).getWidth();
    }

    private static Stroke dashed(float width) {
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 3f}, 0f);
    }

    /** Round tick values from 0 to at least {@code max}, about {@code count} of them (1-2-5 steps). */
    static double[] ticks(double max, int count) {
        double safeMax = max > 0 ? max : 1;
        double raw = safeMax / count;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double norm = raw / magnitude;
        double step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
        int n = (int) Math.ceil(safeMax / step - 1e-9);
        double[] out = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            out[i] = i * step;
        }
        return out;
    }

    private String tickLabel(double gib) {
        return gib == Math.rint(gib) ? text.integer((long) gib) : text.number(gib, 1);
    }

    /** Sequence lengths are multiples of 1024 and read best as {@code 4K}; other values are plain. */
    private String xLabel(long x) {
        return x >= 1024 && x % 1024 == 0 ? (x / 1024) + "K" : text.integer(x);
    }

    private static double interpolate(XScale scale, List<Long> xs, List<Long> ys, long x) {
        for (int i = 1; i < xs.size(); i++) {
            if (x <= xs.get(i)) {
                double a = scale.map(xs.get(i - 1));
                double b = scale.map(xs.get(i));
                double t = b == a ? 0 : (scale.map(x) - a) / (b - a);
                return ys.get(i - 1) + t * (ys.get(i) - ys.get(i - 1));
            }
        }
        return ys.get(ys.size() - 1);
    }

    /** Logarithmic (base 2) when the values span a factor of 8 or more, as batch and length sweeps do; else linear. */
    private record XScale(long min, long max, double left, double right) {
        double map(long x) {
            if (max == min) {
                return (left + right) / 2;
            }
            if (min > 0 && max / (double) min >= 8) {
                return left + (Math.log(x) - Math.log(min)) / (Math.log(max) - Math.log(min)) * (right - left);
            }
            return left + (double) (x - min) / (max - min) * (right - left);
        }
    }
}
