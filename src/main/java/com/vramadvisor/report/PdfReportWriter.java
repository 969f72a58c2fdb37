package com.vramadvisor.report;

import java.awt.Graphics2D;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.documentinterchange.taggedpdf.StandardStructureTypes;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;

import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.Formula;
import com.vramadvisor.report.ReportModel.LabeledValue;
import com.vramadvisor.report.ReportModel.SweepChart;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;

/**
 * The report as an A4 PDF: title, date and versions, summary, inputs, the component table with the peak phase,
 * the breakdown and sweep charts as vector graphics, the decision table, and the assumptions and formulas with their
 * references. Text uses the embedded (subset) WenQuanYi Micro Hei, so it is searchable and copyable in both languages.
 */
public final class PdfReportWriter implements ReportWriter {

    private static final float BODY = 9.5f;
    private static final float TABLE = 8.5f;
    private static final float DECISION_TABLE = 7.5f;

    @Override
    public void write(ReportModel model, Path target) throws ReportWriteException {
        ReportFiles.write(target, out -> render(model, out));
    }

    /** Renders the report to a stream; used by {@link #write} and by tests. */
    public void render(ReportModel model, OutputStream out) throws IOException {
        ReportText text = ReportText.of(model.locale());
        try (PDDocument document = new PDDocument();
             ReportFonts.PdfFont pdfFont = ReportFonts.loadInto(document)) {
            PdfMetadata.describe(document, model);

            PDFont font = pdfFont.font();
            PdfFlow flow = new PdfFlow(document, font, model.title() + " \u00b7 " + model.subtitle(),
                    model.locale().toLanguageTag());
            titleBlock(flow, model, text);
            summary(flow, model, text);
            inputs(flow, model, text);
            components(flow, model, text);
            charts(flow, model, text, font);
            decisions(flow, model, text);
            assumptions(flow, model, text);
            formulas(flow, model, text);
            flow.close();
            footers(document, font, model, text);
            document.save(out);
        }
    }

    private static void titleBlock(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        flow.gap(6);
        flow.paragraph(StandardStructureTypes.H1, model.title(), 20, PdfFlow.ACCENT);
        flow.gap(4);
        if (!model.subtitle().isEmpty()) {
            flow.paragraph(model.subtitle(), 12.5f, PdfFlow.TEXT);
        }
        flow.gap(4);
        List<String> meta = new ArrayList<>();
        meta.add(text.get("report.meta.date") + ": " + text.date(model.date()));
        if (!model.appVersion().isEmpty()) {
            meta.add(text.get("report.meta.app") + ": " + model.appVersion());
        }
        if (!model.catalogVersion().isEmpty()) {
            meta.add(text.get("report.meta.catalog") + ": " + model.catalogVersion());
        }
        flow.paragraph(String.join("   \u00b7   ", meta), 8.5f, PdfFlow.MUTED);
        flow.gap(6);
    }

    private static void summary(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        if (model.highlights().isEmpty()) {
            return;
        }
        flow.heading(text.get("report.section.summary"), 13, 40);
        flow.bullets(model.highlights(), BODY + 0.5f);
    }

    private static void inputs(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        flow.heading(text.get("report.section.inputs"), 13, 60);
        // Two label/value pairs per row keep a long workload description on one screen of paper.
        List<List<String>> rows = new ArrayList<>();
        List<LabeledValue> in = model.inputs();
        int half = (in.size() + 1) / 2;
        for (int i = 0; i < half; i++) {
            LabeledValue left = in.get(i);
            LabeledValue right = i + half < in.size() ? in.get(i + half) : null;
            rows.add(List.of(left.label(), left.value(), right == null ? "" : right.label(),
                    right == null ? "" : right.value()));
        }
        String name = text.get("table.inputs.name");
        String value = text.get("table.inputs.value");
        flow.table(new PdfTable(List.of(name, value, name, value), rows, List.of(false, false, false, false), TABLE,
                false));
    }

    private static void components(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        ReportModel.ComponentTable table = model.components();
        flow.heading(text.get("report.section.components"), 13, 80);
        List<List<String>> rows = new ArrayList<>();
        for (ComponentRow row : table.rows()) {
            rows.add(List.of(row.label(), text.gib(row.bytesAtPeak()), text.gib(row.largestBytes()),
                    text.percent((double) row.bytesAtPeak() / Math.max(1, table.peakBytes()))));
        }
        rows.add(List.of(text.get("table.components.total"), text.gib(table.peakBytes()), "", text.percent(1.0)));
        flow.table(new PdfTable(List.of(text.get("table.components.component"),
                text.format("table.components.atPeak", table.peakPhaseLabel()), text.get("table.components.largest"),
                text.get("table.components.share")), rows, List.of(false, true, true, true), TABLE, true));
        flow.paragraph(text.get("report.unit.note"), 8, PdfFlow.MUTED);
        flow.gap(8);
    }

    private static void charts(PdfFlow flow, ReportModel model, ReportText text, PDFont font) throws IOException {
        ChartRenderer renderer = new ChartRenderer(text);
        double breakdownHeight = renderer.breakdownHeight(model.breakdown());
        flow.form(chartForm(flow.document(), font, breakdownHeight, g -> renderer.drawBreakdown(g, model.breakdown())),
                ChartRenderer.WIDTH, breakdownHeight, model.breakdown().title());
        if (model.sweeps().isEmpty()) {
            return;
        }
        flow.gap(6);
        SweepChart first = model.sweeps().get(0);
        flow.heading(text.sweepsHeading(model.sweeps()), 13,
                renderer.sweepHeight(first) * flow.contentWidth() / ChartRenderer.WIDTH);
        for (SweepChart sweep : model.sweeps()) {
            double h = renderer.sweepHeight(sweep);
            flow.form(chartForm(flow.document(), font, h, g -> renderer.drawSweep(g, sweep)), ChartRenderer.WIDTH, h,
                    sweep.title());
            flow.gap(10);
        }
    }

    private static PDFormXObject chartForm(PDDocument document, PDFont font, double height,
                                           Consumer<Graphics2D> painter) throws IOException {
        PdfBoxGraphics2D g = new PdfBoxGraphics2D(document, (float) ChartRenderer.WIDTH, (float) height);
        PdfBoxGraphics2DFontTextDrawer fonts = new PdfBoxGraphics2DFontTextDrawer();
        // Chart text is drawn with the same embedded font as the page text, so it stays text (searchable), not paths.
        fonts.registerFont(ReportFonts.awtFont().getFontName(), font);
        g.setFontTextDrawer(fonts);
        try {
            painter.accept(g);
        } finally {
            g.dispose();
            fonts.close();
        }
        return g.getXFormObject();
    }

    private static void decisions(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        ReportModel.DecisionTable table = model.decisions();
        if (table.rows().isEmpty()) {
            flow.heading(text.get("report.section.decision"), 13, 60);
            flow.paragraph(text.get("report.noDecisions"), BODY, PdfFlow.MUTED);
            return;
        }
        // A dozen columns of figures read best side by side: the table gets landscape pages of its own.
        flow.orientation(true);
        flow.heading(text.get("report.section.decision"), 13, 60);
        List<String> headers = new ArrayList<>();
        List<Boolean> numeric = new ArrayList<>();
        for (ReportModel.Column c : table.columns()) {
            headers.add(c.label());
            numeric.add(c.numeric());
        }
        List<List<String>> rows = new ArrayList<>();
        for (DecisionRow row : table.rows()) {
            rows.add(row.cells());
        }
        flow.table(new PdfTable(headers, rows, numeric, DECISION_TABLE, false));
        flow.gap(2);
        for (String note : table.notes()) {
            flow.paragraph(note, 7.5f, PdfFlow.MUTED);
        }
        flow.orientation(false);
    }

    private static void assumptions(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        if (model.assumptions().isEmpty()) {
            return;
        }
        flow.heading(text.get("report.section.assumptions"), 13, 30);
        flow.bullets(model.assumptions(), BODY - 0.5f);
    }

    private static void formulas(PdfFlow flow, ReportModel model, ReportText text) throws IOException {
        if (model.formulas().isEmpty()) {
            return;
        }
        flow.heading(text.get("report.section.formulas"), 13, 40);
        List<List<String>> rows = new ArrayList<>();
        for (Formula f : model.formulas()) {
            rows.add(List.of(f.quantity(), f.expression(), f.reference()));
        }
        flow.table(new PdfTable(List.of(text.get("table.formulas.quantity"), text.get("table.formulas.expression"),
                text.get("table.formulas.reference")), rows, Collections.nCopies(3, false), TABLE - 0.5f, false));
    }

    private static void footers(PDDocument document, PDFont font, ReportModel model, ReportText text)
            throws IOException {
        int pages = document.getNumberOfPages();
        for (int i = 0; i < pages; i++) {
            PDPage page = document.getPage(i);
            try (PDPageContentStream cs = new PDPageContentStream(document, page,
                    PDPageContentStream.AppendMode.APPEND, true, true)) {
                String footer = ReportFonts.printable(text.format("report.footer", model.appVersion(),
                        String.valueOf(i + 1), String.valueOf(pages)));
                double width = font.getStringWidth(footer) / 1000.0 * 7.5;
                PdfTags.artifact(cs, () -> PdfFlow.drawText(cs, font, footer, 7.5f, PdfFlow.MUTED, false,
                        (page.getMediaBox().getWidth() - width) / 2, PdfFlow.MARGIN_BOTTOM / 2.0));
            }
        }
    }
}
