package com.vramadvisor.app.workload;

/** Maps an integer input to a slider position and back, snapping a dragged position to a sensible value. */
public interface SliderScale {

    double minPosition();

    double maxPosition();

    double toPosition(long value);

    /** The value a slider position stands for, snapped. */
    long fromPosition(double position);

    /** Powers of two from {@code 2^minExponent} to {@code 2^maxExponent}: batch sizes and token counts. */
    static SliderScale powersOfTwo(int minExponent, int maxExponent) {
        return new SliderScale() {
            @Override
            public double minPosition() {
                return minExponent;
            }

            @Override
            public double maxPosition() {
                return maxExponent;
            }

            @Override
            public double toPosition(long value) {
                double p = Math.log(Math.max(1, value)) / Math.log(2);
                return Math.max(minExponent, Math.min(maxExponent, p));
            }

            @Override
            public long fromPosition(double position) {
                long exponent = Math.round(Math.max(minExponent, Math.min(maxExponent, position)));
                return 1L << exponent;
            }
        };
    }

    /** The parameter-count slider of {@link ParameterScale}. */
    static SliderScale parameters() {
        return new SliderScale() {
            @Override
            public double minPosition() {
                return ParameterScale.minPosition();
            }

            @Override
            public double maxPosition() {
                return ParameterScale.maxPosition();
            }

            @Override
            public double toPosition(long value) {
                return ParameterScale.toPosition(value);
            }

            @Override
            public long fromPosition(double position) {
                return ParameterScale.snap(position);
            }
        };
    }
}
