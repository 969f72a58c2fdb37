package com.vramadvisor.scenario;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

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

    /**
     * The scenario file a name given from outside (a launcher argument, a file the desktop asks the window to open)
     * names: an existing regular file with a scenario name, made absolute (as the recent files list keeps it for
     * later starts from other folders). Empty for anything else, including a name that is no path on this system.
     */
    public static Optional<Path> existing(String name) {
        if (name == null || !isScenario(name)) {
            return Optional.empty();
        }
        try {
            Path file = Path.of(name);
            return Files.isRegularFile(file) ? Optional.of(file.toAbsolutePath()) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Glob patterns for a file chooser's filter: both extensions. */
    public static List<String> globs() {
        return EXTENSIONS.stream().map(extension -> "*" + extension).toList();
    }
}
