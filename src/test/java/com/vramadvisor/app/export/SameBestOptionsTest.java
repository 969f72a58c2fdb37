package com.vramadvisor.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.app.results.CatalogResultsEngine;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsViewModel;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.cli.Cli;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javafx.beans.property.SimpleObjectProperty;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One scenario file, five readers: {@code recommend --format json}, the window's decision table, and the window's CSV
 * and PDF exports must name the same best option to buy and to rent. Each is built through its own front door (the
 * command line, the results view-model, the export view-model) over the shipped catalog.
 */
class SameBestOptionsTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    @TempDir
    Path dir;

    /** A short fine-tune (bought for the job alone) and a long one on hardware kept 90 % busy for 3 years. */
    static Stream<Arguments> scenarios() {
        ScenarioInputs base = ScenarioInputs.defaults().withTokenBudget(100_000_000L);
        return Stream.of(Arguments.of("job only", base),
                Arguments.of("busy 90% for 3 years", base.withUsage(Usage.of(0.9, 3))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void theWindowItsExportsAndRecommendNameTheSameBestOptions(String name, ScenarioInputs inputs) throws Exception {
        Path file = dir.resolve("scenario.vram.json");
        Files.writeString(file, new ScenarioCodec().write(inputs), StandardCharsets.UTF_8);
        ScenarioInputs opened = new ScenarioCodec().read(Files.readString(file));
        assertThat(opened.usage()).as("the file keeps the usage").isEqualTo(inputs.usage());

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Cli.run(new PrintWriter(out), new PrintWriter(err), "recommend", "--scenario", file.toString(),
                "--format", "json");
        assertThat(status).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("usage").get("jobOnly").asBoolean()).isEqualTo(inputs.usage().jobOnly());
        String buyId = json.get("bestPurchase").asText();
        String rentId = json.get("bestRental").asText();
        String sentence = json.get("verdict").get("sentence").asText();
        List<String> cliOrder = new ArrayList<>();
        String buyName = null;
        String rentName = null;
        for (JsonNode row : json.get("rows")) {
            cliOrder.add(row.get("hardwareId").asText() + "/" + row.get("acquisition").asText());
            if (row.get("hardwareId").asText().equals(buyId) && row.get("acquisition").asText().equals("purchase")) {
                buyName = buyName == null ? row.get("hardware").asText() : buyName;
            }
            if (row.get("hardwareId").asText().equals(rentId) && row.get("acquisition").asText().equals("rental")) {
                rentName = rentName == null ? row.get("hardware").asText() : rentName;
            }
        }
        assertThat(buyName).as("the best purchase is a row").isNotNull();
        assertThat(rentName).as("the best rental is a row").isNotNull();
        assertThat(sentence).contains(rentName).contains(buyName);

        // The window: the same file opened, ranked on the window's engine, its verdict above the table.
        ResultsViewModel window = new ResultsViewModel(new SimpleObjectProperty<>(opened),
                new CatalogResultsEngine(CATALOG), new ResultsMessages(Locale.ENGLISH), Runnable::run, Runnable::run);
        assertThat(window.table().verdictProperty().get()).isEqualTo(sentence);

        // The exports: the PDF's summary names both; the CSV lists the same rows in the same order, so the first
        // that fits each way, by the same rule, is the same option.
        ExportViewModel export = new ExportViewModel(() -> opened, CATALOG, new Messages(Locale.ENGLISH),
                Runnable::run, Runnable::run, () -> LocalDate.of(2026, 12, 1), "test");
        Path pdf = dir.resolve("report.pdf");
        export.export(ExportFormat.PDF, pdf);
        assertThat(export.errorProperty().get()).isEmpty();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertThat(text).contains("Best option to buy: " + buyName).contains("Best option to rent: " + rentName);
        }
        Path csv = dir.resolve("report.csv");
        export.export(ExportFormat.CSV, csv);
        assertThat(export.errorProperty().get()).isEmpty();
        assertThat(csvDecisionOrder(Files.readString(csv, StandardCharsets.UTF_8))).isEqualTo(cliOrder);
    }

    /** The decision table's rows of a report CSV as {@code id/acquisition}, in their order. */
    private static List<String> csvDecisionOrder(String csv) {
        List<String> order = new ArrayList<>();
        String[] sections = csv.replace("\r\n", "\n").split("\n\n");
        String[] lines = sections[sections.length - 1].strip().split("\n");
        List<String> header = fields(lines[0]);
        int id = header.indexOf("Catalog id");
        int acquisition = header.indexOf("Bought or rented");
        for (int i = 1; i < lines.length; i++) {
            List<String> f = fields(lines[i]);
            order.add(f.get(id) + "/" + f.get(acquisition));
        }
        return order;
    }

    /** One CSV line's fields (RFC 4180 quoting; the decision rows have no line breaks inside fields). */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        out.add(f.toString());
        return out;
    }
}
