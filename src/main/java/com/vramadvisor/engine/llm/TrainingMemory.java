package com.vramadvisor.engine.llm;

/**
 * Live bytes per component at the phases of a training step, for one GPU of one pipeline stage. The result holds
 * one row per phase of {@link #PHASES} and, last, the per-component maxima over every instant evaluated.
 *
 * <p>Phases (each an array indexed by {@link Component#ordinal()}):
 * <ul>
 *   <li>{@link Phase#FORWARD_END}: model states, all saved activations of the micro-batches in flight, and the
 *       logits with the log-softmax output that cross-entropy saves, in fp32 or the compute type as
 *       {@link LossUpcast} says.</li>
 *   <li>{@link Phase#BACKWARD}: the largest of three instants. Between them activations are freed block by block
 *       while gradients are created, so the sum is linear in the block index and its maximum is at an end:
 *       (1) the loss backward: all activations, logits and their gradient ({@link LossUpcast}); (2) the last block's
 *       recomputation: all activations plus one block's recomputed tensors; (3) the end: all gradients, one block's
 *       activations and its recomputation.</li>
 *   <li>{@link Phase#OPTIMIZER_STEP}: model states only.</li>
 * </ul>
 * Gradients from an earlier micro-batch or step are alive during forward and backward when gradients are accumulated
 * over several micro-batches (the buffers persist from the first micro-batch's backward until the optimizer step)
 * or kept between steps ({@link GradsBetweenSteps#KEPT}: {@code zero_grad(set_to_none=False)}, PyTorch's default
 * before 2.0; PyTorch docs, {@code torch.optim.Optimizer.zero_grad}).
 *
 * <p>Pipeline (Korthikanti et al. 2022, section 4.2.3; Narayanan et al. 2021): with the 1F1B schedule the first stage
 * holds the activations of {@code min(p, m)} micro-batches ({@code m} = gradient-accumulation steps) for its
 * {@code ceil(L/p)} blocks, i.e. {@code L} blocks' worth when {@code L} divides by {@code p}; the last stage holds
 * one micro-batch plus the logits.
 *
 * <p>Context parallelism ({@link ContextParallel}): activations and logits are those of {@code s / cp} tokens, plus
 * the ring's K/V buffers. Expert parallelism: {@link StageParams} holds {@code E / ep} experts; their states are
 * sharded by ZeRO over {@code d * cp / ep} ranks, the rest over {@code d * cp}.
 *
 * <p>ZeRO-3 gathers a block's full parameters before using it; two blocks (the current one and the prefetched next
 * one) are counted as live in forward and backward. A quantised LoRA base (QLoRA) dequantises one matrix at a time
 * to 16 bits for its matmul; the largest such matrix is counted under weights in forward and backward.
 *
 * <p>Autocast weight copies ({@link Implementation#PYTORCH}, mixed precision): autocast casts every fp32 matmul
 * weight to 16 bits once per forward pass and caches the copy until the autocast region ends ({@code cached_cast}
 * in {@code aten/src/ATen/autocast_mode.cpp}); the matmul's backward keeps it ({@code mm}'s derivative needs the
 * weight for the input's gradient), so the copy lives from its first use in forward until its backward: 2 bytes per
 * matmul weight (block matrices, router, LM head or classifier), counted under weights in forward and backward, not
 * in the optimizer step. Each micro-batch in flight keeps its own copies. With full recomputation the blocks run
 * without saving anything, so their copies are gone after the forward pass (only the head's stays) and one block's
 * copies come back while it is recomputed. LoRA: PEFT keeps adapter weights in fp32 under autocast, so the adapters
 * are cast; a frozen base is cast only when it is stored in fp32.
 *
 * <p>ZeRO-3 over several GPUs keeps no such copies: sharded training under PyTorch runs FSDP with its
 * {@code MixedPrecision} policy (as Hugging Face Accelerate configures it for bf16 or fp16), which gathers each
 * block's parameters directly in 16 bits, so autocast's casts are no-ops and the matmuls save views of the gathered
 * parameters that FSDP frees after the block; those gathered 16-bit blocks are the ZeRO-3 gather above. FSDP with
 * fp32 parameters under plain autocast would keep full 16-bit copies of every matrix until backward, which is why
 * FSDP's documentation recommends its own mixed-precision policy.
 *
 * <p>DeepSpeed ({@link Implementation#MEGATRON}) gathers a block into a new full-size buffer and keeps its own
 * partition beside it, so the two gathered blocks count whole; its reduce bucket and fp32 gradient buffer are runtime
 * overhead ({@link ZeroBuffers}). Adapters on a quantised base under DeepSpeed ZeRO-3 add a first phase,
 * {@link Phase#MODEL_LOAD}: the whole quantised model on each GPU before stage 3 partitions it.
 *
 * <p>Offload ({@link Offload}): DeepSpeed ZeRO-Offload/ZeRO-Infinity and FSDP CPU offload replace the GPU's model
 * states by what {@link OffloadMemory} leaves there (16-bit parameters or gathered blocks, reduce buckets).
 * Activation offload ({@link ActivationOffload}) keeps one block's saved activations on the GPU instead of every
 * block's of every micro-batch in flight; the rest is host memory ({@link #offDevice}).
 *
 * <p>The harness measures these copies at exactly 2 bytes per weight of a block ({@code weightCast} in
 * {@code harness/activations/results.json}).
 */
final class TrainingMemory {

    private TrainingMemory() {
    }

    static double[][] phases(ModelSpec m, Workload w, boolean first, boolean last) {
        StageParams sp = new StageParams(m, w, first, last);
        Parallelism par = w.parallelism();
        Precision prec = w.precision();
        boolean full = w.mode() == Mode.TRAIN;
        DataType baseType = w.effectiveWeightType();
        double trainable = trainable(w, sp);
        double frozenBytes = full ? 0 : sp.bytesAs(baseType);
        double[] states = states(w, sp);
        double weights = states[0];
        double master = states[1];
        double grads = states[2];
        double opt = states[3];
        double[] offloaded = OffloadMemory.trainingApplies(w) ? OffloadMemory.gpu(w, sp, trainable, states) : null;
        if (offloaded != null) {
            weights = offloaded[0];
            master = offloaded[1];
            grads = offloaded[2];
            opt = offloaded[3];
        }

        double d = par.shardGroup();
        double transientWeights = 0;
        if (par.zeroStage() == 3 && d > 1) {
            // Under autocast, FSDP's mixed-precision policy gathers the blocks in 16 bits (see the class comment).
            double work = w.autocast() ? Bytes.activationBytes(prec) : ModelStates.weightBytesPerParam(prec,
                    w.implementation());
            double bytesPerParam = (trainable * work + frozenBytes)
                    / Math.max(1, sp.total() + (full ? 0 : sp.loraParams));
            // DeepSpeed gathers into a new full-size buffer beside the partition it keeps (partition_parameters.py,
            // all_gather_coalesced: torch.empty(partition_sz * world_size)); FSDP counts the other ranks' part.
            double gathered = w.implementation() == Implementation.MEGATRON ? 1 : 1 - 1 / d;
            transientWeights += 2 * sp.largestBlock * bytesPerParam * gathered;
        }
        if (offloaded != null && offloaded[4] >= 0) {
            // Offloaded parameters are gathered whole onto the GPU; nothing of them stays there between uses.
            transientWeights = offloaded[4];
        }
        if (!full && Bytes.quantized(baseType)) {
            transientWeights += 2 * sp.largestMatrix;
        }

        int inFlight = first ? Math.min(par.pipelineParallel(), w.gradientAccumulation()) : 1;
        Workload local = ContextParallel.localWorkload(w);
        double dense = sp.denseLayers > 0 ? ActivationModel.layerBytes(m, local, false, w.recompute(), null) : 0;
        double moe = sp.moeLayers > 0 ? ActivationModel.layerBytes(m, local, true, w.recompute(), null) : 0;
        double embedding = first ? ActivationModel.embeddingBytes(m, local, null) : 0;
        double head = last ? ActivationModel.headBytes(m, local, null) : 0;
        double ring = ContextParallel.ringBufferBytes(m, w);
        double oneBlock = Math.max(dense, moe);
        double blockActs = inFlight * (sp.denseLayers * dense + sp.moeLayers * moe);
        if (w.activationsOffloaded()) {
            // The blocks' saved activations live on the host; the GPU holds one block's (ActivationOffload).
            blockActs = Math.min(blockActs, oneBlock);
        }
        double forwardActs = blockActs + inFlight * embedding + head + ring;
        double recompute = 0;
        if (w.recompute() != Recompute.NONE) {
            double denseFull = sp.denseLayers > 0
                    ? ActivationModel.layerBytes(m, local, false, Recompute.NONE, null) : 0;
            double moeFull = sp.moeLayers > 0 ? ActivationModel.layerBytes(m, local, true, Recompute.NONE, null) : 0;
            // Not below 0: under autocast with rotary positions a selective checkpoint keeps q and k in fp32 and
            // can keep more than the unrecomputed block (ActivationModel).
            recompute = Math.max(0, Math.max(denseFull - dense, moeFull - moe));
        }
        double endActs = oneBlock + recompute + embedding + ring;

        double logitsForward = 0;
        double logitsGrad = 0;
        if (last && m.head() == HeadKind.LM) {
            double sbv = (double) local.batch() * local.sequenceLength() * m.vocabSize() / par.tensorParallel();
            double e = Bytes.activationBytes(prec);
            logitsForward = sbv * w.lossUpcast().forwardBytesPerLogit(e);
            logitsGrad = sbv * w.lossUpcast().gradBytesPerLogit(e);
        }
        // DeepSpeed's offload buffers (reduce bucket, staging copy) are allocated before the loss backward.
        boolean gradsAlive = w.gradientAccumulation() > 1 || w.gradsBetweenSteps() == GradsBetweenSteps.KEPT
                || (offloaded != null && w.implementation() == Implementation.MEGATRON && w.offload().target()
                .optimizer());
        double earlyGrads = gradsAlive ? grads : 0;
        double liveWeights = weights + transientWeights;

        double[] cast = castCopies(w, sp, full, baseType, inFlight);
        double[] forwardEnd = row(liveWeights + cast[0], master, earlyGrads, opt, forwardActs, logitsForward);
        double[] lossBackward = row(liveWeights + cast[1], master, earlyGrads, opt, forwardActs,
                logitsForward + logitsGrad);
        double[] lastBlock = row(liveWeights + cast[2], master, earlyGrads, opt, forwardActs + recompute, 0);
        double[] backwardEnd = row(liveWeights + cast[3], master, grads, opt, endActs, 0);
        double[] backward = larger(larger(lossBackward, lastBlock), backwardEnd);
        double[] step = row(weights, master, grads, opt, 0, 0);
        double[] maxima = max(max(forwardEnd, lossBackward), max(max(lastBlock, backwardEnd), step));
        if (ZeroBuffers.loadsWholeQuantizedModel(w)) {
            // The whole quantised base, the adapters in the working type and one matrix in 16 bits being quantised.
            double work = ModelStates.weightBytesPerParam(prec, w.implementation());
            double[] load = row(frozenBytes + sp.loraParams * work + 2 * sp.largestMatrix, 0, 0, 0, 0, 0);
            return new double[][] {load, forwardEnd, backward, step, max(maxima, load)};
        }
        return new double[][] {forwardEnd, backward, step, maxima};
    }

    /**
     * {host bytes, NVMe bytes} of offloaded training on the first pipeline stage's GPUs: model states
     * ({@link OffloadMemory}) and saved activations ({@link ActivationOffload}).
     */
    static double[] offDevice(ModelSpec m, Workload w) {
        boolean states = OffloadMemory.trainingApplies(w);
        if (!states && !w.activationsOffloaded()) {
            return new double[2];
        }
        StageParams sp = new StageParams(m, w, true, w.parallelism().pipelineParallel() == 1);
        double[] out = states ? OffloadMemory.offDevice(w, sp, trainable(w, sp), states(w, sp)) : new double[2];
        if (w.activationsOffloaded()) {
            out[0] += offloadedActivationBytes(m, w, sp);
        }
        return out;
    }

    /** The saved activations of the first stage's blocks, all micro-batches in flight: what activation offload moves. */
    static double offloadedActivationBytes(ModelSpec m, Workload w, StageParams sp) {
        int inFlight = Math.min(w.parallelism().pipelineParallel(), w.gradientAccumulation());
        Workload local = ContextParallel.localWorkload(w);
        double dense = sp.denseLayers > 0 ? ActivationModel.layerBytes(m, local, false, w.recompute(), null) : 0;
        double moe = sp.moeLayers > 0 ? ActivationModel.layerBytes(m, local, true, w.recompute(), null) : 0;
        return inFlight * (sp.denseLayers * dense + sp.moeLayers * moe);
    }

    static final Phase[] PHASES = {Phase.FORWARD_END, Phase.BACKWARD, Phase.OPTIMIZER_STEP};
    private static final Phase[] WITH_LOAD = {Phase.MODEL_LOAD, Phase.FORWARD_END, Phase.BACKWARD,
        Phase.OPTIMIZER_STEP};

    /** The phases {@link #phases} returns rows for, in order: the load phase first where it applies. */
    static Phase[] phaseNames(Workload w) {
        return ZeroBuffers.loadsWholeQuantizedModel(w) ? WITH_LOAD.clone() : PHASES.clone();
    }

    /** Parameters that receive gradients on this GPU before ZeRO: all for full training, the adapters for LoRA. */
    static double trainable(Workload w, StageParams sp) {
        return w.mode() == Mode.TRAIN ? sp.total() : sp.loraParams;
    }

    /** Model states on this GPU without offload, {weights, master, gradients, optimizer} ({@link ModelStates}). */
    static double[] states(Workload w, StageParams sp) {
        boolean full = w.mode() == Mode.TRAIN;
        double frozenBytes = full ? 0 : sp.bytesAs(w.effectiveWeightType());
        double adafactorFraction = full
                ? sp.adafactorElements / Math.max(1, sp.total())
                : sp.loraAdafactorElements / Math.max(1, sp.loraParams);
        Parallelism par = w.parallelism();
        if (!full || par.expertParallel() == 1 || sp.expertParams == 0) {
            return ModelStates.compute(trainable(w, sp), frozenBytes, w.precision(), w.implementation(),
                    w.optimizer(), adafactorFraction, par.zeroStage(), par.shardGroup());
        }
        // Expert parallelism: the routed experts' states are sharded over the expert-data-parallel group only
        // (d * cp / ep ranks hold the same experts; Megatron-Core's expert data-parallel group).
        double[] rest = ModelStates.compute(sp.total() - sp.expertParams, 0, w.precision(), w.implementation(),
                w.optimizer(), adafactorFraction, par.zeroStage(), par.shardGroup());
        double[] experts = ModelStates.compute(sp.expertParams, 0, w.precision(), w.implementation(), w.optimizer(),
                adafactorFraction, par.zeroStage(), par.expertShardGroup());
        double[] sum = new double[rest.length];
        for (int i = 0; i < sum.length; i++) {
            sum[i] = rest[i] + experts[i];
        }
        return sum;
    }

    /**
     * Bytes of autocast's 16-bit weight copies at the four instants {forward end, loss backward, last block's
     * recomputation, end of backward}; all 0 unless {@link Workload#autocast()}.
     */
    static double[] castCopies(Workload w, StageParams sp, boolean full, DataType baseType, int inFlight) {
        if (!w.autocast() || (w.parallelism().zeroStage() == 3 && w.parallelism().dataParallel() > 1)
                || (OffloadMemory.trainingApplies(w) && w.offload().target().parameters())) {
            return new double[4];
        }
        double bytes = Bytes.activationBytes(w.precision());
        double blocks;
        double head;
        double oneBlock;
        if (full) {
            blocks = sp.blockMatrices;
            head = sp.headMatrices;
            oneBlock = sp.largestBlockMatrices;
        } else {
            boolean fp32Base = baseType == DataType.FP32 || baseType == DataType.TF32;
            int layers = Math.max(1, sp.denseLayers + sp.moeLayers);
            blocks = sp.loraParams + (fp32Base ? sp.blockMatrices : 0);
            head = fp32Base ? sp.headMatrices : 0;
            oneBlock = sp.loraParams / layers + (fp32Base ? sp.largestBlockMatrices : 0);
        }
        double all = bytes * (blocks + head);
        double headCopy = bytes * head;
        double blockCopy = bytes * oneBlock;
        if (w.recompute() == Recompute.FULL) {
            return new double[] {all, headCopy, headCopy + blockCopy, blockCopy};
        }
        return new double[] {inFlight * all, inFlight * all, inFlight * all, blockCopy};
    }

    private static double[] row(double weights, double master, double grads, double opt, double acts, double logits) {
        double[] r = new double[MemoryEstimator.COMPONENTS];
        r[Component.WEIGHTS.ordinal()] = weights;
        r[Component.MASTER_WEIGHTS.ordinal()] = master;
        r[Component.GRADIENTS.ordinal()] = grads;
        r[Component.OPTIMIZER_STATES.ordinal()] = opt;
        r[Component.ACTIVATIONS.ordinal()] = acts;
        r[Component.LOGITS.ordinal()] = logits;
        return r;
    }

    /** Element-wise maximum. */
    static double[] max(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = Math.max(a[i], b[i]);
        }
        return r;
    }

    static double[] larger(double[] a, double[] b) {
        return sum(b) > sum(a) ? b : a;
    }

    static double sum(double[] r) {
        double s = 0;
        for (double v : r) {
            s += v;
        }
        return s;
    }
}
