package com.vramadvisor.engine.hpc;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.StepWork;
import java.util.Optional;

/**
 * The work of one MD time step on each GPU, for a pairwise potential (Lennard-Jones) as the LAMMPS KOKKOS package
 * runs it: GPU-resident, one subdomain per GPU ({@link DomainSplit}). A pair kernel is bandwidth-bound: per local
 * atom with {@code k} neighbours in its list, storage size {@code p} and accumulator size {@code a}
 * ({@link SimPrecision}):
 * <ul>
 *   <li>the neighbour list row: {@code 4k} bytes of indices and the 4-byte count;</li>
 *   <li>each neighbour's position, gathered: one 32-byte memory sector per neighbour ({@code 32k} bytes), the
 *       smallest unit the GPU's memory system moves (CUDA C++ Best Practices Guide, "Coalesced Access to Global
 *       Memory": accesses are served in 32-byte sectors) since neighbours' indices are scattered;</li>
 *   <li>the atom's own position read and force written ({@code 3p + 3a}), the force zeroed first ({@code 3a});</li>
 *   <li>velocity Verlet ({@code fix nve}): the first half-step reads x, v, f and writes x, v ({@code 6p + 9a}), the
 *       second reads v, f and writes v ({@code 9a});</li>
 *   <li>ghost atoms' positions packed and unpacked every step ({@code 2 x 3p} per ghost).</li>
 * </ul>
 * Arithmetic: 22 FLOPs per pair in the list for the 12-6 Lennard-Jones force (distance 3, its square 5, inverse 1,
 * {@code r^-6} 2, force magnitude 5, three force components accumulated 6: {@code pair_lj_cut_kokkos.cpp}
 * {@code compute_fpair}), at the FP32 rate for single and mixed precision and the FP64 rate for double, in the same
 * kernel as the traffic (the slower bounds it). Across GPUs: the ghost atoms' positions travel to the neighbouring
 * subdomains every step ({@code 3p} bytes per ghost atom, 6 messages: two per dimension, as {@code Comm::forward_comm}
 * swaps them; full lists need no reverse communication), not overlapped with the force computation. Neighbour-list
 * rebuilds (every 10 to 20 steps) are not counted. Many-body potentials (EAM, Tersoff, ReaxFF, SNAP) have no
 * throughput model.
 */
final class MdThroughput {

    /** 10^6 time steps, the default job: 2 ns of a biomolecular run at a 2 fs step. */
    static final long DEFAULT_STEPS = 1_000_000;
    /** Bytes one scattered read moves: a 32-byte sector. */
    static final int SECTOR_BYTES = 32;
    /** FLOPs per pair of the Lennard-Jones force kernel. */
    static final int LJ_FLOPS_PER_PAIR = 22;

    private MdThroughput() {
    }

    static Optional<StepWork> work(MdSystem md, int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1: " + gpus);
        }
        if (md.potential() != Potential.LJ) {
            return Optional.empty();
        }
        int p = md.precision().storeBytes();
        int a = md.precision().accumulateBytes();
        double local = Math.ceil((double) md.atoms() / gpus);
        double ghosts = md.ghostAtoms(gpus);
        double k = md.neighboursPerAtom(md.fullList());
        double perAtom = 4 * k + 4 + SECTOR_BYTES * k + (3 * p + 3 * a) + 3 * a + (6 * p + 9 * a) + 9 * a;
        double stream = local * perAtom + ghosts * 2 * 3 * p;
        double flops = local * k * LJ_FLOPS_PER_PAIR;
        ComputeRate rate = md.precision() == SimPrecision.DOUBLE ? ComputeRate.FP64 : ComputeRate.FP32;
        double halo = gpus > 1 ? ghosts * 3 * p : 0;
        return Optional.of(new StepWork(flops, rate, stream, true, 0, 0, 0, halo, gpus > 1 ? 6 : 0, 1,
                "time steps"));
    }

    static JobSize job(long steps) {
        return JobSize.timeSteps(steps);
    }
}
