package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.Component;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A component has one colour: the window's light theme draws it as the exported charts do. */
class ComponentColoursMatchWindowTest {

    private static String resource(String path) throws IOException {
        try (InputStream in = ComponentColoursMatchWindowTest.class.getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyComponentHasTheSameColourOnScreenAndInReports() throws IOException {
        Map<String, String> tokens = new HashMap<>();
        Matcher t = Pattern.compile("(-color-chart-\\d+):\\s*(#[0-9a-fA-F]{6});")
                .matcher(resource("/com/vramadvisor/app/theme/theme-light.css"));
        while (t.find()) {
            tokens.put(t.group(1), t.group(2));
        }
        Matcher c = Pattern.compile("\\.component-([a-z-]+)\\s*\\{\\s*-component-color:\\s*(-color-chart-\\d+);")
                .matcher(resource("/com/vramadvisor/app/results/results.css"));
        int checked = 0;
        while (c.find()) {
            String id = camel(c.group(1));
            Color screen = Color.decode(tokens.get(c.group(2)));
            Component component = Arrays.stream(Component.values()).filter(k -> k.jsonName().equals(id)).findFirst()
                    .orElseThrow();
            assertThat(ChartStyle.colour(new ReportModel.Segment(id, id, 1, WindowColours.componentClass(component))))
                    .as(id).isEqualTo(screen);
            checked++;
        }
        assertThat(checked).isEqualTo(8);
    }

    @Test
    void theChosenGpusCapacityLineIsTheWindowsRedAndTheOthersItsMutedGrey() throws IOException {
        String theme = resource("/com/vramadvisor/app/theme/theme-light.css");
        assertThat(ChartStyle.capacityColour(0)).isEqualTo(token(theme, "-color-danger-emphasis"));
        assertThat(ChartStyle.capacityColour(1)).isEqualTo(token(theme, "-color-fg-muted"));
        assertThat(ChartStyle.capacityColour(0)).isNotEqualTo(ChartStyle.TEXT).isNotEqualTo(Color.BLACK);
        BasicStroke primary = (BasicStroke) ChartStyle.capacityStroke(0);
        assertThat(primary.getLineWidth()).isEqualTo(2f);
        assertThat(primary.getDashArray()).containsExactly(6f, 4f);
    }

    private static Color token(String css, String name) {
        Matcher m = Pattern.compile(Pattern.quote(name) + ":\\s*(#[0-9a-fA-F]{6});").matcher(css);
        assertThat(m.find()).as(name).isTrue();
        return Color.decode(m.group(1));
    }

    private static String camel(String kebab) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char ch : kebab.toCharArray()) {
            if (ch == '-') {
                upper = true;
            } else {
                out.append(upper ? Character.toUpperCase(ch) : ch);
                upper = false;
            }
        }
        return out.toString();
    }
}
