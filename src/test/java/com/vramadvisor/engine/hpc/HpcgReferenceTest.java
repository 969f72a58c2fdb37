package com.vramadvisor.engine.hpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Percentage.withPercentage;

import org.junit.jupiter.api.Test;

/**
 * HPCG 3.1 reference runs print their memory model in the YAML summary ("Memory Use Information"). Two published
 * single-process runs of the reference code (HPCG_NO_OPENMP):
 * <ul>
 *   <li>128 x 128 x 128 (2,097,152 equations): total 1.49881 GB, linear system and CG 1.31911 GB, coarse level 1
 *       0.157549 GB, "Bytes per equation (Total memory / Number of Equations)=714.69".</li>
 *   <li>16 x 16 x 16 (4,096 equations): total 0.00292902 GB, linear system and CG 0.00257652 GB, coarse level 1
 *       0.000308216 GB, 715.092 bytes per equation.</li>
 * </ul>
 * The reference also adds a few hundred bytes of structs per level (Geometry, SparseMatrix, Vector, MGData), which
 * this model leaves out: 0.1 % on the small run.
 */
class HpcgReferenceTest {

    @Test
    void bytesPerEquationMatchTheReferencePrintout() {
        double rows = 128.0 * 128 * 128;
        assertThat(HpcgReference.bytes(rows, 0) / rows).isCloseTo(714.69, within(0.01));
        assertThat(HpcgReference.bytes(rows, 0) / 1e9).isCloseTo(1.49881, within(0.000005));
        double small = 16.0 * 16 * 16;
        assertThat(HpcgReference.bytes(small, 0) / small).isCloseTo(715.092, withPercentage(0.1));
    }

    @Test
    void eachLevelMatchesItsOwnLine() {
        double rows = 128.0 * 128 * 128;
        // "Memory used for linear system and CG (Gbytes)=1.31911": 629 bytes per fine row
        assertThat(HpcgReference.levelBytes(0, rows, 0) / 1e9).isCloseTo(1.31911, within(0.000005));
        // "Coarse Grids::Memory used" 0.157549 (level 1) for 262,144 rows
        assertThat(HpcgReference.levelBytes(1, rows, 0) / 1e9).isCloseTo(0.157549, within(0.000005));
        double sum = 0;
        for (int level = 0; level <= HpcgReference.COARSE_LEVELS; level++) {
            sum += HpcgReference.levelBytes(level, rows, 0);
        }
        assertThat(sum).isCloseTo(HpcgReference.bytes(rows, 0), within(1.0));
    }
}
