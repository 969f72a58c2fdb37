package com.vramadvisor.app.settings;

import com.vramadvisor.scenario.SizeUnit;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.json.JsonTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.AtomicFiles.MissingFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads and writes {@code settings.json} in the user's configuration folder (see {@link #defaultConfigDir()} and
 * {@code docs/settings.md}). A missing or unreadable file gives the defaults: preferences are never a reason not
 * to start.
 */
public final class SettingsStore {

    /** System property that overrides the configuration folder (used by tests and portable installs). */
    public static final String CONFIG_DIR_PROPERTY = "vramadvisor.configDir";
    /** A settings file is a few hundred bytes; a larger one is not ours and reads as the defaults. */
    static final int MAX_FILE_BYTES = 1 << 20;

    private final Path dir;

    public SettingsStore(Path dir) {
        this.dir = dir;
    }

    /**
     * The folder for settings and the last scenario, the same one that holds the user catalog folder:
     * {@code %APPDATA%\VRAM Advisor} on Windows, {@code $XDG_CONFIG_HOME/vram-advisor} (default
     * {@code ~/.config/vram-advisor}) elsewhere; the system property {@value #CONFIG_DIR_PROPERTY} overrides both.
     */
    public static Path defaultConfigDir() {
        String override = System.getProperty(CONFIG_DIR_PROPERTY);
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Path home = Path.of(System.getProperty("user.home"));
        if (os.startsWith("windows")) {
            String appData = System.getenv("APPDATA");
            return (appData != null ? Path.of(appData) : home.resolve("AppData").resolve("Roaming"))
                    .resolve("VRAM Advisor");
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        return (xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".config")).resolve("vram-advisor");
    }

    public Path dir() {
        return dir;
    }

    public Path settingsFile() {
        return dir.resolve("settings.json");
    }

    /** The scenario open when the application last closed, restored on the next start. */
    public Path lastScenarioFile() {
        return dir.resolve("last-scenario.json");
    }

    /** The stored settings, or the defaults where the file or a field is missing or unreadable. */
    public AppSettings load() {
        AppSettings d = AppSettings.defaults();
        JsonNode root;
        try {
            root = JsonTrees.read(settingsFile(), MAX_FILE_BYTES);
        } catch (IOException | RuntimeException e) {
            return d;
        }
        if (root == null || !root.isObject()) {
            return d;
        }
        String language = root.path("language").asText("");
        Theme theme = parse(Theme.class, root.path("theme").asText(""), d.theme());
        SizeUnit unit = "GB".equals(root.path("sizeUnit").asText()) ? SizeUnit.GB : SizeUnit.GIB;
        List<String> recent = new ArrayList<>();
        for (JsonNode n : root.path("recentFiles")) {
            if (n.isTextual()) {
                recent.add(n.textValue());
            }
        }
        WindowGeometry window = null;
        JsonNode w = root.path("window");
        if (w.isObject() && w.path("width").isNumber() && w.path("height").isNumber()) {
            try {
                window = new WindowGeometry(w.path("x").asDouble(), w.path("y").asDouble(),
                        w.path("width").asDouble(), w.path("height").asDouble(), w.path("maximized").asBoolean());
            } catch (IllegalArgumentException e) {
                window = null;
            }
        }
        AppSettings.Calibration calibration = null;
        JsonNode c = root.path("calibration");
        if (c.path("gpuName").isTextual() && c.path("file").isTextual()) {
            calibration = new AppSettings.Calibration(c.path("gpuName").textValue(), c.path("file").textValue());
        }
        return new AppSettings(language, theme, unit, recent, window, calibration);
    }

    /** Writes the settings atomically, creating the configuration folder on the first save. */
    public void save(AppSettings settings) throws IOException {
        ObjectNode root = JsonTrees.object();
        root.put("language", settings.language());
        root.put("theme", settings.theme().name().toLowerCase(Locale.ROOT));
        root.put("sizeUnit", settings.sizeUnit().symbol());
        var recent = root.putArray("recentFiles");
        settings.recentFiles().forEach(recent::add);
        if (settings.window() != null) {
            ObjectNode w = root.putObject("window");
            w.put("x", settings.window().x());
            w.put("y", settings.window().y());
            w.put("width", settings.window().width());
            w.put("height", settings.window().height());
            w.put("maximized", settings.window().maximized());
        }
        if (settings.calibration() != null) {
            ObjectNode c = root.putObject("calibration");
            c.put("gpuName", settings.calibration().gpuName());
            c.put("file", settings.calibration().file());
        }
        AtomicFiles.writeString(settingsFile(), MissingFolder.CREATE, JsonTrees.pretty(root) + System.lineSeparator());
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String text, E fallback) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(text)) {
                return e;
            }
        }
        return fallback;
    }
}
