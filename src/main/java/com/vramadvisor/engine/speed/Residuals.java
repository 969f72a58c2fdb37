package com.vramadvisor.engine.speed;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The errors of one group of predictions against their measurements, in the direction of speed: each residual is
 * {@code predicted rate / measured rate - 1} (for a time, {@code measured time / predicted time - 1}), so a positive
 * residual means the model is too fast. Quantiles interpolate linearly between order statistics (the "type 7"
 * definition of Hyndman and Fan 1996, R's and NumPy's default).
 *
 * @param count     residuals in the group
 * @param p10       10th percentile of the residuals
 * @param p50       median residual
 * @param p90       90th percentile of the residuals
 * @param medianAbs median of the absolute errors of the figures as published ({@code predicted / measured - 1})
 * @param p90Abs    90th percentile of those absolute errors
 */
public record Residuals(int count, double p10, double p50, double p90, double medianAbs, double p90Abs) {

    /** A group without residuals: no range can be given. */
    public static final Residuals NONE = new Residuals(0, 0, 0, 0, 0, 0);

    /**
     * The summary of {@code speedResiduals} (speed direction) and {@code errors} (each figure's own
     * {@code predicted / measured - 1}), which describe the same predictions.
     */
    public static Residuals of(Collection<Double> speedResiduals, Collection<Double> errors) {
        if (speedResiduals.isEmpty()) {
            return NONE;
        }
        List<Double> r = sorted(speedResiduals);
        List<Double> abs = new ArrayList<>();
        for (double e : errors) {
            abs.add(Math.abs(e));
        }
        List<Double> a = sorted(abs);
        return new Residuals(r.size(), quantile(r, 0.10), quantile(r, 0.50), quantile(r, 0.90), quantile(a, 0.50),
                quantile(a, 0.90));
    }

    /** Whether the group had any residual. */
    public boolean known() {
        return count > 0;
    }

    /**
     * The range a rate {@code predicted} (tokens per second, images per second) has when the model errs as on the
     * held-out measurements of its group: {@code [predicted / (1 + p90), predicted / (1 + p10)]}.
     */
    public SpeedRange rateRange(double predicted) {
        return new SpeedRange(predicted / (1 + p90), predicted / (1 + p10));
    }

    /**
     * The range of a time or cost {@code predicted} that is work over a rate of this group (TPOT, hours, job cost):
     * {@code [predicted x (1 + p10), predicted x (1 + p90)]}.
     */
    public SpeedRange timeRange(double predicted) {
        return new SpeedRange(predicted * (1 + p10), predicted * (1 + p90));
    }

    /** The {@code q}-quantile (0-1) of sorted values, linear between order statistics; NaN when empty. */
    public static double quantile(List<Double> sorted, double q) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        double h = (sorted.size() - 1) * q;
        int lo = (int) Math.floor(h);
        int hi = Math.min(sorted.size() - 1, lo + 1);
        return sorted.get(lo) + (h - lo) * (sorted.get(hi) - sorted.get(lo));
    }

    private static List<Double> sorted(Collection<Double> values) {
        List<Double> list = new ArrayList<>(values);
        list.sort(Double::compare);
        return list;
    }
}
