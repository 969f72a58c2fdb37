package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * What selling used hardware takes from its price: a marketplace's fee on the sale ({@code catalog/money.json},
 * section {@code sellingCost}).
 *
 * @param fraction share of the sale price the fee takes, 0 to below 1
 * @param date     when the fee was published (YYYY-MM)
 * @param source   where it comes from
 */
public record SellingCost(double fraction, String date, String source) {

    public SellingCost {
        Objects.requireNonNull(source, "source");
        if (!(fraction >= 0 && fraction < 1)) {
            throw new IllegalArgumentException("a selling cost is 0 to below 1 of the sale, got " + fraction);
        }
    }
}
