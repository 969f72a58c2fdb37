package com.vramadvisor.app.workload;

/** Maps an integer input to a slider position and back, snapping a dragged position to a sensible value. */
public interface SliderScale {

    double minPosition();

    double maxPosition();

    double toPosition(long value);

    /** The value a slider position stands for, snapped. */
    long fromPosition(double position);

    /**
     * The value one arrow-key press above ({@code direction > 0}) or below {@code value}: the next whole position
     * past the value's own, so that a value between two positions (a batch of 3) steps to its neighbours (4 and 2)
     * rather than a whole position away from where it is.
     */
    default long step(long value, int direction) {
        double position = toPosition(value);
        double next = direction > 0 ? Math.floor(position + 1e-9) + 1 : Math.ceil(position - 1e-9) - 1;
        return fromPosition(Math.max(minPosition(), Math.min(maxPosition(), next)));
    }

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

            @Override
            public long step(long value, int direction) {
                return ParameterScale.step(value, direction);
            }
        };
    }

    /** Whole multiples of {@code step} from {@code min} to {@code max}: image sides in pixels. */
    static SliderScale steps(long min, long max, long step) {
        return new SliderScale() {
            @Override
            public double minPosition() {
                return min / (double) step;
            }

            @Override
            public double maxPosition() {
                return max / (double) step;
            }

            @Override
            public double toPosition(long value) {
                return Math.max(minPosition(), Math.min(maxPosition(), value / (double) step));
            }

            @Override
            public long fromPosition(double position) {
                return step * Math.round(Math.max(minPosition(), Math.min(maxPosition(), position)));
            }
        };
    }

    /**
     * 1, 2 and 5 times the powers of ten from {@code 10^minExponent} to {@code 10^maxExponent}, three positions a
     * decade: atom counts, which people give as round decimal numbers.
     */
    static SliderScale oneTwoFive(int minExponent, int maxExponent) {
        return new SliderScale() {
            @Override
            public double minPosition() {
                return 3.0 * minExponent;
            }

            @Override
            public double maxPosition() {
                return 3.0 * maxExponent;
            }

            @Override
            public double toPosition(long value) {
                double p = 3 * Math.log10(Math.max(1, value));
                return Math.max(minPosition(), Math.min(maxPosition(), p));
            }

            @Override
            public long fromPosition(double position) {
                long p = Math.round(Math.max(minPosition(), Math.min(maxPosition(), position)));
                long decade = 1;
                for (long i = 0; i < p / 3; i++) {
                    decade *= 10;
                }
                return decade * new long[] {1, 2, 5}[(int) (p % 3)];
            }
        };
    }
}
