package com.vramadvisor.files;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file could not be written; any earlier file at the target is left as it was. The message is one English line
 * naming the file and the reason; {@link #reason()} and {@link #detail()} let a caller say the same in its own words.
 */
public final class FileWriteException extends IOException {

    private static final long serialVersionUID = 1L;

    /** Why writing failed. */
    public enum Reason {
        /** The target's folder does not exist and was not to be created; the detail names the folder. */
        FOLDER_MISSING,
        /** A regular file stands where a folder of the target's path should be; the detail names that file. */
        NOT_A_FOLDER,
        /** A folder has the target's name; it is never replaced. */
        FOLDER_IN_THE_WAY,
        /** A FIFO, socket or device node has the target's name; only a regular file is ever replaced. */
        NOT_A_REGULAR_FILE,
        /**
         * The folder exists but takes no new files (a virtual file system such as /proc); the detail names it.
         */
        NO_NEW_FILES,
        /** The file system refused: no permission, or mounted read-only. */
        DENIED,
        /** The disk or the user's quota is full. */
        NO_SPACE,
        /** Anything else; the detail is the system's or the content writer's message. */
        FAILED
    }

    private final Path target;
    private final Reason reason;
    private final String detail;

    /**
     * @param target the file that was to be written, as the caller named it
     * @param reason the kind of failure
     * @param detail the folder for {@code FOLDER_MISSING} and {@code NO_NEW_FILES}, the file in the way for
     *               {@code NOT_A_FOLDER}, the system's message for {@code FAILED}; {@code null} for the others
     * @param cause  the underlying exception, may be {@code null}
     */
    public FileWriteException(Path target, Reason reason, String detail, Throwable cause) {
        super("cannot write " + target + ": " + describe(reason, detail), cause);
        this.target = target;
        this.reason = reason;
        this.detail = detail;
    }

    public Path target() {
        return target;
    }

    public Reason reason() {
        return reason;
    }

    /** The path or message the reason refers to; {@code null} where the reason says it all. */
    public String detail() {
        return detail;
    }

    private static String describe(Reason reason, String detail) {
        return switch (reason) {
            case FOLDER_MISSING -> "the folder " + detail + " does not exist";
            case NOT_A_FOLDER -> detail + " is not a folder";
            case FOLDER_IN_THE_WAY -> "a folder with that name is in the way";
            case NOT_A_REGULAR_FILE -> "a pipe, socket or device has that name; only a regular file is replaced";
            case NO_NEW_FILES -> "files cannot be created in " + detail;
            case DENIED -> "permission denied";
            case NO_SPACE -> "no space left on the device";
            case FAILED -> String.valueOf(detail);
        };
    }
}
