package com.vramadvisor.scenario;

/**
 * A scenario file that cannot be used. The {@link Reason} decides the message the user sees; {@link #detail()}
 * names the place in the file (a JSON path or line) and what is wrong there, in English, for the dialog's details.
 */
public final class ScenarioFileException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What kind of problem the file has. */
    public enum Reason {
        /** Not JSON, or JSON without the fields a scenario needs. */
        MALFORMED,
        /** JSON that stops early, as a file does when writing it was interrupted. */
        INCOMPLETE,
        /** Written by a newer version of the application, with a format this version does not know. */
        NEWER_VERSION,
        /** Well-formed, but a value is out of range or inconsistent (e.g. heads not divisible by key/value heads). */
        INVALID_VALUE,
        /** The file could not be read or written at all. */
        IO
    }

    private final Reason reason;
    private final String detail;

    public ScenarioFileException(Reason reason, String detail, Throwable cause) {
        super(reason + ": " + detail, cause);
        this.reason = reason;
        this.detail = detail;
    }

    public ScenarioFileException(Reason reason, String detail) {
        this(reason, detail, null);
    }

    public Reason reason() {
        return reason;
    }

    public String detail() {
        return detail;
    }
}
