package com.vramadvisor.catalog.model;

import java.nio.file.Path;

/**
 * A model file that cannot be read: missing, unsupported, malformed, truncated or inconsistent. The message is one
 * line that names the file and, where there is one, the field or tensor at fault, so that the desktop app and the
 * command line can show it as it is.
 */
public class ModelImportException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient Path file;

    public ModelImportException(Path file, String problem) {
        super(file + ": " + problem);
        this.file = file;
    }

    public ModelImportException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
    }

    /** The file the problem was found in. */
    public Path file() {
        return file;
    }
}
