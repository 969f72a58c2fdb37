package com.vramadvisor.engine.ranking;

/**
 * The scenarios of the hardware guide: language models by size, then real-time rendering and scientific computing.
 * JSON names are the lowercase ids.
 */
public enum SizeClass {
    /** Models under 10^9 parameters. */
    SMALL_UNDER_1B("under-1b"),
    /** Models of 10^9 to 10^10 parameters. */
    MEDIUM_1B_TO_10B("1b-to-10b"),
    /** Models over 10^10 parameters. */
    LARGE_OVER_10B("over-10b"),
    /** Real-time and interactive rendering of a scene (one GPU holds the whole scene). */
    RENDERING("rendering"),
    /** Scientific computing: molecular dynamics and grid solvers, spread over GPUs by domain decomposition. */
    SCIENTIFIC_COMPUTING("hpc");

    private final String id;

    SizeClass(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
