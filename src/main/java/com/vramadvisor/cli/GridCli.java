package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import java.util.Locale;
import java.util.Set;

/**
 * {@code --workload grid}: {@code --cells} as {@code NXxNYxNZ} or a total (a cube; default 256x256x256),
 * {@code --fields} (default 1), {@code --halo} (default 1), {@code --time-levels} (default 2), {@code --precision}
 * single|double (default double), {@code --solver} none|cg|gmres|hpcg, {@code --restart} (GMRES, default 30) and
 * {@code --stencil} 7|27 (default 7; hpcg is 27).
 */
final class GridCli implements DomainCli {

    /** The domain flags grids read. */
    static final Set<String> FLAGS = Set.of("--cells", "--fields", "--halo", "--time-levels", "--solver",
            "--restart", "--stencil");

    /** The largest side accepted per axis. */
    static final long MAX_SIDE = 10_000_000;

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.GRID;
    }

    @Override
    public Reads reads() {
        return new Reads(Set.of("--precision"), FLAGS);
    }

    @Override
    public Sizable build(DomainRequest request) {
        DomainOptions d = request.domain();
        SimPrecision precision = HpcFlags.precision(request, SimPrecision.DOUBLE, "grids");
        if (precision == SimPrecision.MIXED) {
            throw new CliInputException("--precision mixed: grids store every value at one size (single or double)");
        }
        int fields = HpcFlags.bounded("--fields", d.fields, 1, 1, 10_000);
        int halo = HpcFlags.bounded("--halo", d.halo, 1, 0, 64);
        int levels = HpcFlags.bounded("--time-levels", d.timeLevels, 2, 1, 16);
        int restart = HpcFlags.bounded("--restart", d.restart, 30, 1, 1000);
        Solver solver;
        try {
            solver = d.solver == null ? Solver.NONE : Solver.parse(d.solver);
        } catch (IllegalArgumentException e) {
            throw new CliInputException("--solver: " + e.getMessage());
        }
        int stencil = HpcFlags.bounded("--stencil", d.stencil, solver == Solver.HPCG ? 27 : 7, 1, 343);
        if (solver == Solver.HPCG && stencil != 27) {
            throw new CliInputException("--stencil " + stencil + ": hpcg is a 27-point stencil");
        }
        if (solver == Solver.HPCG) {
            HpcFlags.reject(request, "--solver hpcg (the benchmark has no fields of its own)", "--fields", "--halo",
                    "--time-levels");
            if (precision != SimPrecision.DOUBLE) {
                throw new CliInputException("--precision " + precision.id() + ": hpcg runs in double precision");
            }
        }
        if (solver == Solver.NONE && (request.isGiven("--stencil") || request.isGiven("--restart"))) {
            throw new CliInputException("--stencil and --restart need --solver cg, gmres or hpcg");
        }
        if (solver != Solver.GMRES && request.isGiven("--restart")) {
            throw new CliInputException("--restart is the GMRES restart length: it needs --solver gmres");
        }
        double[] shape = shape(d.cells == null ? "256x256x256" : d.cells);
        double cellCount = shape[0] * shape[1] * shape[2];
        if (cellCount > GridProblem.MAX_CELLS) {
            throw new CliInputException("--cells " + d.cells + " is out of range: at most 1e13 cells");
        }
        return new GridProblem(Math.round(cellCount), shape[0], shape[1], shape[2], fields, halo, levels, precision,
                solver, restart, stencil);
    }

    /** {@code 1024x1024x512} as three sides, or a total count as the sides of a cube. */
    static double[] shape(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.contains("x")) {
            String[] parts = t.split("x", -1);
            if (parts.length != 3) {
                throw new CliInputException("--cells: '" + text + "' is not NXxNYxNZ (example: 1024x1024x512)");
            }
            double[] sides = new double[3];
            for (int i = 0; i < 3; i++) {
                try {
                    sides[i] = Long.parseLong(parts[i].trim());
                } catch (NumberFormatException e) {
                    throw new CliInputException("--cells: '" + parts[i] + "' is not a whole number of cells");
                }
                if (sides[i] < 1 || sides[i] > MAX_SIDE) {
                    throw new CliInputException("--cells: side " + parts[i].trim() + " is out of range: expected 1"
                            + " to " + MAX_SIDE);
                }
            }
            return sides;
        }
        long total;
        try {
            total = Quantities.parseCount(t);
        } catch (IllegalArgumentException e) {
            throw new CliInputException("--cells: " + e.getMessage());
        }
        if (total > GridProblem.MAX_CELLS) {
            throw new CliInputException("--cells " + text + " is out of range: at most 1e13 cells");
        }
        double side = Math.cbrt(total);
        return new double[] {side, side, total / (side * side)};
    }
}
