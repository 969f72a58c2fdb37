package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * What owning hardware costs beside its price, from the catalog's money facts ({@code catalog/money.json}, sources in
 * {@code docs/catalog.md}), with the user's own electricity price and PUE where given.
 *
 * @param electricityUsdPerKWh    electricity for owned hardware, US dollars per kWh
 * @param pue                     power usage effectiveness of the room it runs in (1 or more): a data centre's, or 1
 *                                for a machine under a desk
 * @param colocationUsdPerKwMonth rent of data-centre space, power delivery and cooling per kW of the machine's draw and
 *                                month, for servers; 0 where unknown
 * @param networkUsdPerNode       the cluster network between machines (adapters, switch ports, cables) per machine,
 *                                bought with a multi-machine option; 0 where unknown
 * @param sellingCostFraction     share of the resale price that selling takes (a marketplace's or broker's fee),
 *                                0 to 1
 * @param residuals               resale value by hardware class and age
 */
public record OwnershipTerms(double electricityUsdPerKWh, double pue, double colocationUsdPerKwMonth,
                             double networkUsdPerNode, double sellingCostFraction, Residuals residuals) {

    public OwnershipTerms {
        Objects.requireNonNull(residuals, "residuals");
        if (!(electricityUsdPerKWh >= 0) || Double.isInfinite(electricityUsdPerKWh)) {
            throw new IllegalArgumentException("electricity price must be 0 or more, got " + electricityUsdPerKWh);
        }
        if (!(pue >= 1) || Double.isInfinite(pue)) {
            throw new IllegalArgumentException("PUE must be 1 or more, got " + pue);
        }
        if (!(colocationUsdPerKwMonth >= 0) || Double.isInfinite(colocationUsdPerKwMonth)) {
            throw new IllegalArgumentException("colocation price must be 0 or more, got " + colocationUsdPerKwMonth);
        }
        if (!(networkUsdPerNode >= 0) || Double.isInfinite(networkUsdPerNode)) {
            throw new IllegalArgumentException("network price must be 0 or more, got " + networkUsdPerNode);
        }
        if (!(sellingCostFraction >= 0 && sellingCostFraction < 1)) {
            throw new IllegalArgumentException("selling cost must be 0 to 1, got " + sellingCostFraction);
        }
    }

    /** The same terms with another electricity price and PUE (the user's). */
    public OwnershipTerms withPower(double usdPerKWh, double newPue) {
        return new OwnershipTerms(usdPerKWh, newPue, colocationUsdPerKwMonth, networkUsdPerNode, sellingCostFraction,
                residuals);
    }
}
