package com.vramadvisor.engine.hpc;

import java.util.Locale;

/**
 * The interatomic potential's cost class, with the defaults of the LAMMPS benchmark that uses it (cutoff, skin and
 * number density), so that {@code --potential eam} alone describes a known system. Lengths are in the potential's own
 * units: LJ reduced units (sigma) for {@link #LJ}, angstrom for the rest; density is atoms per cubic length unit.
 *
 * <p>Sources of the defaults (LAMMPS {@code bench/} inputs and their 16 Mar 2018 logs):
 * <ul>
 *   <li>LJ: {@code bench/in.lj}: fcc lattice at reduced density 0.8442, {@code lj/cut 2.5}, {@code neighbor 0.3}.</li>
 *   <li>EAM: {@code bench/POTENTIALS/in.eam}: Cu fcc a = 3.615 A (4 / 3.615^3 = 0.08465 atoms/A^3),
 *       {@code Cu_u3.eam} cutoff 4.95 A, {@code neighbor 1.0}.</li>
 *   <li>Tersoff: {@code in.tersoff}: Si diamond a = 5.431 A (8 / 5.431^3 = 0.04994 atoms/A^3), {@code Si.tersoff}
 *       cutoff 3.2 A (the log's 4.2 A list cutoff minus the 1.0 A skin).</li>
 *   <li>ReaxFF: {@code in.reaxc}: PETN crystal, 32,480 atoms in 66.44 x 75.93 x 69.91 A (0.0921 atoms/A^3), 10 A
 *       non-bonded cutoff and the 12 A list cutoff of its log (2 A skin).</li>
 *   <li>SNAP: {@code examples/snap/in.snap.W.2940}: W bcc a = 3.1803 A (2 / 3.1803^3 = 0.06217 atoms/A^3), cutoff
 *       4.73 A, {@code neighbor 1.0}.</li>
 * </ul>
 */
public enum Potential {
    /** Pairwise Lennard-Jones ({@code pair_style lj/cut}): nothing per atom beyond forces. */
    LJ("lj", "Lennard-Jones (pairwise)", 2.5, 0.3, 0.8442, "sigma"),
    /** Embedded-atom method ({@code pair_style eam}): two per-atom passes (density, embedding derivative). */
    EAM("eam", "EAM (many-body, two passes)", 4.95, 1.0, 4 / Math.pow(3.615, 3), "A"),
    /** Tersoff bond order ({@code pair_style tersoff}): full list plus a short list inside the cutoff. */
    TERSOFF("tersoff", "Tersoff (three-body bond order)", 3.2, 1.0, 8 / Math.pow(5.431, 3), "A"),
    /** Reactive force field ({@code pair_style reaxff} with {@code fix qeq/reaxff}): bond and charge arrays. */
    REAXFF("reaxff", "ReaxFF (reactive, with charge equilibration)", 10.0, 2.0, 32480 / (66.4375 * 75.9285 * 69.9123),
            "A"),
    /** Spectral neighbour analysis potential ({@code pair_style snap}): bispectrum expansions per neighbour. */
    SNAP("snap", "SNAP (machine-learned, bispectrum)", 4.73442, 1.0, 2 / Math.pow(3.1803, 3), "A");

    private final String id;
    private final String label;
    private final double cutoff;
    private final double skin;
    private final double density;
    private final String lengthUnit;

    Potential(String id, String label, double cutoff, double skin, double density, String lengthUnit) {
        this.id = id;
        this.label = label;
        this.cutoff = cutoff;
        this.skin = skin;
        this.density = density;
        this.lengthUnit = lengthUnit;
    }

    /** The id the command line takes ({@code --potential eam}). */
    public String id() {
        return id;
    }

    /** English name with the cost class, for assumptions and titles. */
    public String label() {
        return label;
    }

    /** Default pair cutoff in {@link #lengthUnit()}. */
    public double defaultCutoff() {
        return cutoff;
    }

    /** Default neighbour skin in {@link #lengthUnit()}. */
    public double defaultSkin() {
        return skin;
    }

    /** Default number density in atoms per cubic {@link #lengthUnit()}. */
    public double defaultDensity() {
        return density;
    }

    /** "sigma" for LJ reduced units, "A" (angstrom) otherwise. */
    public String lengthUnit() {
        return lengthUnit;
    }

    /**
     * @throws IllegalArgumentException naming the accepted ids when {@code text} is none of them
     */
    public static Potential parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("reax") || t.equals("reax/c")) {
            return REAXFF;
        }
        for (Potential p : values()) {
            if (p.id.equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a potential (expected lj, eam, tersoff, reaxff or"
                + " snap)");
    }
}
