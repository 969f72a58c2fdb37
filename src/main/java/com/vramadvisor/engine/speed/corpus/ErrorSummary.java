package com.vramadvisor.engine.speed.corpus;

import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.Residuals;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The absolute errors ({@code |predicted / measured - 1|}) of a group of predictions: how many, the median, the 90th
 * percentile (linear between order statistics, {@link Residuals#quantile}) and the largest.
 *
 * @param group     what the group is (a kind, a figure, "all")
 * @param part      the part of the split
 * @param count     predictions in the group
 * @param medianAbs median absolute error
 * @param p90Abs    90th percentile of the absolute errors
 * @param maxAbs    largest absolute error
 */
public record ErrorSummary(String group, BenchmarkSplit.Part part, int count, double medianAbs, double p90Abs,
                           double maxAbs) {

    /** The summary of the supported predictions among {@code predictions}. */
    public static ErrorSummary of(String group, BenchmarkSplit.Part part, Collection<Prediction> predictions) {
        List<Double> abs = new ArrayList<>();
        for (Prediction p : predictions) {
            if (p.supported()) {
                abs.add(Math.abs(p.error()));
            }
        }
        abs.sort(Double::compare);
        return new ErrorSummary(group, part, abs.size(), Residuals.quantile(abs, 0.5), Residuals.quantile(abs, 0.9),
                abs.isEmpty() ? Double.NaN : abs.get(abs.size() - 1));
    }

    /**
     * One summary per group and part, groups in name order, the fit part before the held-out part, then "all" of
     * each part; only predictions that {@code keep} accepts.
     */
    public static List<ErrorSummary> table(List<Prediction> predictions, Function<Prediction, String> grouping,
                                           Predicate<Prediction> keep) {
        List<ErrorSummary> rows = new ArrayList<>();
        for (BenchmarkSplit.Part part : BenchmarkSplit.Part.values()) {
            Map<String, List<Prediction>> groups = new TreeMap<>();
            List<Prediction> all = new ArrayList<>();
            for (Prediction p : predictions) {
                if (p.part() == part && keep.test(p)) {
                    groups.computeIfAbsent(grouping.apply(p), g -> new ArrayList<>()).add(p);
                    all.add(p);
                }
            }
            groups.forEach((g, list) -> rows.add(of(g, part, list)));
            rows.add(of("all", part, all));
        }
        return rows;
    }

    /** A Markdown table of {@code rows}: group, part, count, median, 90th percentile and largest error in %. */
    public static String markdown(List<ErrorSummary> rows) {
        StringBuilder s = new StringBuilder("| group | part | points | median abs. error | 90th pct. | max |\n"
                + "|---|---|---:|---:|---:|---:|\n");
        for (ErrorSummary r : rows) {
            s.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s |%n", r.group(), r.part().id(),
                    r.count(), percent(r.medianAbs()), percent(r.p90Abs()), percent(r.maxAbs())));
        }
        return s.toString();
    }

    private static String percent(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * v);
    }
}
