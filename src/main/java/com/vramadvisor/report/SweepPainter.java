package com.vramadvisor.report;

import static com.vramadvisor.report.ChartStyle.CURVE;
import static com.vramadvisor.report.ChartStyle.GRID;
import static com.vramadvisor.report.ChartStyle.MAX_CAPACITIES;
import static com.vramadvisor.report.ChartStyle.MUTED;
import static com.vramadvisor.report.ChartStyle.PAD;
import static com.vramadvisor.report.ChartStyle.ROW;
import static com.vramadvisor.report.ChartStyle.TEXT;
import static com.vramadvisor.report.ChartStyle.capacityColour;
import static com.vramadvisor.report.ChartStyle.capacityStroke;
import static com.vramadvisor.report.ChartStyle.dashed;
import static com.vramadvisor.report.ChartStyle.drawString;
import static com.vramadvisor.report.ChartStyle.prepare;
import static com.vramadvisor.report.ChartStyle.ticks;
import static com.vramadvisor.report.ChartStyle.width;

import java.awt.BasicStroke;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * Peak memory against a swept parameter, with horizontal capacity lines, the largest value fitting under each line
 * marked on the axis, the workload's own value ringed, and a legend.
 */
final class SweepPainter {

    /** The serving marker (KV capacity) colour: an amber apart from the curve and the capacity lines. */
    private static final java.awt.Color MARKER = new java.awt.Color(0xB0, 0x6A, 0x00);

    private static final double WIDTH = ChartRenderer.WIDTH;
    private static final double PLOT_HEIGHT = 180;

    private final ChartStyle style;
    private final ReportText text;
    private final Font title;
    private final Font body;
    private final Font small;

    SweepPainter(ChartStyle style) {
        this.style = style;
        this.text = style.text();
        this.title = style.title();
        this.body = style.body();
        this.small = style.small();
    }

    double height(SweepChart chart) {
        int legendRows = Math.min(chart.capacities().size(), MAX_CAPACITIES) + 1 + (offChart(chart) ? 1 : 0);
        return plotTop() + PLOT_HEIGHT + 36 + legendRows * ROW + PAD;
    }

    /**
     * The top of the memory axis in bytes, before rounding to a tick. It shows every capacity line with room above,
     * and the curve up to three times the largest line, or twice the smallest peak where even that is above it, so
     * a workload far beyond every line is still drawn; points above are marked at the top edge.
     */
    private static double scaleTopBytes(SweepChart chart) {
        long peakMax = 0;
        long peakMin = Long.MAX_VALUE;
        for (long y : chart.peakBytes()) {
            peakMax = Math.max(peakMax, y);
            peakMin = Math.min(peakMin, y);
        }
        long capMax = 0;
        for (CapacityLine c : shown(chart)) {
            capMax = Math.max(capMax, c.bytes());
        }
        return capMax > 0 ? Math.max(capMax * 1.15, Math.min(peakMax * 1.04, Math.max(capMax * 3.0, peakMin * 2.0)))
                : peakMax * 1.04;
    }

    /** Whether some point lies above the memory axis and is marked at its top edge instead. */
    static boolean offChart(SweepChart chart) {
        double top = yTopGib(chart) * ReportText.BYTES_PER_GIB;
        return chart.peakBytes().stream().anyMatch(y -> y > top);
    }

    private static double yTopGib(SweepChart chart) {
        double[] yTicks = ticks(scaleTopBytes(chart) / ReportText.BYTES_PER_GIB, 5);
        return yTicks[yTicks.length - 1];
    }

    private static List<CapacityLine> shown(SweepChart chart) {
        return chart.capacities().subList(0, Math.min(chart.capacities().size(), MAX_CAPACITIES));
    }

    private static double plotTop() {
        return PAD + 36;
    }

    /**
     * Draws peak memory against the swept parameter with horizontal capacity lines, the largest value fitting under
     * each line marked on the axis, and the workload's own value ringed, at (0, 0).
     */
    void draw(Graphics2D g, SweepChart chart) {
        prepare(g);
        List<CapacityLine> caps = shown(chart);
        List<Long> xs = chart.xs();
        List<Long> ys = chart.peakBytes();

        double[] yTicks = ticks(scaleTopBytes(chart) / ReportText.BYTES_PER_GIB, 5);
        double yTop = yTicks[yTicks.length - 1];

        g.setFont(small);
        double labelWidth = 0;
        for (double t : yTicks) {
            labelWidth = Math.max(labelWidth, width(style.tickLabel(t), small));
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
            String label = style.tickLabel(t);
            drawString(g, label, left - 6 - width(label, small), ty + 3.5);
        }
        g.setColor(MUTED);
        g.draw(new Line2D.Double(left, bottom, right, bottom));
        double lastLabelEnd = Double.NEGATIVE_INFINITY;
        for (long x : xs) {
            double px = xScale.map(x);
            g.draw(new Line2D.Double(px, bottom, px, bottom + 3));
            String label = style.xLabel(chart, x);
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
            g.fill(py < top ? offChartMarker(px, top) : new Ellipse2D.Double(px - 2.5, py - 2.5, 5, 5));
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
            g.setColor(capacityColour(k));
            g.setStroke(capacityStroke(k));
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
        g.setFont(small);
        for (ReportModel.Marker m : chart.markers()) {
            if (m.x() < xs.get(0) || m.x() > xs.get(xs.size() - 1)) {
                continue;
            }
            double mx = xScale.map(Math.max(1, m.x()));
            g.setColor(MARKER);
            g.setStroke(dashed(1.4f));
            g.draw(new Line2D.Double(mx, top, mx, bottom));
            double w = width(m.label(), small);
            drawString(g, m.label(), mx + 4 + w > right ? mx - 4 - w : mx + 4, top + 12);
        }
        g.setClip(oldClip);

        double legendY = bottom + 36 + ROW - 4;
        g.setFont(small);
        g.setColor(CURVE);
        g.setStroke(new BasicStroke(2f));
        g.draw(new Line2D.Double(PAD, legendY - 4, PAD + 22, legendY - 4));
        g.fill(new Ellipse2D.Double(PAD + 8.5, legendY - 6.5, 5, 5));
        g.setColor(TEXT);
        String currentText = text.format("chart.sweep.curve", style.xLabel(chart, chart.current()));
        drawString(g, currentText, PAD + 28, legendY);
        for (int k = 0; k < caps.size(); k++) {
            CapacityLine c = caps.get(k);
            double ly = legendY + (k + 1) * ROW;
            g.setColor(capacityColour(k));
            g.setStroke(capacityStroke(k));
            g.draw(new Line2D.Double(PAD, ly - 4, PAD + 22, ly - 4));
            g.setColor(TEXT);
            drawString(g, capacityLegend(chart, c), PAD + 28, ly);
        }
        if (offChart(chart)) {
            double ly = legendY + (caps.size() + 1) * ROW;
            g.setColor(CURVE);
            g.fill(offChartMarker(PAD + 11, ly - 9));
            g.setColor(TEXT);
            drawString(g, text.format("chart.sweep.offChart", text.gib(ys.stream().mapToLong(Long::longValue).max()
                    .orElse(0))), PAD + 28, ly);
        }
    }

    /** An upward triangle with its tip on the top edge of the plot: a point above the scale. */
    private static Shape offChartMarker(double x, double top) {
        Path2D.Double marker = new Path2D.Double();
        marker.moveTo(x, top);
        marker.lineTo(x - 5, top + 8);
        marker.lineTo(x + 5, top + 8);
        marker.closePath();
        return marker;
    }

    private String capacityLegend(SweepChart chart, CapacityLine c) {
        String capacity = text.format("chart.capacity", c.label(), text.gib(c.bytes()));
        if (c.largestFitting() < chart.xs().get(0)) {
            return text.format("chart.sweep.fitsNone", capacity, style.xLabel(chart, chart.xs().get(0)));
        }
        return text.format("chart.sweep.fitsUpTo", capacity, text.integer(c.largestFitting()));
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
        double map(double x) {
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
