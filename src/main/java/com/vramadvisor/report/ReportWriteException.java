package com.vramadvisor.report;

import java.nio.file.Path;
import java.util.Locale;

import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.files.FileWriteException.Reason;

/**
 * A report could not be written. The message is one line naming the file and the reason; any earlier file at the
 * target is left as it was.
 */
public class ReportWriteException extends Exception {

    private static final long serialVersionUID = 1L;

    private final Path target;
    private final Reason reason;
    private final String detail;

    /**
     * @param target  the file that was to be written
     * @param reason  the kind of failure
     * @param detail  the second placeholder of the message: the folder for {@code FOLDER_MISSING},
     *                {@code NOT_A_FOLDER} and {@code NO_NEW_FILES}, the system's message for {@code FAILED}, else
     *                ignored
     * @param cause   the underlying exception, may be {@code null}
     */
    public ReportWriteException(Path target, Reason reason, String detail, Throwable cause) {
        super(format(Locale.ENGLISH, target, reason, detail), cause);
        this.target = target;
        this.reason = reason;
        this.detail = detail;
    }

    /** The same failure in the report's words, which come in every report language. */
    public ReportWriteException(FileWriteException failure) {
        this(failure.target(), failure.reason(), failure.detail(), failure);
    }

    public Path target() {
        return target;
    }

    /** Why writing failed; the desktop app shows {@link #getLocalizedMessage(Locale)} for these. */
    public Reason reason() {
        return reason;
    }

    /** The same one-line message in the report language of {@code locale}. */
    public String getLocalizedMessage(Locale locale) {
        return format(locale, target, reason, detail);
    }

    private static String format(Locale locale, Path target, Reason reason, String detail) {
        return ReportText.of(locale).format(key(reason), String.valueOf(target), detail == null ? "" : detail);
    }

    private static String key(Reason reason) {
        return switch (reason) {
            case FOLDER_MISSING -> "error.write.folderMissing";
            case NOT_A_FOLDER -> "error.write.notAFolder";
            case FOLDER_IN_THE_WAY -> "error.write.folderInTheWay";
            case NOT_A_REGULAR_FILE -> "error.write.notARegularFile";
            case NO_NEW_FILES -> "error.write.noNewFiles";
            case DENIED -> "error.write.denied";
            case NO_SPACE -> "error.write.noSpace";
            case FAILED -> "error.write.failed";
        };
    }
}
