package com.vramadvisor.scenario;

import java.text.NumberFormat;
import java.util.Locale;

/**
 * How memory sizes are shown: binary gibibytes (2^30 bytes, what {@code nvidia-smi} and PyTorch report) or decimal
 * gigabytes (10^9 bytes, how vendors label cards). One quantity is always shown in one unit, with its symbol.
 */
public enum SizeUnit {
    GIB("GiB", 1L << 30),
    GB("GB", 1_000_000_000L);

    private final String symbol;
    private final long bytesPerUnit;

    SizeUnit(String symbol, long bytesPerUnit) {
        this.symbol = symbol;
        this.bytesPerUnit = bytesPerUnit;
    }

    /** The unit symbol, the same in every language ({@code GiB}, {@code GB}). */
    public String symbol() {
        return symbol;
    }

    public long bytesPerUnit() {
        return bytesPerUnit;
    }

    /** {@code bytes} expressed in this unit. */
    public double fromBytes(long bytes) {
        return bytes / (double) bytesPerUnit;
    }

    /** {@code value} of this unit in bytes, rounded to the nearest byte. */
    public long toBytes(double value) {
        return Math.round(value * bytesPerUnit);
    }

    /**
     * Formats {@code bytes} for {@code locale} with a unit label, e.g. {@code "15.3 GiB"}: one decimal below 100
     * units, none above, so figures stay short but the difference between close cards is still visible.
     */
    public String format(long bytes, Locale locale) {
        double value = fromBytes(bytes);
        NumberFormat nf = NumberFormat.getNumberInstance(locale);
        nf.setGroupingUsed(true);
        int decimals = Math.abs(value) < 100 ? 1 : 0;
        nf.setMinimumFractionDigits(decimals);
        nf.setMaximumFractionDigits(decimals);
        return nf.format(value) + "\u00a0" + symbol;
    }
}
