package com.vramadvisor.engine.ranking;

/** Whether an option is bought or rented. JSON names are the lowercase ids. */
public enum Acquisition {
    /** Bought: whole machines, paid once, then amortised and powered. */
    PURCHASE("purchase"),
    /** Rented by the hour from a cloud provider, power included. */
    RENTAL("rental");

    private final String id;

    Acquisition(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
