package com.vramadvisor.report;

import com.vramadvisor.engine.llm.Component;
import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The window's chart colours, the one definition the exports draw with: which style class a component or a part
 * carries, and what colour the window's light theme gives that class. The colours are read from the window's own
 * style sheets (the light theme's {@code -color-chart-N} tokens and the results sheet's mapping of classes onto
 * them), so a PDF or PNG cannot drift from the window.
 */
public final class WindowColours {

    /** How many colours the parts of one workload cycle through: the eight chart tokens, then the same at 70%. */
    public static final int PART_SLOTS = 16;

    static final String THEME = "/com/vramadvisor/app/theme/theme-light.css";
    static final String RESULTS = "/com/vramadvisor/app/results/results.css";

    private static final Pattern TOKEN = Pattern.compile("(-color-[a-z0-9-]+):\\s*(#[0-9a-fA-F]{6}"
            + "|rgba\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*([0-9.]+)\\s*\\))\\s*;");
    private static final Pattern CLASS = Pattern.compile(
            "\\.([a-z0-9-]+)\\s*\\{\\s*-component-color:\\s*(-color-[a-z0-9-]+)\\s*;\\s*}");

    private static volatile Sheets sheets;

    private WindowColours() {
    }

    /** The style class of a language model's component, e.g. {@code component-kv-cache}. */
    public static String componentClass(Component component) {
        return "component-" + component.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The colour slot, 1 to {@link #PART_SLOTS}, of the part at {@code position} (0-based) among all parts. */
    public static int partSlot(int position) {
        return Math.floorMod(position, PART_SLOTS) + 1;
    }

    /** The style class of the part at {@code position} (0-based) among all of a workload's parts. */
    public static String partClass(int position) {
        return "part-colour-" + partSlot(position);
    }

    /**
     * The colour the window's light theme draws a style class in ({@link #componentClass} or {@link #partClass});
     * a translucent token is composited over the theme's background, as the window shows it on its cards.
     *
     * @throws IllegalArgumentException if the window's style sheets give the class no colour
     */
    public static Color colourOf(String styleClass) {
        String token = load().classes.get(styleClass);
        if (token == null) {
            throw new IllegalArgumentException("no chart colour for style class " + styleClass);
        }
        return token(token);
    }

    /**
     * The colour of a light-theme token such as {@code -color-danger-emphasis}.
     *
     * @throws IllegalArgumentException if the theme does not define it
     */
    public static Color token(String name) {
        Color c = load().tokens.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no theme token " + name);
        }
        return c;
    }

    private static Sheets load() {
        Sheets s = sheets;
        if (s == null) {
            s = new Sheets(read(THEME), read(RESULTS));
            sheets = s;
        }
        return s;
    }

    private static String read(String path) {
        try (InputStream in = WindowColours.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing style sheet " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Sheets {
        final Map<String, Color> tokens = new HashMap<>();
        final Map<String, String> classes = new HashMap<>();

        Sheets(String theme, String results) {
            Map<String, String[]> raw = new HashMap<>();
            Matcher t = TOKEN.matcher(theme);
            while (t.find()) {
                raw.put(t.group(1), new String[] {t.group(2), t.group(3), t.group(4), t.group(5), t.group(6)});
            }
            Color background = raw.containsKey("-color-bg-default")
                    ? Color.decode(raw.get("-color-bg-default")[0]) : Color.WHITE;
            for (Map.Entry<String, String[]> e : raw.entrySet()) {
                String[] v = e.getValue();
                tokens.put(e.getKey(), v[0].startsWith("#") ? Color.decode(v[0])
                        : over(background, Integer.parseInt(v[1]), Integer.parseInt(v[2]), Integer.parseInt(v[3]),
                                Double.parseDouble(v[4])));
            }
            Matcher c = CLASS.matcher(results);
            while (c.find()) {
                classes.put(c.group(1), c.group(2));
            }
        }

        private static Color over(Color bg, int r, int g, int b, double alpha) {
            return new Color(mix(bg.getRed(), r, alpha), mix(bg.getGreen(), g, alpha), mix(bg.getBlue(), b, alpha));
        }

        private static int mix(int under, int over, double alpha) {
            return (int) Math.round(over * alpha + under * (1 - alpha));
        }
    }
}
