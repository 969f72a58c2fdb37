package com.vramadvisor.engine.money;

import java.util.List;
import java.util.Objects;

/**
 * What a bought option is made of, for {@link JobCostModel}: its parts by class (cards, hosts, a system, the cluster
 * network), its power at load, and where it runs.
 *
 * @param parts      the capital by class; their sum is the capital
 * @param powerWatts the draw at load, watts, GPUs and hosts; {@code null} when a figure is missing
 * @param dataCentre whether it needs a data centre (a server: colocation and the data centre's PUE) rather than a
 *                   desk (no hosting, PUE 1)
 */
public record Purchase(List<Part> parts, Double powerWatts, boolean dataCentre) {

    /**
     * @param assetClass how its value falls
     * @param usd        what it costs, US dollars, 0 or more
     */
    public record Part(DepreciationClass assetClass, double usd) {
        public Part {
            Objects.requireNonNull(assetClass, "assetClass");
            if (!(usd >= 0) || Double.isInfinite(usd)) {
                throw new IllegalArgumentException("a part's price must be 0 or more, got " + usd);
            }
        }
    }

    public Purchase {
        parts = List.copyOf(parts);
        if (powerWatts != null && !(powerWatts >= 0)) {
            throw new IllegalArgumentException("power must be 0 or more watts, got " + powerWatts);
        }
    }

    /** The capital: every part's price. */
    public double capitalUsd() {
        double sum = 0;
        for (Part p : parts) {
            sum += p.usd();
        }
        return sum;
    }
}
