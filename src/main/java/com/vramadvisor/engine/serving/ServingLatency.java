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
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.speed.MoeWork;
import com.vramadvisor.engine.speed.PassTime;
import com.vramadvisor.engine.speed.SpeedSettings;

import java.util.Optional;

/**
 * Latency of serving one workload on one GPU model in a tensor- and pipeline-parallel layout: time to first token
 * (TTFT), time per output token (TPOT) and the tokens per second they give, each with the term that bounds it. The
 * decode step is the decision table's roofline ({@link SpeedModel#decodeStepSeconds}) with its communication over
 * the wires ({@link StepTimeModel#decodeCommSeconds}); the decision table reads it from {@link #decodeStep} too.
 *
 * <pre>
 *   TPOT  = max( p x weightsRead / (bandwidth x decodeGemv, moeDecode), batch x 2N / (t x peak x gemm shares) )
 *         + max( p x meanKv / (bandwidth x attentionDecode),   batch x 4 L H Q cMean / (t x peak x attentionPrefill) )
 *         + decodeComm(batch) + fixed (per pass; per layer too where the engine launches decode kernel by kernel)
 *   TTFT  = sum over the prompt's chunks of
 *           max( p x weightsRead / ..., (chunk + batch - 1) x 2N / (t x peak x gemm shares) )
 *           + max( p x meanKv of the other batch - 1 sequences / ...,
 *                  (chunk x 4 L H Q s + (batch - 1) x 4 L H Q cMean) / (t x peak x attentionPrefill) )
 *           + decodeComm(chunk + batch - 1) + fixed
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
 * The FLOPs are split by kernel class (dense, routed-expert and attention, {@link PassTime}); each class, the
 * weight read, the KV read and the collectives run at the share of peak fitted for the GPU's software stack, and
 * {@code fixed} is the engine's fitted cost per pass and layer ({@link Efficiency}, {@code catalog/efficiency.json}).
 *
 * <p>Pure functions of their arguments; efficiencies are passed in. The comparison with published measurements is
 * the benchmark corpus gate ({@code docs/verifying.md}).
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
     * @param concurrency       sequences served together (the workload's batch)
     * @param ttftSeconds       mean time to first token, with the wait behind other users' prompts under load
     *                          ({@link ServingQueue}); {@code null} when the GPU has no peak rate for the weights
     * @param ttftBound         what bounds the prefill; {@code null} with it
     * @param tpotSeconds       time per output token, the mean step with, under load, the other users' prompt
     *                          tokens in it
     * @param tpotBound         what bounds the decode step
     * @param ttftP50Seconds    median time to first token; {@code null} with the mean
     * @param ttftP99Seconds    99th percentile of the time to first token; {@code null} with the mean
     * @param requestsPerSecond requests the copy completes per second: {@code concurrency / (TTFT + (O - 1) TPOT)}
     *                          ({@code concurrency / TPOT} per output token without output tokens or a TTFT)
     */
    public record Latency(int concurrency, Double ttftSeconds, Bound ttftBound, double tpotSeconds, Bound tpotBound,
                          Double ttftP50Seconds, Double ttftP99Seconds, double requestsPerSecond) {

        /** TTFT at a percentile: 50 for the median, 99 for the 99th percentile; the mean otherwise. */
        public Double ttftSeconds(int percentile) {
            return percentile == 50 ? ttftP50Seconds : percentile == 99 ? ttftP99Seconds : ttftSeconds;
        }

        /** TTFT in milliseconds at a percentile (50 or 99), {@code null} when unknown. */
        public Double ttftMs(int percentile) {
            Double s = ttftSeconds(percentile);
            return s == null ? null : s * 1000;
        }

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
     * ({@link SpeedModel#weightReadFraction}: the experts its tokens touch, {@link MoeWork}) at the decode weight-read
     * efficiency and of the KV cache at its mean length ({@link SpeedModel#meanKvFraction}) at the KV-read efficiency,
     * or the compute time of the batch's tokens (dense, expert and attention FLOPs each at its class's efficiency,
     * {@link PassTime}), whichever is larger; plus {@link StepTimeModel#decodeCommSeconds} at the stack's collective
     * efficiency and the engine's fixed costs per pass and layer.
     *
     * @param e   the estimate at layout {@code p} (its weights and KV-cache components are bytes per GPU)
     * @param eff the efficiencies of the GPU's stack and the engine
     * @throws IllegalArgumentException when the GPU has no memory bandwidth figure
     */
    public static Step decodeStep(ModelSpec model, Workload workload, Estimate e, GpuSpec gpu, Fabric fabric,
                                  Parallelism p, Efficiency efficiency) {
        requireBandwidth(gpu);
        Efficiency eff = atWeights(efficiency, gpu, workload);
        int prompt = workload.sequenceLength();
        int context = workload.effectiveContext();
        int batch = workload.batch();
        double peak = peak(gpu, workload).tflops();
        double[] weights = weightsRead(model, e, batch);
        double bandwidth = gpu.memoryBandwidthGBps() * 1e9;
        double weightRead = p.pipelineParallel() * PassTime.memorySeconds(eff, bandwidth, weights[0], weights[1], 0);
        double kvRead = p.pipelineParallel() * PassTime.memorySeconds(eff, bandwidth, 0, 0,
                e.component(Component.KV_CACHE) * SpeedModel.meanKvFraction(prompt, context));
        double[] parts = passComputeParts(model, e, eff, peak, p, 0, 0, batch, meanCached(prompt, context));
        double memory = weightRead + kvRead;
        double compute = parts[0] + parts[1];
        double comm = eff.collectiveSeconds(StepTimeModel.decodeCommSeconds(model, fabric, p.tensorParallel(),
                p.pipelineParallel(), batch));
        double step = kernelSeconds(weightRead, kvRead, parts) + comm
                + PassTime.decodeFixedSeconds(eff, model.layers());
        return new Step(step, memory, compute, comm, bound(fabric, p, memory, compute, comm));
    }

    /**
     * {@code eff} for the workload's weights on {@code gpu}: the low-precision GEMM share where the matrix
     * multiplications run at the FP8 or FP4 rate ({@link SpeedModel#lowPrecisionGemm}).
     */
    public static Efficiency atWeights(Efficiency eff, GpuSpec gpu, Workload workload) {
        return eff.atLowPrecision(SpeedModel.lowPrecisionGemm(gpu, workload.effectiveWeightType()));
    }

    /**
     * Compute seconds of one pass over {@code promptTokens} prompt tokens attending over {@code promptLength} and
     * {@code decodeTokens} decode tokens attending over {@code cached} tokens each: dense, routed-expert and attention
     * FLOPs at their classes' efficiencies over the tensor-parallel group.
     */
    public static double passCompute(ModelSpec model, Estimate e, Efficiency eff, double peakTflops, Parallelism p,
                              double promptTokens, int promptLength, double decodeTokens, double cached) {
        double[] parts = passComputeParts(model, e, eff, peakTflops, p, promptTokens, promptLength, decodeTokens,
                cached);
        return parts[0] + parts[1];
    }

    /**
     * {@link #passCompute} in its two kernel groups, seconds: {@code {weight matrix multiplications (dense and
     * routed-expert), attention}}.
     */
    public static double[] passComputeParts(ModelSpec model, Estimate e, Efficiency eff, double peakTflops,
                                            Parallelism p, double promptTokens, int promptLength, double decodeTokens,
                                            double cached) {
        double tokens = promptTokens + decodeTokens;
        double expert = 2 * MoeWork.activeExpertParameters(model) * tokens;
        double dense = 2.0 * e.activeParameters() * tokens - expert;
        double attention = promptTokens * SpeedModel.attentionForwardFlopsPerToken(model, promptLength)
                + decodeTokens * 4.0 * model.layers() * model.queryWidth() * cached;
        double peak = p.tensorParallel() * peakTflops * 1e12;
        return new double[] {PassTime.computeSeconds(eff, peak, dense, expert, 0),
                PassTime.computeSeconds(eff, peak, 0, 0, attention)};
    }

    /**
     * Seconds of one pass's kernels, each group at its own roofline, the groups one after the other as a stream runs
     * them: the weight matrix multiplications take the longer of reading the weights ({@code weightSeconds}) and
     * their FLOPs, attention the longer of reading the KV cache ({@code kvSeconds}) and its FLOPs (Williams et al.
     * 2009, "Roofline": a kernel is bound by its own operational intensity; a memory-bound attention kernel does not
     * hide behind a compute-bound matrix multiplication that runs before or after it).
     *
     * @param compute {@link #passComputeParts}
     */
    static double kernelSeconds(double weightSeconds, double kvSeconds, double[] compute) {
        return Math.max(weightSeconds, compute[0]) + Math.max(kvSeconds, compute[1]);
    }

    /**
     * The prefill of one request's prompt while the other {@code batch - 1} sequences decode in the same passes (see
     * the class comment); empty when the GPU has no peak rate for the weights.
     */
    public static Optional<Step> prefill(ModelSpec model, Workload workload, Estimate e, GpuSpec gpu, Fabric fabric,
                                         Parallelism p, Efficiency efficiency) {
        requireBandwidth(gpu);
        Efficiency eff = atWeights(efficiency, gpu, workload);
        double peak = peak(gpu, workload).tflops();
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
        double[] weights = weightsRead(model, e, batch);
        double bandwidth = gpu.memoryBandwidthGBps() * 1e9;
        double weightRead = p.pipelineParallel() * PassTime.memorySeconds(eff, bandwidth, weights[0], weights[1], 0);
        double kvRead = p.pipelineParallel() * PassTime.memorySeconds(eff, bandwidth, 0, 0, kvOthers);
        double memoryPerPass = weightRead + kvRead;
        double fixed = PassTime.fixedSeconds(eff, model.layers());
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
            double[] parts = passComputeParts(model, e, eff, peak, p, tokens, prompt, others,
                    meanCached(prompt, context));
            double c = parts[0] + parts[1];
            double w = eff.collectiveSeconds(StepTimeModel.decodeCommSeconds(model, fabric, p.tensorParallel(),
                    p.pipelineParallel(), tokens + others));
            memory += passes * memoryPerPass;
            compute += passes * c;
            comm += passes * w;
            total += passes * (kernelSeconds(weightRead, kvRead, parts) + w + fixed);
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
                                       SpeedSettings speed) {
        return of(model, workload, gpu, fabric, efficiency(speed, gpu, workload));
    }

    /**
     * The peak rate {@code workload}'s prefill multiplies at on {@code gpu}: {@link SpeedModel#inferencePeak}, with
     * FP16 accumulation where the engine asks for it (llama.cpp).
     */
    public static SpeedModel.PeakRate peak(GpuSpec gpu, Workload workload) {
        return SpeedModel.inferencePeak(gpu, workload.effectiveWeightType(),
                ServingEngine.of(workload) == ServingEngine.LLAMA_CPP);
    }

    /**
     * The efficiencies {@code speed} gives the workload's serving engine on {@code gpu} (the vendor's stack, the
     * engine's fixed costs).
     */
    public static Efficiency efficiency(SpeedSettings speed, GpuSpec gpu, Workload workload) {
        return speed.forGpu(gpu, ServingEngine.of(workload).id());
    }

    /**
     * {@code users} users of a continuously batching engine, at most {@code running} of them admitted at once (the
     * sequences its KV cache holds whole, capped by its scheduler: {@link KvCapacity#wholeSequences()},
     * {@link SchedulerLimit}); the others wait for a slot, which adds to their time to first token. The same as
     * {@link #of(ModelSpec, Workload, GpuSpec, Fabric, Efficiency)} when all are admitted. {@code workload}'s batch is
     * ignored.
     *
     * @return empty when the GPU lacks a bandwidth or a peak rate for the weights
     */
    public static Optional<Latency> ofUsers(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                            Efficiency eff, int users, long running) {
        int admitted = (int) Math.max(1, Math.min(users, running));
        Workload w = workload.toBuilder().batch(admitted).build();
        if (users <= admitted || ServingLoad.arrivingPromptTokensPerStep(w.toBuilder().batch(Math.max(2, admitted))
                .build()) <= 0 || workload.parallelism().pipelineParallel() > 1) {
            return of(model, w, gpu, fabric, eff);
        }
        if (gpu.memoryBandwidthGBps() <= 0
                || peak(gpu, workload).tflops() <= 0) {
            return Optional.empty();
        }
        Estimate e = ESTIMATOR.estimate(model, w);
        Parallelism p = w.parallelism();
        ServingQueue.Load load = new ServingQueue(model, w, e, gpu, fabric, eff).closed(users, admitted);
        Step decode = decodeStep(model, w, e, gpu, fabric, p, eff);
        Bound prefillBound = prefill(model, w, e, gpu, fabric, p, eff).map(Step::bound).orElse(null);
        return Optional.of(new Latency(users, load.ttftSeconds(), prefillBound, load.tpotSeconds(), decode.bound(),
                load.ttftP50Seconds(), load.ttftP99Seconds(), load.requestsPerSecond()));
    }

    /**
     * {@link #of(ModelSpec, Workload, GpuSpec, Fabric, SpeedSettings)} with the efficiencies given.
     *
     * @param eff the efficiencies of the GPU's stack and the engine
     */
    public static Optional<Latency> of(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                       Efficiency eff) {
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
            Latency one = serial(model, workload.toBuilder().batch(perMicroBatch).build(), gpu, fabric, eff);
            return Optional.of(new Latency(workload.batch(), one.ttftSeconds(), one.ttftBound(), one.tpotSeconds(),
                    one.tpotBound(), one.ttftP50Seconds(), one.ttftP99Seconds(),
                    one.requestsPerSecond() * workload.batch() / perMicroBatch));
        }
        return Optional.of(serial(model, workload, gpu, fabric, eff));
    }

    /**
     * The latency of one batch passing every pipeline stage in turn: under a continuously batching engine's steady
     * load of {@code batch} users ({@link ServingQueue#closed}), or, without arrivals (Hugging Face {@code generate},
     * one user, no output tokens), the fixed batch's prefill and decode step.
     */
    private static Latency serial(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric, Efficiency eff) {
        Estimate e = ESTIMATOR.estimate(model, workload);
        Parallelism p = workload.parallelism();
        Step decode = decodeStep(model, workload, e, gpu, fabric, p, eff);
        Optional<Step> prefill = prefill(model, workload, e, gpu, fabric, p, eff);
        int output = workload.effectiveContext() - workload.sequenceLength();
        if (prefill.isPresent() && ServingLoad.arrivingPromptTokensPerStep(workload) > 0) {
            ServingQueue.Load load = new ServingQueue(model, workload, e, gpu, fabric, eff).closed(workload.batch());
            return new Latency(workload.batch(), load.ttftSeconds(), prefill.get().bound(), load.tpotSeconds(),
                    decode.bound(), load.ttftP50Seconds(), load.ttftP99Seconds(), load.requestsPerSecond());
        }
        Double ttft = prefill.map(Step::seconds).orElse(null);
        double requests = ttft != null && output > 0 ? workload.batch() / (ttft + (output - 1) * decode.seconds())
                : workload.batch() / decode.seconds() / Math.max(1, output);
        return new Latency(workload.batch(), ttft, prefill.map(Step::bound).orElse(null), decode.seconds(),
                decode.bound(), ttft, ttft, requests);
    }

    /**
     * TTFT and TPOT of {@code workload} (inference, continuously batched) when requests arrive at random at
     * {@code requestsPerSecond} to one model copy ({@link ServingQueue#open}); empty when the GPU lacks the figures or
     * the engine cannot keep up with the rate (its queue grows without bound).
     */
    public static Optional<Latency> atRate(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                           Efficiency eff, double requestsPerSecond) {
        if (workload.mode() != Mode.INFER) {
            throw new IllegalArgumentException("serving latency is defined for inference only");
        }
        if (gpu.memoryBandwidthGBps() <= 0
                || peak(gpu, workload).tflops() <= 0) {
            return Optional.empty();
        }
        Estimate e = ESTIMATOR.estimate(model, workload);
        Parallelism p = workload.parallelism();
        ServingQueue.Load load = new ServingQueue(model, workload, e, gpu, fabric, eff).open(requestsPerSecond);
        if (load == null) {
            return Optional.empty();
        }
        Step decode = decodeStep(model, workload, e, gpu, fabric, p, eff);
        Bound prefillBound = prefill(model, workload, e, gpu, fabric, p, eff).map(Step::bound).orElse(null);
        int concurrent = (int) Math.max(1, Math.ceil(requestsPerSecond * (load.ttftSeconds()
                + Math.max(0, workload.effectiveContext() - workload.sequenceLength() - 1) * load.tpotSeconds())));
        return Optional.of(new Latency(concurrent, load.ttftSeconds(), prefillBound, load.tpotSeconds(),
                decode.bound(), load.ttftP50Seconds(), load.ttftP99Seconds(), requestsPerSecond));
    }

    /**
     * The largest number of concurrent sequences, at most {@code limit}, whose TPOT and TTFT stay within the targets.
     * Both grow with the batch (more KV cache to read, more tokens to compute and to all-reduce), so the answer is
     * found by bisection; 0 when not even one sequence meets them.
     *
     * @param eff           the efficiencies of the GPU's stack and the engine ({@link #efficiency})
     * @param limit         the most sequences memory holds ({@link KvCapacity#wholeSequences()})
     * @param tpotTargetMs  the TPOT target in milliseconds, or {@code null} for none
     * @param ttftTargetMs  the TTFT target in milliseconds, or {@code null} for none; a GPU without a peak rate
     *                      never meets one
     * @param percentile    the percentile the TTFT target holds at (99 or 50; {@link ServingTargets#percentile})
     */
    public static int maxConcurrency(ModelSpec model, Workload workload, GpuSpec gpu, Fabric fabric,
                                     Efficiency eff, long limit, Double tpotTargetMs, Double ttftTargetMs,
                                     int percentile) {
        int hi = (int) Math.min(limit, Workload.MAX_TOKENS);
        int lo = 0;
        while (lo < hi) {
            int mid = lo + (hi - lo + 1) / 2;
            if (meets(of(model, workload.toBuilder().batch(mid).build(), gpu, fabric, eff), tpotTargetMs,
                    ttftTargetMs, percentile)) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private static boolean meets(Optional<Latency> latency, Double tpotTargetMs, Double ttftTargetMs,
                                 int percentile) {
        if (latency.isEmpty()) {
            return false;
        }
        Latency l = latency.get();
        boolean tpot = tpotTargetMs == null || l.tpotMs() <= tpotTargetMs;
        Double ttftMs = l.ttftMs(percentile);
        boolean ttft = ttftTargetMs == null || (ttftMs != null && ttftMs <= ttftTargetMs);
        return tpot && ttft;
    }

    private static void requireBandwidth(GpuSpec gpu) {
        if (gpu.memoryBandwidthGBps() <= 0) {
            throw new IllegalArgumentException(gpu.id() + " has no memory bandwidth figure");
        }
    }

    /** Weight bytes per GPU a pass of {@code batch} tokens reads (all of them for dense models). */
    /**
     * Weight bytes per GPU one step of {@code batch} tokens reads: {@code {dense, routed experts}}
     * ({@link SpeedModel#weightReadFraction}, {@link SpeedModel#expertReadFraction}).
     */
    static double[] weightsRead(ModelSpec model, Estimate e, int batch) {
        double weights = e.component(Component.WEIGHTS);
        double all = SpeedModel.weightReadFraction(e.parameters(), e.activeParameters(), model.moe(), batch);
        double experts = SpeedModel.expertReadFraction(e.parameters(), e.activeParameters(), model.moe(), batch);
        return new double[] {weights * (all - experts), weights * experts};
    }

    /** Mean tokens in a sequence's cache while it grows from its prompt to its context. */
    private static double meanCached(int prompt, int context) {
        return context > prompt ? (prompt + (double) context) / 2.0 : context;
    }

    private static Bound bound(Fabric fabric, Parallelism p, double memory, double compute, double comm) {
        return comm > Math.max(memory, compute) ? linkBound(fabric, p)
                : memory >= compute ? Bound.MEMORY_BANDWIDTH : Bound.COMPUTE;
    }

    static Bound linkBound(Fabric fabric, Parallelism p) {
        return fabric.withinNode(p.tensorParallel() * p.pipelineParallel(), 1) ? Bound.TP_LINK : Bound.NETWORK;
    }
}
