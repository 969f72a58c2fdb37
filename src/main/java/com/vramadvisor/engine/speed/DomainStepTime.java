package com.vramadvisor.engine.speed;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.SpeedModel;

/**
 * Time of one step of a workload beyond language models (image classification, diffusion, simulations) on one
 * hardware option, from the step's work on each GPU ({@link StepWork}) and the option's GPU and wires ({@link Fabric}):
 * <pre>
 *   compute = computeFlops / (peak(rate) x gemm) + secondFlops / (peak(secondRate) x gemm)
 *   stream  = streamBytes / (memory bandwidth x elementwise)
 *   local   = max(compute, stream) when the work is one fused kernel class (MD, stencils), compute + stream otherwise
 *   wire    = max(allReduce - overlap x local, allReduce(last bucket)) + halo exchange, at the collective share
 *   gpu     = local + wire
 *   host    = hostPasses x passSeconds + kernelLaunches x layerSeconds
 *   step    = max(gpu, host)
 * </pre>
 * The efficiencies are the fitted ones of the GPU's stack and the framework ({@link Efficiency}). The host term is
 * the time eager PyTorch needs to launch the step's kernels, which it does asynchronously while the GPU runs earlier
 * ones (PyTorch documentation, "CUDA semantics", asynchronous execution): the GPU waits for the host when its own
 * work is shorter, as at batch 1, and the host is hidden at large batches, where throughput saturates. The all-reduce
 * is a ring over all the GPUs ({@link Fabric#allReduceSeconds}: {@code 2 (n-1)/n x bytes} over the slowest link,
 * NCCL); the halo goes to the neighbouring subdomains over the GPU link inside one machine and over the machine's
 * share of the network beyond ({@link Fabric#sendSeconds}), each message paying a start-up latency.
 *
 * <p>Peak rates are the catalog's dense figures; a GPU without a figure for the rate falls back to the next slower
 * one (INT8 to FP16 to FP32, TF32, FP16 and BF16 to FP32; BF16 also where the GPU has no BF16 arithmetic at all,
 * {@link GpuSpec#lacksBf16Arithmetic}, since PyTorch then emulates it without tensor cores) and the step says so; a
 * GPU without a memory bandwidth, or without the FP64 rate a double-precision step needs, gets no step.
 */
public final class DomainStepTime {

    /** What bounds the step: the term that takes longest. */
    public enum Bound {
        COMPUTE("compute"), MEMORY("memory"), NETWORK("network"), HOST("host");

        private final String id;

        Bound(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        /** The step-time model's name for the same term. */
        public com.vramadvisor.engine.plan.Bound planBound() {
            return switch (this) {
                case COMPUTE -> com.vramadvisor.engine.plan.Bound.COMPUTE;
                case MEMORY -> com.vramadvisor.engine.plan.Bound.MEMORY_BANDWIDTH;
                case NETWORK -> com.vramadvisor.engine.plan.Bound.NETWORK;
                case HOST -> com.vramadvisor.engine.plan.Bound.HOST;
            };
        }
    }

    /**
     * @param seconds  the step
     * @param bound    its largest term
     * @param fallback whether the rate fell back to a slower one
     */
    public record Step(double seconds, Bound bound, boolean fallback) {
    }

    private DomainStepTime() {
    }

    /**
     * The step of {@code work} on {@code gpus} GPUs of model {@code g} joined by {@code fabric} at the efficiencies
     * {@code eff}; {@code null} when the catalog lacks the figures.
     */
    public static Step of(StepWork work, GpuSpec g, Fabric fabric, int gpus, Efficiency eff) {
        if (g.memoryBandwidthGBps() <= 0) {
            return null;
        }
        double[] peak = peak(work.rate(), g);
        double[] second = work.secondFlops() > 0 ? peak(work.secondRate(), g) : new double[] {1, 0};
        boolean fallback = peak[1] > 0 || second[1] > 0;
        if (peak[0] <= 0 && work.computeFlops() > 0 || second[0] <= 0) {
            return null;
        }
        double compute = (work.computeFlops() > 0 ? work.computeFlops() / (peak[0] * 1e12 * eff.gemm()) : 0)
                + (work.secondFlops() > 0 ? work.secondFlops() / (second[0] * 1e12 * eff.gemm()) : 0);
        double stream = work.streamBytes() / (g.memoryBandwidthGBps() * 1e9 * eff.elementwise());
        double local = work.fused() ? Math.max(compute, stream) : compute + stream;
        double wire = 0;
        if (gpus > 1 && work.allReduceBytes() > 0) {
            double all = eff.collectiveSeconds(fabric.allReduceSeconds(work.allReduceBytes(), gpus, 1));
            double last = eff.collectiveSeconds(fabric.allReduceSeconds(work.lastBucketBytes(), gpus, 1));
            wire += Math.max(all - work.overlapFraction() * local, last);
        }
        if (gpus > 1 && work.haloBytes() > 0) {
            int stride = gpus > fabric.gpusPerNode() ? fabric.gpusPerNode() : 1;
            wire += eff.collectiveSeconds(fabric.sendSeconds(work.haloBytes(), stride)
                    + Math.max(0, work.haloMessages() - 1) * fabric.latencySeconds(2, stride));
        }
        double host = work.hostPasses() * eff.passSeconds() + work.kernelLaunches() * eff.layerSeconds();
        double gpu = local + wire;
        Bound bound = host > gpu ? Bound.HOST : wire > Math.max(compute, stream) ? Bound.NETWORK
                : compute >= stream ? Bound.COMPUTE : Bound.MEMORY;
        return new Step(Math.max(gpu, host), bound, fallback);
    }

    /** {TFLOPS of {@code rate} on {@code g} (0 when unknown), 1 when it fell back to a slower rate else 0}. */
    private static double[] peak(ComputeRate rate, GpuSpec g) {
        return switch (rate) {
            case FP64 -> new double[] {g.fp64Known() ? g.fp64Tflops() : 0, 0};
            case FP32 -> new double[] {g.fp32Tflops(), 0};
            case TF32 -> g.tf32Tflops() > 0 ? new double[] {g.tf32Tflops(), 0} : new double[] {g.fp32Tflops(), 1};
            case FP16 -> g.fp16Tflops() > 0 ? new double[] {g.fp16Tflops(), 0} : new double[] {g.fp32Tflops(), 1};
            case BF16 -> {
                SpeedModel.PeakRate bf16 = SpeedModel.bf16Peak(g);
                yield new double[] {bf16.tflops(), bf16.fallback() ? 1 : 0};
            }
            case INT8 -> g.int8Tops() > 0 ? new double[] {g.int8Tops(), 0}
                    : new double[] {g.fp16Tflops() > 0 ? g.fp16Tflops() : g.fp32Tflops(), 1};
        };
    }
}
