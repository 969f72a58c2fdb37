package com.vramadvisor.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * The report's charts as one PNG: the breakdown bar above the sweep charts, drawn at {@link #SCALE} times their
 * logical size so they stay sharp on high-density screens and in slides.
 */
public final class PngReportWriter implements ReportWriter {

    /** Pixels per logical unit. */
    public static final int SCALE = 2;
    private static final double GAP = 8;

    @Override
    public void write(ReportModel model, Path target) throws ReportWriteException {
        ReportFiles.write(target, out -> {
            if (!ImageIO.write(render(model), "png", out)) {
                throw new IOException("no PNG encoder available");
            }
        });
    }

    /** Logical size of the image: {@link ChartRenderer#WIDTH} wide; the PNG is {@link #SCALE} times this. */
    public static double logicalHeight(ReportModel model) {
        ChartRenderer renderer = new ChartRenderer(ReportText.of(model.locale()));
        double h = renderer.breakdownHeight(model.breakdown());
        for (SweepChart s : model.sweeps()) {
            h += GAP + renderer.sweepHeight(s);
        }
        return h;
    }

    /** Renders the charts stacked top to bottom at {@link #SCALE}. */
    public static BufferedImage render(ReportModel model) {
        ChartRenderer renderer = new ChartRenderer(ReportText.of(model.locale()));
        int width = (int) Math.ceil(ChartRenderer.WIDTH * SCALE);
        int height = (int) Math.ceil(logicalHeight(model) * SCALE);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.scale(SCALE, SCALE);
            AffineTransform origin = g.getTransform();
            renderer.drawBreakdown(g, model.breakdown());
            double y = renderer.breakdownHeight(model.breakdown());
            for (SweepChart s : model.sweeps()) {
                y += GAP;
                g.setTransform(origin);
                g.translate(0, y);
                renderer.drawSweep(g, s);
                y += renderer.sweepHeight(s);
            }
        } finally {
            g.dispose();
        }
        return image;
    }
}
