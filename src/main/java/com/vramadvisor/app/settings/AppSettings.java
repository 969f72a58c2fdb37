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
 * @param calibration the calibration profile in effect when the window last closed, {@code null} for none
 */
public record AppSettings(String language, Theme theme, SizeUnit sizeUnit, List<String> recentFiles,
                          WindowGeometry window, Calibration calibration) {

    /**
     * A calibration profile the scenario ran on: the GPU it was measured on and the profile file, so that the status
     * bar can say so again after a restart (the fitted overhead itself is saved with the scenario).
     */
    public record Calibration(String gpuName, String file) {
        public Calibration {
            Objects.requireNonNull(gpuName, "gpuName");
            Objects.requireNonNull(file, "file");
        }
    }

    /** Settings without a calibration profile in effect. */
    public AppSettings(String language, Theme theme, SizeUnit sizeUnit, List<String> recentFiles,
                       WindowGeometry window) {
        this(language, theme, sizeUnit, recentFiles, window, null);
    }

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
