package com.vramadvisor.report;

import java.awt.Color;
import java.awt.Graphics2D;

import com.vramadvisor.report.ReportModel.BreakdownChart;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * Draws the report charts on any {@link Graphics2D}: a {@link java.awt.image.BufferedImage} for PNG, or
 * PDFBox's Graphics2D bridge for vector PDF, with the same geometry in both. Sizes are in logical units (1 unit = 1
 * PNG pixel at scale 1 = 1 PDF point before the chart is fitted to the page); every chart is {@link #WIDTH} wide and
 * is drawn with its top left corner at (0, 0).
 */
public final class ChartRenderer {

    /** Logical width of every chart. */
    public static final double WIDTH = 640;

    private final BreakdownPainter breakdown;
    private final SweepPainter sweep;

    public ChartRenderer(ReportText text) {
        ChartStyle style = new ChartStyle(text);
        this.breakdown = new BreakdownPainter(style);
        this.sweep = new SweepPainter(style);
    }

    /** Colour of a bar segment, the same in every chart and format and in the window ({@link WindowColours}). */
    public static Color colour(ReportModel.Segment segment) {
        return ChartStyle.colour(segment);
    }

    /** Logical height of the breakdown chart. */
    public double breakdownHeight(BreakdownChart chart) {
        return breakdown.height(chart);
    }

    /** Draws the stacked bar of the peak phase with capacity lines, ticks in GiB and a legend. */
    public void drawBreakdown(Graphics2D g, BreakdownChart chart) {
        breakdown.draw(g, chart);
    }

    /** Logical height of a sweep chart. */
    public double sweepHeight(SweepChart chart) {
        return sweep.height(chart);
    }

    /**
     * Draws peak memory against the swept parameter with horizontal capacity lines, the largest value fitting under
     * each line marked on the axis, and the workload's own value ringed.
     */
    public void drawSweep(Graphics2D g, SweepChart chart) {
        sweep.draw(g, chart);
    }
}
