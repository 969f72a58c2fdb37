package com.vramadvisor.engine.hardware;

/** Whose figure a price is. */
public enum PriceSource {
    /** The catalog's dated, sourced price. */
    CATALOG("catalog"),
    /** The user's own price from the price list in the user catalog folder ({@code prices.json}). */
    USER("user");

    private final String id;

    PriceSource(String id) {
        this.id = id;
    }

    /** {@code catalog} or {@code user}, as reports and JSON output write it. */
    public String id() {
        return id;
    }
}
