package com.vramadvisor.engine.speed;

import java.util.Optional;

/** How a source summarises repeated observations ({@code catalog/benchmarks/README.md}, rule 5). */
public enum Statistic {
    MEAN("mean"), MEDIAN("median"), P90("p90"), P99("p99"), MAX("max");

    private final String id;

    Statistic(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The statistic a corpus file names, empty when unknown. */
    public static Optional<Statistic> of(String id) {
        for (Statistic s : values()) {
            if (s.id.equals(id)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Whether the figure describes the typical request (mean or median) rather than a tail. */
    public boolean central() {
        return this == MEAN || this == MEDIAN;
    }
}
