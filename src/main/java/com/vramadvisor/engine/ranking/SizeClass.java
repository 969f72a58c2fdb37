package com.vramadvisor.engine.ranking;

/** The model-size scenarios of the hardware guide. JSON names are the lowercase ids. */
public enum SizeClass {
    /** Models under 10^9 parameters. */
    SMALL_UNDER_1B("under-1b"),
    /** Models of 10^9 to 10^10 parameters. */
    MEDIUM_1B_TO_10B("1b-to-10b"),
    /** Models over 10^10 parameters. */
    LARGE_OVER_10B("over-10b");

    private final String id;

    SizeClass(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
