package com.vramadvisor.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.util.Map;

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
    /** Dark, distinct colours for up to four capacity lines; more are not drawn. */
    static final Color[] CAPACITY_COLOURS = {
        new Color(0x22, 0x22, 0x22), new Color(0x8E, 0x2C, 0x8E), new Color(0x0B, 0x7A, 0x5A),
        new Color(0xB3, 0x50, 0x00)};
    static final int MAX_CAPACITIES = CAPACITY_COLOURS.length;

    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);
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
    /**
     * Parts without a colour of their own (the named parts of the workloads beyond language models) take Tableau 10
     * in order of their place in the bar, so up to ten parts side by side never share a colour.
     */
    private static final Color[] FALLBACK = {new Color(0x9C755F), new Color(0xFF9DA7), new Color(0x4E79A7),
        new Color(0xF28E2B), new Color(0x59A14F), new Color(0xE15759), new Color(0x76B7B2), new Color(0xEDC948),
        new Color(0xB07AA1), new Color(0xBAB0AC)};

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

    static Color componentColour(String componentId, int index) {
        Color c = COMPONENT_COLOURS.get(componentId);
        return c != null ? c : FALLBACK[index % FALLBACK.length];
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
