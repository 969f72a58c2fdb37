package com.vramadvisor.engine.hpc;

import java.util.Locale;

/**
 * The floating-point modes simulation codes build in. Molecular dynamics follows the LAMMPS GPU package's three build
 * modes ({@code lib/gpu/lal_precision.h}: single = float everywhere; mixed = float positions and pair math with double
 * accumulation of forces and energies; double = double everywhere), so a value has a storage size and an accumulation
 * size. Grids and solvers store every value at one size (single: 4 bytes, double: 8 bytes).
 */
public enum SimPrecision {
    /** 4-byte positions and 4-byte accumulators. */
    SINGLE("single", 4, 4),
    /** 4-byte positions, 8-byte accumulators (LAMMPS GPU package {@code -DGPU_PREC=mixed}, its default). */
    MIXED("mixed", 4, 8),
    /** 8-byte positions and accumulators. */
    DOUBLE("double", 8, 8);

    private final String id;
    private final int storeBytes;
    private final int accumulateBytes;

    SimPrecision(String id, int storeBytes, int accumulateBytes) {
        this.id = id;
        this.storeBytes = storeBytes;
        this.accumulateBytes = accumulateBytes;
    }

    /** The id the command line takes. */
    public String id() {
        return id;
    }

    /** Bytes of a stored coordinate (LAMMPS GPU package {@code numtyp}). */
    public int storeBytes() {
        return storeBytes;
    }

    /** Bytes of an accumulated value: velocities, forces, energies (LAMMPS GPU package {@code acctyp}). */
    public int accumulateBytes() {
        return accumulateBytes;
    }

    /**
     * @throws IllegalArgumentException naming the accepted values when {@code text} is none of them
     */
    public static SimPrecision parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (SimPrecision p : values()) {
            if (p.id.equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a simulation precision (expected single, mixed or"
                + " double)");
    }
}
