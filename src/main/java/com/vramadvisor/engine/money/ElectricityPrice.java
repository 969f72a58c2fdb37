package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * The price of electricity for hardware a user owns.
 *
 * @param usdPerKWh  US dollars per kilowatt-hour, above 0
 * @param date       when the price applied ({@code yyyy}, {@code yyyy-mm} or {@code yyyy-mm-dd})
 * @param region     where it applies and for whom, in words (US commercial-sector average)
 * @param source     the statistics it comes from (EIA Electric Power Monthly), with the derivation
 */
public record ElectricityPrice(double usdPerKWh, String date, String region, String source) {

    public ElectricityPrice {
        if (!(usdPerKWh > 0) || Double.isInfinite(usdPerKWh)) {
            throw new IllegalArgumentException("an electricity price is a positive number of USD per kWh");
        }
        Objects.requireNonNull(date, "date");
        region = region == null ? "" : region;
        source = source == null ? "" : source;
    }
}
