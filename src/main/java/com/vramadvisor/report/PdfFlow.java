package com.vramadvisor.report;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDStructureElement;
import org.apache.pdfbox.pdmodel.documentinterchange.taggedpdf.StandardStructureTypes;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.apache.pdfbox.util.Matrix;

/**
 * Lays out text, tables and charts top to bottom over A4 pages, starting a new page whenever the next block would
 * not fit. A table row is never split across pages; a table continued on a new page repeats its header.
 * Coordinates: {@code y} runs down from the top of the page, as in the layout; PDF's bottom-up coordinates are
 * confined to {@link #pdfY(double)}. Pages are A4, portrait unless a wide table asks for landscape.
 */
final class PdfFlow {

    static final PDRectangle PORTRAIT = PDRectangle.A4;
    static final PDRectangle LANDSCAPE = new PDRectangle(PDRectangle.A4.getHeight(), PDRectangle.A4.getWidth());
    static final float MARGIN_X = 50;
    static final float MARGIN_TOP = 54;
    static final float MARGIN_BOTTOM = 54;
    static final Color TEXT = new Color(0x1E, 0x1E, 0x1E);
    static final Color MUTED = new Color(0x5F, 0x5F, 0x5F);
    static final Color RULE = new Color(0xC8, 0xC8, 0xC8);
    static final Color HEADER_FILL = new Color(0xEE, 0xF1, 0xF5);
    static final Color ACCENT = new Color(0x1F, 0x4E, 0x8C);

    private final PDDocument document;
    private final PDFont font;
    private final String runningHeader;
    private final PdfTags tags;
    private PDRectangle size = PORTRAIT;
    private PDPageContentStream stream;
    private double y;

    /** @param languageTag the text's language as a BCP 47 tag, for the document's /Lang and its structure */
    PdfFlow(PDDocument document, PDFont font, String runningHeader, String languageTag) throws IOException {
        this.document = document;
        this.font = font;
        this.runningHeader = runningHeader;
        this.tags = new PdfTags(document, languageTag);
        startPage();
    }

    PDDocument document() {
        return document;
    }

    PDFont font() {
        return font;
    }

    float contentWidth() {
        return size.getWidth() - 2 * MARGIN_X;
    }

    /** Continues on A4 landscape (for wide tables) or portrait, starting a new page when the orientation changes. */
    void orientation(boolean landscape) throws IOException {
        PDRectangle wanted = landscape ? LANDSCAPE : PORTRAIT;
        if (wanted != size) {
            size = wanted;
            startPage();
        }
    }

    /** Distance from the cursor to the bottom margin. */
    double remaining() {
        return size.getHeight() - MARGIN_BOTTOM - y;
    }

    void gap(double height) {
        y += height;
    }

    /** Starts a new page unless {@code height} still fits on this one. */
    void ensure(double height) throws IOException {
        if (height > remaining() && y > MARGIN_TOP + 1) {
            startPage();
        }
    }

    void newPage() throws IOException {
        startPage();
    }

    private void startPage() throws IOException {
        if (stream != null) {
            stream.close();
        }
        PDPage page = new PDPage(size);
        document.addPage(page);
        tags.page(page);
        stream = new PDPageContentStream(document, page);
        y = MARGIN_TOP;
        if (document.getNumberOfPages() > 1 && !runningHeader.isEmpty()) {
            // One line across the content width: a long subject is cut at a word and ends in an ellipsis.
            List<String> header = wrap(runningHeader, 8, contentWidth() - width(" \u2026", 8));
            text(null, header.size() > 1 ? header.get(0) + " \u2026" : runningHeader, 8, MUTED, false, MARGIN_X,
                    MARGIN_TOP - 22);
            rule(MARGIN_TOP - 16, RULE, 0.5f);
        }
    }

    // ---------------------------------------------------------------- text blocks

    /** A section heading (H2), kept together with at least {@code keepWithNext} points of what follows. */
    void heading(String title, float size, double keepWithNext) throws IOException {
        double height = size * 1.9;
        ensure(height + keepWithNext);
        y += size * 1.3;
        text(tags.block(StandardStructureTypes.H2), title, size, ACCENT, true, MARGIN_X, y);
        y += size * 0.6;
    }

    /** A wrapped paragraph across the content width. */
    void paragraph(String content, float size, Color colour) throws IOException {
        paragraph(StandardStructureTypes.P, content, size, colour);
    }

    /** A wrapped block across the content width, tagged as {@code type} (P, or H1 for the report's title). */
    void paragraph(String type, String content, float size, Color colour) throws IOException {
        double line = size * 1.4;
        PDStructureElement owner = null;
        for (String l : wrap(content, size, contentWidth())) {
            ensure(line);
            y += line;
            // A block continued on a new page becomes a second element of the same type there.
            owner = owner == null || owner.getPage() != currentPage() ? tags.block(type) : owner;
            text(owner, l, size, colour, false, MARGIN_X, y - size * 0.3);
        }
    }

    /** Bulleted items, each wrapped with a hanging indent. */
    void bullets(List<String> items, float size) throws IOException {
        double indent = 12;
        double line = size * 1.4;
        PDStructureElement list = tags.block(StandardStructureTypes.L);
        for (String item : items) {
            List<String> lines = wrap(item, size, contentWidth() - indent);
            PDStructureElement listItem = tags.element(list, StandardStructureTypes.LI);
            PDStructureElement body = null;
            for (int i = 0; i < lines.size(); i++) {
                ensure(line);
                y += line;
                if (i == 0) {
                    text(tags.element(listItem, StandardStructureTypes.LBL), "\u2022", size, ACCENT, false,
                            MARGIN_X + 2, y - size * 0.3);
                    body = tags.element(listItem, StandardStructureTypes.L_BODY);
                }
                text(body, lines.get(i), size, TEXT, false, MARGIN_X + indent, y - size * 0.3);
            }
            y += size * 0.3;
        }
    }

    // ---------------------------------------------------------------- tables

    /**
     * Draws a table over the content width. Column widths follow the widest cell, shrunk to fit by wrapping the
     * widest columns; each row is kept on one page, and the header is repeated at the top of every continuation.
     */
    void table(PdfTable table) throws IOException {
        float size = table.fontSize();
        double padX = 4;
        double padY = 3;
        double line = size * 1.3;
        double[] widths = table.columnWidths(this, contentWidth(), padX);

        List<List<String>> header = wrapRow(table.headers(), widths, size, padX, true);
        double headerHeight = rowHeight(header, line, padY);
        ensure(headerHeight + rowHeight(wrapRow(table.rows().isEmpty() ? table.headers() : table.rows().get(0),
                widths, size, padX, table.rows().isEmpty()), line, padY));
        PDStructureElement element = tags.block(StandardStructureTypes.TABLE);
        drawRow(tags.element(element, StandardStructureTypes.TR), header, widths, table, line, padY, true, false);
        for (int r = 0; r < table.rows().size(); r++) {
            List<List<String>> cells = wrapRow(table.rows().get(r), widths, size, padX, false);
            double h = rowHeight(cells, line, padY);
            if (h > remaining()) {
                startPage();
                // The header repeated on a continuation page is page furniture, not a second header row.
                drawRow(null, header, widths, table, line, padY, true, false);
            }
            boolean emphasised = table.emphasiseLastRow() && r == table.rows().size() - 1;
            drawRow(tags.element(element, StandardStructureTypes.TR), cells, widths, table, line, padY, false,
                    emphasised);
        }
    }

    /** Each cell wrapped to its column; headers as labels (see {@link LineBreaker#wrapLabel}). */
    private List<List<String>> wrapRow(List<String> row, double[] widths, float size, double padX, boolean header) {
        List<List<String>> out = new ArrayList<>();
        for (int c = 0; c < widths.length; c++) {
            String cell = c < row.size() ? row.get(c) : "";
            out.add(header ? wrapLabel(cell, size, widths[c] - 2 * padX) : wrap(cell, size, widths[c] - 2 * padX));
        }
        return out;
    }

    private static double rowHeight(List<List<String>> cells, double line, double padY) {
        int lines = 1;
        for (List<String> c : cells) {
            lines = Math.max(lines, c.size());
        }
        return lines * line + 2 * padY;
    }

    /** One table row; {@code row} is its TR element, or {@code null} to draw it as an artifact. */
    private void drawRow(PDStructureElement row, List<List<String>> cells, double[] widths, PdfTable table,
                         double line, double padY, boolean header, boolean emphasised) throws IOException {
        float size = table.fontSize();
        double h = rowHeight(cells, line, padY);
        if (header) {
            PdfTags.artifact(stream, () -> {
                stream.setNonStrokingColor(HEADER_FILL);
                stream.addRect(MARGIN_X, (float) pdfY(y + h), contentWidth(), (float) h);
                stream.fill();
            });
        }
        double x = MARGIN_X;
        for (int c = 0; c < widths.length; c++) {
            List<String> lines = cells.get(c);
            PDStructureElement cell = row == null ? null
                    : tags.element(row, header ? StandardStructureTypes.TH : StandardStructureTypes.TD);
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                double tx = table.numeric(c) && !header
                        ? x + widths[c] - 4 - width(l, size) : x + 4;
                text(cell, l, size, header ? ACCENT : TEXT, header || emphasised, tx,
                        y + padY + (i + 1) * line - size * 0.3);
            }
            x += widths[c];
        }
        y += h;
        rule(y, header || emphasised ? MUTED : RULE, header ? 0.8f : 0.4f);
    }

    // ---------------------------------------------------------------- charts

    /**
     * Places a chart drawn into a form XObject, scaled to the content width, kept whole on one page, as a figure
     * whose alternate text is {@code description}.
     */
    void form(PDFormXObject form, double logicalWidth, double logicalHeight, String description) throws IOException {
        double scale = contentWidth() / logicalWidth;
        double h = logicalHeight * scale;
        ensure(h);
        PDStructureElement figure = tags.block(StandardStructureTypes.Figure);
        figure.setAlternateDescription(description);
        tags.mark(stream, figure, () -> {
            stream.saveGraphicsState();
            stream.transform(Matrix.getTranslateInstance(MARGIN_X, (float) pdfY(y + h)));
            stream.transform(Matrix.getScaleInstance((float) scale, (float) scale));
            stream.drawForm(form);
            stream.restoreGraphicsState();
        });
        y += h;
    }

    // ---------------------------------------------------------------- primitives

    /** Ends the last page and writes the document's structure. */
    void close() throws IOException {
        stream.close();
        tags.finish();
    }

    private PDPage currentPage() {
        return document.getPage(document.getNumberOfPages() - 1);
    }

    /**
     * Draws a single line of text with its baseline at layout position {@code top} (down from the page top), as
     * content of {@code owner}, or as an artifact when {@code owner} is {@code null}.
     */
    private void text(PDStructureElement owner, String content, float size, Color colour, boolean bold, double x,
                      double top) throws IOException {
        PdfTags.Drawing drawing = () -> drawText(stream, font, ReportFonts.printable(content), size, colour, bold, x,
                pdfY(top));
        if (owner == null) {
            PdfTags.artifact(stream, drawing);
        } else {
            tags.mark(stream, owner, drawing);
        }
    }

    static void drawText(PDPageContentStream cs, PDFont font, String content, float size, Color colour, boolean bold,
                         double x, double pdfY) throws IOException {
        // Text state (render mode, line width) outlives ET; save and restore it so a bold heading cannot
        // embolden what follows, such as the charts' text.
        cs.saveGraphicsState();
        cs.beginText();
        cs.setFont(font, size);
        cs.setNonStrokingColor(colour);
        if (bold) {
            // The typeface has no bold face; a thin outline stroke in the fill colour gives a clean synthetic bold.
            cs.setStrokingColor(colour);
            cs.setLineWidth(size * 0.035f);
            cs.setRenderingMode(RenderingMode.FILL_STROKE);
        }
        cs.newLineAtOffset((float) x, (float) pdfY);
        cs.showText(content);
        cs.endText();
        cs.restoreGraphicsState();
    }

    private void rule(double top, Color colour, float lineWidth) throws IOException {
        PdfTags.artifact(stream, () -> {
            stream.setStrokingColor(colour);
            stream.setLineWidth(lineWidth);
            stream.moveTo(MARGIN_X, (float) pdfY(top));
            stream.lineTo(MARGIN_X + contentWidth(), (float) pdfY(top));
            stream.stroke();
        });
    }

    private double pdfY(double top) {
        return size.getHeight() - top;
    }

    double width(String content, float size) throws IOException {
        return font.getStringWidth(ReportFonts.printable(content)) / 1000.0 * size;
    }

    /** Text broken into lines no wider than {@code maxWidth} at this font size (see {@link LineBreaker}). */
    List<String> wrap(String content, float size, double maxWidth) {
        return LineBreaker.wrap(ReportFonts.printable(content), maxWidth, line -> measure(line, size));
    }

    /** A label (a table header) broken into lines, see {@link LineBreaker#wrapLabel}. */
    List<String> wrapLabel(String content, float size, double maxWidth) {
        return LineBreaker.wrapLabel(ReportFonts.printable(content), maxWidth, line -> measure(line, size));
    }

    private double measure(String line, float size) {
        try {
            return width(line, size);
        } catch (IOException e) {
            throw new IllegalStateException("cannot measure text in the report font", e);
        }
    }
}
