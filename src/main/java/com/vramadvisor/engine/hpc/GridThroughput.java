package com.vramadvisor.engine.hpc;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.StepWork;
import java.util.Optional;

/**
 * The work of one step of a grid workload on each GPU; bandwidth-bound kernels, one subdomain per GPU
 * ({@link DomainSplit}), {@code b} bytes per value.
 * <ul>
 *   <li>Explicit stencil update (no solver), per time step: each cell's fields read from the old time level and
 *       written to the new one, {@code 2 x fields x b} bytes (neighbouring values come from cache, the usual
 *       assumption of stencil rooflines: Williams, Waterman and Patterson 2009, "Roofline", CACM 52(4)), and
 *       {@code 2 x stencil} FLOPs per field in the same kernel. Across GPUs the halo ({@code halo} layers, every
 *       field, one time level) travels to the neighbours each step in 6 messages for a 7-point stencil (faces),
 *       26 otherwise (faces, edges, corners), not overlapped.</li>
 *   <li>HPCG, per conjugate-gradient iteration, as the reference implementation runs it (HPCG 3.1,
 *       {@code ComputeMG_ref.cpp}, one pre- and one post-smoothing symmetric Gauss-Seidel sweep per level, the
 *       coarsest level smoothing only): the matrix is swept once for the CG's SpMV, 5 times on each of the three finer
 *       multigrid levels (pre-smoother forward and backward, residual SpMV, post-smoother forward and backward)
 *       and twice on the coarsest, each level 1/8 of the one above: {@code 1 + 5 (1 + 1/8 + 1/64) + 2/512 = 6.71}
 *       fine-level sweeps of {@code 27 x (8 + 4) + 1 + 8} bytes per row (values, local indices, the row's count,
 *       the result); plus the CG's three dot products and three vector updates ({@code 3 x 16 + 3 x 24} bytes per
 *       row); 2 FLOPs per non-zero per sweep. Halo: the external columns' 8-byte values at every sweep's exchange
 *       (17 exchanges, coarse levels' halos a quarter per level) and the three dot products' reductions, each
 *       exchange one start-up latency.</li>
 *   <li>Krylov solvers on a general grid (CG, GMRES) have no throughput model: their iterations per time step
 *       depend on the matrix's conditioning.</li>
 * </ul>
 */
final class GridThroughput {

    /** 10,000 time steps (or HPCG iterations), the default job. */
    static final long DEFAULT_STEPS = 10_000;
    /** Fine-level matrix sweeps per HPCG iteration: {@code 1 + 5 (1 + 1/8 + 1/64) + 2/512}. */
    static final double HPCG_SWEEPS = 1 + 5 * (1 + 1.0 / 8 + 1.0 / 64) + 2.0 / 512;
    /** Bytes per row per sweep: 27 values and local indices, the row's count, the result. */
    static final double HPCG_ROW_BYTES = 27 * (8 + 4) + 1 + 8;
    /**
     * Start-up latencies per HPCG iteration: the SpMV's exchange, 5 on each of the three finer levels, 1 on the
     * coarsest, and the 3 dot products' reductions.
     */
    static final int HPCG_MESSAGES = 1 + 5 * 3 + 1 + 3;

    private GridThroughput() {
    }

    static Optional<StepWork> work(GridProblem g, int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1: " + gpus);
        }
        double[] s = g.sides();
        DomainSplit split = DomainSplit.best(gpus, s[0], s[1], s[2]);
        double local = Math.ceil((double) g.cells() / gpus);
        if (g.solver() == Solver.HPCG) {
            double external = gpus == 1 ? 0 : split.shellVolume(s[0], s[1], s[2], 1);
            double stream = local * (HPCG_SWEEPS * HPCG_ROW_BYTES + 3 * 16 + 3 * 24);
            double flops = local * (HPCG_SWEEPS * 27 * 2 + 3 * 2 + 3 * 2);
            double halo = external * 8 * (1 + 5 * (1 + 0.25 + 1.0 / 16) + 2.0 / 64);
            return Optional.of(new StepWork(flops, ComputeRate.FP64, stream, true, 0, 0, 0,
                    gpus > 1 ? halo : 0, gpus > 1 ? HPCG_MESSAGES : 0, 1, "iterations"));
        }
        if (g.solver() != Solver.NONE) {
            return Optional.empty();
        }
        int b = g.precision().storeBytes();
        double stream = local * 2.0 * g.fields() * b;
        double flops = local * 2.0 * g.stencil() * g.fields();
        double halo = split.shellVolume(s[0], s[1], s[2], g.halo()) * g.fields() * b;
        ComputeRate rate = g.precision() == SimPrecision.DOUBLE ? ComputeRate.FP64 : ComputeRate.FP32;
        return Optional.of(new StepWork(flops, rate, stream, true, 0, 0, 0, gpus > 1 ? halo : 0,
                gpus > 1 ? (g.stencil() <= 7 ? 6 : 26) : 0, 1, "time steps"));
    }

    static JobSize job(GridProblem g, long steps) {
        return g.solver() == Solver.HPCG ? JobSize.iterations(steps) : JobSize.timeSteps(steps);
    }
}
