package com.vramadvisor.engine.core;

import java.util.Objects;

/**
 * How much work a job is, in the items of its {@link StepWork} (images, time steps): what the decision table's time
 * and job cost are for.
 *
 * @param items       items to process, more than 0
 * @param description the job in words ("90 epochs of 1,281,167 images"), for tables and reports
 */
public record JobSize(double items, String description) {

    /** The largest job accepted, a bound on flags and scenario files: 10^15 items. */
    public static final double MAX_ITEMS = 1e15;

    public JobSize {
        Objects.requireNonNull(description, "description");
        if (!(items > 0) || items > MAX_ITEMS) {
            throw new IllegalArgumentException("a job must be 1 to 1e15 items, got " + items);
        }
    }
}
