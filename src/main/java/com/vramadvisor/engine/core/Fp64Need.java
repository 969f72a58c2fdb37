package com.vramadvisor.engine.core;

/**
 * What a workload needs from a GPU's double-precision (FP64) arithmetic, so the decision table can set aside GPUs
 * that cannot run it or run it slowly.
 * <ul>
 *   <li>{@link #NONE}: the workload computes in single or lower precision.</li>
 *   <li>{@link #ACCUMULATE}: values are stored in single precision but sums are kept in double (the LAMMPS GPU
 *       package's mixed mode accumulates forces, energies and virials in {@code acctyp = double},
 *       {@code lib/gpu/lal_precision.h}); a GPU without FP64 hardware cannot build that mode.</li>
 *   <li>{@link #HEAVY}: the arithmetic itself is double (LAMMPS {@code -DGPU_PREC=double}, a double-precision grid
 *       code, HPCG, which the HPCG specification requires in double), so it runs at the GPU's FP64 rate.</li>
 * </ul>
 */
public enum Fp64Need {
    NONE,
    ACCUMULATE,
    HEAVY;

    /** Whether a GPU without FP64 hardware cannot run the workload. */
    public boolean needsFp64() {
        return this != NONE;
    }
}
