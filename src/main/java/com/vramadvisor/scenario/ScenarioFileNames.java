package com.vramadvisor.scenario;

import java.util.List;
import java.util.Locale;

/**
 * The names of scenario files (docs/adr/0023-scenario-file-extension-and-one-window.md). A scenario is JSON either
 * way; it is named {@code *.vram}, the one extension the installers register on Windows, macOS and Linux (Windows and
 * macOS pick the program by a name's last extension, so {@code *.vram.json} would be any JSON file there), or
 * {@code *.vram.json}, the name earlier versions saved, which stays readable everywhere and registered on Linux.
 */
public final class ScenarioFileNames {

    /** The extension new scenario files get, registered by every installer. */
    public static final String EXTENSION = ".vram";
    /** The extension earlier versions saved; still read everywhere and registered on Linux. */
    public static final String JSON_EXTENSION = ".vram.json";
    /** Both extensions, the registered one first. */
    public static final List<String> EXTENSIONS = List.of(EXTENSION, JSON_EXTENSION);

    private ScenarioFileNames() {
    }

    /**
     * Whether a file name (or path) names a scenario file: it ends in {@code .vram} or {@code .vram.json}, in any
     * case, as Windows may pass it.
     */
    public static boolean isScenario(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        return EXTENSIONS.stream().anyMatch(name::endsWith);
    }

    /**
     * The name File &gt; Save As writes for what the user typed: kept as typed when it ends in a scenario extension
     * or in {@code .json} (the user chose a JSON name on purpose), else with {@link #EXTENSION} added.
     */
    public static String forSaving(String typed) {
        return isScenario(typed) || typed.toLowerCase(Locale.ROOT).endsWith(".json") ? typed : typed + EXTENSION;
    }

    /** Glob patterns for a file chooser's filter: both extensions. */
    public static List<String> globs() {
        return EXTENSIONS.stream().map(extension -> "*" + extension).toList();
    }
}
