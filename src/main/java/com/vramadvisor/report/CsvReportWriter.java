package com.vramadvisor.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.DecisionRow;
import com.vramadvisor.report.ReportModel.DecisionValues;
import com.vramadvisor.report.ReportModel.LabeledValue;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * The report's tables as CSV (RFC 4180: comma separated, CRLF line ends, fields with commas, quotes or line breaks
 * quoted, quotes doubled), in UTF-8 with a byte order mark so spreadsheet programs read Chinese correctly.
 *
 * <p>The file holds several tables one after another, each starting with its header row and separated from the next
 * by an empty line: inputs, components, one per sweep, then the decision table. Quantities are plain numbers (dot
 * as decimal separator, no grouping) so spreadsheets can compute with them; memory is in bytes and in GiB (2^30).
 */
public final class CsvReportWriter implements TextReportWriter {

    /** A number as this writer and the tables write one: sign, digits, grouping, decimals, exponent, percent. */
    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("[-+]?[0-9][0-9,]*(\\.[0-9]+)?([eE][-+]?[0-9]+)?%?");

    private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @Override
    public void write(ReportModel model, Path target) throws ReportWriteException {
        ReportFiles.write(target, out -> render(model, out));
    }

    @Override
    public void render(ReportModel model, OutputStream out) throws IOException {
        out.write(UTF8_BOM);
        out.write(toCsv(model).getBytes(StandardCharsets.UTF_8));
    }

    /** The tables, each a list of records whose first record is the header. */
    public List<List<List<String>>> tables(ReportModel model) {
        ReportText text = ReportText.of(model.locale());
        List<List<List<String>>> tables = new ArrayList<>();

        List<List<String>> inputs = new ArrayList<>();
        inputs.add(List.of(text.get("table.inputs.name"), text.get("table.inputs.value")));
        for (LabeledValue v : model.inputs()) {
            inputs.add(List.of(v.label(), v.value()));
        }
        tables.add(inputs);

        ReportModel.ComponentTable ct = model.components();
        List<List<String>> components = new ArrayList<>();
        components.add(List.of(text.get("table.components.component"), text.get("csv.id"),
                text.format("csv.bytesAtPeak", ct.peakPhaseLabel()), text.format("csv.gibAtPeak", ct.peakPhaseLabel()),
                text.get("csv.largestBytes"), text.get("csv.largestGib"), text.get("csv.share")));
        for (ComponentRow r : ct.rows()) {
            components.add(List.of(r.label(), r.id(), Long.toString(r.bytesAtPeak()), gib(r.bytesAtPeak()),
                    Long.toString(r.largestBytes()), gib(r.largestBytes()),
                    plain((double) r.bytesAtPeak() / Math.max(1, ct.peakBytes()), 4)));
        }
        components.add(List.of(text.get("table.components.total"), "peak", Long.toString(ct.peakBytes()),
                gib(ct.peakBytes()), "", "", plain(1.0, 4)));
        tables.add(components);

        for (SweepChart s : model.sweeps()) {
            List<List<String>> sweep = new ArrayList<>();
            List<String> header = new ArrayList<>(List.of(s.axisLabel(), text.get("csv.sweepBytes"),
                    text.get("csv.sweepGib")));
            for (CapacityLine c : s.capacities()) {
                header.add(text.format("table.sweep.fits", c.label()));
            }
            sweep.add(header);
            for (int i = 0; i < s.xs().size(); i++) {
                long bytes = s.peakBytes().get(i);
                List<String> row = new ArrayList<>(List.of(Long.toString(s.xs().get(i)), Long.toString(bytes),
                        gib(bytes)));
                for (CapacityLine c : s.capacities()) {
                    row.add(bytes <= c.bytes() ? text.get("table.yes") : text.get("table.no"));
                }
                sweep.add(row);
            }
            tables.add(sweep);
        }

        if (!model.decisions().rows().isEmpty()) {
            List<List<String>> decisions = new ArrayList<>();
            decisions.add(List.of(text.get("csv.decision.name"), text.get("csv.decision.id"),
                    text.get("csv.decision.kind"), text.get("csv.decision.acquisition"), text.get("csv.decision.fits"),
                    text.get("csv.decision.gpus"), text.get("csv.decision.nodes"), text.get("csv.decision.network"),
                    text.get("csv.decision.layout"), text.get("csv.decision.perGpuGib"),
                    text.get("csv.decision.usableGib"), text.get("csv.decision.capacityGib"),
                    text.get("csv.decision.headroom"), text.get("csv.decision.tokensPerSecond"),
                    text.get("csv.decision.hours"), text.get("csv.decision.gpuHours"), text.get("csv.decision.mfu"),
                    text.get("csv.decision.bound"), text.get("csv.decision.purchaseUsd"),
                    text.get("csv.decision.cardsUsd"), text.get("csv.decision.rentalUsdPerHour"),
                    text.get("csv.decision.jobCostUsd"), text.get("csv.decision.energyKWh"),
                    text.get("csv.decision.notes")));
            for (DecisionRow r : model.decisions().rows()) {
                DecisionValues v = r.raw();
                decisions.add(List.of(r.cells().isEmpty() ? v.hardwareId() : r.cells().get(0), v.hardwareId(),
                        v.kind(), v.acquisition(), v.fits() ? text.get("table.yes") : text.get("table.no"),
                        Integer.toString(v.gpusNeeded()), Integer.toString(v.nodes()), v.network(), v.sharding(),
                        gib(v.perGpuBytes()), gib(v.usableBytes()), gib(v.capacityBytes()),
                        plain(v.headroomFraction(), 4), plain(v.tokensPerSecond(), 1), exact(v.hours()),
                        exact(v.gpuHours()), plain(v.mfu(), 4), v.boundBy(), plain(v.purchaseUsd(), 2),
                        plain(v.cardsUsd(), 2), plain(v.rentalUsdPerHour(), 4), exact(v.jobCostUsd()),
                        exact(v.energyKWh()), String.join(" ", v.reasons())));
            }
            tables.add(decisions);
        }
        return tables;
    }

    public String toCsv(ReportModel model) {
        StringBuilder csv = new StringBuilder();
        boolean first = true;
        for (List<List<String>> table : tables(model)) {
            if (!first) {
                csv.append("\r\n");
            }
            first = false;
            for (List<String> record : table) {
                csv.append(record(record));
            }
        }
        return csv.toString();
    }

    /** One RFC 4180 record: fields separated by commas, quoted where needed, ended by CRLF. */
    public static String record(List<String> fields) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(field(fields.get(i) == null ? "" : fields.get(i)));
        }
        return line.append("\r\n").toString();
    }

    /**
     * One field, quoted when it holds a comma, a quote or a line break (RFC 4180, section 2). Text that a spreadsheet
     * would run as a formula (a cell beginning with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage
     * return: a model or catalog name taken from a file, say) gets a leading apostrophe, as OWASP's "CSV Injection"
     * page advises, so the program shows it as text; numbers, negative ones included, stay numbers.
     */
    static String field(String raw) {
        String value = neutralised(raw);
        if (value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0
                || value.indexOf('\r') >= 0) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    /** {@code raw}, with an apostrophe before it when a spreadsheet would read it as a formula. */
    static String neutralised(String raw) {
        if (raw.isEmpty() || "=+-@\t\r".indexOf(raw.charAt(0)) < 0 || NUMBER.matcher(raw).matches()) {
            return raw;
        }
        return "'" + raw;
    }

    private static String gib(long bytes) {
        return plain(bytes / ReportText.BYTES_PER_GIB, 4);
    }

    /**
     * A number for machines at full precision (dot decimal separator, no grouping, no exponent, empty when unknown):
     * time, job cost and energy span from a second and a fraction of a cent to years and millions, so a fixed count
     * of decimals would write a short job as 0. Like JSON, the CSV keeps raw numbers; the tables show them rounded.
     */
    private static String exact(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }

    /** A number for machines: dot decimal separator, no grouping, empty when unknown. */
    private static String plain(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
