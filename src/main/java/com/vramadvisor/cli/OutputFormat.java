package com.vramadvisor.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Output formats of the commands; each command accepts a subset. */
enum OutputFormat {
    TEXT,
    JSON,
    CSV;

    static OutputFormat parse(String text, OutputFormat... allowed) {
        for (OutputFormat f : allowed) {
            if (f.name().equalsIgnoreCase(text.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("--format must be " + Arrays.stream(allowed)
                .map(f -> f.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(" or ")) + ", got '" + text
                + "'");
    }
}
