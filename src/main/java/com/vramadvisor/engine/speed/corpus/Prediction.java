package com.vramadvisor.engine.speed.corpus;

import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.SpeedFigure;

import java.util.Objects;

/**
 * The product's figure for one published measurement, through the code the application uses, and its error.
 *
 * @param measurement the measurement
 * @param predicted   the product's figure in the measurement's metric and unit; {@code null} when the product cannot
 *                    give one
 * @param unsupported why there is no figure (a model or GPU the catalog lacks, a configuration the product does not
 *                    model); {@code null} when there is one
 */
public record Prediction(Measurement measurement, Double predicted, String unsupported) {

    public Prediction {
        Objects.requireNonNull(measurement, "measurement");
        if ((predicted == null) == (unsupported == null)) {
            throw new IllegalArgumentException("a prediction has either a figure or a reason");
        }
        if (predicted != null && !(predicted > 0 && Double.isFinite(predicted))) {
            throw new IllegalArgumentException(measurement.id() + ": a predicted figure must be positive, got "
                    + predicted);
        }
    }

    /** A figure. */
    public static Prediction of(Measurement m, double predicted) {
        return new Prediction(m, predicted, null);
    }

    /** No figure, and why. */
    public static Prediction unsupported(Measurement m, String why) {
        return new Prediction(m, null, why);
    }

    /** Whether the product gave a figure. */
    public boolean supported() {
        return predicted != null;
    }

    /** {@code predicted / measured - 1}: the error of the figure as published. */
    public double error() {
        return predicted / measurement.value() - 1;
    }

    /**
     * The error in the direction of speed: {@code predicted / measured - 1} for a rate, {@code measured / predicted
     * - 1} for a time; positive when the model is too fast.
     */
    public double speedResidual() {
        return measurement.metric().higherIsFaster() ? predicted / measurement.value() - 1
                : measurement.value() / predicted - 1;
    }

    /** The figure group whose range this measurement informs. */
    public SpeedFigure figure() {
        return SpeedFigure.of(measurement.kind(), measurement.metric());
    }

    /** The measurement's part of the split. */
    public BenchmarkSplit.Part part() {
        return measurement.part();
    }
}
