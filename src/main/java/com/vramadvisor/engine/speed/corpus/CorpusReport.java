package com.vramadvisor.engine.speed.corpus;

import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.Statistic;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The errors of the product's figures against the benchmark corpus, as the gate test prints them and
 * {@code docs/verifying.md} publishes them: by kind, by figure group and by source, the fit part (in-sample) and the
 * held-out part apart, and the measurements the product gives no figure for, counted by reason.
 */
public final class CorpusReport {

    /**
     * The predictions the serving and inference tolerances apply to: the inference kinds' time per output token,
     * central time to first token, tokens per second and images per second (the figure as published, mean or
     * median); tails (P90, P99, the largest) are reported apart.
     */
    public static final Predicate<Prediction> INFERENCE_SPEED = p -> p.supported()
            && p.measurement().kind().inference()
            && (p.measurement().statistic() == null || p.measurement().statistic().central());

    private CorpusReport() {
    }

    /** The whole report as Markdown. */
    public static String markdown(List<Prediction> predictions) {
        StringBuilder s = new StringBuilder();
        long supported = predictions.stream().filter(Prediction::supported).count();
        s.append(String.format(Locale.ROOT, "%d measurements, %d with a figure (%d fit, %d held-out)%n%n",
                predictions.size(), supported,
                predictions.stream().filter(p -> p.supported() && p.part() == BenchmarkSplit.Part.FIT).count(),
                predictions.stream().filter(p -> p.supported() && p.part() == BenchmarkSplit.Part.HELD_OUT).count()));
        s.append("Serving and inference speed (TPOT, central TTFT, tokens/s, images/s):\n\n");
        s.append(ErrorSummary.markdown(ErrorSummary.table(predictions, p -> "inference speed", INFERENCE_SPEED)));
        s.append("\nBy kind:\n\n");
        s.append(ErrorSummary.markdown(ErrorSummary.table(predictions, p -> p.measurement().kind().id(),
                Prediction::supported)));
        s.append("\nBy figure group (the ranges):\n\n");
        s.append(ErrorSummary.markdown(ErrorSummary.table(predictions, p -> p.figure().id()
                + (p.measurement().statistic() != null && !p.measurement().statistic().central()
                ? " " + p.measurement().statistic().id() : ""), Prediction::supported)));
        s.append("\nBy source:\n\n");
        s.append(ErrorSummary.markdown(ErrorSummary.table(predictions, p -> p.measurement().sourceId(),
                Prediction::supported)));
        Map<String, Integer> reasons = new TreeMap<>();
        for (Prediction p : predictions) {
            if (!p.supported()) {
                reasons.merge(reasonKey(p.unsupported()), 1, Integer::sum);
            }
        }
        if (!reasons.isEmpty()) {
            s.append("\nWithout a figure:\n\n| reason | measurements |\n|---|---:|\n");
            reasons.forEach((r, n) -> s.append("| ").append(r).append(" | ").append(n).append(" |\n"));
        }
        return s.toString();
    }

    /** The reason without the particular id it names, so that equal reasons count together. */
    static String reasonKey(String reason) {
        return reason.replaceAll("'[^']*'", "'...'");
    }

    /** Whether a measurement's statistic is a tail (P90, P99, the largest). */
    static boolean tail(Statistic s) {
        return s != null && !s.central();
    }
}
