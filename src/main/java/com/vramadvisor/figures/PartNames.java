package com.vramadvisor.figures;

import java.util.Locale;

/**
 * A memory part's name as a legend or a table shows it, the same in the window and in reports: starting with a capital
 * as a language model's legend does ("Weights", "Neighbour lists"), while a first word with capitals of its own stays
 * as written ("cuDNN workspace", "CUDA context", "VAE weights"). A name in a script without case is left as it is.
 */
public final class PartNames {

    private PartNames() {
    }

    /** {@code name} starting with a capital, unless its first word has capitals of its own. */
    public static String asLegend(String name) {
        String first = name.split(" ", 2)[0];
        return first.isEmpty() || !first.equals(first.toLowerCase(Locale.ROOT)) ? name
                : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }
}
