package com.vramadvisor.app.settings;

import com.vramadvisor.scenario.SizeUnit;
import java.util.List;
import java.util.Objects;

/**
 * Preferences kept between runs.
 *
 * @param language    BCP 47 tag of the chosen language ({@code en}, {@code zh-CN}), empty to follow the system
 * @param theme       light or dark
 * @param sizeUnit    GiB or GB
 * @param recentFiles scenario files opened or saved most recently, newest first
 * @param window      the main window's last geometry, {@code null} before the first run ends
 */
public record AppSettings(String language, Theme theme, SizeUnit sizeUnit, List<String> recentFiles,
                          WindowGeometry window) {

    public static final int MAX_RECENT_FILES = 10;

    public AppSettings {
        language = language == null ? "" : language;
        Objects.requireNonNull(theme, "theme");
        Objects.requireNonNull(sizeUnit, "sizeUnit");
        recentFiles = List.copyOf(recentFiles.subList(0, Math.min(MAX_RECENT_FILES, recentFiles.size())));
    }

    public static AppSettings defaults() {
        return new AppSettings("", Theme.LIGHT, SizeUnit.GIB, List.of(), null);
    }
}
