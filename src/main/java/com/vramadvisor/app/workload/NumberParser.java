package com.vramadvisor.app.workload;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Reads whole numbers the way people type them into the exact-value fields: {@code 4096}, {@code 4,096},
 * {@code 1_000}, {@code 7e9}, {@code 1.3B}, {@code 70b}, {@code 8k}, {@code 1M}, and the Chinese {@code 70亿} or
 * {@code 4万}. Letter suffixes are decimal for parameter counts (7B = 7 x 10^9) and binary for token counts, where
 * "8k context" conventionally means 8192 tokens.
 */
public final class NumberParser {

    /** How the suffixes k, M, B/G, T scale. */
    public enum Suffixes {
        /** k = 10^3, M = 10^6, B = G = 10^9, T = 10^12. */
        DECIMAL,
        /** k = 2^10, M = 2^20, G = 2^30. */
        BINARY
    }

    private NumberParser() {
    }

    /** The whole number in {@code text}, or empty when it is not one (including fractions like {@code 1.5}). */
    public static OptionalLong parse(String text, Suffixes suffixes) {
        if (text == null) {
            return OptionalLong.empty();
        }
        String t = text.strip().replaceAll("[,_'\\s\u00a0\u202f\uff0c]", "");
        if (t.isEmpty()) {
            return OptionalLong.empty();
        }
        BigDecimal multiplier = BigDecimal.ONE;
        char last = t.charAt(t.length() - 1);
        long factor = suffixFactor(Character.toLowerCase(last), suffixes);
        if (factor > 0) {
            multiplier = BigDecimal.valueOf(factor);
            t = t.substring(0, t.length() - 1);
        }
        if (!t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d{1,3})?")) {
            return OptionalLong.empty();
        }
        try {
            BigDecimal value = new BigDecimal(t.toLowerCase(Locale.ROOT)).multiply(multiplier);
            return OptionalLong.of(value.longValueExact());
        } catch (ArithmeticException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * A plain decimal of 0 or more as typed into a field of days or the like: {@code 90}, {@code 0.5}, {@code 1,000},
     * {@code .25}; empty when the text is not one (signs, exponents and suffixes are not days).
     */
    public static OptionalDouble parseDecimal(String text) {
        if (text == null) {
            return OptionalDouble.empty();
        }
        String t = text.strip().replaceAll("[,_'\\s\u00a0\u202f\uff0c]", "");
        if (!t.matches("\\d+(\\.\\d*)?|\\.\\d+")) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Double.parseDouble(t));
    }

    private static long suffixFactor(char c, Suffixes suffixes) {
        boolean binary = suffixes == Suffixes.BINARY;
        switch (c) {
            case 'k':
                return binary ? 1L << 10 : 1_000L;
            case 'm':
                return binary ? 1L << 20 : 1_000_000L;
            case 'g':
            case 'b':
                return binary ? 1L << 30 : 1_000_000_000L;
            case 't':
                return binary ? 1L << 40 : 1_000_000_000_000L;
            case '\u4e07':
                return 10_000L;
            case '\u4ebf':
                return 100_000_000L;
            default:
                return 0;
        }
    }
}
