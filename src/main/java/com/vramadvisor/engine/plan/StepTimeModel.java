package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.speed.MoeWork;
import com.vramadvisor.engine.speed.PassTime;
import com.vramadvisor.engine.speed.SpeedSettings;

/**
 * Time of one training step for a layout on one hardware option, from what the GPUs and the wires do:
 * <pre>
 *   step = m x (compute + tp + sends) + bubble + exposed data-parallel traffic + optimizer
 * </pre>
 * per GPU, with {@code m} micro-batches of {@code b} sequences of {@code s} tokens per data-parallel replica ({@code b}
 * the layout's micro-batch size). Pipeline stages run at the pace of the largest: where the framework splits the
 * layers unevenly ({@link PlanLayout#stageLayers()}), the per-stage terms count that stage's layers.
 * <ul>
 *   <li><b>Compute</b> per micro-batch: {@code b s F / (t p)} FLOPs at {@code peak x computeEfficiency}, where
 *       {@code F} is {@link SpeedModel#trainingFlopsPerToken} with the layout's recomputation; plus the
 *       element-wise kernels (norms, activations, dropout, residual adds), which stream the activations through
 *       memory: Korthikanti et al. 2022 count {@code 34 s b h} bytes saved per layer ({@code (10 + 24/t) s b h} under
 *       tensor parallelism without sequence parallelism, {@code 34 s b h / t} with it); each saved byte is written
 *       and read once forward and its gradient written and read once backward, plus one more write and read when
 *       full recomputation repeats the forward: {@code 6} (or {@code 8}) bytes moved per byte saved, at the memory
 *       bandwidth decode kernels achieve. The element-wise share shrinks as {@code 1/h}: small models and GPUs with
 *       more FLOPs per byte of bandwidth reach a lower MFU, as published runs show.</li>
 *   <li><b>Tensor parallelism</b>: four all-reduces of the layer's activations ({@code b s h} 16-bit values) per layer
 *       and micro-batch, two forward and two backward, six with full recomputation (Shoeybi et al. 2019; with
 *       sequence parallelism the same bytes move as all-gathers and reduce-scatters, Korthikanti et al. 2022),
 *       exposed: Megatron-LM runs them between the matrix multiplications that need them.</li>
 *   <li><b>Pipeline</b>: each micro-batch sends its activations forward and their gradient back across each stage
 *       boundary ({@code b s h / t} values with Megatron's scatter-gather), {@code v} times with an interleaved
 *       schedule of {@code v} model chunks per stage; the fill and drain leave the pipeline idle for
 *       {@code (p - 1) / v} micro-batch times (Narayanan et al. 2021, sections 2.2.1-2.2.2).</li>
 *   <li><b>Data parallelism and ZeRO</b> over the data-parallel group ({@link Fabric#ringGBps}): without ZeRO one
 *       all-reduce of the gradients per step; ZeRO-1/2 a reduce-scatter of gradients and an all-gather of the
 *       updated 16-bit parameters per step; ZeRO-3 an all-gather of the parameters in the forward and again in the
 *       backward pass plus a reduce-scatter of gradients for every micro-batch (Rajbhandari et al. 2020, section
 *       7: 1.5 x the all-reduce volume). Gradients travel in fp32 under mixed precision in PyTorch (DDP and FSDP
 *       reduce the fp32 gradients; Llama 3 reduce-scatters in fp32) and in the compute type under Megatron-LM. The
 *       traffic of stages 0-2 overlaps the last micro-batch's backward and the next step's first forward; ZeRO-3's
 *       prefetched gathers overlap each micro-batch's computation. Only what exceeds that window is counted.</li>
 *   <li><b>Optimizer</b>: AdamW reads and writes fp32 parameters, gradients and two moments (about 32 bytes per
 *       parameter it updates) at the memory bandwidth. With offload the step runs on the CPU and the PCIe transfers
 *       are added to this term ({@link OffloadTime}). Activation offload adds its PCIe copies to each
 *       micro-batch's compute instead: the block inputs ({@code h} values per token and layer, over {@code t} with
 *       sequence parallelism) under full recomputation, the {@code 34 h} bytes per token and layer above otherwise,
 *       to the host and back.</li>
 * </ul>
 * <ul>
 *   <li><b>Context parallelism</b> ({@code cp}): each GPU computes {@code s / cp} tokens of every sequence, so the
 *       compute, element-wise, tensor-parallel and pipeline terms are those of {@code b s / cp} tokens. K/V chunks of
 *       {@code 2 b (s/cp) kv / t} 16-bit values travel {@code cp - 1} hops around the ring per layer in the forward
 *       pass and K/V plus their gradients twice that in the backward (Megatron-Core docs "Context parallelism";
 *       Liu et al. 2023): {@code 3 (cp - 1)} chunk transfers per layer over the ring of {@code cp} ranks
 *       {@code t} apart; Transformer Engine overlaps each hop with the attention of the chunk already there, so only
 *       what exceeds the attention's share of compute ({@code 4 b s^2 h / cp} of the layer's FLOPs, forward and twice
 *       backward) is counted.</li>
 *   <li><b>Expert parallelism</b> ({@code ep}): per MoE layer and micro-batch, a dispatch and a combine all-to-all in
 *       the forward pass and both again in the backward: {@code 4 x tokens x k x h x 2 bytes x (ep - 1) / ep} per GPU
 *       ({@code tokens} = the GPU's {@code b s / cp}, over {@code t} with sequence parallelism) over the group of
 *       {@code ep} ranks {@code t cp} apart (Megatron-Core's rank order tp-cp-ep-dp-pp), at the bandwidth of the
 *       slowest link it spans; exposed (Megatron-Core's default token dispatcher does not overlap it). Balanced
 *       routing is assumed. Each GPU holds {@code E / ep} routed experts, and their gradients (and ZeRO traffic) are
 *       reduced over the expert data-parallel group of {@code d cp / ep} ranks, {@code t ep} apart, not over the
 *       {@code d cp} ranks that reduce the rest: Megatron-Core {@code parallel_state.py} builds the expert groups
 *       from the rank order tp-ep-dp-pp with expert data-parallel size {@code world / (etp x ep x pp)} and its
 *       {@code DistributedDataParallel} reduces expert gradients over that group; DeepSpeed-MoE does the same
 *       ({@code deepspeed/utils/groups.py}, {@code _create_expert_and_data_parallel}: expert data-parallel groups of
 *       {@code world / ep} ranks; Rajbhandari et al. 2022, "DeepSpeed-MoE", section 5). Only full training splits
 *       this way; LoRA adapters are reduced as one group.</li>
 * </ul>
 * Both are 0 at {@code ep = cp = 1}. The bounding term is the largest of compute, tensor-parallel traffic, pipeline sends plus bubble, and exposed
 * data-parallel traffic. Immutable and thread-safe.
 */
public final class StepTimeModel {

    /**
     * 0.50: the fraction of the dense peak that a training step's matrix multiplications and attention kernels reach,
     * before the communication, bubble, element-wise and optimizer terms this model adds explicitly. Published large
     * runs bracket it: Megatron-LM sustains 44-52 % of peak (hardware FLOPs, recomputation included) for GPT models of
     * 1.7 billion to 1 trillion parameters on up to 3,072 A100s (Narayanan et al. 2021, table 1), and Llama 2's
     * GPU-hours imply 43-46 % model FLOPs utilisation on A100s (Touvron et al. 2023, table 2). The value is the one
     * free parameter of the step-time model; {@code docs/decision-table.md} shows how eight published runs land with
     * it, and every command takes {@code --compute-efficiency}.
     */
    public static final double DEFAULT_COMPUTE_EFFICIENCY = 0.50;
    /** Bytes of activations saved per token and layer, in units of the hidden size (Korthikanti et al. 2022). */
    private static final double SAVED_PER_LAYER = 34;
    private static final double SAVED_REPLICATED_WITHOUT_SP = 10;
    /** AdamW update traffic per parameter: fp32 weight, gradient and two moments read, three written, 16-bit copy. */
    private static final double OPTIMIZER_BYTES_PER_PARAMETER = 32;

    private final ModelSpec model;
    private final Workload workload;
    private final long activeParameters;
    private final long trainableParameters;
    private final long parameters;
    /** Routed-expert parameters of the whole model ({@link ParameterCounter#routedExpertParams}). */
    private final long routedExperts;
    private final SpeedSettings speed;

    /**
     * @param model               the model
     * @param workload            micro-batch, sequence length, mode and precision (its parallelism, recomputation
     *                            and gradient accumulation are replaced by each layout's)
     * @param parameters          total parameters
     * @param activeParameters    parameters a token passes through
     * @param trainableParameters parameters that receive gradients
     * @param computeEfficiency   fraction of peak the matrix multiplications reach (0-1], on every GPU
     * @param bandwidthEfficiency fraction of peak memory bandwidth memory-bound kernels reach (0-1], on every GPU
     */
    public StepTimeModel(ModelSpec model, Workload workload, long parameters, long activeParameters,
                         long trainableParameters, double computeEfficiency, double bandwidthEfficiency) {
        this(model, workload, parameters, activeParameters, trainableParameters,
                SpeedSettings.uniform(computeEfficiency, bandwidthEfficiency));
    }

    /**
     * A step-time model whose efficiencies come from {@code speed} for each GPU's stack and the workload's
     * implementation ({@link SpeedSettings#forGpu}).
     *
     * @param model               the model
     * @param workload            micro-batch, sequence length, mode and precision
     * @param parameters          total parameters
     * @param activeParameters    parameters a token passes through
     * @param trainableParameters parameters that receive gradients
     * @param speed               the fitted efficiencies and any user override
     */
    public StepTimeModel(ModelSpec model, Workload workload, long parameters, long activeParameters,
                         long trainableParameters, SpeedSettings speed) {
        this.model = model;
        this.workload = workload;
        this.parameters = parameters;
        this.routedExperts = ParameterCounter.routedExpertParams(model);
        this.activeParameters = activeParameters;
        this.trainableParameters = trainableParameters;
        this.speed = speed;
    }

    /**
     * The step of {@code layout} on {@code gpu} joined by {@code fabric}; {@code null} when the GPU has no rate for
     * the precision at all.
     */
    public StepTime training(GpuSpec gpu, Fabric fabric, PlanLayout layout) {
        SpeedModel.PeakRate peak = SpeedModel.trainingPeak(gpu, workload.precision());
        if (peak.tflops() <= 0 || gpu.memoryBandwidthGBps() <= 0) {
            return null;
        }
        Efficiency eff = speed.forGpu(gpu, workload.implementation().id())
                .atLowPrecision(workload.precision() == Precision.FP8_MIXED && gpu.fp8Tflops() > 0);
        double peakFlops = peak.tflops() * 1e12;
        double memBytesPerSecond = gpu.memoryBandwidthGBps() * 1e9 * eff.elementwise();
        int t = layout.tp();
        int p = layout.pp();
        int d = layout.dp();
        int m = layout.microBatches();
        int b = layout.microBatchSize(workload.batch());
        int s = workload.sequenceLength();
        double h = model.hiddenSize();
        double layersPerStage = layout.unevenStages() ? layout.largestStageLayers(model.layers())
                : (double) model.layers() / p;
        int cp = layout.parallelism().contextParallel();
        int ep = layout.parallelism().expertParallel();
        double tokensPerMicroBatch = (double) b * s;
        // Tokens one GPU computes per micro-batch (s / cp of each sequence under context parallelism).
        double localTokens = cp > 1 ? tokensPerMicroBatch / cp : tokensPerMicroBatch;
        Recompute rc = layout.recompute();

        double hwFlops = SpeedModel.trainingFlopsPerToken(activeParameters, trainableParameters, model,
                workload.mode(), s, rc);
        double modelFlops = SpeedModel.trainingFlopsPerToken(activeParameters, trainableParameters, model,
                workload.mode(), s, Recompute.NONE);
        // The step's FLOPs by kernel class: attention (the s-dependent term), routed experts (grouped GEMMs) and the
        // dense rest, each at its class's share of peak.
        double attentionFlops = hwFlops - SpeedModel.trainingFlopsPerToken(activeParameters, trainableParameters,
                model, workload.mode(), 0, rc);
        double expertFlops = Math.min(hwFlops - attentionFlops, expertFlopsPerToken(rc));
        double gemm = localTokens / ((double) t * p) * PassTime.computeSeconds(eff, peakFlops,
                hwFlops - attentionFlops - expertFlops, expertFlops, attentionFlops);
        boolean sp = layout.parallelism().sequenceParallel() && t > 1;
        double savedPerToken = sp ? SAVED_PER_LAYER / t
                : SAVED_REPLICATED_WITHOUT_SP + (SAVED_PER_LAYER - SAVED_REPLICATED_WITHOUT_SP) / t;
        double passes = rc == Recompute.FULL ? 8 : 6;
        double elementwise = localTokens * layersPerStage * savedPerToken * h * passes / memBytesPerSecond;
        // Only offloading needs the workload at this layout; building it for every layout was a fifth of a planner
        // search.
        boolean offloads = workload.offload().target() != Offload.Target.NONE
                || workload.activationOffload() != ActivationOffload.NONE;
        Workload laidOut = offloads
                ? workload.toBuilder().parallelism(layout.parallelism()).recompute(rc).build() : workload;
        // Activation offload: the saved bytes of every block go to the host and back (OffloadTime).
        double savedBytesPerToken = rc == Recompute.FULL
                ? h * (workload.precision().compute() == DataType.FP32 ? 4 : 2) / (sp ? t : 1) : savedPerToken * h;
        double computePerMb = gemm + elementwise
                + OffloadTime.activationSeconds(laidOut, fabric, localTokens * layersPerStage * savedBytesPerToken);

        double actBytes = localTokens * h * 2;
        double tpPerMb = 0;
        if (t > 1) {
            int collectives = rc == Recompute.FULL ? 6 : 4;
            tpPerMb = eff.collectiveSeconds(layersPerStage * collectives * fabric.allReduceSeconds(actBytes, t, 1));
        }
        int chunks = interleave(layout);
        double sendPerMb = 0;
        if (p > 1) {
            double sendBytes = actBytes / (sp || t > 1 ? t : 1);
            sendPerMb = eff.collectiveSeconds(2.0 * chunks * fabric.sendSeconds(sendBytes, t * d * cp));
        }
        double expertContextPerMb = eff.collectiveSeconds(ExpertContextTime.contextRingSeconds(model, fabric, t, cp,
                b, s, layersPerStage, peakFlops * eff.attentionPrefill())
                + ExpertContextTime.allToAllSeconds(model, fabric, t, cp, ep, localTokens / (sp ? t : 1), p));
        double microBatchSeconds = computePerMb + tpPerMb + sendPerMb + expertContextPerMb;
        double bubble = p > 1 ? (p - 1.0) / chunks * microBatchSeconds : 0;

        // Routed experts: E / ep of them per GPU, their gradients reduced over the expert data-parallel group of
        // d * cp / ep ranks, t * ep apart (see the class comment); everything else over the d * cp ranks, t apart.
        double experts = workload.mode() == Mode.TRAIN && ep > 1 ? Math.min(routedExperts, trainableParameters) : 0;
        double tp1 = (double) t * p;
        double denseParams = (parameters - experts) / tp1;
        double denseTrainable = (trainableParameters - experts) / tp1;
        double expertsPerGpu = experts / tp1 / ep;
        double paramsPerGpu = denseParams + expertsPerGpu;
        double trainablePerGpu = denseTrainable + expertsPerGpu;
        double gradBytes = gradientBytes();
        double paramBytes = workload.precision().compute().bytesPerElement();
        int dg = d * cp;
        int eg = dg / ep;
        double dpExposed = 0;
        if (dg > 1) {
            if (layout.zero() == 3) {
                double perMb = DataParallelTime.zero3Seconds(fabric, denseParams, denseTrainable, dg, t, paramBytes, gradBytes)
                        + DataParallelTime.zero3Seconds(fabric, expertsPerGpu, expertsPerGpu, eg, t * ep, paramBytes, gradBytes);
                dpExposed = m * Math.max(0, eff.collectiveSeconds(perMb) - computePerMb);
            } else {
                double traffic = DataParallelTime.gradientSeconds(fabric, layout.zero(), denseTrainable, dg, t, paramBytes, gradBytes)
                        + DataParallelTime.gradientSeconds(fabric, layout.zero(), expertsPerGpu, eg, t * ep, paramBytes, gradBytes);
                dpExposed = Math.max(0, eff.collectiveSeconds(traffic) - computePerMb);
            }
        }
        double updated = layout.zero() >= 1 ? denseTrainable / dg + expertsPerGpu / eg : trainablePerGpu;
        double optimizer = updated * OPTIMIZER_BYTES_PER_PARAMETER / memBytesPerSecond;
        if (offloads) {
            optimizer += OffloadTime.seconds(laidOut, fabric,
                    denseTrainable / dg + expertsPerGpu / eg, denseParams / dg + expertsPerGpu / eg, m, optimizer);
        }

        double compute = m * computePerMb;
        double tp = m * tpPerMb;
        double sends = m * sendPerMb;
        double expertContext = m * expertContextPerMb;
        double step = compute + tp + sends + bubble + dpExposed + optimizer + expertContext;
        double tokens = tokensPerMicroBatch * m * layout.dp();
        double mfu = modelFlops * tokens / (step * layout.gpus() * peakFlops);
        boolean dpOverNetwork = dg > 1 && !fabric.withinNode(dg, t);
        Bound bound = Bound.COMPUTE;
        double largest = compute;
        if (tp > largest) {
            bound = Bound.TP_LINK;
            largest = tp;
        }
        if (bubble + sends > largest) {
            bound = bubble >= sends ? Bound.BUBBLE : (fabric.withinNode(2, t * dg) ? Bound.GPU_LINK : Bound.NETWORK);
            largest = bubble + sends;
        }
        if (dpExposed > largest) {
            bound = dpOverNetwork ? Bound.NETWORK : Bound.GPU_LINK;
            largest = dpExposed;
        }
        if (expertContext > largest) {
            bound = fabric.withinNode(ep * cp, t) ? Bound.GPU_LINK : Bound.NETWORK;
        }
        return new StepTime(tokens, compute, tp, sends, bubble, dpExposed, optimizer, step, mfu, bound,
                dpOverNetwork, expertContext);
    }

    /**
     * FLOPs per token of the routed experts' grouped matrix multiplications: {@code 6} per active expert parameter
     * for full training (forward and both backward products), {@code 4} for LoRA/QLoRA (no weight gradient of the
     * frozen experts), plus {@code 2} under full recomputation.
     */
    private double expertFlopsPerToken(Recompute rc) {
        double active = MoeWork.activeExpertParameters(model);
        boolean adapters = workload.mode() == Mode.LORA || workload.mode() == Mode.QLORA;
        return active * ((adapters ? 4 : 6) + (rc == Recompute.FULL ? 2 : 0));
    }

    /**
     * Model chunks per pipeline stage of an interleaved schedule: as many as the smallest stage's layers allow, at most
     * 4 (the sizes Narayanan et al. 2021 evaluate in figure 12; Megatron-Core's {@code pipeline_model_parallel_layout}
     * and torchtitan's {@code module_fqns_per_model_part} place any layers on each virtual stage). 1 without
     * pipelining, for a framework without an interleaved schedule (DeepSpeed's {@code PipelineEngine} runs 1F1B), and
     * with fewer micro-batches than stages (Megatron-Core's interleaved schedule needs at least {@code p} micro-batches
     * in a group, {@code forward_backward_pipelining_with_interleaving} in
     * {@code megatron/core/pipeline_parallel/schedules.py}).
     */
    int interleave(PlanLayout layout) {
        int stages = layout.pp();
        Framework framework = workload.effectiveFramework();
        if (stages <= 1 || layout.microBatches() < stages || framework == null || !framework.interleaved()) {
            return 1;
        }
        int smallest = model.layers() / stages;
        for (int n : layout.stageLayers()) {
            smallest = Math.min(smallest, n);
        }
        return Math.max(1, Math.min(4, smallest));
    }

    /**
     * An upper bound on the tokens per second of every layout on {@code gpus} GPUs of {@code gpu}: every GPU at
     * {@code peak} times the highest of its kernel classes' efficiencies (GEMM, MoE grouped GEMM, attention prefill)
     * on the model FLOPs per token without recomputation, with nothing else in the step. {@link #training} is never
     * faster: its compute term alone is at least this (recomputation only adds FLOPs, and each class runs at its own,
     * no higher, share) and every other term adds time. 0 when the GPU has no rate for the precision.
     */
    public double tokensPerSecondBound(GpuSpec gpu, int gpus) {
        SpeedModel.PeakRate peak = SpeedModel.trainingPeak(gpu, workload.precision());
        if (peak.tflops() <= 0) {
            return 0;
        }
        double flops = SpeedModel.trainingFlopsPerToken(activeParameters, trainableParameters, model,
                workload.mode(), workload.sequenceLength(), Recompute.NONE);
        Efficiency eff = speed.forGpu(gpu, workload.implementation().id())
                .atLowPrecision(workload.precision() == Precision.FP8_MIXED && gpu.fp8Tflops() > 0);
        double best = Math.max(eff.gemm(), Math.max(eff.moeGemm(), eff.attentionPrefill()));
        return gpus * peak.tflops() * 1e12 * best / flops;
    }

    /** Bytes per gradient value on the wire: fp32 under PyTorch mixed precision, the compute type otherwise. */
    private double gradientBytes() {
        Precision precision = workload.precision();
        if (precision.mixed() && workload.implementation() == Implementation.PYTORCH) {
            return 4;
        }
        return precision == Precision.FP32 || precision == Precision.TF32 ? 4
                : precision.compute().bytesPerElement() < 2 ? 2 : precision.compute().bytesPerElement();
    }

    /**
     * Communication of one decode step of one model copy: two tensor-parallel all-reduces of {@code batch x h}
     * 16-bit values per layer (Shoeybi et al. 2019), and one send per stage boundary, each with its start-up
     * latency; stages run one after another.
     */
    public static double decodeCommSeconds(ModelSpec model, Fabric fabric, int tensorParallel, int stages,
                                           int batch) {
        double bytes = (double) batch * model.hiddenSize() * 2;
        double seconds = 0;
        if (tensorParallel > 1) {
            seconds += 2.0 * model.layers() * fabric.allReduceSeconds(bytes, tensorParallel, 1);
        }
        if (stages > 1) {
            seconds += (stages - 1) * fabric.sendSeconds(bytes / tensorParallel, tensorParallel);
        }
        return seconds;
    }

}
