package com.vramadvisor.figures;

import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Whole numbers and fixed decimals with the locale's grouping and decimal separators, written by hand rather than
 * through {@code NumberFormat}: a {@code NumberFormat} is not safe to share between threads and costs more to build
 * than a table row does to rank.
 */
final class Digits {

    private final char grouping;
    private final char decimal;

    Digits(Locale locale) {
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(locale);
        this.grouping = symbols.getGroupingSeparator();
        this.decimal = symbols.getDecimalSeparator();
    }

    /** {@code value} (0 or more) with grouping: {@code 1,234,567}. */
    String whole(long value) {
        String digits = Long.toString(Math.max(0, value));
        StringBuilder out = new StringBuilder(digits.length() + digits.length() / 3);
        int lead = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
        out.append(digits, 0, lead);
        for (int i = lead; i < digits.length(); i += 3) {
            out.append(grouping).append(digits, i, i + 3);
        }
        return out.toString();
    }

    /** {@code units / 10^decimals} (0 or more) with exactly {@code decimals} (1 or 2) fraction digits and grouping. */
    String fixed(long units, int decimals) {
        long scale = decimals == 1 ? 10 : 100;
        long frac = Math.max(0, units) % scale;
        String fraction = Long.toString(frac);
        while (fraction.length() < decimals) {
            fraction = "0" + fraction;
        }
        return whole(Math.max(0, units) / scale) + decimal + fraction;
    }
}
