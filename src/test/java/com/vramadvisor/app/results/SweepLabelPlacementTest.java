package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A GPU line's label keeps clear of the curve, the current point's marker and the other labels. */
class SweepLabelPlacementTest {

    /** A plot 600 x 400 pixels. */
    private static final double[] PLOT = {0, 0, 600, 400};
    private static final double[][] NO_CURVE = {{}, {}};

    private static boolean clear(double[] at, double w, double h, double dotX, double dotY) {
        return dotX + 6 <= at[0] || dotX - 6 >= at[0] + w || dotY + 6 <= at[1] || dotY - 6 >= at[1] + h;
    }

    /** A straight curve from (x0, y0) to (x1, y1) in 60 points, as the sweep draws one. */
    private static double[][] line(double x0, double y0, double x1, double y1) {
        double[][] xy = new double[2][60];
        for (int i = 0; i < 60; i++) {
            xy[0][i] = x0 + (x1 - x0) * i / 59.0;
            xy[1][i] = y0 + (y1 - y0) * i / 59.0;
        }
        return xy;
    }

    @Test
    void aLabelAwayFromThePointAndTheCurveStaysAboveItsLineAtTheLeft() {
        double[] at = SweepAreaChart.placeLabel(200, 18, 199, PLOT, NO_CURVE, 400, 50, List.of());
        assertThat(at).containsExactly(6, 180, 0);
    }

    @Test
    void aLabelOverThePointMovesClearOfIt() {
        // The point sits just above the line, inside the label's box (the screenshot's 8B on an H100).
        double[] at = SweepAreaChart.placeLabel(240, 18, 199, PLOT, NO_CURVE, 20, 190, List.of());
        assertThat(clear(at, 240, 18, 20, 190)).isTrue();
    }

    @Test
    void aLineNearTheAxisKeepsItsLabelAboveRatherThanUnderTheAxis() {
        // The default window's sweep: the point (micro-batch 1 at 152 GiB) just above the H100's 79 GiB line, which
        // runs 10 px above the x axis; below the line the label would be cut by the axis.
        double[] plot = {0, 0, 600, 314};
        double[] at = SweepAreaChart.placeLabel(240, 18, 304, plot, NO_CURVE, 20, 296, List.of());
        assertThat(at[1] + 18).isLessThanOrEqualTo(314);
        assertThat(clear(at, 240, 18, 20, 296)).isTrue();
    }

    @Test
    void aLabelWhereTheCurveCrossesItsLineMovesToWhereTheCurveIsNot() {
        // A curve rising from the bottom left through the capacity line at x = 202: above its line at the left the
        // label (x 6 to 246) would hide the curve's crossing; at the right, above the line, the curve has long left.
        double[][] curve = line(0, 300, 600, 0);
        double[] at = SweepAreaChart.placeLabel(240, 18, 199, PLOT, curve, 400, 100, List.of());
        assertThat(SweepAreaChart.curveInside(curve, at[0] - 2, at[1] - 2, at[0] + 242, at[1] + 20)).isZero();
        assertThat(at[1] + 18).isLessThanOrEqualTo(199);
        assertThat(at[0]).isGreaterThan(246);
    }

    @Test
    void labelsOfTwoLinesCloseTogetherDoNotOverlap() {
        List<double[]> taken = new ArrayList<>();
        double[] first = SweepAreaChart.placeLabel(200, 18, 199, PLOT, NO_CURVE, 500, 50, taken);
        taken.add(new double[] {first[0], first[1], 200, 18});
        double[] second = SweepAreaChart.placeLabel(200, 18, 203, PLOT, NO_CURVE, 500, 50, taken);
        boolean apart = second[0] >= first[0] + 200 || second[0] + 200 <= first[0] || second[1] >= first[1] + 18
                || second[1] + 18 <= first[1];
        assertThat(apart).isTrue();
    }

    @Test
    void theCurveInsideABoxIsMeasuredAlongItsSegments() {
        double[][] across = {{0, 100}, {50, 50}};
        assertThat(SweepAreaChart.curveInside(across, 40, 40, 60, 60)).isCloseTo(20, within(1e-9));
        double[][] diagonal = {{0, 30}, {0, 40}};
        assertThat(SweepAreaChart.curveInside(diagonal, 0, 0, 3, 4)).isCloseTo(5, within(1e-9));
        assertThat(SweepAreaChart.curveInside(across, 200, 200, 210, 210)).isZero();
    }
}
