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
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Device memory of a GPU-resident molecular-dynamics run (as the LAMMPS KOKKOS package keeps it), per GPU, for a
 * periodic box of {@code atoms} at {@code density} ({@link BoxShape}: a cube unless said), split over GPUs by
 * {@link DomainSplit}.
 *
 * <p>Per GPU with {@code n} local atoms, reach {@code r = cutoff + skin}, storage size {@code p} and accumulator size
 * {@code a} ({@link SimPrecision}):
 * <ul>
 *   <li>atoms: {@code n x (3p + 6a + 16)}: positions (3p), velocities and forces (6a), tag, type, mask and image
 *       (4 x 4 bytes), the arrays {@code AtomVecAtomicKokkos::grow()} ({@code atom_vec_atomic_kokkos.cpp}) keeps on
 *       the device, plus a charge (p) for ReaxFF ({@code atom_style charge}). KOKKOS grows them by 1 % at a time,
 *       which is left out.</li>
 *   <li>ghostAtoms: the same per-atom arrays for the atoms in the shell of thickness r around the subdomain
 *       ({@code density x ((x+2r)(y+2r)(z+2r) - xyz)}): LAMMPS sizes every per-atom array to
 *       {@code nmax >= nlocal + nghost}.</li>
 *   <li>neighbourLists: {@code n x (ceil(1.2 x 1.1 x k) + 2) x 4 bytes} with {@code k = density x 4/3 pi r^3}
 *       neighbours per atom for a full list, half that for a half list: one fixed-width row of 4-byte indices per
 *       local atom ({@code NPairKokkos::build} grows the list to {@code nlocal} rows), as wide as 1.2 x the fullest
 *       atom's count ({@code list->maxneighs = data.h_new_maxneighs() * 1.2}), the fullest atom taken as 1.1 x the
 *       mean; two ints per row ({@code d_numneigh}, {@code d_ilist}); plus 8 bytes per local and ghost atom for the
 *       binning.</li>
 *   <li>longRange (with PPPM): {@code G = subdomain volume / h^3} grid points; 4 bricks of FFT scalars over the
 *       subdomain grid grown by {@code order + 2} points per side ({@link #pppmBrickPoints}), per point 7 doubles
 *       ({@code vg}, {@code greensfn}) and 5 FFT scalars (FFT buffers), plus 3 doubles per atom:
 *       {@code PPPMKokkos::memory_usage()} in {@code src/KOKKOS/pppm_kokkos.cpp}.</li>
 *   <li>potentialScratch: {@link PotentialScratch}.</li>
 *   <li>runtimeOverhead: 512 MiB for the CUDA context and the package's kernels.</li>
 * </ul>
 *
 * @param atoms       atoms in the whole system
 * @param potential   the potential's cost class
 * @param precision   single, mixed or double
 * @param cutoff      pair cutoff in the potential's length unit
 * @param skin        neighbour skin in the same unit
 * @param density     atoms per cubic length unit
 * @param fullList    full neighbour lists (each pair stored twice, the GPU default: {@code package kokkos neigh full},
 *                    and the GPU package always) or half lists ({@code newton on}, each pair once)
 * @param pppm        whether a PPPM long-range solver runs
 * @param gridSpacing PPPM grid spacing in the length unit
 * @param shape       the box's proportions (its volume is {@code atoms / density})
 */
public record MdSystem(long atoms, Potential potential, SimPrecision precision, double cutoff, double skin,
                       double density, boolean fullList, boolean pppm, double gridSpacing, BoxShape shape)
        implements Sizable {

    /** The largest system {@code fit} considers: 10^12 atoms. */
    public static final long MAX_ATOMS = 1_000_000_000_000L;
    /**
     * CUDA context and kernels of a CUDA program without PyTorch ({@link CudaLibraries#CUDA_RUNTIME}: 512 MiB); the
     * range spans that set's measured contexts. No caching allocator: the packages allocate their arrays once.
     */
    public static final long CONTEXT_BYTES = CudaLibraries.CUDA_RUNTIME.contextBytes();
    /** PPPM interpolation order (LAMMPS default 5): ghost grid planes around each brick. */
    public static final int PPPM_ORDER = 5;
    /** The fullest atom's neighbours over the mean count: an assumption for a uniform liquid or solid. */
    static final double MAX_OVER_MEAN = 1.10;
    /** KOKKOS sizes a neighbour row at 1.2 x the fullest atom's count when a list overflows. */
    static final double ROW_GROWTH = 1.2;

    public MdSystem {
        if (atoms < 1 || atoms > MAX_ATOMS) {
            throw new IllegalArgumentException("atoms must be 1 to 1e12: " + atoms);
        }
        if (!(cutoff > 0) || !(skin >= 0) || !(density > 0) || !(gridSpacing > 0)) {
            throw new IllegalArgumentException("cutoff, density and grid spacing must be positive, skin not"
                    + " negative");
        }
        Objects.requireNonNull(shape, "shape");
    }

    /** A cubic box. */
    public MdSystem(long atoms, Potential potential, SimPrecision precision, double cutoff, double skin,
                    double density, boolean fullList, boolean pppm, double gridSpacing) {
        this(atoms, potential, precision, cutoff, skin, density, fullList, pppm, gridSpacing, BoxShape.CUBE);
    }

    /** A system with the defaults of the potential's LAMMPS benchmark, full lists and no long-range solver. */
    public static MdSystem of(long atoms, Potential potential, SimPrecision precision) {
        return new MdSystem(atoms, potential, precision, potential.defaultCutoff(), potential.defaultSkin(),
                potential.defaultDensity(), true, false, 1.2);
    }

    /** Neighbours per atom: {@code density x 4/3 pi (cutoff + skin)^3}, halved for a half list. */
    public double neighboursPerAtom(boolean full) {
        double k = PotentialScratch.inside(density, cutoff + skin);
        return full ? k : k / 2;
    }

    /** Ghost atoms of one subdomain when the box is split over {@code gpus}. */
    public double ghostAtoms(int gpus) {
        double[] box = boxSides();
        DomainSplit split = DomainSplit.best(gpus, box[0], box[1], box[2]);
        return density * split.shellVolume(box[0], box[1], box[2], cutoff + skin);
    }

    /** Sides of the box: its shape scaled to the volume {@code atoms / density}. */
    public double[] boxSides() {
        return shape.sides(atoms / density);
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
     * Double precision ({@link Fp64Need#HEAVY}) computes in FP64; mixed ({@link Fp64Need#ACCUMULATE}) accumulates
     * forces and energies in double (LAMMPS GPU package {@code lib/gpu/lal_precision.h}, {@code acctyp}); single needs
     * no FP64.
     */
    @Override
    public Fp64Need fp64Need() {
        return switch (precision) {
            case DOUBLE -> Fp64Need.HEAVY;
            case MIXED -> Fp64Need.ACCUMULATE;
            case SINGLE -> Fp64Need.NONE;
        };
    }

    @Override
    public SizingAxis axis() {
        return new SizingAxis("maxAtoms", "atoms", 1, MAX_ATOMS);
    }

    @Override
    public long axisValue() {
        return atoms;
    }

    @Override
    public MdSystem withAxisValue(long value) {
        long v = Math.max(1, Math.min(MAX_ATOMS, value));
        return new MdSystem(v, potential, precision, cutoff, skin, density, fullList, pppm, gridSpacing, shape);
    }

    private SizedEstimate onGpus(int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1: " + gpus);
        }
        double[] box = boxSides();
        DomainSplit split = DomainSplit.best(gpus, box[0], box[1], box[2]);
        double reach = cutoff + skin;
        double local = Math.ceil((double) atoms / gpus);
        double ghost = density * split.shellVolume(box[0], box[1], box[2], reach);
        int p = precision.storeBytes();
        int a = precision.accumulateBytes();
        int charge = potential == Potential.REAXFF ? p : 0;
        int perAtom = 3 * p + 6 * a + 16 + charge;
        double k = neighboursPerAtom(fullList);
        double rowInts = Math.ceil(ROW_GROWTH * MAX_OVER_MEAN * k) + 2;

        List<MemoryPart> parts = new ArrayList<>();
        parts.add(part("atoms", "atoms", local * perAtom, charge > 0
                ? Sentence.of("md.formula.atomsCharge", "%,.0f local atoms x %d bytes (x, v, f at %d/%d/%d bytes per"
                        + " component; tag, type, mask, image 4 bytes each; charge %d bytes)", local, perAtom, p, a, a,
                        charge)
                : Sentence.of("md.formula.atoms", "%,.0f local atoms x %d bytes (x, v, f at %d/%d/%d bytes per"
                        + " component; tag, type, mask, image 4 bytes each)", local, perAtom, p, a, a)));
        parts.add(part("ghostAtoms", "ghost atoms", ghost * perAtom, Sentence.of("md.formula.ghostAtoms",
                "%,.0f ghost atoms (density %.4g x shell of %.3g %s around a %s subdomain) x %d bytes", ghost,
                density, reach, potential.lengthUnit(), split.toString(), perAtom)));
        parts.add(part("neighbourLists", "neighbour lists", local * rowInts * 4 + (local + ghost) * 8, fullList
                ? Sentence.of("md.formula.neighbourLists.full", "%,.0f atoms x (%.0f + 2) x 4 bytes (full list, rows"
                        + " 1.2 x 1.1 x %.1f neighbours = %.4g x 4/3 pi %.3g^3) + 8 bytes per atom for binning", local,
                        rowInts - 2, k, density, reach)
                : Sentence.of("md.formula.neighbourLists.half", "%,.0f atoms x (%.0f + 2) x 4 bytes (half list, rows"
                        + " 1.2 x 1.1 x %.1f neighbours = %.4g x 4/3 pi %.3g^3 / 2) + 8 bytes per atom for binning",
                        local, rowInts - 2, k, density, reach)));
        parts.add(longRange(split, box, local + ghost));
        parts.add(PotentialScratch.of(potential, local, ghost, density, cutoff, skin, rowInts, precision));
        parts.add(new MemoryPart("runtimeOverhead", "runtime overhead", CONTEXT_BYTES,
                Sentence.of("md.formula.runtimeOverhead", "CUDA context and kernels: 512 MiB")));

        List<Sentence> assumptions = new ArrayList<>();
        assumptions.add(Sentence.of("md.assumption.box", "A periodic %.4g x %.4g x %.4g %s box at %.4g atoms per"
                + " cubic %s, split %s over %d GPU(s); uniform density.", box[0], box[1], box[2],
                potential.lengthUnit(), density, potential.lengthUnit(), split.toString(), gpus));
        assumptions.add(Sentence.of(fullList ? "md.assumption.potential.full" : "md.assumption.potential.half",
                "%s, cutoff %.4g + skin %.3g %s, " + (fullList ? "full" : "half") + " neighbour lists, %s precision"
                + " (%d-byte positions, %d-byte accumulators).",
                Sentence.of("md.potential." + potential.id(), potential.label()), cutoff, skin,
                potential.lengthUnit(), precision.id(), p, a));
        assumptions.add(Sentence.of("md.assumption.resident", "Everything lives on the GPU for the whole run"
                + " (KOKKOS-style); host copies are not counted."));
        List<Sentence> caveats = new ArrayList<>();
        caveats.add(Sentence.of("md.caveat.nvlink", "NVLink speeds the ghost-atom exchange between GPUs; it does not"
                + " pool their memory: each GPU must hold its own subdomain, its ghosts and its lists."));
        caveats.add(Sentence.of("md.caveat.uniform", "Neighbour counts assume uniform density; a crystal's discrete"
                + " shells put the true count a few per cent off, and dense clusters or a compressed region need"
                + " more (LAMMPS KOKKOS widens the lists to 1.2 x the fullest atom when they overflow)."));
        if (potential == Potential.REAXFF) {
            caveats.add(Sentence.of("md.caveat.reaxff", "ReaxFF bond slots are counted inside 2.66 A, where the bond"
                    + " order of the nitramine force field falls to its cutoff; a force field or structure with longer"
                    + " bonds needs more. The QEq matrix is counted twice: LAMMPS KOKKOS allocates the new one before"
                    + " it frees the old one at every neighbour-list build."));
        }
        Sentence subject = Sentence.of("md.subject", "%,d atoms, %s, %s precision", atoms, potential.id(),
                precision.id());
        SizedEstimate e = new SizedEstimate(WorkloadKind.MD, subject, OptionalLong.empty(), parts,
                "the force computation", assumptions, caveats);
        return e.withRange(CudaLibraries.CUDA_RUNTIME.range(e.peakBytes() - CONTEXT_BYTES, 0));
    }

    private MemoryPart longRange(DomainSplit split, double[] box, double nmax) {
        if (!pppm) {
            return new MemoryPart("longRange", "long-range grid", 0, Sentence.of("md.formula.longRange.none",
                    "no long-range solver (--kspace none)"));
        }
        double nx = box[0] / split.px() / gridSpacing;
        double ny = box[1] / split.py() / gridSpacing;
        double nz = box[2] / split.pz() / gridSpacing;
        double points = nx * ny * nz;
        double brick = pppmBrickPoints(nx, ny, nz);
        int fft = precision == SimPrecision.SINGLE ? 4 : 8;
        double bytes = 4.0 * brick * fft + points * (7 * 8 + 5 * fft) + nmax * 3 * 8;
        return part("longRange", "long-range grid", bytes, Sentence.of("md.formula.longRange.pppm",
                "PPPM: %,.0f grid points (spacing %.3g) x (7 x 8 + 5 x %d bytes) + 4 bricks of %,.0f points x %d bytes"
                        + " + 24 bytes per atom", points, gridSpacing, fft, brick, fft));
    }

    /**
     * Grid points of one PPPM brick for a {@code gx x gy x gz} subdomain grid: each side grows by {@code order + 2}
     * (the stencil's reach below and above plus the shift LAMMPS allows atoms to move out of the subdomain), which
     * is what LAMMPS prints as the first "3d grid and FFT values/proc" figure.
     */
    public static double pppmBrickPoints(double gx, double gy, double gz) {
        int grow = PPPM_ORDER + 2;
        return (gx + grow) * (gy + grow) * (gz + grow);
    }

    private static MemoryPart part(String id, String label, double bytes, Sentence formula) {
        return new MemoryPart(id, label, (long) Math.ceil(bytes), formula);
    }
}
