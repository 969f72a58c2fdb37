package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * What owning hardware costs beside its price: electricity, the data centre's PUE, colocation, the cluster network,
 * what selling it again takes, and how its value falls. Built from the catalog's money facts
 * ({@code catalog/money.json}, sources in {@code docs/catalog.md}) by {@link #of}, with the user's own electricity
 * price and PUE where given.
 *
 * @param electricityUsdPerKWh    electricity for owned hardware, US dollars per kWh
 * @param pue                     power usage effectiveness of the data centre servers run in (1 or more); a machine under
 *                                a desk runs at 1
 * @param colocationUsdPerKwMonth rent of data-centre space, power delivery and cooling per kW of the machine's draw and
 *                                month, for servers; {@code null} where unknown
 * @param sellingCostFraction     share of the resale price that selling takes (a marketplace's fee), 0 to below 1
 * @param residuals               resale value by hardware class and age
 * @param network                 the cluster network's price per machine, by node class and cluster size
 */
public record OwnershipTerms(double electricityUsdPerKWh, double pue, Double colocationUsdPerKwMonth,
                             double sellingCostFraction, Residuals residuals, NetworkPrices network) {

    /** The cluster network's price per machine for a cluster of machines of one node class. */
    @FunctionalInterface
    public interface NetworkPrices {

        /** No network priced: every multi-machine option lacks it. */
        NetworkPrices NONE = (nodeClassId, nodes) -> null;

        /**
         * @param nodeClassId the node class of the machines
         * @param nodes       machines in the cluster, 2 or more
         * @return US dollars per machine, or {@code null} where the catalog gives no price for that class
         */
        Double usdPerNode(String nodeClassId, int nodes);

        /** The catalog's network costs ({@link MoneyFacts#networkCostFor}). */
        static NetworkPrices of(MoneyFacts facts) {
            return (id, nodes) -> facts.networkCostFor(id).map(c -> c.usdPerNode(nodes)).orElse(null);
        }
    }

    public OwnershipTerms {
        Objects.requireNonNull(residuals, "residuals");
        Objects.requireNonNull(network, "network");
        if (!(electricityUsdPerKWh >= 0) || Double.isInfinite(electricityUsdPerKWh)) {
            throw new IllegalArgumentException("electricity price must be 0 or more, got " + electricityUsdPerKWh);
        }
        if (!(pue >= 1) || Double.isInfinite(pue)) {
            throw new IllegalArgumentException("PUE must be 1 or more, got " + pue);
        }
        if (colocationUsdPerKwMonth != null
                && (!(colocationUsdPerKwMonth >= 0) || Double.isInfinite(colocationUsdPerKwMonth))) {
            throw new IllegalArgumentException("colocation price must be 0 or more, got " + colocationUsdPerKwMonth);
        }
        if (!(sellingCostFraction >= 0 && sellingCostFraction < 1)) {
            throw new IllegalArgumentException("selling cost must be 0 to below 1, got " + sellingCostFraction);
        }
    }

    /**
     * The terms of the catalog's money facts, with {@code usdPerKWh} and {@code pue} as the electricity price and PUE
     * (the user's, or the facts' own where the caller passes those). A part the facts lack counts as nothing known:
     * no colocation price, no selling cost, no resale value for a class without a curve.
     */
    public static OwnershipTerms of(MoneyFacts facts, double usdPerKWh, double pue) {
        return new OwnershipTerms(usdPerKWh, pue,
                facts.colocation().map(ColocationPrice::usdPerKwMonth).orElse(null),
                facts.sellingCost().map(SellingCost::fraction).orElse(0.0), Residuals.of(facts),
                NetworkPrices.of(facts));
    }
}
