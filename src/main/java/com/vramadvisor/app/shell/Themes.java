package com.vramadvisor.app.shell;

import com.vramadvisor.app.settings.Theme;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.paint.Color;

/**
 * Applies a theme: AtlantaFX's Primer stylesheet as the base (controls, focus rings, states), then the application's
 * token stylesheet for the theme (every colour, chart colours included, defined once) and the component stylesheet
 * that uses only those tokens. AtlantaFX 2.1's classes are Java 21 bytecode, so the stylesheets are loaded from its
 * jar by resource name rather than through its theme classes.
 */
final class Themes {

    static final String BASE = "/com/vramadvisor/app/theme/";
    static final String COMPONENTS = BASE + "app.css";
    static final String PRIMER_LIGHT = "/atlantafx/base/theme/primer-light.css";
    static final String PRIMER_DARK = "/atlantafx/base/theme/primer-dark.css";

    /** The token the window's background ({@code .main-view} in {@code app.css}) is painted with. */
    static final String WINDOW_BACKGROUND_TOKEN = "-color-bg-subtle";
    private static final Map<Theme, Color> WINDOW_BACKGROUNDS = new EnumMap<>(Theme.class);

    private Themes() {
    }

    /**
     * The colour of the window's background in {@code theme}, read from its token stylesheet so that it is defined
     * once. The scene's fill: the native window is cleared to it before JavaFX paints its first frame, which on a slow
     * start takes seconds, so a dark window does not first flash white.
     */
    static synchronized Color windowBackground(Theme theme) {
        return WINDOW_BACKGROUNDS.computeIfAbsent(theme, t -> {
            String css = read(BASE + t.tokenStylesheet());
            Matcher m = Pattern.compile(Pattern.quote(WINDOW_BACKGROUND_TOKEN) + "\\s*:\\s*(#[0-9a-fA-F]{6})")
                    .matcher(css);
            if (!m.find()) {
                throw new IllegalStateException(t.tokenStylesheet() + " defines no " + WINDOW_BACKGROUND_TOKEN);
            }
            return Color.web(m.group(1));
        });
    }

    private static String read(String resource) {
        try (InputStream in = Themes.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("stylesheet " + resource + " is missing from the application");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sets the base stylesheet alone. Called before the first control is created: the first {@code Control} class
     * initialisation loads JavaFX's default Modena stylesheet unless a user agent stylesheet is already set, and
     * that load is wasted work on the way to the first frame when Primer replaces it anyway.
     */
    static void applyBase(Theme theme) {
        String base = url(theme == Theme.DARK ? PRIMER_DARK : PRIMER_LIGHT);
        if (!base.equals(Application.getUserAgentStylesheet())) {
            Application.setUserAgentStylesheet(base);
        }
    }

    static void apply(Scene scene, Theme theme) {
        applyBase(theme);
        applyOwn(scene, theme);
    }

    /**
     * The application's own stylesheets alone (tokens and components), without AtlantaFX: enough for a scene of
     * plain regions such as the start-up skeleton, and it does not load any control stylesheet. Also sets the scene's
     * fill to the theme's window background.
     */
    static void applyOwn(Scene scene, Theme theme) {
        scene.setFill(windowBackground(theme));
        List<String> own = List.of(url(BASE + theme.tokenStylesheet()), url(COMPONENTS));
        if (!scene.getStylesheets().equals(own)) {
            scene.getStylesheets().setAll(own);
        }
    }

    private static String url(String resource) {
        var url = Themes.class.getResource(resource);
        if (url == null) {
            throw new IllegalStateException("stylesheet " + resource + " is missing from the application");
        }
        return url.toExternalForm();
    }
}
