package com.vramadvisor.engine.hpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.StepWork;
import org.junit.jupiter.api.Test;

/** The step work of MD and grids ({@link MdThroughput}, {@link GridThroughput}), hand-worked. */
class HpcThroughputTest {

    @Test
    void lennardJonesStreamsTheListTheGatheredNeighboursAndTheAtomsOwnArrays() {
        // LAMMPS bench/in.lj x 8^3: 16,384,000 atoms at 0.8442, reach 2.8: k = 0.8442 x 4/3 pi 2.8^3 = 77.63
        // neighbours (full list). Double: 36 k + 4 + 48 + 24 + 120 + 72 = 3,062.6 bytes per atom, plus 48 bytes per
        // ghost (about 6 % of the atoms here, the periodic shell of one box).
        MdSystem lj = MdSystem.of(16_384_000, Potential.LJ, SimPrecision.DOUBLE);
        StepWork w = lj.work(1).orElseThrow();
        double k = 0.8442 * 4.0 / 3 * Math.PI * Math.pow(2.8, 3);
        double ghosts = lj.ghostAtoms(1);
        assertThat(w.streamBytes()).isCloseTo(16_384_000 * (36 * k + 268) + 48 * ghosts, within(1.0));
        assertThat(w.streamBytes() / 16_384_000).isBetween(3_060.0, 3_070.0);
        assertThat(w.computeFlops()).isCloseTo(16_384_000 * k * 22, within(1.0));
        assertThat(w.rate()).isEqualTo(ComputeRate.FP64);
        assertThat(w.fused()).isTrue();
        assertThat(w.haloBytes()).isZero();
        assertThat(MdSystem.of(1_000_000, Potential.LJ, SimPrecision.MIXED).work(1).orElseThrow().rate())
                .isEqualTo(ComputeRate.FP32);
    }

    @Test
    void splittingAnMdSystemShrinksEachGpusWorkAndSendsItsGhostPositions() {
        MdSystem lj = MdSystem.of(100_000_000, Potential.LJ, SimPrecision.MIXED);
        StepWork one = lj.work(1).orElseThrow();
        StepWork eight = lj.work(8).orElseThrow();
        assertThat(eight.streamBytes()).isLessThan(one.streamBytes() / 7);
        // Mixed precision stores positions in 4 bytes: 12 bytes per ghost atom over the wire.
        assertThat(eight.haloBytes()).isCloseTo(lj.ghostAtoms(8) * 12, within(1.0));
        assertThat(eight.haloMessages()).isEqualTo(6);
    }

    @Test
    void manyBodyPotentialsHaveNoThroughputModel() {
        for (Potential p : new Potential[] {Potential.EAM, Potential.TERSOFF, Potential.REAXFF, Potential.SNAP}) {
            assertThat(MdSystem.of(1_000_000, p, SimPrecision.MIXED).work(1)).isEmpty();
            assertThat(MdSystem.of(1_000_000, p, SimPrecision.MIXED).defaultJob()).isEmpty();
        }
    }

    @Test
    void aStencilStepReadsAndWritesEachFieldOnceAndHpcgSweepsItsMatrix() {
        // 512^3 cells, 5 double fields: 2 x 5 x 8 = 80 bytes per cell per step.
        GridProblem g = GridProblem.of(512, 512, 512, 5, 2, 2, SimPrecision.DOUBLE, Solver.NONE, 30, 7);
        StepWork w = g.work(1).orElseThrow();
        assertThat(w.streamBytes()).isEqualTo(512.0 * 512 * 512 * 80);
        assertThat(w.rate()).isEqualTo(ComputeRate.FP64);
        StepWork split = g.work(2).orElseThrow();
        // Two halves of 512 x 512 x 256 (or a like split): the shell of 2 layers x 5 fields x 8 bytes.
        assertThat(split.haloBytes()).isPositive();
        assertThat(split.haloMessages()).isEqualTo(6);

        // HPCG, 128^3 rows: 6.707 sweeps x 333 bytes + 120 = 2,353.5 bytes per row and iteration.
        GridProblem hpcg = GridProblem.of(128, 128, 128, 1, 1, 1, SimPrecision.DOUBLE, Solver.HPCG, 30, 27);
        double perRow = hpcg.work(1).orElseThrow().streamBytes() / (128.0 * 128 * 128);
        assertThat(perRow).isCloseTo((1 + 5 * (1 + 1.0 / 8 + 1.0 / 64) + 2.0 / 512) * 333 + 120, within(1e-6));
        assertThat(perRow).isCloseTo(2_353.5, within(0.5));
        assertThat(hpcg.work(1).orElseThrow().itemUnit()).isEqualTo("iterations");
        assertThat(GridProblem.of(128, 128, 128, 1, 1, 1, SimPrecision.DOUBLE, Solver.CG, 30, 7).work(1)).isEmpty();
    }
}
