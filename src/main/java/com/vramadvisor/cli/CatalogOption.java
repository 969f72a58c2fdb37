package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.CatalogProblem;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --catalog DIR}: the user catalog folder that adds to or overrides the shipped catalog; a path that is not a
 * folder is an error. Without it the documented default folder is used when it exists. Problems in user files are
 * reported as warnings on standard error and the broken entries skipped, so one bad entry never stops a script.
 */
final class CatalogOption {

    @Option(names = "--catalog", paramLabel = "DIR",
            description = "User catalog folder that adds to or overrides the shipped catalog (default: "
                    + "~/.config/vram-advisor/catalog; %%APPDATA%%\\VRAM Advisor\\catalog on Windows).")
    Path directory;

    @Option(names = "--quiet-catalog", description = "Do not print catalog warnings.")
    boolean quiet;

    private Catalog loaded;

    /**
     * Loads the catalog once; warnings go to {@code err}.
     *
     * @throws CliInputException when {@code --catalog} names a file or nothing
     */
    Catalog catalog(PrintWriter err) {
        if (loaded == null) {
            if (directory != null && !Files.isDirectory(directory)) {
                throw new CliInputException(directory + ": --catalog needs a catalog folder, but "
                        + (Files.exists(directory) ? "this is a file" : "nothing exists there"));
            }
            CatalogLoader loader = directory == null
                    ? CatalogLoader.withDefaultUserDirectory() : CatalogLoader.withUserDirectory(directory);
            loaded = loader.load();
            if (!quiet) {
                for (CatalogProblem p : loaded.problems()) {
                    err.println("vram-advisor: warning: catalog entry skipped: " + Cli.oneLine(p.toString()));
                }
                err.flush();
            }
        }
        return loaded;
    }
}
