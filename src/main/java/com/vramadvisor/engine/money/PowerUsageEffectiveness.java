package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * Power usage effectiveness of the room owned hardware runs in: total facility power over IT power.
 *
 * @param value   1 or more (1.56 adds 56 % for cooling and power delivery)
 * @param date    the survey year or date the figure applies to
 * @param source  the survey (Uptime Institute Global Data Center Survey)
 */
public record PowerUsageEffectiveness(double value, String date, String source) {

    public PowerUsageEffectiveness {
        if (!(value >= 1) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("a PUE is 1 or more");
        }
        Objects.requireNonNull(date, "date");
        source = source == null ? "" : source;
    }
}
