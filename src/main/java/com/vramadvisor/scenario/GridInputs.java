package com.vramadvisor.scenario;

/**
 * The inputs of a structured-grid or sparse-solver workload as the window and scenario files hold them; the
 * estimator ({@code engine.hpc}) reads them as the command line's {@code --cells NXxNYxNZ}, {@code --fields},
 * {@code --halo}, {@code --precision}, {@code --solver} and {@code --gpus}.
 *
 * @param cellsX    cells along x, 1 to {@value #MAX_SIDE}
 * @param cellsY    cells along y, 1 to {@value #MAX_SIDE}
 * @param cellsZ    cells along z, 1 to {@value #MAX_SIDE}
 * @param fields    fields (variables) per cell, 1 to 1024
 * @param halo      ghost-cell layers per subdomain face, 0 to 64
 * @param precision {@code single}, {@code mixed} or {@code double}
 * @param solver    {@code none} (explicit stencil), {@code cg} or {@code gmres}
 * @param gpus      GPUs the grid is split over, 1 to {@value #MAX_GPUS}
 */
public record GridInputs(int cellsX, int cellsY, int cellsZ, int fields, int halo, String precision, String solver,
                         int gpus) {

    /** The most cells along one axis. */
    public static final int MAX_SIDE = 1 << 20;
    /** The most GPUs a grid is split over. */
    public static final int MAX_GPUS = 4096;

    public GridInputs {
        DomainIds.range("cells along x", cellsX, 1, MAX_SIDE);
        DomainIds.range("cells along y", cellsY, 1, MAX_SIDE);
        DomainIds.range("cells along z", cellsZ, 1, MAX_SIDE);
        DomainIds.range("fields", fields, 1, 1024);
        DomainIds.range("halo", halo, 0, 64);
        DomainIds.check("grid precision", precision);
        DomainIds.check("solver", solver);
        DomainIds.range("grid GPUs", gpus, 1, MAX_GPUS);
    }

    /** A 512 x 512 x 512 grid of 5 fields with 2 halo layers in double precision, explicit, on one GPU. */
    public static GridInputs defaults() {
        return new GridInputs(512, 512, 512, 5, 2, "double", "none", 1);
    }

    /** Cells in the whole grid. */
    public long cells() {
        return (long) cellsX * cellsY * cellsZ;
    }

    public GridInputs withCells(int x, int y, int z) {
        return new GridInputs(x, y, z, fields, halo, precision, solver, gpus);
    }

    public GridInputs withFields(int v) {
        return new GridInputs(cellsX, cellsY, cellsZ, v, halo, precision, solver, gpus);
    }

    public GridInputs withHalo(int v) {
        return new GridInputs(cellsX, cellsY, cellsZ, fields, v, precision, solver, gpus);
    }

    public GridInputs withPrecision(String v) {
        return new GridInputs(cellsX, cellsY, cellsZ, fields, halo, v, solver, gpus);
    }

    public GridInputs withSolver(String v) {
        return new GridInputs(cellsX, cellsY, cellsZ, fields, halo, precision, v, gpus);
    }

    public GridInputs withGpus(int v) {
        return new GridInputs(cellsX, cellsY, cellsZ, fields, halo, precision, solver, v);
    }
}
