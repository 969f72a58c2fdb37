package com.vramadvisor.engine.hpc;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;

/**
 * The per-atom working memory a potential keeps on the device beyond positions, velocities, forces and the neighbour
 * list, by cost class. Counts of neighbours inside a radius r are {@code density x 4/3 pi r^3} (the same
 * uniform-density count as {@link MdSystem}).
 *
 * <ul>
 *   <li>LJ: nothing (pairwise forces only).</li>
 *   <li>EAM: electron density and embedding derivative, one accumulator each per local and ghost atom
 *       ({@code rho} and {@code fp} in LAMMPS {@code src/MANYBODY/pair_eam.cpp}, sized to {@code nmax}).</li>
 *   <li>Tersoff: a short neighbour list of the atoms inside the cutoff itself (no skin), 4-byte indices plus a count,
 *       with 10 % headroom ({@code neighshort} in {@code pair_tersoff.cpp}; {@code d_neighbors_short} in the KOKKOS
 *       version).</li>
 *   <li>ReaxFF, as the KOKKOS package keeps it on a GPU ({@code pair_reaxff_kokkos.cpp},
 *       {@code fix_qeq_reaxff_kokkos.cpp}):
 *       <ul>
 *         <li>the bond-order arrays of {@code PairReaxFFKokkos::allocate_array()}: 34 accumulators and two 4-byte
 *             indices per bond slot ({@code BO, BO_s, BO_pi, BO_pi2}, the 6 {@code dln_BOp_pi*},
 *             {@code C1..3dbo}, {@code C1..4dbopi}, {@code C1..4dbopi2}, {@code dBOp x/y/z},
 *             {@code Cdbo/Cdbopi/Cdbopi2} at 3 per slot, {@code abo}; {@code bo_list}, {@code neighid}) and 15 per
 *             atom, for every local and ghost atom. The KOKKOS code sizes the slots from the bonds actually present
 *             (a preview count, then {@code maxbo} grown by 10 % on overflow): pairs whose uncorrected sigma bond
 *             order {@code exp(p_bo1 (r/r0)^p_bo2)} is at least the bond-order cutoff (0.01 x general parameter 30
 *             of the force field). Counted here as 1.2 (the CPU code's {@code safezone}) x the atoms inside
 *             {@link #REAX_BOND_ORDER_RADIUS};</li>
 *         <li>an H-bond list of 4-byte indices inside 7.5 A per local atom;</li>
 *         <li>the charge-equilibration matrix: one 8-byte value and one 4-byte column per entry of the QEq
 *             neighbour list ({@code allocate_matrix()}: {@code m_cap} = the sum of the list's neighbour counts).
 *             On a GPU that list is full ({@code package kokkos neigh/qeq}, default full on GPUs), its entries
 *             reach the cutoff plus the skin, and the matrix is allocated anew at every neighbour-list build
 *             before the old one is released, so the peak holds it twice;</li>
 *         <li>the QEq full neighbour list itself and the pair list's rows for ghost atoms (ReaxFF needs the
 *             neighbours of ghost atoms: the list's {@code ghost} attribute in the LAMMPS logs), both as wide as
 *             the main list's rows;</li>
 *         <li>10 QEq solver vectors of 8 bytes per local and ghost atom.</li>
 *       </ul>
 *       The high-water mark LAMMPS printed for 622,592 HNS atoms on a 16 GB V100 (kokkos/kokkos issue 4759) lists
 *       exactly these allocations: two {@code qeq/kk:val} and two {@code qeq/kk:jlist} (the matrix twice), two
 *       {@code neighlist:neighbors}, then {@code reaxff/kk:hb_list} and the bond arrays.</li>
 *   <li>SNAP: the bispectrum work arrays of the KOKKOS GPU path ({@code SNAKokkos::grow_rij} in
 *       {@code src/KOKKOS/sna_kokkos_impl.h}), for one chunk of atoms at a time ({@code chunksize}, 4096 in
 *       {@code doc/src/pair_snap.rst}). Per atom, with 2J = 8 (Thompson et al., J. Comput. Phys. 285 (2015) 316):
 *       the summed U in half and full layout (2 x 155 + 2 x 285 reals), Z (2 x 2386), B twice (2 x 55) and Y
 *       (2 x 155): 6072 reals. Per atom-neighbour slot inside the cutoff (1.1 x the mean count): 30 reals
 *       ({@code rij}, {@code wj}, {@code rcutij}, {@code sinnerij}, {@code dinnerij}, {@code dedr} and the
 *       Cayley-Klein packs {@code a, b, da, db, sfac}) and two 4-byte ints ({@code inside}, {@code element}).</li>
 * </ul>
 */
final class PotentialScratch {

    /**
     * ReaxFF: the radius inside which a pair carries a bond order above the cutoff, 2.66 A. Where the uncorrected
     * sigma bond order {@code exp(p_bo1 (r/r0)^p_bo2)} falls to the bond-order cutoff {@code 0.01 x 0.01 = 1e-4}
     * (general parameter 30 of {@code examples/reaxff/ffield.reax}, the nitramine force field of Strachan et al.,
     * Phys. Rev. Lett. 91 (2003) 098301, that the LAMMPS PETN benchmark uses): 2.73 A for C-C, 2.22 C-H, 1.98 H-H,
     * 3.35 C-O, 2.54 O-O, 3.00 C-N, 2.78 N-O, 3.35 N-N, 2.39 H-O, 2.15 H-N; weighted by the pairs of PETN
     * (C5H8N4O12) as the cube root of the mean cube, 2.66 A. HNS (C14H6N6O12) gives 2.83 A.
     */
    static final double REAX_BOND_ORDER_RADIUS = 2.66;
    /** The CPU code's {@code safezone} headroom on bond and H-bond slots. */
    static final double REAX_SAFEZONE = 1.2;
    /** ReaxFF H-bond cutoff ({@code hbond_cutoff}), 7.5 A. */
    static final double REAX_HBOND_CUTOFF = 7.5;
    /** SNAP atoms per pass on the device: the {@code chunksize} default of {@code doc/src/pair_snap.rst}. */
    static final long SNAP_CHUNK = 4_096;
    /**
     * SNAP reals per atom for 2J = 8: U summed in half (155) and full (285) layout, complex; Z (2386 complex); B and
     * its pack (55 each); Y (155 complex). The counts follow the index loops of {@code SNAKokkos::build_indexlist}.
     */
    static final int SNAP_REALS_PER_ATOM = 2 * 155 + 2 * 285 + 2 * 2386 + 2 * 55 + 2 * 155;
    /**
     * SNAP reals per atom-neighbour slot: rij 3, wj, rcutij, sinnerij, dinnerij, dedr 3, a 2, b 2, da 6, db 6, sfac 4.
     */
    static final int SNAP_REALS_PER_PAIR = 30;

    private PotentialScratch() {
    }

    static double inside(double density, double radius) {
        return density * 4.0 / 3.0 * Math.PI * radius * radius * radius;
    }

    /**
     * @param rowInts 4-byte entries per row of the main neighbour list ({@link MdSystem}): ReaxFF adds rows for
     *                ghost atoms and a second, full list of that width
     * @param skin    the neighbour skin, which the QEq list reaches beyond the cutoff
     */
    static MemoryPart of(Potential potential, double local, double ghost, double density, double cutoff,
                         double skin, double rowInts, SimPrecision precision) {
        int a = precision.accumulateBytes();
        double nmax = local + ghost;
        return switch (potential) {
            case LJ -> new MemoryPart("potentialScratch", "potential scratch", 0, Sentence.of("md.formula.scratch.lj",
                    "pairwise Lennard-Jones keeps nothing per atom beyond forces"));
            case EAM -> part(2.0 * a * nmax, Sentence.of("md.formula.scratch.eam",
                    "EAM rho and fp: 2 x %d bytes x %.0f local and ghost atoms", a, nmax));
            case TERSOFF -> {
                double shortList = Math.ceil(1.1 * inside(density, cutoff)) + 1;
                yield part(local * shortList * 4, Sentence.of("md.formula.scratch.tersoff",
                        "Tersoff short list: %.0f local atoms x %.0f entries (1.1 x %.1f inside %.2f, plus a count)"
                                + " x 4 bytes", local, shortList, inside(density, cutoff), cutoff));
            }
            case REAXFF -> {
                double maxbo = Math.ceil(REAX_SAFEZONE * inside(density, REAX_BOND_ORDER_RADIUS));
                double maxhb = Math.ceil(REAX_SAFEZONE * inside(density, REAX_HBOND_CUTOFF));
                double bonds = nmax * (maxbo * (34.0 * a + 8) + 15.0 * a + 5 * 4);
                double hbonds = local * maxhb * 4;
                double qeqEntries = inside(density, cutoff + skin);
                double qeqMatrix = 2 * local * qeqEntries * (a + 4);
                double qeqRowInts = Math.ceil(MdSystem.ROW_GROWTH * MdSystem.MAX_OVER_MEAN * qeqEntries) + 2;
                double lists = nmax * qeqRowInts * 4 + ghost * rowInts * 4;
                double vectors = nmax * 10 * 8;
                yield part(bonds + hbonds + qeqMatrix + lists + vectors, Sentence.of("md.formula.scratch.reaxff",
                        "ReaxFF: %,.0f atoms x (%.0f bond slots x %d bytes + %d) + %.0f H-bond slots x 4 bytes per"
                                + " local atom + QEq matrix 2 x %,.0f local atoms x %.1f entries x %d bytes + QEq full"
                                + " list %,.0f rows x %.0f x 4 bytes + %,.0f ghost rows of the pair list x %.0f x 4"
                                + " bytes + 10 vectors x 8 bytes per atom", nmax, maxbo, 34 * a + 8, 15 * a + 20,
                        maxhb, local, qeqEntries, a + 4, nmax, qeqRowInts, ghost, rowInts));
            }
            case SNAP -> {
                double chunk = Math.min(local, SNAP_CHUNK);
                double slots = Math.ceil(1.1 * inside(density, cutoff));
                double perAtom = SNAP_REALS_PER_ATOM * (double) a + slots * (SNAP_REALS_PER_PAIR * a + 8);
                yield part(chunk * perAtom, Sentence.of("md.formula.scratch.snap",
                        "SNAP: %.0f atoms per pass x ((%d reals + %.0f neighbour slots x %d reals) x %d bytes + %.0f"
                                + " slots x 8 bytes)", chunk, SNAP_REALS_PER_ATOM, slots, SNAP_REALS_PER_PAIR, a,
                        slots));
            }
        };
    }

    private static MemoryPart part(double bytes, Sentence formula) {
        return new MemoryPart("potentialScratch", "potential scratch", (long) Math.ceil(bytes), formula);
    }
}
