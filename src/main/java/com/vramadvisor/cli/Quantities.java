package com.vramadvisor.cli;

import java.util.Locale;

/** Parsing and printing of the counts and sizes users type and read on the command line. */
final class Quantities {

    private Quantities() {
    }

    /**
     * Parses a parameter or token count: plain digits ({@code 124439808}), scientific ({@code 7e9}) or with a
     * decimal suffix K, M, B (or G), T ({@code 70B}, {@code 1.3b}, {@code 350M}). Suffixes are powers of 1000.
     *
     * @throws IllegalArgumentException naming the text when it is not a positive count
     */
    static long parseCount(String text) {
        String t = text.trim().replace("_", "").replace(",", "");
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty count");
        }
        double factor = 1;
        char last = Character.toUpperCase(t.charAt(t.length() - 1));
        switch (last) {
            case 'K' -> factor = 1e3;
            case 'M' -> factor = 1e6;
            case 'B', 'G' -> factor = 1e9;
            case 'T' -> factor = 1e12;
            default -> factor = 1;
        }
        String number = factor == 1 ? t : t.substring(0, t.length() - 1);
        double value;
        try {
            value = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a count (examples: 7e9, 70B, 1.3B, 350M)");
        }
        double result = value * factor;
        if (!(result >= 1) || result > 1e15) {
            throw new IllegalArgumentException("'" + text + "' is out of range: expected 1 to 1e15");
        }
        return Math.round(result);
    }

    /** Formats bytes in binary units with the unit named: {@code 14.96 GiB}. */
    static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30));
    }

    /** Formats bytes in decimal units with the unit named, one decimal as the guide's explanations: {@code 21.8 GB}. */
    static String gb(long bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }

    /** Formats a count with thousands separators: {@code 8,030,261,248}. */
    static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** Formats a parameter count compactly: {@code 8.03B}, {@code 124.4M}. */
    static String compactCount(long value) {
        if (value >= 1_000_000_000_000L) {
            return String.format(Locale.ROOT, "%.2fT", value / 1e12);
        }
        if (value >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2fB", value / 1e9);
        }
        if (value >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1fM", value / 1e6);
        }
        return grouped(value);
    }
}
