package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import java.util.Locale;

/**
 * {@code --workload md}: {@code --atoms} (default 1,000,000), {@code --potential} (default lj), {@code --precision}
 * single|mixed|double (default mixed, the LAMMPS GPU package's default build), {@code --cutoff}, {@code --skin} and
 * {@code --density} (defaults from the potential's LAMMPS benchmark), {@code --list} full|half (default full),
 * {@code --kspace} none|pppm and {@code --grid-spacing}.
 */
final class MdCli implements DomainCli {

    /** Atoms when {@code --atoms} is not given. */
    static final long DEFAULT_ATOMS = 1_000_000;

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.MD;
    }

    @Override
    public Sizable build(DomainRequest request) {
        DomainOptions d = request.domain();
        HpcFlags.reject(request, "--workload md", "--cells", "--fields", "--halo", "--time-levels", "--solver",
                "--restart", "--stencil", "--resolution", "--scene", "--channels-last", "--viewers");
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
        return new MdSystem(atoms, potential, precision, cutoff, skin, density, full, pppm, spacing);
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
