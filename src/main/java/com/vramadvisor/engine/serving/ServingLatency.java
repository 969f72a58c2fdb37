package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.SpeedModel;
import com.vramadvisor.engine.plan.StepTimeModel;

import java.util.Optional;

/**
 * Latency of serving one workload on one GPU model in a tensor- and pipeline-parallel layout: time to first token
 * (TTFT), time per output token (TPOT) and the tokens per second they give, each with the term that bounds it. The
 * decode step is the decision table's roofline ({@link SpeedModel#decodeStepSeconds}) with its communication over
 * the wires ({@link StepTimeModel#decodeCommSeconds}); the decision table reads it from {@link #decodeStep} too.
 *
 * <pre>
 *   TPOT  = max( p x (weightsRead + meanKv) / (bandwidth x bandwidthEfficiency),
 *                batch x (2N + 4 L H Q cMean) / (t x peak x computeEfficiency) ) + decodeComm(batch)
 *   TTFT  = sum over the prompt's chunks of
 *           max( (chunk x (2N + 4 L H Q s) + (batch - 1) x (2N + 4 L H Q cMean)) / (t x peak x computeEfficiency),
 *                p x (weightsRead + meanKv of the other batch - 1 sequences) / (bandwidth x bandwidthEfficiency) )
 *           + decodeComm(chunk + batch - 1)
 *   tokens/s per user = 1 / TPOT, tokens/s in total = batch / TPOT
 * </pre>
 * A request's prompt of {@code s} tokens is prefilled in chunks of the engine's batched-token limit
 * ({@link Workload#prefillChunkTokens()}; in one pass when it has none), and each chunk's forward pass carries the
 * decode tokens of the other {@code batch - 1} sequences, as vLLM's chunked prefill and TensorRT-LLM's in-flight
 * batching do. Each pass pays two tensor-parallel all-reduces of its tokens' activations per layer (Shoeybi et al.
 * 2019) with their start-up latency. Engines that batch continuously serve {@code batch} users in a closed loop:
 * {@link ServingLoad} adds the other users' arriving prompts to each decode step (TPOT) and the mean wait behind them
 * to the TTFT; Hugging Face {@code generate} runs a fixed batch without either. With pipeline parallelism the
 * engines that keep one micro-batch per stage in flight ({@link ServingEngine#pipelinesMicroBatches}) split the
 * batch into {@code p} micro-batches of {@code ceil(batch / p)} sequences: TPOT and TTFT are those of one
 * micro-batch through all stages, and the copy delivers {@code batch / TPOT} tokens per second.
 *
 * <p>Pure functions of their arguments; efficiencies are passed in (the decision table's defaults are
 * {@link StepTimeModel#DEFAULT_COMPUTE_EFFICIENCY} and 0.60 of the memory bandwidth). The comparison with published
 * measurements is in {@code docs/estimation.md}.
 */
public final class ServingLatency {

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();

    private ServingLatency() {
    }

    /**
     * One forward pass of one model copy.
     *
     * @param seconds        the pass: {@code max(memory, compute) + comm}
     * @param memorySeconds  reading the weights and KV cache at the achieved bandwidth
     * @param computeSeconds the matrix multiplications at the achieved compute rate; 0 when the GPU has no rate
     * @param commSeconds    tensor-parallel all-reduces and pipeline sends
     * @param bound          the largest term: compute, memory-bandwidth, or the link (tp-link inside a node,
     *                       network across nodes) when communication exceeds the roofline
     */
    public record Step(double seconds, double memorySeconds, double computeSeconds, double commSeconds, Bound bound) {
    }

    /**
     * The latency figures of a workload.
     *
     * @param concurrency sequences decoded together (the workload's batch)
     * @param ttftSeconds time to first token, with the mean wait behind other users' prompts under load
     *                    ({@link ServingLoad}); {@code null} when the GPU has no peak rate for the weights
     * @param ttftBound   what bounds the prefill; {@code null} with it
     * @param tpotSeconds time per output token, one decode step of the whole batch with, under load, the other
     *                    users' arriving prompt tokens in it
     * @param tpotBound   what bounds the decode step
     */
    public record Latency(int concurrency, Double ttftSeconds, Bound ttftBound, double tpotSeconds, Bound tpotBound) {

        /** TTFT in milliseconds, {@code null} when unknown. */
        public Double ttftMs() {
            return ttftSeconds == null ? null : ttftSeconds * 1000;
        }

        /** TPOT in milliseconds. */
        public double tpotMs() {
            return tpotSeconds * 1000;
        }

        /** Output tokens per second one sequence sees: {@code 1 / TPOT}. */
        public double tokensPerSecondPerUser() {
            return 1 / tpotSeconds;
        }

        /** Output tokens per second of the whole batch: {@code batch / TPOT}. */
        public double tokensPerSecond() {
            return concurrency / tpotSeconds;
        }
    }

    /**
     * One decode step of {@code workload}'s batch in layout {@code p}: the memory time of the weights a step reads
     * ({@link SpeedModel#weightReadFraction}) and the KV cache at its mean length ({@link SpeedModel#meanKvFraction}),
     * or the compute time of the batch's tokens, whichever is larger, plus {@link StepTimeModel#decodeCommSeconds}.
     *
     * @param e the estimate at layout {@code p} (its weights and KV-cache components are bytes per GPU)
     * @throws IllegalArgumentException when the GPU has no memory bandwidth figure
     */
    public static Step decodeStep(ModelSpec model, Workload workload, Estimate e, GpuSpec gpu, Fabric fabric,
                                  Parallelism p, double bandwidthEfficiency, double computeEfficiency) {
        requireBandwidth(gpu);
        int prompt = workload.sequenceLength();
        int context = workload.effectiveContext();
        int batch = workload.batch();
        double peak = SpeedModel.inferencePeak(gpu, workload.effectiveWeightType()).tflops();
        double bytes = weightsRead(model, e, batch) + e.component(Component.KV_CACHE)
                * SpeedModel.meanKvFraction(prompt, context);
        double flops = batch * SpeedModel.decodeFlopsPerToken(e.activeParameters(), model, meanCached(prompt, context));
        double comm = StepTimeModel.decodeCommSeconds(model, fabric, p.tensorParallel(), p.pipelineParallel(), batch);
        double memory = memorySeconds(bytes, gpu, p, bandwidthEfficiency);
        double step = SpeedModel.decodeStepSeconds(bytes, gpu.memoryBandwidthGBps(), bandwidthEfficiency, flops,
                peak, computeEfficiency, p.tensorParallel(), p.pipelineParallel(), comm);
        double compute = computeSeconds(flops, peak, computeEfficiency, p);
        return new Step(step, memory, compute, comm, bound(fabric, p, memory, step, comm));
    }

    /**
     * The prefill of one request's prompt while the other {@code batch - 1} sequences decode in the same passes (see
     * the class comment); empty when the GPU has no peak rate for the weights.
     */
    public static Optional<Step> prefill(ModelSpec model, Workload workload, Estimate e, GpuSpec gpu, Fabric fabric,
                                         Parallelism p, double bandwidthEfficiency, double computeEfficiency) {
        requireBandwidth(gpu);
        double peak = SpeedModel.inferencePeak(gpu, workload.effectiveWeightType()).tflops();
        if (peak <= 0) {
            return Optional.empty();
        }
        int prompt = workload.sequenceLength();
        int context = workload.effectiveContext();
        int batch = workload.batch();
        int chunk = workload.prefillChunkTokens() > 0 ? Math.min(workload.prefillChunkTokens(), prompt) : prompt;
        int fullChunks = prompt / chunk;
        int rest = prompt % chunk;
        int others = batch - 1;
        double kvOthers = batch > 0 ? e.component(Component.KV_CACHE) * others / batch
                * SpeedModel.meanKvFraction(prompt, context) : 0;
        double bytes = weightsRead(model, e, batch) + kvOthers;
        double memoryPerPass = memorySeconds(bytes, gpu, p, bandwidthEfficiency);
        double promptFlopsPerToken = SpeedModel.prefillFlopsPerToken(e.activeParameters(), model, prompt);
        double othersFlops = others * SpeedModel.decodeFlopsPerToken(e.activeParameters(), model,
                meanCached(prompt, context));
        double memory = 0;
        double compute = 0;
        double comm = 0;
        double total = 0;
        for (int[] pass : new int[][] {{fullChunks, chunk}, {rest > 0 ? 1 : 0, rest}}) {
            int passes = pass[0];
            int tokens = pass[1];
            if (passes == 0) {
                continue;
            }
            double c = computeSeconds(tokens * promptFlopsPerToken + othersFlops, peak, computeEfficiency, p);
            double w = StepTimeModel.decodeCommSeconds(model, fabric, p.tensorParallel(), p.pipelineParallel(),
                    tokens + others);
            memory += passes * memoryPerPass;
            compute += passes * c;
            comm += passes * w;
            total += passes * (Math.max(memoryPerPass, c) + w);
        }
        Bound bound = comm > total - comm ? linkBound(fabric, p)
                : memory >= compute ? Bound.MEMORY_BANDWIDTH : Bound.COMPUTE;
        return Optional.of(new Step(total, memory, compute, comm, bound));
    }

    /**
     * TTFT and TPOT of {@code workload} (inference) on {@code gpu}, laid out as its own parallelism says, under the
     * steady load of {@code batch} users when the engine batches continuously ({@link ServingLoad}).
     *
     * @return empty when the GPU has no memory bandwidth figure
     * @throws IllegalArgumentException for a training workload
     */
    public static Optional<Latency> of(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                       double bandwidthEfficiency, double computeEfficiency) {
        if (workload.mode() != Mode.INFER) {
            throw new IllegalArgumentException("serving latency is defined for inference only");
        }
        if (gpu.memoryBandwidthGBps() <= 0) {
            return Optional.empty();
        }
        Parallelism p = workload.parallelism();
        int stages = p.pipelineParallel();
        if (stages > 1 && workload.batch() > 1 && ServingEngine.of(workload).pipelinesMicroBatches()) {
            // One micro-batch per stage in flight (ServingEngine#pipelinesMicroBatches): each micro-batch of
            // ceil(batch / p) sequences passes the stages in turn, one token per pass, while the others fill the
            // other stages; every sequence sees that micro-batch's TPOT, and the copy delivers batch / TPOT.
            int perMicroBatch = (workload.batch() + stages - 1) / stages;
            Latency one = serial(model, workload.toBuilder().batch(perMicroBatch).build(), gpu, fabric,
                    bandwidthEfficiency, computeEfficiency);
            return Optional.of(new Latency(workload.batch(), one.ttftSeconds(), one.ttftBound(), one.tpotSeconds(),
                    one.tpotBound()));
        }
        return Optional.of(serial(model, workload, gpu, fabric, bandwidthEfficiency, computeEfficiency));
    }

    /** The latency of one batch passing every pipeline stage in turn. */
    private static Latency serial(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                  double bandwidthEfficiency, double computeEfficiency) {
        Estimate e = ESTIMATOR.estimate(model, workload);
        Parallelism p = workload.parallelism();
        Step decode = ServingLoad.loadedStep(model, workload, e, gpu, fabric, p, computeEfficiency,
                decodeStep(model, workload, e, gpu, fabric, p, bandwidthEfficiency, computeEfficiency));
        double rho = ServingLoad.prefillShare(model, workload, e, gpu, computeEfficiency, decode);
        Optional<Step> prefill = prefill(model, workload, e, gpu, fabric, p, bandwidthEfficiency, computeEfficiency);
        return new Latency(workload.batch(),
                prefill.map(s -> s.seconds() + ServingLoad.queueWaitSeconds(rho, s.seconds())).orElse(null),
                prefill.map(Step::bound).orElse(null), decode.seconds(), decode.bound());
    }

    /**
     * The largest number of concurrent sequences, at most {@code limit}, whose TPOT and TTFT stay within the targets.
     * Both grow with the batch (more KV cache to read, more tokens to compute and to all-reduce), so the answer is
     * found by bisection; 0 when not even one sequence meets them.
     *
     * @param limit         the most sequences memory holds ({@link KvCapacity#wholeSequences()})
     * @param tpotTargetMs  the TPOT target in milliseconds, or {@code null} for none
     * @param ttftTargetMs  the TTFT target in milliseconds, or {@code null} for none; a GPU without a peak rate
     *                      never meets one
     */
    public static int maxConcurrency(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                     double bandwidthEfficiency, double computeEfficiency, long limit,
                                     Double tpotTargetMs, Double ttftTargetMs) {
        int hi = (int) Math.min(limit, Workload.MAX_TOKENS);
        int lo = 0;
        while (lo < hi) {
            int mid = lo + (hi - lo + 1) / 2;
            if (meets(of(model, workload.toBuilder().batch(mid).build(), gpu, fabric, bandwidthEfficiency,
                    computeEfficiency), tpotTargetMs, ttftTargetMs)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private static boolean meets(Optional<Latency> latency, Double tpotTargetMs, Double ttftTargetMs) {
        if (latency.isEmpty()) {
            return false;
        }
        Latency l = latency.get();
        boolean tpot = tpotTargetMs == null || l.tpotMs() <= tpotTargetMs;
        boolean ttft = ttftTargetMs == null || (l.ttftMs() != null && l.ttftMs() <= ttftTargetMs);
        return tpot && ttft;
    }

    private static void requireBandwidth(GpuSpec gpu) {
        if (gpu.memoryBandwidthGBps() <= 0) {
            throw new IllegalArgumentException(gpu.id() + " has no memory bandwidth figure");
        }
    }

    /** Weight bytes per GPU a pass of {@code batch} tokens reads (all of them for dense models). */
    private static double weightsRead(ModelSpec model, Estimate e, int batch) {
        return e.component(Component.WEIGHTS)
                * SpeedModel.weightReadFraction(e.parameters(), e.activeParameters(), model.moe(), batch);
    }

    /** Mean tokens in a sequence's cache while it grows from its prompt to its context. */
    private static double meanCached(int prompt, int context) {
        return context > prompt ? (prompt + (double) context) / 2.0 : context;
    }

    private static double memorySeconds(double bytesPerGpu, GpuSpec gpu, Parallelism p, double efficiency) {
        return p.pipelineParallel() * bytesPerGpu / (gpu.memoryBandwidthGBps() * 1e9 * efficiency);
    }

    private static double computeSeconds(double flops, double peakTflops, double efficiency, Parallelism p) {
        return peakTflops > 0 ? flops / (p.tensorParallel() * peakTflops * 1e12 * efficiency) : 0;
    }

    private static Bound bound(Fabric fabric, Parallelism p, double memory, double step, double comm) {
        return comm > step - comm ? linkBound(fabric, p)
                : memory >= step - comm ? Bound.MEMORY_BANDWIDTH : Bound.COMPUTE;
    }

    static Bound linkBound(Fabric fabric, Parallelism p) {
        return fabric.withinNode(p.tensorParallel() * p.pipelineParallel(), 1) ? Bound.TP_LINK : Bound.NETWORK;
    }
}
