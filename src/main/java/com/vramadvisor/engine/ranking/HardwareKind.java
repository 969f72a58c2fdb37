package com.vramadvisor.engine.ranking;

/** What a decision-table row offers. JSON names are the lowercase ids. */
public enum HardwareKind {
    /** One card of a GPU model. */
    GPU("gpu"),
    /** The fewest cards of one GPU model that hold the workload (only listed when one card does not). */
    MULTI_GPU("multi-gpu"),
    /** A machine bought as one (DGX/HGX server, workstation), or several of them. */
    SYSTEM("system"),
    /** A rented cloud instance type, or several instances. */
    CLOUD("cloud");

    private final String id;

    HardwareKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
