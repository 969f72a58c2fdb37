package com.vramadvisor.files;

/**
 * Text taken from a file the user points at (a key, a tensor name, a field value) made safe to put in a one-line
 * message: control and formatting characters are written as escapes, so that a file cannot send terminal escape
 * sequences, line breaks or right-to-left overrides to the terminal or a dialog, and long values are cut, so that a
 * message stays one readable line.
 */
public final class UntrustedText {

    /** Characters of a value kept in a message; the rest is replaced by a note of the full length. */
    public static final int MAX_CHARS = 80;

    private UntrustedText() {
    }

    /**
     * The text between double quotes, escaped and cut: {@code "x\u0000.safetensors"} for a name holding a NUL;
     * {@code "aaaa…" (164000 characters)} for a long one. {@code null} gives {@code null} without quotes.
     */
    public static String quote(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_CHARS) + 24).append('"');
        int kept = appendEscaped(out, text, MAX_CHARS, true);
        out.append('"');
        if (kept < text.length()) {
            out.insert(out.length() - 1, '\u2026').append(" (").append(text.length()).append(" characters)");
        }
        return out.toString();
    }

    /**
     * The text with control characters escaped and cut like {@link #quote(String)}, without quotes: for names shown
     * between other marks and for messages that already quote.
     */
    public static String escape(String text) {
        return escape(text, MAX_CHARS);
    }

    /** The text escaped and cut after {@code maxChars} characters, without quotes. */
    public static String escape(String text, int maxChars) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxChars) + 24);
        int kept = appendEscaped(out, text, maxChars, false);
        if (kept < text.length()) {
            out.append('\u2026').append(" (").append(text.length()).append(" characters)");
        }
        return out.toString();
    }

    /**
     * Appends at most {@code maxChars} characters of {@code text}, escaped, and returns how many were taken. Inside
     * quotes a backslash and a double quote are escaped too, so that the quoted value reads back unambiguously.
     */
    private static int appendEscaped(StringBuilder out, String text, int maxChars, boolean quoted) {
        int i = 0;
        while (i < text.length() && i < maxChars) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                if (i + 1 >= maxChars) {
                    break;
                }
                out.append(c).append(text.charAt(i + 1));
                i += 2;
                continue;
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\\' -> out.append(quoted ? "\\\\" : "\\");
                case '"' -> out.append(quoted ? "\\\"" : "\"");
                default -> {
                    if (needsEscape(c)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
            i++;
        }
        return i;
    }

    /**
     * C0 and C1 controls, DEL, line and paragraph separators, formatting characters (bidirectional overrides,
     * zero-width joiners) and lone surrogates.
     */
    private static boolean needsEscape(char c) {
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE;
    }
}
