package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void csvParsesBackToTheSameTables() throws Exception {
        ReportModel model = SampleReport.english();
        Path csv = dir.resolve("report.csv");
        new CsvReportWriter().write(model, csv);

        byte[] bytes = Files.readAllBytes(csv);
        assertThat(bytes).startsWith((byte) 0xEF, (byte) 0xBB, (byte) 0xBF);
        String text = new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
        List<List<List<String>>> parsed = splitTables(parse(text));

        assertThat(parsed).isEqualTo(new CsvReportWriter().tables(model));
        List<List<String>> components = parsed.get(1);
        assertThat(components.get(4)).containsSubsequence("Optimizer states", "optimizerStates",
                Long.toString(SampleReport.OPTIMIZER));
        List<List<String>> decisions = parsed.get(parsed.size() - 1);
        assertThat(decisions.get(1).get(0)).contains("\"quoted\",").contains("NVSwitch,");
        assertThat(decisions.get(0).get(13)).isEqualTo("Tokens per second");
        assertThat(decisions.get(4).get(13)).as("an unknown speed is an empty field").isEmpty();
        assertThat(decisions.get(1).get(3)).isEqualTo("purchase");
        assertThat(decisions.get(2).get(18)).as("a rented option has no capital").isEmpty();
    }

    @Test
    void everyTableIsRectangularAndLinesEndWithCrLf() {
        String text = new CsvReportWriter().toCsv(SampleReport.chinese());
        assertThat(text.replace("\r\n", "")).doesNotContain("\n");
        for (List<List<String>> table : splitTables(parse(text))) {
            for (List<String> record : table) {
                assertThat(record).hasSameSizeAs(table.get(0));
            }
        }
    }

    @Test
    void fieldsWithCommasQuotesOrLineBreaksAreQuoted() {
        assertThat(CsvReportWriter.field("plain")).isEqualTo("plain");
        assertThat(CsvReportWriter.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvReportWriter.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvReportWriter.field("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    /**
     * A name from a file that a spreadsheet would run as a formula is written as text (OWASP "CSV Injection":
     * a leading apostrophe); negative numbers are numbers and stay as they are.
     */
    @Test
    void formulaLikeCellsGetAnApostropheAndNumbersStayNumbers() {
        assertThat(CsvReportWriter.field("=HYPERLINK(\"http://x\")")).isEqualTo("\"'=HYPERLINK(\"\"http://x\"\")\"");
        assertThat(CsvReportWriter.field("+cmd|' /C calc'!A0")).isEqualTo("'+cmd|' /C calc'!A0");
        assertThat(CsvReportWriter.field("-2+3")).isEqualTo("'-2+3");
        assertThat(CsvReportWriter.field("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(CsvReportWriter.field("\t=1")).isEqualTo("'\t=1");
        for (String number : List.of("-12.5", "-3", "-0.25%", "-1.5e-7", "-1,234.5", "+4", "17")) {
            assertThat(CsvReportWriter.field(number)).as(number).isEqualTo(number.contains(",") ? '"' + number + '"'
                    : number);
        }
        assertThat(CsvReportWriter.field("llama-3-8b")).isEqualTo("llama-3-8b");
    }

    /** An RFC 4180 reader, written independently of the writer. */
    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                field.append(c);
            }
        }
        return records;
    }

    /** Tables are separated by a record holding one empty field. */
    static List<List<List<String>>> splitTables(List<List<String>> records) {
        List<List<List<String>>> tables = new ArrayList<>();
        List<List<String>> current = new ArrayList<>();
        for (List<String> r : records) {
            if (r.size() == 1 && r.get(0).isEmpty()) {
                tables.add(current);
                current = new ArrayList<>();
            } else {
                current.add(r);
            }
        }
        tables.add(current);
        return tables;
    }
}
