package com.vramadvisor.engine.core;

import java.util.Objects;

/**
 * One named part of a workload's per-GPU memory, as the breakdown chart, the JSON {@code components} object and the
 * reports show it.
 *
 * @param id      the JSON key, camelCase and stable ({@code textures}, {@code renderTargets}, {@code neighbourLists})
 * @param label   the English label for text output and charts ("render targets")
 * @param bytes   bytes this part holds at the peak, never negative
 * @param formulaSentence how the figure was computed, in one sentence with the numbers put in, for tooltips and
 *                        the report's formulas ("12 textures x 4096 x 4096 BC7 (1 byte/texel) x 4/3 for mips"),
 *                        translatable ({@link Sentence}); {@link #formula()} gives it in English
 */
public record MemoryPart(String id, String label, long bytes, Sentence formulaSentence) {

    public MemoryPart {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(formulaSentence, "formulaSentence");
        if (bytes < 0) {
            throw new IllegalArgumentException("negative bytes for " + id + ": " + bytes);
        }
    }

    /** A part whose formula is shown as written in every language. */
    public MemoryPart(String id, String label, long bytes, String formula) {
        this(id, label, bytes, Sentence.plain(Objects.requireNonNull(formula, "formula")));
    }

    /** How the figure was computed, in English. */
    public String formula() {
        return formulaSentence.english();
    }
}
