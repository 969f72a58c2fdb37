package com.vramadvisor.app.workload;

import java.util.Locale;

/**
 * The logarithmic parameter-count slider: positions are {@code log10(parameters)} from 10^8 (100M) to 2 x 10^12 (2T),
 * and a dragged position snaps to the nearest size that published model families actually use, so a drag lands on
 * 7B rather than 6.93B. The arrow keys step along the same sizes, one published size a key press.
 */
public final class ParameterScale {

    public static final long MIN_PARAMETERS = 100_000_000L;
    public static final long MAX_PARAMETERS = 2_000_000_000_000L;

    /**
     * Sizes that model families are published at, in the names they carry: GPT-3 paper sizes (125M, 350M, 760M,
     * 1.3B, 2.7B, 13B, 175B; Brown et al. 2020, table 2.1), Llama 2 (7B, 13B, 70B; Touvron et al. 2023), Llama 3 and
     * 3.1 (8B, 70B, 405B; Meta's model cards), Code Llama 34B (Rozière et al. 2023), Qwen2.5 (0.5B, 1.5B, 3B, 32B;
     * its model cards), Gemma (2B), Phi-3-mini and Gemma 3 (4B), GPT-NeoX-20B, Falcon 40B, PaLM 540B (Chowdhery et al.
     * 2022), DeepSeek-V3 671B (its technical report), plus round values (100M, 1B, 100B, 1T, 1.5T, 2T) at the ends and
     * in the gaps. Neighbours are at least a factor 1.06 apart, so a drag can land on each.
     */
    private static final long[] SNAP_POINTS = {
        100_000_000L, 125_000_000L, 350_000_000L, 500_000_000L, 760_000_000L,
        1_000_000_000L, 1_300_000_000L, 1_500_000_000L, 2_000_000_000L, 2_700_000_000L, 3_000_000_000L,
        4_000_000_000L, 7_000_000_000L, 8_000_000_000L, 13_000_000_000L, 20_000_000_000L, 32_000_000_000L,
        34_000_000_000L, 40_000_000_000L, 70_000_000_000L, 100_000_000_000L, 175_000_000_000L, 405_000_000_000L,
        540_000_000_000L, 671_000_000_000L, 1_000_000_000_000L, 1_500_000_000_000L, 2_000_000_000_000L,
    };

    /**
     * How far (as a ratio) a count may lie from a published size and still stand for it: the standard architecture
     * the engine builds for a size has a count a little off it (7,999,... for 8B, 101.1M for 100M), and a key press
     * from there must go on to the next size rather than back to the one it stands for.
     */
    private static final double ON_SIZE_RATIO = 1.02;

    private ParameterScale() {
    }

    public static double minPosition() {
        return Math.log10(MIN_PARAMETERS);
    }

    public static double maxPosition() {
        return Math.log10(MAX_PARAMETERS);
    }

    /** Slider position of a parameter count, clamped to the slider's range. */
    public static double toPosition(long parameters) {
        long clamped = Math.max(MIN_PARAMETERS, Math.min(MAX_PARAMETERS, parameters));
        return Math.log10(clamped);
    }

    /** The snap point nearest (in log space) to a slider position. */
    public static long snap(double position) {
        long best = SNAP_POINTS[0];
        double bestDistance = Double.MAX_VALUE;
        for (long p : SNAP_POINTS) {
            double distance = Math.abs(Math.log10(p) - position);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = p;
            }
        }
        return best;
    }

    /**
     * The published size one key press above ({@code direction > 0}) or below a count: the next size past the one the
     * count stands for, or the end of the ladder when there is none.
     */
    public static long step(long parameters, int direction) {
        if (direction > 0) {
            for (long p : SNAP_POINTS) {
                if (p > parameters * ON_SIZE_RATIO) {
                    return p;
                }
            }
            return MAX_PARAMETERS;
        }
        for (int i = SNAP_POINTS.length - 1; i >= 0; i--) {
            if (SNAP_POINTS[i] * ON_SIZE_RATIO < parameters) {
                return SNAP_POINTS[i];
            }
        }
        return MIN_PARAMETERS;
    }

    /**
     * Round sizes a count may have been asked for: the published size nearest to it and the count rounded to two and
     * three significant digits, nearest first. The window names a standard architecture by the size it was made for.
     */
    public static long[] roundSizes(long parameters) {
        long nearest = snap(Math.log10(Math.max(1, parameters)));
        return new long[] {nearest, roundTo(parameters, 3), roundTo(parameters, 2)};
    }

    private static long roundTo(long value, int digits) {
        return new java.math.BigDecimal(value).round(new java.math.MathContext(digits,
                java.math.RoundingMode.HALF_UP)).longValue();
    }

    /** A count in trillions, billions or millions, and the unit letter. */
    private record Scaled(double value, String suffix) {
    }

    private static Scaled scaled(long parameters) {
        if (parameters >= 1_000_000_000_000L) {
            return new Scaled(parameters / 1e12, "T");
        }
        if (parameters >= 1_000_000_000L) {
            return new Scaled(parameters / 1e9, "B");
        }
        return new Scaled(parameters / 1e6, "M");
    }

    /** Short label of a count, e.g. {@code 125M}, {@code 1.3B}, {@code 2T}; unit letters are the same in every language. */
    public static String shortLabel(long parameters) {
        Scaled scaled = scaled(parameters);
        double v = scaled.value();
        String suffix = scaled.suffix();
        // Rounded the way model names are: 69.98B reads 70B, 8.03B reads 8B, 6.74B reads 6.7B.
        String digits = v >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
        if (digits.endsWith(".0")) {
            digits = digits.substring(0, digits.length() - 2);
        }
        return digits + suffix;
    }

    /**
     * A count to four significant digits with its unit letter, for a field too narrow for twelve digits:
     * {@code 405.1B} for 405,077,442,560, {@code 8.03B} for 8,030,261,248, {@code 125M}. The field's parser reads it
     * back; the exact count goes into a tooltip.
     */
    public static String compactLabel(long parameters) {
        Scaled scaled = scaled(parameters);
        double v = scaled.value();
        String suffix = scaled.suffix();
        java.math.BigDecimal rounded = new java.math.BigDecimal(v)
                .round(new java.math.MathContext(4, java.math.RoundingMode.HALF_UP)).stripTrailingZeros();
        return rounded.toPlainString() + suffix;
    }
}
