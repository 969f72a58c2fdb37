package com.vramadvisor.scenario;

import java.util.regex.Pattern;

/**
 * Checks the short ids a domain workload is described with (preset ids, precisions, potentials): lowercase letters,
 * digits, dots and hyphens, 1 to 64 characters. Whether an estimator knows the id is its own question; this keeps
 * what a scenario file can put into the window short and printable.
 */
final class DomainIds {

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9.\\-_]{0,63}");

    private DomainIds() {
    }

    /** {@code id} itself, or an {@link IllegalArgumentException} naming {@code what}. */
    static String check(String what, String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException(what + " must be a lowercase id of 1 to 64 letters, digits, '.', '-'"
                    + " or '_'");
        }
        return id;
    }

    /** {@code value} itself when it lies in {@code [min, max]}, else an exception naming {@code what}. */
    static long range(String what, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + " must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }
}
