package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * What a data centre charges to host servers, per kilowatt of contracted power per month (space, power delivery and
 * cooling; the electricity itself may be billed apart, as the source says).
 *
 * @param usdPerKwMonth  US dollars per kW per month, above 0
 * @param date           when the rate applied
 * @param region         the market and requirement size the rate is for (North American primary markets,
 *                       250-500 kW)
 * @param source         the market report (CBRE North America Data Center Trends)
 */
public record ColocationPrice(double usdPerKwMonth, String date, String region, String source) {

    public ColocationPrice {
        if (!(usdPerKwMonth > 0) || Double.isInfinite(usdPerKwMonth)) {
            throw new IllegalArgumentException("a colocation price is a positive number of USD per kW-month");
        }
        Objects.requireNonNull(date, "date");
        region = region == null ? "" : region;
        source = source == null ? "" : source;
    }
}
