package com.vramadvisor.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A file a user pointed at could not be read ({@link RegularFiles}). {@link #problem()} says why in a few words
 * without the file name ({@code is larger than 1 MiB}), for readers that name the file in their own way; the message
 * is the escaped path followed by the problem.
 */
public final class FileReadException extends IOException {

    private static final long serialVersionUID = 1L;

    /** Why reading failed. */
    public enum Reason {
        /** Nothing exists at the path. */
        MISSING,
        /** The path names a folder. */
        FOLDER,
        /** The path names a FIFO, socket or device: reading it could block forever or never end. */
        NOT_REGULAR,
        /** The file holds more than the reader's limit, {@link #limitBytes()}. */
        TOO_LARGE,
        /** The system refused or failed (permission, I/O error); the cause says more. */
        UNREADABLE
    }

    private final Path file;
    private final Reason reason;
    private final long limitBytes;

    FileReadException(Path file, Reason reason, long limitBytes, Throwable cause) {
        super(UntrustedText.escape(String.valueOf(file), 400) + ": " + problem(reason, limitBytes, cause), cause);
        this.file = file;
        this.reason = reason;
        this.limitBytes = limitBytes;
    }

    public Path file() {
        return file;
    }

    public Reason reason() {
        return reason;
    }

    /** The reader's limit for {@link Reason#TOO_LARGE}, in bytes; 0 otherwise. */
    public long limitBytes() {
        return limitBytes;
    }

    /** What is wrong, without the file name: {@code is a folder}, {@code is larger than 1 MiB}. */
    public String problem() {
        return problem(reason, limitBytes, getCause());
    }

    private static String problem(Reason reason, long limitBytes, Throwable cause) {
        return switch (reason) {
            case MISSING -> "does not exist";
            case FOLDER -> "is a folder";
            case NOT_REGULAR -> "is not a regular file (a pipe, socket or device)";
            case TOO_LARGE -> "is larger than " + size(limitBytes);
            case UNREADABLE -> "cannot be read" + (cause == null ? "" : " (" + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + UntrustedText.escape(cause.getMessage(), 200)) + ")");
        };
    }

    /** {@code 1 MiB}, {@code 64 KiB}, else whole bytes grouped. */
    static String size(long bytes) {
        if (bytes > 0 && bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + " MiB";
        }
        if (bytes > 0 && bytes % (1L << 10) == 0) {
            return bytes / (1L << 10) + " KiB";
        }
        return String.format(Locale.ROOT, "%,d bytes", bytes);
    }
}
