package com.vramadvisor.engine.hpc;

import com.vramadvisor.engine.core.CudaLibraries;
import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Device memory of a structured-grid simulation per GPU, optionally with a sparse linear solve each step. The grid
 * keeps the shape the user gave ({@code 1024x1024x512}); {@code fit} scales all three sides alike. Split over GPUs by
 * {@link DomainSplit}.
 *
 * <p>Per GPU with {@code c} local cells, {@code b} bytes per value (single 4, double 8):
 * <ul>
 *   <li>grids: {@code c x fields x timeLevels x b}.</li>
 *   <li>halos: {@code ((x+2h)(y+2h)(z+2h) - xyz) x fields x timeLevels x b} for {@code h} ghost layers on every face
 *       of the {@code x x y x z} subdomain.</li>
 *   <li>matrix (with a solver): CSR with one row per cell, {@code c x stencil x (b + 4) + (c + 1) x 4} bytes (values,
 *       4-byte column indices, row pointers); HPCG: {@link HpcgReference#matrixBytes}.</li>
 *   <li>solverVectors: {@code c x vectors x b} ({@link Solver#vectors}) plus one vector's ghost entries (the
 *       subdomain's one-layer shell, when split) and GMRES's {@code (m+1) x m} Hessenberg matrix; HPCG:
 *       {@link HpcgReference#vectorBytes}.</li>
 *   <li>runtimeOverhead: 512 MiB for the CUDA context.</li>
 * </ul>
 *
 * @param cells      cells in the whole grid
 * @param shapeX     the grid's shape along x (the sides as typed; only ratios matter once {@code cells} changes)
 * @param shapeY     shape along y
 * @param shapeZ     shape along z
 * @param fields     values per cell
 * @param halo       ghost layers per face
 * @param timeLevels copies of the fields kept (2 for a step from old to new; 3 for leapfrog or RK stages)
 * @param precision  {@link SimPrecision#SINGLE} or {@link SimPrecision#DOUBLE}
 * @param solver     the linear solver, or {@link Solver#NONE}
 * @param restart    GMRES restart length m
 * @param stencil    non-zeros per matrix row (7 or 27)
 */
public record GridProblem(long cells, double shapeX, double shapeY, double shapeZ, int fields, int halo,
                          int timeLevels, SimPrecision precision, Solver solver, int restart, int stencil)
        implements Sizable {

    /** The largest grid {@code fit} considers: 10^13 cells. */
    public static final long MAX_CELLS = 10_000_000_000_000L;

    public GridProblem {
        if (cells < 1 || cells > MAX_CELLS) {
            throw new IllegalArgumentException("cells must be 1 to 1e13: " + cells);
        }
        if (!(shapeX > 0 && shapeY > 0 && shapeZ > 0)) {
            throw new IllegalArgumentException("grid sides must be positive");
        }
        if (fields < 1 || halo < 0 || timeLevels < 1 || restart < 1 || stencil < 1) {
            throw new IllegalArgumentException("fields, time levels, restart and stencil must be positive, halo not"
                    + " negative");
        }
        if (precision == SimPrecision.MIXED) {
            throw new IllegalArgumentException("grids store one size per value: single or double");
        }
    }

    /** A grid of exactly {@code nx x ny x nz} cells. */
    public static GridProblem of(long nx, long ny, long nz, int fields, int halo, int timeLevels,
                                 SimPrecision precision, Solver solver, int restart, int stencil) {
        return new GridProblem(Math.multiplyExact(Math.multiplyExact(nx, ny), nz), nx, ny, nz, fields, halo,
                timeLevels, precision, solver, restart, stencil);
    }

    /** Cells along x, y, z: the shape scaled so that their product is {@link #cells()}. */
    public double[] sides() {
        double s = Math.cbrt(cells / (shapeX * shapeY * shapeZ));
        return new double[] {shapeX * s, shapeY * s, shapeZ * s};
    }

    @Override
    public SizedEstimate estimate() {
        return onGpus(1);
    }

    @Override
    public Optional<SizedEstimate> perGpu(int gpus) {
        return Optional.of(onGpus(gpus));
    }

    /**
     * A double grid, and HPCG (double by its specification), compute in FP64 ({@link Fp64Need#HEAVY}); a single grid
     * needs none. Grids have no mixed mode (one size per value).
     */
    @Override
    public Fp64Need fp64Need() {
        return solver == Solver.HPCG || precision == SimPrecision.DOUBLE ? Fp64Need.HEAVY : Fp64Need.NONE;
    }

    @Override
    public SizingAxis axis() {
        return new SizingAxis("maxCells", "cells", 1, MAX_CELLS);
    }

    @Override
    public long axisValue() {
        return cells;
    }

    @Override
    public GridProblem withAxisValue(long value) {
        long v = Math.max(1, Math.min(MAX_CELLS, value));
        return new GridProblem(v, shapeX, shapeY, shapeZ, fields, halo, timeLevels, precision, solver, restart,
                stencil);
    }

    private SizedEstimate onGpus(int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1: " + gpus);
        }
        double[] s = sides();
        DomainSplit split = DomainSplit.best(gpus, s[0], s[1], s[2]);
        double local = Math.ceil((double) cells / gpus);
        double haloCells = split.shellVolume(s[0], s[1], s[2], halo);
        double external = gpus == 1 ? 0 : split.shellVolume(s[0], s[1], s[2], 1);
        int b = solver == Solver.HPCG ? 8 : precision.storeBytes();
        int copies = fields * timeLevels;

        List<MemoryPart> parts = new ArrayList<>();
        if (solver == Solver.HPCG) {
            parts.add(new MemoryPart("grids", "grids", 0, Sentence.of("grid.formula.grids.hpcg",
                    "HPCG keeps no fields beyond its solver vectors")));
            parts.add(new MemoryPart("halos", "halos", 0, Sentence.of("grid.formula.halos.hpcg",
                    "HPCG's halo entries are counted with its vectors")));
        } else {
            parts.add(part("grids", "grids", local * copies * b, Sentence.of("grid.formula.grids",
                    "%,.0f cells x %d field(s) x %d time level(s) x %d bytes", local, fields, timeLevels, b)));
            parts.add(part("halos", "halos", haloCells * copies * b, Sentence.of("grid.formula.halos",
                    "%,.0f ghost cells (%d layer(s) around a %.0f x %.0f x %.0f subdomain, split %s) x %d field(s)"
                            + " x %d time level(s) x %d bytes", haloCells, halo, s[0] / split.px(),
                    s[1] / split.py(), s[2] / split.pz(), split.toString(), fields, timeLevels, b)));
        }
        parts.add(matrix(local, b));
        parts.add(vectors(local, external, b));
        parts.add(new MemoryPart("runtimeOverhead", "runtime overhead", MdSystem.CONTEXT_BYTES,
                Sentence.of("md.formula.runtimeOverhead", "CUDA context and kernels: 512 MiB")));

        List<Sentence> assumptions = new ArrayList<>();
        assumptions.add(Sentence.of("grid.assumption.split", "A %.0f x %.0f x %.0f grid split %s over %d GPU(s);"
                + " every GPU holds its subdomain, its halo and its share of the solver.", s[0], s[1], s[2],
                split.toString(), gpus));
        if (solver == Solver.HPCG) {
            assumptions.add(Sentence.of("grid.assumption.hpcg", "HPCG counts as its reference implementation does:"
                    + " one equation per cell, 27 non-zeros per row with 8-byte values, 4-byte local and 8-byte global"
                    + " indices, a 4-level multigrid."));
        } else if (solver != Solver.NONE) {
            assumptions.add(Sentence.of("grid.assumption.csr", "One equation per cell, %d non-zeros per row, 4-byte"
                    + " column indices (CSR).", stencil));
        }
        List<Sentence> caveats = List.of(
                Sentence.of("grid.caveat.nvlink", "NVLink speeds the halo exchange between GPUs; it does not pool"
                        + " their memory: each GPU holds its own subdomain."),
                Sentence.of("grid.caveat.preconditioners", "Preconditioners (ILU, algebraic multigrid) and FFT-based"
                        + " solvers add matrices and buffers that are not counted here, except HPCG's geometric"
                        + " multigrid."));
        String precisionId = solver == Solver.HPCG ? "double" : precision.id();
        Sentence subject = solver == Solver.NONE
                ? Sentence.of("grid.subject", "%,d cells x %d field(s), %s precision", cells, fields, precisionId)
                : Sentence.of("grid.subject.solver", "%,d cells x %d field(s), %s precision, %s solver", cells,
                        fields, precisionId, solver.id());
        SizedEstimate e = new SizedEstimate(WorkloadKind.GRID, subject, OptionalLong.empty(), parts,
                solver == Solver.NONE ? "the time-step update" : "the linear solve", assumptions, caveats);
        return e.withRange(CudaLibraries.CUDA_RUNTIME.range(e.peakBytes() - MdSystem.CONTEXT_BYTES, 0));
    }

    private MemoryPart matrix(double rows, int b) {
        return switch (solver) {
            case NONE -> new MemoryPart("matrix", "matrix", 0, Sentence.of("grid.formula.noSolver",
                    "no linear solver"));
            case HPCG -> part("matrix", "matrix", HpcgReference.matrixBytes(rows),
                    Sentence.of("grid.formula.matrix.hpcg", "HPCG reference: %,.0f rows x %d bytes, and 1/8, 1/64,"
                            + " 1/512 of that for the coarse levels", rows, HpcgReference.MATRIX_BYTES_PER_ROW));
            default -> part("matrix", "matrix", rows * stencil * (b + 4.0) + (rows + 1) * 4, Sentence.of(
                    "grid.formula.matrix.csr", "CSR: %,.0f rows x %d non-zeros x (%d + 4) bytes + %,.0f row pointers"
                            + " x 4 bytes", rows, stencil, b, rows + 1));
        };
    }

    private MemoryPart vectors(double rows, double external, int b) {
        return switch (solver) {
            case NONE -> new MemoryPart("solverVectors", "solver vectors", 0, Sentence.of("grid.formula.noSolver",
                    "no linear solver"));
            case HPCG -> part("solverVectors", "solver vectors", HpcgReference.vectorBytes(rows, external),
                    Sentence.of("grid.formula.vectors.hpcg",
                            "HPCG reference: %,.0f rows x 5 x 8 bytes + (rows + %,.0f external"
                            + " columns) x 2 x 8 bytes, plus the coarse levels' vectors", rows, external));
            default -> {
                int n = solver.vectors(restart);
                double hessenberg = solver == Solver.GMRES ? (restart + 1.0) * restart * b : 0;
                yield part("solverVectors", "solver vectors", rows * n * b + external * b + hessenberg,
                        solver == Solver.CG
                                ? Sentence.of("grid.formula.vectors.cg", "CG (x, b, r, p, Ap): %d vectors x %,.0f rows"
                                        + " x %d bytes + %,.0f ghost entries", n, rows, b, external)
                                : Sentence.of("grid.formula.vectors.gmres", "GMRES(%d) (x, b, w and %d basis vectors):"
                                        + " %d vectors x %,.0f rows x %d bytes + %,.0f ghost entries + the Hessenberg"
                                        + " matrix", restart, restart + 1, n, rows, b, external));
            }
        };
    }

    private static MemoryPart part(String id, String label, double bytes, Sentence formula) {
        return new MemoryPart(id, label, (long) Math.ceil(bytes), formula);
    }
}
