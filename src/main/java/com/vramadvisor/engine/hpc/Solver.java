package com.vramadvisor.engine.hpc;

import java.util.Locale;

/**
 * The sparse linear solver that runs on the grid, if any: one equation per cell, a CSR matrix from the stencil, and
 * the work vectors of the Krylov method (Saad, Iterative Methods for Sparse Linear Systems, 2nd ed., 2003:
 * Algorithm 6.18 CG keeps x, r, p and Ap beside b; Algorithm 6.9 GMRES(m) keeps m + 1 Krylov basis vectors beside x,
 * b and w = A v, and an (m + 1) x m Hessenberg matrix).
 */
public enum Solver {
    /** No linear solve: explicit time stepping. */
    NONE("none"),
    /** Conjugate gradients: x, b, r, p, Ap. */
    CG("cg"),
    /** Restarted GMRES(m): x, b, w and m + 1 basis vectors. */
    GMRES("gmres"),
    /** The HPCG reference problem: 27-point stencil, CG with a 4-level multigrid ({@link HpcgReference}). */
    HPCG("hpcg");

    private final String id;

    Solver(String id) {
        this.id = id;
    }

    /** The id the command line takes ({@code --solver gmres}). */
    public String id() {
        return id;
    }

    /** Work vectors of the method for restart length {@code m} (HPCG: counted by {@link HpcgReference}). */
    public int vectors(int m) {
        return switch (this) {
            case NONE, HPCG -> 0;
            case CG -> 5;
            case GMRES -> m + 4;
        };
    }

    /**
     * @throws IllegalArgumentException naming the accepted ids when {@code text} is none of them
     */
    public static Solver parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (Solver s : values()) {
            if (s.id.equals(t)) {
                return s;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a solver (expected none, cg, gmres or hpcg)");
    }
}
