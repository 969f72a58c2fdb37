package com.vramadvisor.engine.money;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The money facts of the catalog as loaded ({@code catalog/money.json}, overridden by a user's file of that name):
 * each part may be missing when neither file gives it (an incomplete user catalog, a test).
 */
public final class MoneyFacts {

    /** No money facts at all. */
    public static final MoneyFacts EMPTY = new MoneyFacts(null, null, null, List.of(), List.of());

    private final ElectricityPrice electricity;
    private final PowerUsageEffectiveness pue;
    private final ColocationPrice colocation;
    private final List<NetworkCost> networkCosts;
    private final Map<DepreciationClass, DepreciationCurve> curves;
    private final SellingCost selling;

    /**
     * @param electricity   the electricity price, or {@code null}
     * @param pue           the power usage effectiveness, or {@code null}
     * @param colocation    the colocation price, or {@code null}
     * @param networkCosts  cluster network costs, in file order
     * @param curves        depreciation curves, at most one per class (a later one replaces an earlier)
     */
    public MoneyFacts(ElectricityPrice electricity, PowerUsageEffectiveness pue, ColocationPrice colocation,
                      List<NetworkCost> networkCosts, List<DepreciationCurve> curves) {
        this(electricity, pue, colocation, networkCosts, curves, null);
    }

    /**
     * @param selling what selling used hardware takes, or {@code null}
     */
    public MoneyFacts(ElectricityPrice electricity, PowerUsageEffectiveness pue, ColocationPrice colocation,
                      List<NetworkCost> networkCosts, List<DepreciationCurve> curves, SellingCost selling) {
        this.selling = selling;
        this.electricity = electricity;
        this.pue = pue;
        this.colocation = colocation;
        this.networkCosts = List.copyOf(networkCosts);
        Map<DepreciationClass, DepreciationCurve> byClass = new EnumMap<>(DepreciationClass.class);
        for (DepreciationCurve c : curves) {
            byClass.put(c.hardwareClass(), c);
        }
        this.curves = Collections.unmodifiableMap(byClass);
    }

    /** The electricity price for owned hardware. */
    public Optional<ElectricityPrice> electricity() {
        return Optional.ofNullable(electricity);
    }

    /** The power usage effectiveness of the room owned servers run in. */
    public Optional<PowerUsageEffectiveness> pue() {
        return Optional.ofNullable(pue);
    }

    /** The colocation price for hosting servers. */
    public Optional<ColocationPrice> colocation() {
        return Optional.ofNullable(colocation);
    }

    /** Every cluster network cost, in file order. */
    public List<NetworkCost> networkCosts() {
        return networkCosts;
    }

    /** The cluster network cost that applies to a node class, if the catalog gives one. */
    public Optional<NetworkCost> networkCostFor(String nodeClassId) {
        return networkCosts.stream().filter(n -> n.appliesTo(nodeClassId)).findFirst();
    }

    /** Every depreciation curve, in class order. */
    public List<DepreciationCurve> curves() {
        return List.copyOf(curves.values());
    }

    /** What selling used hardware takes from its price, if the catalog gives it. */
    public Optional<SellingCost> sellingCost() {
        return Optional.ofNullable(selling);
    }

    /** The depreciation curve of a hardware class, if the catalog gives one. */
    public Optional<DepreciationCurve> curve(DepreciationClass hardwareClass) {
        return Optional.ofNullable(curves.get(hardwareClass));
    }
}
