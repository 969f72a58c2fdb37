package com.vramadvisor.cli;

import com.vramadvisor.engine.hpc.SimPrecision;
import java.util.Locale;

/** Reading the flags the simulation kinds share: precision, bounded numbers and flags that belong to another kind. */
final class HpcFlags {

    private HpcFlags() {
    }

    /**
     * {@code --precision} as a simulation reads it: single, mixed or double; the language-model default
     * (bf16-mixed) applies only when the user typed nothing, in which case {@code fallback} holds.
     */
    static SimPrecision precision(DomainRequest request, SimPrecision fallback, String kindWords) {
        var typed = request.given("--precision");
        if (typed.isEmpty()) {
            return fallback;
        }
        try {
            return SimPrecision.parse(typed.get());
        } catch (IllegalArgumentException e) {
            throw new CliInputException("--precision: '" + typed.get() + "' is not a precision for " + kindWords
                    + " (expected single, mixed or double)");
        }
    }


    /** Rejects any of {@code flags} the user typed: they mean nothing to {@code kindWords}. */
    static void reject(DomainRequest request, String kindWords, String... flags) {
        for (String f : flags) {
            if (request.isGiven(f)) {
                throw new CliInputException(f + " means nothing to " + kindWords);
            }
        }
    }

    /** A number within {@code [min, max]}, or the default when not given. */
    static double bounded(String flag, Double value, double fallback, double min, double max) {
        if (value == null) {
            return fallback;
        }
        if (!(value >= min && value <= max)) {
            throw new CliInputException(String.format(Locale.ROOT, "%s %s is out of range: expected %s to %s", flag,
                    value, trim(min), trim(max)));
        }
        return value;
    }

    /** A whole number within {@code [min, max]}, or the default when not given. */
    static int bounded(String flag, Integer value, int fallback, int min, int max) {
        if (value == null) {
            return fallback;
        }
        if (value < min || value > max) {
            throw new CliInputException(flag + " " + value + " is out of range: expected " + min + " to " + max);
        }
        return value;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
