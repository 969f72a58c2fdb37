package com.vramadvisor.engine.core;

import java.util.Objects;

/**
 * What one step of a workload asks of each GPU when it runs on {@code n} GPUs: the arithmetic, the memory traffic and
 * the bytes that cross the wire, from which a throughput model on a given GPU and fabric takes its time. Every figure
 * is per GPU and per step. Each estimator derives them from the structures its memory estimate already builds
 * (a vision model's layer table, an MD system's neighbour lists and per-atom arrays, a grid's cells and halos); the
 * formulas are in the estimator's {@code work} method and in {@code docs/decision-table.md}.
 *
 * @param computeFlops       floating-point operations of compute-bound kernels (convolutions, matrix multiplies) at
 *                           {@code rate}
 * @param rate               the peak rate those kernels run at
 * @param streamBytes        bytes that bandwidth-bound kernels read and write in device memory (element-wise ops,
 *                           neighbour-list sweeps, stencil sweeps, the optimizer update)
 * @param fused              whether the arithmetic and the traffic are the same kernels, so the slower of the two
 *                           bounds them (a pair-force or stencil kernel: the roofline's {@code max}); otherwise
 *                           they are separate kernels that run one after another (convolutions, then batch norm
 *                           and activations) and their times add
 * @param allReduceBytes     bytes all-reduced over all the GPUs once per step (data-parallel gradients); 0 for none
 * @param overlapFraction    share of the compute and stream time during which the all-reduce can run hidden (DDP's
 *                           bucketed all-reduce during the backward pass), 0 to 1
 * @param lastBucketBytes    of {@code allReduceBytes}, the part that can only start after the computation ends (the
 *                           last gradient bucket), always exposed
 * @param haloBytes          bytes each GPU sends to its neighbouring subdomains per step (ghost atoms or cells),
 *                           exposed; 0 for none
 * @param haloMessages       messages those bytes travel in per step (each pays a start-up latency)
 * @param itemsPerStep       items the whole step completes on all GPUs (images of the global batch; 1 for a time
 *                           step or a solver iteration)
 * @param itemUnit           what an item is, plural, English ("images", "time steps")
 * @param secondFlops        floating-point operations of compute-bound kernels that run at another rate than
 *                           {@code rate} in the same step, one after the other (a diffusion pipeline's VAE decoded in
 *                           float32 after a 16-bit denoiser); 0 for none
 * @param secondRate         the peak rate {@code secondFlops} run at
 * @param hostPasses         forward passes of the network per step on each GPU whose host-side fixed cost the
 *                           framework pays (a diffusion pipeline's denoiser calls); 0 where none is counted
 * @param kernelLaunches     kernels the host launches one by one per step on each GPU (an eager PyTorch network's
 *                           operators, forward and backward); 0 where none is counted. With the passes, the host time
 *                           that the GPU waits for when its own work is shorter (latency-bound small batches)
 * @param framework          the framework that launches them ({@code pytorch}, {@code diffusers}), whose fitted
 *                           host costs apply; empty when the host is not counted
 */
public record StepWork(double computeFlops, ComputeRate rate, double streamBytes, boolean fused,
                       double allReduceBytes, double overlapFraction, double lastBucketBytes, double haloBytes, int haloMessages,
                       double itemsPerStep, String itemUnit, double secondFlops, ComputeRate secondRate,
                       double hostPasses, double kernelLaunches, String framework) {

    public StepWork {
        Objects.requireNonNull(rate, "rate");
        Objects.requireNonNull(itemUnit, "itemUnit");
        Objects.requireNonNull(secondRate, "secondRate");
        framework = framework == null ? "" : framework;
        if (!(computeFlops >= 0) || !(streamBytes >= 0) || !(allReduceBytes >= 0) || !(haloBytes >= 0)
                || !(lastBucketBytes >= 0) || haloMessages < 0 || !(itemsPerStep > 0) || !(secondFlops >= 0)
                || !(hostPasses >= 0) || !(kernelLaunches >= 0)) {
            throw new IllegalArgumentException("step work must be finite and not negative, items per step positive");
        }
        if (!(overlapFraction >= 0 && overlapFraction <= 1)) {
            throw new IllegalArgumentException("overlap fraction must be 0 to 1: " + overlapFraction);
        }
    }

    /** Work whose kernels run at two rates, without host-side counts. */
    public StepWork(double computeFlops, ComputeRate rate, double streamBytes, boolean fused, double allReduceBytes,
                    double overlapFraction, double lastBucketBytes, double haloBytes, int haloMessages,
                    double itemsPerStep, String itemUnit, double secondFlops, ComputeRate secondRate) {
        this(computeFlops, rate, streamBytes, fused, allReduceBytes, overlapFraction, lastBucketBytes, haloBytes,
                haloMessages, itemsPerStep, itemUnit, secondFlops, secondRate, 0, 0, "");
    }

    /** Work whose compute-bound kernels all run at one rate. */
    public StepWork(double computeFlops, ComputeRate rate, double streamBytes, boolean fused, double allReduceBytes,
                    double overlapFraction, double lastBucketBytes, double haloBytes, int haloMessages,
                    double itemsPerStep, String itemUnit) {
        this(computeFlops, rate, streamBytes, fused, allReduceBytes, overlapFraction, lastBucketBytes, haloBytes,
                haloMessages, itemsPerStep, itemUnit, 0, rate);
    }

    /** This work with its host-side counts ({@link #hostPasses}, {@link #kernelLaunches}) and framework. */
    public StepWork withHostWork(double passes, double launches, String framework) {
        return new StepWork(computeFlops, rate, streamBytes, fused, allReduceBytes, overlapFraction, lastBucketBytes,
                haloBytes, haloMessages, itemsPerStep, itemUnit, secondFlops, secondRate, passes, launches, framework);
    }

    /** Work without any traffic between GPUs (one GPU, or independent copies). */
    public static StepWork local(double computeFlops, ComputeRate rate, double streamBytes, boolean fused,
                                 double itemsPerStep, String itemUnit) {
        return new StepWork(computeFlops, rate, streamBytes, fused, 0, 0, 0, 0, 0, itemsPerStep, itemUnit);
    }
}
