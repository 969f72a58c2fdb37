package com.vramadvisor.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.Formula;
import com.vramadvisor.report.ReportModel.LabeledValue;
import com.vramadvisor.report.ReportModel.SweepChart;

/** The report as GitHub-flavoured Markdown (UTF-8): the same sections and tables as the PDF, charts as tables. */
public final class MarkdownReportWriter implements TextReportWriter {

    @Override
    public void write(ReportModel model, Path target) throws ReportWriteException {
        ReportFiles.write(target, out -> render(model, out));
    }

    @Override
    public void render(ReportModel model, OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write(toMarkdown(model));
        w.flush();
    }

    public String toMarkdown(ReportModel model) {
        ReportText text = ReportText.of(model.locale());
        StringBuilder md = new StringBuilder();
        md.append("# ").append(inline(model.title())).append("\n\n");
        if (!model.subtitle().isEmpty()) {
            md.append("**").append(inline(model.subtitle())).append("**\n\n");
        }
        md.append("- ").append(text.get("report.meta.date")).append(": ").append(text.date(model.date())).append('\n');
        if (!model.appVersion().isEmpty()) {
            md.append("- ").append(text.get("report.meta.app")).append(": ").append(inline(model.appVersion()))
                    .append('\n');
        }
        if (!model.catalogVersion().isEmpty()) {
            md.append("- ").append(text.get("report.meta.catalog")).append(": ")
                    .append(inline(model.catalogVersion())).append('\n');
        }
        md.append('\n');

        if (!model.highlights().isEmpty()) {
            md.append("## ").append(text.get("report.section.summary")).append("\n\n");
            for (String h : model.highlights()) {
                md.append("- ").append(inline(h)).append('\n');
            }
            md.append('\n');
        }

        md.append("## ").append(text.get("report.section.inputs")).append("\n\n");
        List<List<String>> inputRows = new ArrayList<>();
        for (LabeledValue v : model.inputs()) {
            inputRows.add(List.of(v.label(), v.value()));
        }
        table(md, List.of(text.get("table.inputs.name"), text.get("table.inputs.value")), List.of(false, false),
                inputRows);

        ReportModel.ComponentTable components = model.components();
        md.append("## ").append(text.get("report.section.components")).append("\n\n");
        List<List<String>> componentRows = new ArrayList<>();
        for (ComponentRow r : components.rows()) {
            componentRows.add(List.of(r.label(), text.gib(r.bytesAtPeak()), text.gib(r.largestBytes()),
                    text.percent((double) r.bytesAtPeak() / Math.max(1, components.peakBytes()))));
        }
        componentRows.add(List.of("**" + text.get("table.components.total") + "**",
                "**" + text.gib(components.peakBytes()) + "**", "", text.percent(1.0)));
        table(md, List.of(text.get("table.components.component"),
                text.format("table.components.atPeak", components.peakPhaseLabel()),
                text.get("table.components.largest"), text.get("table.components.share")),
                List.of(false, true, true, true), componentRows);
        md.append(text.get("report.unit.note")).append("\n\n");

        if (!model.sweeps().isEmpty()) {
            md.append("## ").append(text.sweepsHeading(model.sweeps())).append("\n\n");
            for (SweepChart s : model.sweeps()) {
                sweep(md, s, text);
            }
        }

        md.append("## ").append(text.get("report.section.decision")).append("\n\n");
        ReportModel.DecisionTable decisions = model.decisions();
        if (decisions.rows().isEmpty()) {
            md.append(text.get("report.noDecisions")).append("\n\n");
        } else {
            List<String> headers = new ArrayList<>();
            List<Boolean> numeric = new ArrayList<>();
            for (ReportModel.Column c : decisions.columns()) {
                headers.add(c.label());
                numeric.add(c.numeric());
            }
            List<List<String>> rows = new ArrayList<>();
            for (DecisionRow r : decisions.rows()) {
                rows.add(r.cells());
            }
            table(md, headers, numeric, rows);
            for (String note : decisions.notes()) {
                md.append("> ").append(inline(note)).append('\n');
            }
            md.append(decisions.notes().isEmpty() ? "" : "\n");
        }

        if (!model.assumptions().isEmpty()) {
            md.append("## ").append(text.get("report.section.assumptions")).append("\n\n");
            for (String a : model.assumptions()) {
                md.append("- ").append(inline(a)).append('\n');
            }
            md.append('\n');
        }
        if (!model.formulas().isEmpty()) {
            md.append("## ").append(text.get("report.section.formulas")).append("\n\n");
            List<List<String>> rows = new ArrayList<>();
            for (Formula f : model.formulas()) {
                rows.add(List.of(f.quantity(), code(f.expression()), f.reference()));
            }
            table(md, List.of(text.get("table.formulas.quantity"), text.get("table.formulas.expression"),
                    text.get("table.formulas.reference")), List.of(false, false, false), rows);
        }
        return md.toString();
    }

    private static void sweep(StringBuilder md, SweepChart s, ReportText text) {
        md.append("### ").append(inline(s.title())).append("\n\n");
        List<String> headers = new ArrayList<>(List.of(s.axisLabel(), text.get("table.sweep.peak")));
        List<Boolean> numeric = new ArrayList<>(List.of(true, true));
        for (CapacityLine c : s.capacities()) {
            headers.add(text.format("table.sweep.fits", c.label()));
            numeric.add(false);
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < s.xs().size(); i++) {
            List<String> row = new ArrayList<>();
            long x = s.xs().get(i);
            row.add(x == s.current() ? "**" + text.integer(x) + "**" : text.integer(x));
            row.add(text.gib(s.peakBytes().get(i)));
            for (CapacityLine c : s.capacities()) {
                row.add(s.peakBytes().get(i) <= c.bytes() ? text.get("table.yes") : text.get("table.no"));
            }
            rows.add(row);
        }
        table(md, headers, numeric, rows);
        for (CapacityLine c : s.capacities()) {
            String capacity = text.format("chart.capacity", c.label(), text.gib(c.bytes()));
            md.append("- ").append(inline(c.largestFitting() < s.xs().get(0)
                    ? text.format("chart.sweep.fitsNone", capacity, text.integer(s.xs().get(0)))
                    : text.format("chart.sweep.fitsUpTo", capacity, text.integer(c.largestFitting())))).append('\n');
        }
        for (ReportModel.Marker m : s.markers()) {
            md.append("- ").append(inline(m.label())).append('\n');
        }
        md.append('\n');
    }

    private static void table(StringBuilder md, List<String> headers, List<Boolean> numeric, List<List<String>> rows) {
        md.append('|');
        for (String h : headers) {
            md.append(' ').append(cell(h)).append(" |");
        }
        md.append("\n|");
        for (boolean n : numeric) {
            md.append(n ? " ---: |" : " --- |");
        }
        md.append('\n');
        for (List<String> row : rows) {
            md.append('|');
            for (String c : row) {
                md.append(' ').append(cell(c)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /** A table cell: pipes escaped, line breaks flattened. */
    static String cell(String s) {
        return inline(s).replace("|", "\\|");
    }

    private static String inline(String s) {
        return s.replace("\r", " ").replace("\n", " ");
    }

    private static String code(String s) {
        return s.contains("`") ? s : "`" + s + "`";
    }
}
