package com.vramadvisor.engine.core;

import java.util.Objects;

/**
 * One named part of a workload's per-GPU memory, as the breakdown chart, the JSON {@code components} object and the
 * reports show it.
 *
 * @param id      the JSON key, camelCase and stable ({@code textures}, {@code renderTargets}, {@code neighbourLists})
 * @param label   the English label for text output and charts ("render targets")
 * @param bytes   bytes this part holds at the peak, never negative
 * @param formula how the figure was computed, in one sentence with the numbers put in, for tooltips and the
 *                report's assumptions ("12 textures x 4096 x 4096 BC7 (1 byte/texel) x 4/3 for mips")
 */
public record MemoryPart(String id, String label, long bytes, String formula) {

    public MemoryPart {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(formula, "formula");
        if (bytes < 0) {
            throw new IllegalArgumentException("negative bytes for " + id + ": " + bytes);
        }
    }
}
