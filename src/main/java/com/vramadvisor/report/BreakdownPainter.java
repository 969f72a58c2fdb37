package com.vramadvisor.report;

import static com.vramadvisor.report.ChartStyle.MAX_CAPACITIES;
import static com.vramadvisor.report.ChartStyle.MUTED;
import static com.vramadvisor.report.ChartStyle.PAD;
import static com.vramadvisor.report.ChartStyle.ROW;
import static com.vramadvisor.report.ChartStyle.TEXT;
import static com.vramadvisor.report.ChartStyle.capacityColour;
import static com.vramadvisor.report.ChartStyle.capacityStroke;
import static com.vramadvisor.report.ChartStyle.colour;
import static com.vramadvisor.report.ChartStyle.drawString;
import static com.vramadvisor.report.ChartStyle.prepare;
import static com.vramadvisor.report.ChartStyle.ticks;
import static com.vramadvisor.report.ChartStyle.width;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.Capacity;
import com.vramadvisor.report.ReportModel.Segment;

/**
 * The stacked bar of the components at the peak phase, with capacity lines, an axis in GiB and a legend; when the
 * chart has a range, a translucent band over the bar spans the estimate's low to high end (docs/verifying.md).
 */
final class BreakdownPainter {

    private static final double WIDTH = ChartRenderer.WIDTH;
    private static final double BAR_HEIGHT = 30;
    /** The range band: translucent grey, so the segments show through. */
    static final Color RANGE_FILL = new Color(40, 40, 40, 40);

    private final ChartStyle style;
    private final ReportText text;
    private final Font title;
    private final Font small;

    BreakdownPainter(ChartStyle style) {
        this.style = style;
        this.text = style.text();
        this.title = style.title();
        this.small = style.small();
    }

    double height(BreakdownChart chart) {
        return barTop(chart) + BAR_HEIGHT + 30 + legendRows(chart) * ROW + PAD;
    }

    private double barTop(BreakdownChart chart) {
        return PAD + 24 + Math.min(chart.capacities().size(), MAX_CAPACITIES) * ROW + 4;
    }

    private int legendRows(BreakdownChart chart) {
        return (chart.segments().size() + 2) / 3;
    }

    /** Draws the stacked bar of the peak phase with capacity lines, ticks in GiB and a legend, at (0, 0). */
    void draw(Graphics2D g, BreakdownChart chart) {
        prepare(g);
        double left = PAD + 4;
        double right = WIDTH - PAD - 4;
        double top = barTop(chart);
        List<Capacity> caps = chart.capacities().subList(0, Math.min(chart.capacities().size(), MAX_CAPACITIES));

        g.setFont(title);
        g.setColor(TEXT);
        drawString(g, chart.title(), PAD, PAD + 13);

        double scale = scale(chart, left, right);
        double[] ticks = ticks(axisMaxBytes(chart) / ReportText.BYTES_PER_GIB, 6);
        List<ShareLabel> shares = shareLabels(chart);

        double x = left;
        for (Segment s : chart.segments()) {
            double w = s.bytes() * scale;
            g.setColor(colour(s));
            g.fill(new Rectangle2D.Double(x, top, w, BAR_HEIGHT));
            x += w;
        }
        g.setColor(TEXT);
        g.setStroke(new BasicStroke(0.8f));
        g.draw(new Rectangle2D.Double(left, top, x - left, BAR_HEIGHT));
        if (chart.hasRange()) {
            double lowX = left + chart.rangeLowBytes() * scale;
            double highX = left + chart.rangeHighBytes() * scale;
            g.setColor(RANGE_FILL);
            g.fill(new Rectangle2D.Double(lowX, top - 3, highX - lowX, BAR_HEIGHT + 6));
            g.setColor(MUTED);
            g.draw(new Line2D.Double(lowX, top - 3, lowX, top + BAR_HEIGHT + 3));
            g.draw(new Line2D.Double(highX, top - 3, highX, top + BAR_HEIGHT + 3));
        }

        double axisY = top + BAR_HEIGHT + 4;
        g.setColor(MUTED);
        g.draw(new Line2D.Double(left, axisY, right, axisY));
        g.setFont(small);
        for (double t : ticks) {
            double tx = left + t * ReportText.BYTES_PER_GIB * scale;
            g.draw(new Line2D.Double(tx, axisY, tx, axisY + 3));
            String label = style.tickLabel(t);
            drawString(g, label, Math.min(tx - width(label, small) / 2, right - width(label, small)), axisY + 14);
        }
        drawString(g, "GiB", right - width("GiB", small), axisY + 26);

        // Lines first, then their labels on white, so that no line runs through another line's label; the lines
        // also leave a gap where they cross a segment's share, which would otherwise read as struck through.
        for (int k = 0; k < caps.size(); k++) {
            double cx = capacityX(chart, caps.get(k));
            double labelY = PAD + 24 + k * ROW + 11;
            g.setColor(capacityColour(k));
            g.setStroke(capacityStroke(k));
            drawAround(g, cx, labelY + 3, top + BAR_HEIGHT + 6, shares);
        }
        g.setFont(small);
        for (ShareLabel share : shares) {
            g.setColor(ChartStyle.textOn(share.fill()));
            drawString(g, share.text(), share.box().getX() + 1, share.box().getMaxY() - 3);
        }
        g.setFont(small);
        for (int k = 0; k < caps.size(); k++) {
            Capacity c = caps.get(k);
            double cx = capacityX(chart, c);
            double labelY = PAD + 24 + k * ROW + 11;
            String label = text.format("chart.capacity", c.label(), text.gib(c.bytes()));
            double lw = width(label, small);
            double lx = cx - lw - 4 >= left ? cx - lw - 4 : Math.min(cx + 4, right - lw);
            g.setColor(Color.WHITE);
            g.fill(new Rectangle2D.Double(lx - 2, labelY - 10, lw + 4, 13));
            g.setColor(capacityColour(k));
            drawString(g, label, lx, labelY);
        }

        double legendTop = axisY + 30;
        double columnWidth = (WIDTH - 2 * PAD) / 3;
        int i = 0;
        for (Segment s : chart.segments()) {
            double lx = PAD + (i % 3) * columnWidth;
            double ly = legendTop + (i / 3) * ROW;
            g.setColor(colour(s));
            g.fill(new Rectangle2D.Double(lx, ly - 9, 10, 10));
            g.setColor(TEXT);
            g.setFont(small);
            drawString(g, s.label() + "  " + text.gib(s.bytes()), lx + 14, ly);
            i++;
        }
    }

    /** A segment's share of the peak as drawn inside the bar: its text, the box it needs, and the segment colour. */
    record ShareLabel(String text, Rectangle2D box, Color fill) {
    }

    /** The share labels the bar has room for, in segment order, in the chart's logical coordinates. */
    List<ShareLabel> shareLabels(BreakdownChart chart) {
        double left = PAD + 4;
        double scale = scale(chart, left, WIDTH - PAD - 4);
        double top = barTop(chart);
        List<ShareLabel> out = new ArrayList<>();
        double x = left;
        for (Segment s : chart.segments()) {
            double w = s.bytes() * scale;
            String share = text.percent((double) s.bytes() / Math.max(1, chart.totalBytes()));
            double sw = width(share, small);
            if (sw + 6 < w) {
                out.add(new ShareLabel(share, new Rectangle2D.Double(x + (w - sw) / 2 - 1, top + BAR_HEIGHT / 2 - 6,
                        sw + 2, 13), colour(s)));
            }
            x += w;
        }
        return out;
    }

    /** Logical x of a capacity line. */
    double capacityX(BreakdownChart chart, Capacity c) {
        double left = PAD + 4;
        return left + c.bytes() * scale(chart, left, WIDTH - PAD - 4);
    }

    private static double axisMaxBytes(BreakdownChart chart) {
        long maxBytes = Math.max(chart.totalBytes(), chart.hasRange() ? chart.rangeHighBytes() : 0);
        for (Capacity c : chart.capacities().subList(0, Math.min(chart.capacities().size(), MAX_CAPACITIES))) {
            maxBytes = Math.max(maxBytes, c.bytes());
        }
        return maxBytes * 1.04;
    }

    private static double scale(BreakdownChart chart, double left, double right) {
        double[] ticks = ticks(axisMaxBytes(chart) / ReportText.BYTES_PER_GIB, 6);
        return (right - left) / (ticks[ticks.length - 1] * ReportText.BYTES_PER_GIB);
    }

    /** A vertical line from {@code y0} down to {@code y1} at {@code x}, broken where it crosses a share label. */
    private static void drawAround(Graphics2D g, double x, double y0, double y1, List<ShareLabel> shares) {
        double from = y0;
        for (ShareLabel share : shares) {
            Rectangle2D box = share.box();
            if (x >= box.getMinX() - 1 && x <= box.getMaxX() + 1 && box.getMaxY() > from && box.getMinY() < y1) {
                g.draw(new Line2D.Double(x, from, x, box.getMinY()));
                from = box.getMaxY();
            }
        }
        g.draw(new Line2D.Double(x, from, x, y1));
    }
}
