package com.vramadvisor.engine.hpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PotentialScratchTest {

    @Test
    void snapCountsFollowTheIndexLoopsOfTheBispectrum() {
        // The index loops of SNAKokkos::build_indexlist for 2J = 8: U has (j+1)^2 entries per j, its half layout
        // (j/2 + 1)(j+1); Z runs over j1 >= j2 and j = |j1-j2| .. min(2J, j1+j2) in steps of 2 with the half-layout
        // count per j; B keeps the triples with j >= j1. Thompson et al. (2015) give 55 bispectrum components for
        // 2J = 8, which the B count must reproduce.
        int twoJ = 8;
        int half = 0;
        int full = 0;
        for (int j = 0; j <= twoJ; j++) {
            half += (j / 2 + 1) * (j + 1);
            full += (j + 1) * (j + 1);
        }
        int z = 0;
        int b = 0;
        for (int j1 = 0; j1 <= twoJ; j1++) {
            for (int j2 = 0; j2 <= j1; j2++) {
                for (int j = j1 - j2; j <= Math.min(twoJ, j1 + j2); j += 2) {
                    z += (j / 2 + 1) * (j + 1);
                    if (j >= j1) {
                        b++;
                    }
                }
            }
        }
        assertThat(b).isEqualTo(55);
        assertThat(full).isEqualTo(285);
        assertThat(PotentialScratch.SNAP_REALS_PER_ATOM).isEqualTo(2 * half + 2 * full + 2 * z + 2 * b + 2 * half);
    }

    @Test
    void eamKeepsTwoAccumulatorsPerLocalAndGhostAtom() {
        var part = PotentialScratch.of(Potential.EAM, 1000, 500, 0.08, 4.95, 1.0, 100, SimPrecision.DOUBLE);
        assertThat(part.bytes()).isEqualTo(2L * 8 * 1500);
        assertThat(PotentialScratch.of(Potential.LJ, 1000, 500, 0.8, 2.5, 1.0, 100, SimPrecision.DOUBLE).bytes())
                .isZero();
    }

    @Test
    void reaxffScratchGrowsWithDensityAndPrecision() {
        var dilute = PotentialScratch.of(Potential.REAXFF, 10_000, 5_000, 0.05, 10, 1.0, 100, SimPrecision.DOUBLE);
        var dense = PotentialScratch.of(Potential.REAXFF, 10_000, 5_000, 0.10, 10, 1.0, 100, SimPrecision.DOUBLE);
        var single = PotentialScratch.of(Potential.REAXFF, 10_000, 5_000, 0.10, 10, 1.0, 100, SimPrecision.SINGLE);
        assertThat(dense.bytes()).isGreaterThan(dilute.bytes());
        assertThat(single.bytes()).isLessThan(dense.bytes());
    }

    @Test
    void snapWorksOnOneChunkOfAtomsAtATime() {
        var small = PotentialScratch.of(Potential.SNAP, 1_000, 500, 0.0622, 4.73, 1.0, 100, SimPrecision.DOUBLE);
        var big = PotentialScratch.of(Potential.SNAP, 1_000_000, 50_000, 0.0622, 4.73, 1.0, 100, SimPrecision.DOUBLE);
        var bigger = PotentialScratch.of(Potential.SNAP, 10_000_000, 200_000, 0.0622, 4.73, 1.0, 100,
                SimPrecision.DOUBLE);
        assertThat(big.bytes()).isGreaterThan(small.bytes());
        assertThat(bigger.bytes()).isEqualTo(big.bytes());
    }
}
