package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hpc.BoxShape;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import java.util.Locale;
import java.util.Set;

/**
 * {@code --workload md}: {@code --atoms} (default 1,000,000), {@code --potential} (default lj), {@code --precision}
 * single|mixed|double (default mixed, the LAMMPS GPU package's default build), {@code --cutoff}, {@code --skin} and
 * {@code --density} (defaults from the potential's LAMMPS benchmark), {@code --list} full|half (default full),
 * {@code --kspace} none|pppm, {@code --grid-spacing} and {@code --box} (proportions; default a cube).
 */
final class MdCli implements DomainCli {

    /** The domain flags molecular dynamics reads. */
    static final Set<String> FLAGS = Set.of("--atoms", "--potential", "--cutoff", "--skin", "--density", "--list",
            "--kspace", "--grid-spacing", "--box");

    /** Atoms when {@code --atoms} is not given. */
    static final long DEFAULT_ATOMS = 1_000_000;

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.MD;
    }

    @Override
    public Reads reads() {
        return new Reads(Set.of("--precision"), FLAGS);
    }

    @Override
    public Sizable build(DomainRequest request) {
        DomainOptions d = request.domain();
        long atoms = DEFAULT_ATOMS;
        if (d.atoms != null) {
            try {
                atoms = Quantities.parseCount(d.atoms);
            } catch (IllegalArgumentException e) {
                throw new CliInputException("--atoms: " + e.getMessage());
            }
            if (atoms > MdSystem.MAX_ATOMS) {
                throw new CliInputException("--atoms " + d.atoms + " is out of range: expected 1 to 1e12");
            }
        }
        Potential potential;
        try {
            potential = d.potential == null ? Potential.LJ : Potential.parse(d.potential);
        } catch (IllegalArgumentException e) {
            throw new CliInputException("--potential: " + e.getMessage());
        }
        SimPrecision precision = HpcFlags.precision(request, SimPrecision.MIXED, "molecular dynamics");
        double cutoff = HpcFlags.bounded("--cutoff", d.cutoff, potential.defaultCutoff(), 1e-3, 1000);
        double skin = HpcFlags.bounded("--skin", d.skin, potential.defaultSkin(), 0, 100);
        double density = HpcFlags.bounded("--density", d.density, potential.defaultDensity(), 1e-6, 10);
        double spacing = HpcFlags.bounded("--grid-spacing", d.gridSpacing, 1.2, 1e-3, 100);
        boolean full = choice("--list", d.neighbourList, "full", "full", "half").equals("full");
        boolean pppm = choice("--kspace", d.kspace, "none", "none", "pppm").equals("pppm");
        if (request.isGiven("--grid-spacing") && !pppm) {
            throw new CliInputException("--grid-spacing needs --kspace pppm");
        }
        BoxShape shape = d.box == null ? BoxShape.CUBE : shape(d.box);
        return new MdSystem(atoms, potential, precision, cutoff, skin, density, full, pppm, spacing, shape);
    }

    /** {@code 20x20x10}: three positive proportions, none more than 10^4 times another. */
    static BoxShape shape(String text) {
        String[] parts = text.trim().toLowerCase(Locale.ROOT).split("x", -1);
        if (parts.length != 3) {
            throw new CliInputException("--box: '" + text + "' is not XxYxZ (example: 20x20x10)");
        }
        double[] v = new double[3];
        for (int i = 0; i < 3; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new CliInputException("--box: '" + parts[i].trim() + "' is not a number");
            }
            if (!(v[i] > 0 && v[i] <= 1e6)) {
                throw new CliInputException("--box: side " + parts[i].trim() + " is out of range: expected more"
                        + " than 0, at most 1e6");
            }
        }
        double max = Math.max(v[0], Math.max(v[1], v[2]));
        double min = Math.min(v[0], Math.min(v[1], v[2]));
        if (max / min > 1e4) {
            throw new CliInputException("--box: '" + text + "' is too elongated (sides differ by more than 10^4)");
        }
        return new BoxShape(v[0], v[1], v[2]);
    }

    static String choice(String flag, String value, String fallback, String... allowed) {
        if (value == null) {
            return fallback;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (String a : allowed) {
            if (a.equals(v)) {
                return a;
            }
        }
        throw new CliInputException(flag + ": '" + value + "' is not one of " + String.join(", ", allowed));
    }
}
