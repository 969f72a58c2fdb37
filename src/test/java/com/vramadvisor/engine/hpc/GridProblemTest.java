package com.vramadvisor.engine.hpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.core.LargestFit;
import org.junit.jupiter.api.Test;

class GridProblemTest {

    private static GridProblem grid(Solver solver, int stencil) {
        return GridProblem.of(1024, 1024, 512, 5, 2, 2, SimPrecision.DOUBLE, solver, 30, stencil);
    }

    @Test
    void cellsFieldsTimeLevelsAndHalosAreCountedAsTheDefinitionsSay() {
        var e = grid(Solver.NONE, 7).estimate();
        assertThat(e.part("grids")).isEqualTo(1024L * 1024 * 512 * 5 * 2 * 8);
        long shell = 1028L * 1028 * 516 - 1024L * 1024 * 512;
        assertThat(e.part("halos")).isEqualTo(shell * 5 * 2 * 8);
        assertThat(e.part("matrix")).isZero();
        assertThat(e.part("solverVectors")).isZero();
    }

    @Test
    void csrHoldsAValueAndAnIndexPerNonZeroAndARowPointerPerRow() {
        long rows = 1024L * 1024 * 512;
        var e = grid(Solver.CG, 27).estimate();
        assertThat(e.part("matrix")).isEqualTo(rows * 27 * 12 + (rows + 1) * 4);
        // CG: x, b, r, p, Ap on one GPU (no ghost entries without a neighbour)
        assertThat(e.part("solverVectors")).isEqualTo(rows * 5 * 8);
        var gmres = grid(Solver.GMRES, 7).estimate();
        // GMRES(30): x, b, w and 31 basis vectors, plus a 31 x 30 Hessenberg matrix
        assertThat(gmres.part("solverVectors")).isEqualTo(rows * 34 * 8 + 31 * 30 * 8);
    }

    @Test
    void splittingKeepsEveryGpuBelowOneAndAddsHalos() {
        GridProblem g = grid(Solver.CG, 7);
        long previous = Long.MAX_VALUE;
        for (int gpus = 1; gpus <= 64; gpus *= 2) {
            long peak = g.perGpu(gpus).orElseThrow().peakBytes();
            assertThat(peak).isLessThanOrEqualTo(previous);
            previous = peak;
        }
        long haloOne = g.estimate().part("halos");
        long haloEachOfEight = g.perGpu(8).orElseThrow().part("halos");
        assertThat(8 * haloEachOfEight).isGreaterThan(haloOne);
    }

    @Test
    void theLargestGridFitsAndKeepsItsShape() {
        GridProblem g = grid(Solver.NONE, 7);
        long budget = 32L << 30;
        long max = LargestFit.largest(g, budget);
        assertThat(g.withAxisValue(max).estimate().peakBytes()).isLessThanOrEqualTo(budget);
        assertThat(g.withAxisValue(max + 1).estimate().peakBytes()).isGreaterThan(budget);
        double[] sides = g.withAxisValue(max).sides();
        assertThat(sides[0] / sides[2]).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void mixedPrecisionIsNotAGridPrecision() {
        assertThatThrownBy(() -> GridProblem.of(8, 8, 8, 1, 1, 2, SimPrecision.MIXED, Solver.NONE, 30, 7))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
