package com.vramadvisor.engine.core;

import java.util.Objects;

/**
 * The quantity a workload grows along when the user asks "how large can it get on this GPU?": the batch of a vision
 * model, the image side of a diffusion pipeline, the atoms of a simulation, the cells of a grid.
 *
 * @param id    the JSON key of the inverse answer ({@code maxBatch}, {@code maxResolution}, {@code maxAtoms},
 *              {@code maxCells})
 * @param label English label for text output ("batch", "atoms")
 * @param min   the smallest meaningful value (1 sample, 8 pixels, 1 atom)
 * @param max   the largest value the search considers
 */
public record SizingAxis(String id, String label, long min, long max) {

    public SizingAxis {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("bad axis range " + min + ".." + max);
        }
    }
}
