package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.plan.SpeedModel;

/**
 * Time of one step of a workload beyond language models on one hardware option, from the step's work on each GPU
 * ({@link StepWork}) and the option's GPU and wires ({@link Fabric}):
 * <pre>
 *   compute = computeFlops / (peak(rate) x computeEfficiency) + secondFlops / (peak(secondRate) x computeEfficiency)
 *   stream  = streamBytes / (memory bandwidth x bandwidthEfficiency)
 *   local   = max(compute, stream) when the work is one fused kernel class (MD, stencils), compute + stream otherwise
 *   wire    = max(allReduce - overlap x local, allReduce(last bucket)) + halo exchange
 *   step    = local + wire
 * </pre>
 * The efficiencies are the language-model table's ({@link RankingOptions#computeEfficiency()}, 0.50, the fraction of
 * the dense peak Megatron-LM's and Llama 2's training runs sustain; {@link RankingOptions#decodeBandwidthEfficiency()},
 * 0.60, the fraction of peak bandwidth TensorRT-LLM's decode reaches). The all-reduce is a ring over all the GPUs
 * ({@link Fabric#allReduceSeconds}: {@code 2 (n-1)/n x bytes} over the slowest link, NCCL); the halo goes to the
 * neighbouring subdomains over the GPU link inside one machine and over the machine's share of the network beyond
 * ({@link Fabric#sendSeconds}), each message paying a start-up latency.
 *
 * <p>Peak rates are the catalog's dense figures; a GPU without a figure for the rate falls back to the next slower
 * one (INT8 to FP16 to FP32, TF32, FP16 and BF16 to FP32; BF16 also where the GPU has no BF16 arithmetic at all,
 * {@link GpuSpec#lacksBf16Arithmetic}, since PyTorch then emulates it without tensor cores) and the row says
 * {@link Reason#PRECISION_FALLBACK}; a GPU without
 * a memory bandwidth, or without the FP64 rate a double-precision step needs, gets no speed
 * ({@link Reason#NO_THROUGHPUT_FIGURES}).
 */
final class DomainSpeed {

    /** What bounds the step: the term that takes longest. */
    enum Bound {
        COMPUTE("compute"), MEMORY("memory"), NETWORK("network");

        private final String id;

        Bound(String id) {
            this.id = id;
        }

        String id() {
            return id;
        }

        /** The step-time model's name for the same term. */
        com.vramadvisor.engine.plan.Bound planBound() {
            return switch (this) {
                case COMPUTE -> com.vramadvisor.engine.plan.Bound.COMPUTE;
                case MEMORY -> com.vramadvisor.engine.plan.Bound.MEMORY_BANDWIDTH;
                case NETWORK -> com.vramadvisor.engine.plan.Bound.NETWORK;
            };
        }
    }

    /**
     * @param seconds  the step
     * @param bound    its largest term
     * @param fallback whether the rate fell back to a slower one
     */
    record Step(double seconds, Bound bound, boolean fallback) {
    }

    private DomainSpeed() {
    }

    /**
     * The step of {@code work} on {@code gpus} GPUs of model {@code g} joined by {@code fabric}; {@code null} when
     * the catalog lacks the figures.
     */
    static Step of(StepWork work, GpuSpec g, Fabric fabric, int gpus, double computeEfficiency,
                   double bandwidthEfficiency) {
        if (g.memoryBandwidthGBps() <= 0) {
            return null;
        }
        double[] peak = peak(work.rate(), g);
        double[] second = work.secondFlops() > 0 ? peak(work.secondRate(), g) : new double[] {1, 0};
        boolean fallback = peak[1] > 0 || second[1] > 0;
        if (peak[0] <= 0 && work.computeFlops() > 0 || second[0] <= 0) {
            return null;
        }
        double compute = (work.computeFlops() > 0 ? work.computeFlops() / (peak[0] * 1e12 * computeEfficiency) : 0)
                + (work.secondFlops() > 0 ? work.secondFlops() / (second[0] * 1e12 * computeEfficiency) : 0);
        double stream = work.streamBytes() / (g.memoryBandwidthGBps() * 1e9 * bandwidthEfficiency);
        double local = work.fused() ? Math.max(compute, stream) : compute + stream;
        double wire = 0;
        if (gpus > 1 && work.allReduceBytes() > 0) {
            double all = fabric.allReduceSeconds(work.allReduceBytes(), gpus, 1);
            double last = fabric.allReduceSeconds(work.lastBucketBytes(), gpus, 1);
            wire += Math.max(all - work.overlapFraction() * local, last);
        }
        if (gpus > 1 && work.haloBytes() > 0) {
            int stride = gpus > fabric.gpusPerNode() ? fabric.gpusPerNode() : 1;
            wire += fabric.sendSeconds(work.haloBytes(), stride)
                    + Math.max(0, work.haloMessages() - 1) * fabric.latencySeconds(2, stride);
        }
        Bound bound = wire > Math.max(compute, stream) ? Bound.NETWORK
                : compute >= stream ? Bound.COMPUTE : Bound.MEMORY;
        return new Step(local + wire, bound, fallback);
    }

    /**
     * The step of {@code work} on {@code gpus} GPUs of {@code rig}'s model at {@code options}' efficiencies, as a
     * decision-table row and {@code estimate --gpu} time it; {@code null} when it cannot be timed (the catalog lacks a
     * figure, or the step takes no time).
     */
    static Step of(StepWork work, GpuSpec g, Rig rig, int gpus, RankingOptions options) {
        Step s = of(work, g, rig.fabric(gpus), gpus, options.computeEfficiency(), options.decodeBandwidthEfficiency());
        return s == null || !(s.seconds() > 0) ? null : s;
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
