package com.vramadvisor.engine.money;

import java.util.List;
import java.util.Objects;

/**
 * What hardware of one class is worth after a given time, as a fraction of its purchase price: dated points read from
 * used-market and asking-price histories or accounting lives, linearly interpolated between points and held at the
 * last point beyond it. The curve never rises: a curve whose points rise is refused.
 *
 * @param hardwareClass  which hardware it is for
 * @param points         age and residual fraction, the first at age 0, ages increasing, fractions in 0..1 and never
 *                       increasing
 * @param date           when the points' prices were observed (the latest of them)
 * @param source         what the points come from, in words
 */
public record DepreciationCurve(DepreciationClass hardwareClass, List<Point> points, String date, String source) {

    /**
     * One point of a curve.
     *
     * @param ageMonths         months since purchase, 0 or more
     * @param residualFraction  value at that age over the purchase price, 0 to 1
     * @param source            the observation behind the point (the prices and dates it divides)
     */
    public record Point(double ageMonths, double residualFraction, String source) {

        public Point {
            if (!(ageMonths >= 0) || Double.isInfinite(ageMonths)) {
                throw new IllegalArgumentException("an age is 0 or more months");
            }
            if (!(residualFraction >= 0 && residualFraction <= 1)) {
                throw new IllegalArgumentException("a residual fraction is between 0 and 1");
            }
            source = source == null ? "" : source;
        }
    }

    public DepreciationCurve {
        Objects.requireNonNull(hardwareClass, "hardwareClass");
        points = List.copyOf(points);
        if (points.isEmpty() || points.get(0).ageMonths() != 0) {
            throw new IllegalArgumentException("a depreciation curve starts at age 0");
        }
        for (int i = 1; i < points.size(); i++) {
            Point before = points.get(i - 1);
            Point p = points.get(i);
            if (p.ageMonths() <= before.ageMonths()) {
                throw new IllegalArgumentException("ages must increase (" + p.ageMonths() + " after "
                        + before.ageMonths() + " months)");
            }
            if (p.residualFraction() > before.residualFraction()) {
                throw new IllegalArgumentException("the curve rises from " + before.residualFraction() + " at "
                        + before.ageMonths() + " months to " + p.residualFraction() + " at " + p.ageMonths()
                        + " months");
            }
        }
        Objects.requireNonNull(date, "date");
        source = source == null ? "" : source;
    }

    /**
     * The residual value after {@code ageMonths} as a fraction of the purchase price, 0 to 1: the first point's
     * fraction at age 0 or less, linear between points, the last point's beyond it. Non-increasing in age.
     */
    public double residualFraction(double ageMonths) {
        if (Double.isNaN(ageMonths)) {
            throw new IllegalArgumentException("age is not a number");
        }
        Point first = points.get(0);
        if (ageMonths <= first.ageMonths()) {
            return clamp(first.residualFraction());
        }
        for (int i = 1; i < points.size(); i++) {
            Point a = points.get(i - 1);
            Point b = points.get(i);
            if (ageMonths <= b.ageMonths()) {
                double t = (ageMonths - a.ageMonths()) / (b.ageMonths() - a.ageMonths());
                return clamp(a.residualFraction() + t * (b.residualFraction() - a.residualFraction()));
            }
        }
        return clamp(points.get(points.size() - 1).residualFraction());
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
