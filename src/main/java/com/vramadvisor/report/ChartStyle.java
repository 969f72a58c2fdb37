package com.vramadvisor.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;

/**
 * What the report charts share: fonts, colours, spacing, and text measured with a fixed font render context rather
 * than the target's metrics, so that a chart has the same geometry on a bitmap and in a PDF.
 */
final class ChartStyle {

    static final double PAD = 12;
    static final double ROW = 16;
    static final Color TEXT = new Color(0x22, 0x22, 0x22);
    static final Color MUTED = new Color(0x66, 0x66, 0x66);
    static final Color GRID = new Color(0xE3, 0xE3, 0xE3);
    static final Color CURVE = new Color(0x1F, 0x5F, 0xA8);
    /** At most this many capacity lines are drawn. */
    static final int MAX_CAPACITIES = 4;
    /** The window's dash for capacity lines ({@code .capacity-line} in the results sheet), in points. */
    private static final float[] CAPACITY_DASH = {6f, 4f};

    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);
    private final ReportText text;
    private final Font title;
    private final Font body;
    private final Font small;

    ChartStyle(ReportText text) {
        this.text = text;
        Font base = ReportFonts.awtFont();
        this.title = base.deriveFont(Font.BOLD, 13f);
        this.body = base.deriveFont(Font.PLAIN, 11f);
        this.small = base.deriveFont(Font.PLAIN, 10f);
    }

    ReportText text() {
        return text;
    }

    Font title() {
        return title;
    }

    Font body() {
        return body;
    }

    Font small() {
        return small;
    }

    /** A segment's colour: the one the window draws it in ({@link WindowColours}). */
    static Color colour(ReportModel.Segment segment) {
        return WindowColours.colourOf(segment.colourClass());
    }

    /**
     * The colour of the {@code k}-th capacity line, as the window's sweep chart draws it: the chosen GPU's
     * ({@code k == 0}) in the theme's danger colour, the others muted.
     */
    static Color capacityColour(int k) {
        return WindowColours.token(k == 0 ? "-color-danger-emphasis" : "-color-fg-muted");
    }

    /** The stroke of the {@code k}-th capacity line: the window's dash, the chosen GPU's line wider. */
    static Stroke capacityStroke(int k) {
        return new BasicStroke(k == 0 ? 2f : 1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, CAPACITY_DASH,
                0f);
    }

    /**
     * White where it reaches the 4.5:1 WCAG 2 contrast ratio that small text needs, else white or black, whichever
     * contrasts more with {@code fill}: white on the KV cache's yellow is barely legible. Black rather than
     * {@link #TEXT}, which stays under 4.5:1 on the activations' red.
     */
    static Color textOn(Color fill) {
        double white = contrast(fill, Color.WHITE);
        return white >= 4.5 || white >= contrast(fill, Color.BLACK) ? Color.WHITE : Color.BLACK;
    }

    /** WCAG 2 contrast ratio of two colours, 1 to 21. */
    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(int channel) {
        double v = channel / 255.0;
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    static void prepare(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    }

    static void drawString(Graphics2D g, String s, double x, double y) {
        g.drawString(ReportFonts.printable(s), (float) x, (float) y);
    }

    static double width(String s, Font font) {
        return font.getStringBounds(ReportFonts.printable(s), FRC).getWidth();
    }

    static Stroke dashed(float width) {
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

    String tickLabel(double gib) {
        return gib == Math.rint(gib) ? text.integer((long) gib) : text.number(gib, 1);
    }

    /** Sequence lengths are multiples of 1024 and read best as {@code 4K}; other values are plain. */
    String xLabel(long x) {
        return x >= 1024 && x % 1024 == 0 ? (x / 1024) + "K" : text.integer(x);
    }

    /**
     * A value on a sweep's x axis: batch and token counts as {@link #xLabel(long)}; the axes of other workloads
     * (atoms, cells, pixels) from a million up in decimal steps with three significant digits ({@code 105M},
     * {@code 1.68B}), since their values are rarely multiples of 1,024.
     */
    String xLabel(ReportModel.SweepChart chart, long x) {
        boolean tokens = chart.id().equals("batch") || chart.id().equals("sequence") || chart.id().equals("context");
        if (tokens || x < 1_000_000) {
            return xLabel(x);
        }
        String[] units = {"M", "B", "T", "P"};
        double v = x / 1e6;
        int u = 0;
        while (v >= 999.5 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        int decimals = v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2;
        String n = text.number(v, decimals);
        return (decimals == 0 ? n : n.replaceAll("0+$", "").replaceAll("[.,]$", "")) + units[u];
    }
}
