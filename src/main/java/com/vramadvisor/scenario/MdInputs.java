package com.vramadvisor.scenario;

/**
 * The inputs of a molecular-dynamics workload as the window and scenario files hold them; the estimator
 * ({@code engine.hpc}) reads them as the command line's {@code --atoms}, {@code --potential}, {@code --precision},
 * {@code --cutoff} and {@code --gpus}.
 *
 * @param atoms          atoms in the whole system, 1 to {@value #MAX_ATOMS}
 * @param potential      {@code lj}, {@code eam}, {@code tersoff}, {@code reaxff}, {@code snap}, ...
 * @param precision      {@code single}, {@code mixed} or {@code double}
 * @param cutoffAngstrom pair cutoff in angstrom (in the potential's own length unit for reduced units), 0 for the
 *                       potential's default; at most 100
 * @param gpus           GPUs the domain is split over, 1 to {@value #MAX_GPUS}
 */
public record MdInputs(long atoms, String potential, String precision, double cutoffAngstrom, int gpus) {

    /** The most atoms (one hundred billion). */
    public static final long MAX_ATOMS = 100_000_000_000L;
    /** The most GPUs a domain is split over. */
    public static final int MAX_GPUS = 4096;

    public MdInputs {
        DomainIds.range("atoms", atoms, 1, MAX_ATOMS);
        DomainIds.check("potential", potential);
        DomainIds.check("MD precision", precision);
        if (!(cutoffAngstrom >= 0 && cutoffAngstrom <= 100)) {
            throw new IllegalArgumentException("cutoff must be between 0 and 100, got " + cutoffAngstrom);
        }
        DomainIds.range("MD GPUs", gpus, 1, MAX_GPUS);
    }

    /** One million Lennard-Jones atoms in mixed precision at the potential's default cutoff, on one GPU. */
    public static MdInputs defaults() {
        return new MdInputs(1_000_000, "lj", "mixed", 0, 1);
    }

    public MdInputs withAtoms(long v) {
        return new MdInputs(v, potential, precision, cutoffAngstrom, gpus);
    }

    public MdInputs withPotential(String v) {
        return new MdInputs(atoms, v, precision, cutoffAngstrom, gpus);
    }

    public MdInputs withPrecision(String v) {
        return new MdInputs(atoms, potential, v, cutoffAngstrom, gpus);
    }

    public MdInputs withCutoff(double v) {
        return new MdInputs(atoms, potential, precision, v, gpus);
    }

    public MdInputs withGpus(int v) {
        return new MdInputs(atoms, potential, precision, cutoffAngstrom, v);
    }
}
