package com.vramadvisor.engine.hpc;

/**
 * Memory of the HPCG reference implementation per process, as its own memory model counts it (HPCG 3.1,
 * {@code src/ReportResults.cpp}, "Memory usage model", with {@code local_int_t} = int and {@code global_int_t} =
 * long long, the defaults of {@code src/Geometry.hpp}). The problem is a 27-point stencil on an
 * {@code nx x ny x nz} grid per process with a 4-level multigrid preconditioner (each coarse level has 1/8 of the
 * rows).
 *
 * <p>Fine level, per row: {@code nonzerosInRow} (1 byte), 4 row pointers ({@code mtxIndG, mtxIndL, matrixValues,
 * matrixDiagonal}: 32 bytes), 27 x (4 + 8 + 8) bytes of local indices, values and global indices, and the vectors
 * x, b, xexact, r, Ap (5 x 8 bytes) plus z and p over rows and external columns (2 x 8 bytes per column). Each coarse
 * level adds per row the same matrix (573 bytes), {@code f2cOperator} (4) and rc (8) plus xc and Axf (2 x 8 per
 * column). The reference prints the total divided by the equations as "Bytes per equation": 714.69 for a 128^3 run on
 * one process.
 */
public final class HpcgReference {

    /** Bytes per row of one level's matrix: 1 + 4 x 8 + 27 x (4 + 8 + 8). */
    public static final int MATRIX_BYTES_PER_ROW = 1 + 4 * 8 + 27 * (4 + 8 + 8);
    /** Coarse levels below the fine grid (HPCG's {@code numberOfMgLevels} = 4). */
    public static final int COARSE_LEVELS = 3;

    private HpcgReference() {
    }

    /** Matrix bytes over all four levels for {@code rows} fine rows per process. */
    public static double matrixBytes(double rows) {
        double bytes = 0;
        double r = rows;
        for (int level = 0; level <= COARSE_LEVELS; level++) {
            bytes += r * MATRIX_BYTES_PER_ROW;
            r /= 8;
        }
        return bytes;
    }

    /**
     * Vector bytes over all four levels: fine rows x 5 x 8 + fine columns x 2 x 8; each coarse level rows x (4 + 8)
     * + columns x 2 x 8, where columns = rows + the external (halo) columns of that level.
     *
     * @param rows         fine rows per process
     * @param externalCols fine-level columns owned by neighbouring processes (0 on one process); coarse levels get
     *                     a quarter per level (surface shrinks by 4 when each side halves)
     */
    public static double vectorBytes(double rows, double externalCols) {
        double bytes = rows * 5 * 8 + (rows + externalCols) * 2 * 8;
        double r = rows;
        double ext = externalCols;
        for (int level = 1; level <= COARSE_LEVELS; level++) {
            r /= 8;
            ext /= 4;
            bytes += r * (4 + 8) + (r + ext) * 2 * 8;
        }
        return bytes;
    }

    /**
     * Bytes of one level, as the reference prints them per level ("Memory used for linear system and CG" for level
     * 0, "Coarse Grids::Memory used" for levels 1 to 3): the level's matrix and vectors.
     */
    public static double levelBytes(int level, double rows, double externalCols) {
        if (level < 0 || level > COARSE_LEVELS) {
            throw new IllegalArgumentException("HPCG has levels 0 to " + COARSE_LEVELS + ": " + level);
        }
        double r = rows / Math.pow(8, level);
        double ext = externalCols / Math.pow(4, level);
        double vectors = level == 0 ? r * 5 * 8 : r * (4 + 8);
        return r * MATRIX_BYTES_PER_ROW + vectors + (r + ext) * 2 * 8;
    }

    /** Total bytes per process: {@link #matrixBytes} + {@link #vectorBytes}. */
    public static double bytes(double rows, double externalCols) {
        return matrixBytes(rows) + vectorBytes(rows, externalCols);
    }
}
