package com.vramadvisor.app.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.report.ChartRenderer;
import com.vramadvisor.report.DomainReportModels;
import com.vramadvisor.report.ReportContext;
import com.vramadvisor.report.ReportLanguage;
import com.vramadvisor.report.ReportModel;
import com.vramadvisor.scenario.ScenarioInputs;
import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/**
 * Every part of every workload beyond language models has the colour in a report's chart that the window's parts bar
 * gives it: the window's part row names a colour slot, the window's style sheets (read here on their own) turn the
 * slot into a colour, and the report's segment of the same part must be drawn in it.
 */
class ExportPartColoursMatchWindowTest {

    private final Catalog catalog = CatalogLoader.shippedOnly().load();

    private static String resource(String path) throws IOException {
        try (InputStream in = ExportPartColoursMatchWindowTest.class.getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The window's colour of {@code part-colour-N} on the light theme, translucent tokens over its white card. */
    private static Map<Integer, Color> windowSlots() throws IOException {
        Map<String, Color> tokens = new HashMap<>();
        Matcher t = Pattern.compile("(-color-chart-[0-9a-z-]+):\\s*(?:#([0-9a-fA-F]{6})|rgba\\((\\d+), (\\d+), (\\d+), "
                + "([0-9.]+)\\));").matcher(resource("/com/vramadvisor/app/theme/theme-light.css"));
        while (t.find()) {
            if (t.group(2) != null) {
                tokens.put(t.group(1), new Color(Integer.parseInt(t.group(2), 16)));
            } else {
                double a = Double.parseDouble(t.group(6));
                tokens.put(t.group(1), new Color(blend(t.group(3), a), blend(t.group(4), a), blend(t.group(5), a)));
            }
        }
        Map<Integer, Color> slots = new HashMap<>();
        Matcher c = Pattern.compile("\\.part-colour-(\\d+) \\{ -component-color: (-color-chart-[0-9a-z-]+); }")
                .matcher(resource("/com/vramadvisor/app/results/results.css"));
        while (c.find()) {
            slots.put(Integer.parseInt(c.group(1)), tokens.get(c.group(2)));
        }
        assertThat(slots).hasSize(16).doesNotContainValue(null);
        return slots;
    }

    private static int blend(String channel, double alpha) {
        return (int) Math.round(Integer.parseInt(channel) * alpha + 255 * (1 - alpha));
    }

    @Test
    void everyPartOfEveryOtherKindHasTheWindowsColourInReports() throws IOException {
        Map<Integer, Color> slots = windowSlots();
        int checked = 0;
        for (WorkloadKind kind : WorkloadKind.values()) {
            if (kind == WorkloadKind.LLM) {
                continue;
            }
            ScenarioInputs inputs = ScenarioInputs.defaults().withKind(kind);
            DomainResultsViewModel window = new DomainResultsViewModel(new SimpleObjectProperty<>(inputs),
                    new EngineDomainSizer(), catalog::gpu, new ResultsMessages(Locale.ENGLISH));
            Map<String, Color> onScreen = new HashMap<>();
            for (PartRow row : window.rows()) {
                onScreen.put(row.id(), slots.get(row.colour()));
            }
            Sizable workload = new EngineDomainSizer().build(inputs).orElseThrow();
            ReportModel report = DomainReportModels.from(workload, null, new ReportContext(ReportLanguage.EN,
                    LocalDate.of(2026, 12, 1), "test", "test", List.of()));
            assertThat(report.breakdown().segments()).as(kind.id()).isNotEmpty();
            for (ReportModel.Segment s : report.breakdown().segments()) {
                assertThat(ChartRenderer.colour(s)).as(kind.id() + " " + s.id()).isEqualTo(onScreen.get(s.id()));
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(10);
    }
}
