package com.vramadvisor.app.ui;

import java.net.URL;
import java.util.Optional;
import javafx.scene.text.Font;

/**
 * Loads the CJK font shipped with the application (WenQuanYi Micro Hei, Apache-2.0 or GPL-3, from
 * {@code assets/fonts/}) so Chinese shows real glyphs on machines without a CJK system font. JavaFX does not fall
 * back to fonts an application loads, so the Chinese UI names the family explicitly in its root style.
 */
public final class CjkFonts {

    /** Where the build puts the shipped font on the class path. */
    public static final String RESOURCE = "/assets/fonts/wqy-microhei.ttc";
    /** Family name of the shipped font as JavaFX registers it. */
    public static final String FAMILY = "WenQuanYi Micro Hei";

    private static volatile Optional<String> loaded;

    private CjkFonts() {
    }

    /**
     * Loads the font once and returns its family name, or empty when the font is not on the class path or cannot
     * be read (the system's fonts are then used). Safe to call from any thread; the first call takes about 0.1 s.
     */
    public static Optional<String> load() {
        Optional<String> result = loaded;
        if (result != null) {
            return result;
        }
        synchronized (CjkFonts.class) {
            if (loaded == null) {
                loaded = read();
            }
            return loaded;
        }
    }

    private static Optional<String> read() {
        URL url = CjkFonts.class.getResource(RESOURCE);
        if (url == null) {
            return Optional.empty();
        }
        Font[] fonts = Font.loadFonts(url.toExternalForm(), 13);
        if (fonts == null || fonts.length == 0) {
            return Optional.empty();
        }
        return Optional.of(fonts[0].getFamily());
    }
}
