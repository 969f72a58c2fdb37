package com.vramadvisor.engine.core;

/**
 * Whether an estimate with its range fits a capacity: three states, because an estimate is a band, not a point
 * ({@link MemoryRange}).
 */
public enum FitVerdict {
    /** The whole band, its high end included, is at most the capacity. */
    FITS("fits", "fits"),
    /** The capacity lies inside the band: the low end fits, the high end does not. Measure before buying. */
    TIGHT("tight", "tight"),
    /** Even the low end of the band is above the capacity. */
    DOES_NOT_FIT("does-not-fit", "does not fit");

    private final String id;
    private final String label;

    FitVerdict(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** Kebab-case id for JSON values: {@code fits}, {@code tight}, {@code does-not-fit}. */
    public String id() {
        return id;
    }

    /** English words for text output. */
    public String label() {
        return label;
    }
}
