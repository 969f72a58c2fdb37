package com.vramadvisor.catalog;

import java.util.Objects;

/**
 * One thing wrong in a catalog file or folder. The entry (or the whole file, when {@code jsonPath} is {@code $}) it
 * names was skipped; everything else was loaded.
 *
 * @param file      the file as the user knows it: a path for user files, {@code catalog/gpus.json (shipped)} for
 *                  files inside the application
 * @param jsonPath  where in the file, in JSONPath notation ({@code $.gpus[3].memoryBandwidthGBps}); {@code $} for
 *                  the whole file; empty when the problem is not inside a JSON document (a folder that does not
 *                  exist, a file that cannot be read or has no catalog file name)
 * @param message   what is wrong, in one line
 */
public record CatalogProblem(String file, String jsonPath, String message) {

    public CatalogProblem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(jsonPath, "jsonPath");
        Objects.requireNonNull(message, "message");
    }

    /** One line for logs and the command line: {@code file: $.path: message}; {@code file: message} without a path. */
    @Override
    public String toString() {
        return jsonPath.isEmpty() ? file + ": " + message : file + ": " + jsonPath + ": " + message;
    }
}
