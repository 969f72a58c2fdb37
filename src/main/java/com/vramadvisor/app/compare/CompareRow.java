package com.vramadvisor.app.compare;

import java.util.List;

/**
 * One line of the side-by-side comparison.
 *
 * @param section which block it belongs to
 * @param label   what the line shows, localised
 * @param values  one text per column, in column order
 * @param differs whether the columns disagree; the view highlights such lines
 */
public record CompareRow(Section section, String label, List<String> values, boolean differs) {

    /** The blocks of the comparison, in display order. */
    public enum Section {
        INPUTS,
        TOTALS,
        COMPONENTS
    }

    public CompareRow {
        values = List.copyOf(values);
    }
}
