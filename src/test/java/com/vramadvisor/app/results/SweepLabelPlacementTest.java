package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A GPU line's label never covers the current point's marker. */
class SweepLabelPlacementTest {

    private static boolean clear(double[] at, double w, double h, double dotX, double dotY) {
        return dotX + 6 <= at[0] || dotX - 6 >= at[0] + w || dotY + 6 <= at[1] || dotY - 6 >= at[1] + h;
    }

    @Test
    void aLabelAwayFromThePointStaysAboveItsLineAtTheLeft() {
        double[] at = SweepAreaChart.clearOfPoint(6, 180, 200, 18, 199, 400, 50, 600, 400);
        assertThat(at).containsExactly(6, 180);
    }

    @Test
    void aLabelOverThePointMovesBelowItsLine() {
        // The point sits just above the line, inside the label's box (the screenshot's 8B on an H100).
        double[] at = SweepAreaChart.clearOfPoint(6, 180, 240, 18, 199, 20, 190, 600, 400);
        assertThat(at[1]).isGreaterThan(199);
        assertThat(clear(at, 240, 18, 20, 190)).isTrue();
    }

    @Test
    void aLineNearTheAxisKeepsItsLabelAboveAndMovesItBesideThePointRatherThanUnderTheAxis() {
        // The default window's sweep: the point (micro-batch 1 at 152 GiB) just above the H100's 79 GiB line, which
        // runs 10 px above the x axis; below the line the label would be cut by the axis.
        double[] at = SweepAreaChart.clearOfPoint(6, 285, 240, 18, 304, 20, 296, 600, 314);
        assertThat(at[1] + 18).isLessThanOrEqualTo(314);
        assertThat(clear(at, 240, 18, 20, 296)).isTrue();
        assertThat(at[0]).isGreaterThan(20);
    }

    @Test
    void aPointOnTheLineMovesTheLabelBesideIt() {
        double[] at = SweepAreaChart.clearOfPoint(6, 180, 240, 18, 199, 20, 199, 600, 400);
        assertThat(clear(at, 240, 18, 20, 199)).isTrue();
        assertThat(at[0]).isGreaterThan(20);
    }
}
