package com.vramadvisor.engine.speed;

/**
 * Where a speed, time or cost figure lies when the model errs as it did on the held-out measurements of the figure's
 * group: from the 10th to the 90th percentile of those errors ({@link Residuals}). Not a confidence interval of a
 * fitted distribution: an empirical spread of published cases the fit never saw.
 *
 * @param low  the lower end, in the figure's unit
 * @param high the upper end, in the figure's unit
 */
public record SpeedRange(double low, double high) {

    public SpeedRange {
        if (low > high) {
            double t = low;
            low = high;
            high = t;
        }
    }

    /** This range scaled by {@code factor} (a figure derived from the ranged one by a constant factor). */
    public SpeedRange times(double factor) {
        return new SpeedRange(low * factor, high * factor);
    }
}
