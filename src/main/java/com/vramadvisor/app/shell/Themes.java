package com.vramadvisor.app.shell;

import com.vramadvisor.app.settings.Theme;
import javafx.application.Application;
import java.util.List;
import javafx.scene.Scene;

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

    private Themes() {
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
     * plain regions such as the start-up skeleton, and it does not load any control stylesheet.
     */
    static void applyOwn(Scene scene, Theme theme) {
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
