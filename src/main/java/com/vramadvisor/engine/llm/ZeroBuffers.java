package com.vramadvisor.engine.llm;

/**
 * What DeepSpeed's ZeRO optimizer allocates on the GPU beside the model states and activations, in bytes per GPU,
 * at its configuration defaults ({@code deepspeed/runtime/zero/config.py}, DeepSpeedZeroConfig): the defaults apply
 * whenever the configuration names no value, as with a Hugging Face Accelerate YAML file, whose DeepSpeed plugin
 * writes no bucket sizes (Accelerate {@code DeepSpeedPlugin}; its "auto" values, {@code hidden_size^2} for the
 * reduce bucket, are filled in only for keys that say "auto").
 *
 * <p>Counted for the DeepSpeed layout ({@link Implementation#MEGATRON}) with a ZeRO stage of 1 to 3 and no offload
 * (offload has its own buffers, {@link OffloadMemory}):
 * <ul>
 *   <li>the reduce bucket: {@code reduce_bucket_size} (5e8) elements of the working type, into which
 *       {@code contiguous_gradients} (default on) copies gradients as they are produced. Stages 1 and 2 allocate it
 *       at the start of each backward ({@code stage_1_and_2.py}, {@code backward}: {@code buf_0}; a second one only
 *       with {@code overlap_comm}, off by default below stage 3), stage 3 once when the optimizer is set up
 *       ({@code stage3.py}, {@code _setup_for_real_optimizer}: {@code __ipg_bucket_flat_buffer}). The caching
 *       allocator keeps the block, so it counts in every phase;</li>
 *   <li>stage 3's fp32 gradient buffer: {@code initialize_optimizer_states} allocates one fp32 gradient of the
 *       largest optimizer sub-group of this GPU's partition, {@code min(trainable / d, sub_group_size)} elements
 *       ({@code sub_group_size} 1e9), and keeps it as the fp32 partition's {@code .grad}.</li>
 * </ul>
 * The ZeRO paper counts these apart from the model states (Rajbhandari et al. 2020, section 6.3, "constant size
 * buffers"); here they are part of the runtime overhead, so an estimate without runtime overhead holds the paper's
 * model states exactly.
 *
 * <p>Loading a quantised base under stage 3 ({@link #loadsWholeQuantizedModel(Workload)}): Hugging Face Transformers
 * builds a model under {@code deepspeed.zero.Init} only when it is not quantised ({@code get_init_context}:
 * {@code is_deepspeed_zero3_enabled() and not is_quantized}), so a bitsandbytes 4-bit or 8-bit base reaches DeepSpeed
 * whole, and the engine moves it onto each GPU ({@code engine.py}, {@code _configure_distributed_model}:
 * {@code self.module.to(self.device)} unless the model was built under zero.Init) before stage 3 partitions it.
 * For a moment each GPU holds the whole quantised model, the adapters and one matrix in 16 bits (bitsandbytes
 * quantises a weight as it moves to the GPU); stage 3 then frees what other ranks own and empties the cache
 * ({@code stage3.py}, {@code defragment}). That instant is the load phase.
 */
final class ZeroBuffers {

    /** DeepSpeed's default {@code reduce_bucket_size}, elements. */
    static final double REDUCE_BUCKET_ELEMENTS = 5e8;
    /** DeepSpeed's default {@code sub_group_size}, elements. */
    static final double SUB_GROUP_ELEMENTS = 1e9;

    private ZeroBuffers() {
    }

    /** Whether DeepSpeed's ZeRO buffers apply: the DeepSpeed layout, training, a ZeRO stage, no offload. */
    static boolean apply(Workload w) {
        return w.mode() != Mode.INFER && w.implementation() == Implementation.MEGATRON
                && w.parallelism().zeroStage() >= 1 && !OffloadMemory.trainingApplies(w);
    }

    /**
     * Bytes of the reduce bucket and, at stage 3, the fp32 gradient buffer, per GPU; 0 where {@link #apply} does
     * not hold.
     *
     * @param trainable parameters that receive gradients on this GPU before ZeRO
     */
    static double bytes(Workload w, double trainable) {
        if (!apply(w)) {
            return 0;
        }
        Precision p = w.precision();
        double bucket = REDUCE_BUCKET_ELEMENTS * ModelStates.weightBytesPerParam(p, Implementation.MEGATRON);
        if (w.parallelism().zeroStage() < 3) {
            return bucket;
        }
        double gradBytes = p.mixed() ? 4 : p.compute().bytesPerElement();
        double partition = trainable / w.parallelism().shardGroup();
        return bucket + Math.min(partition, SUB_GROUP_ELEMENTS) * gradBytes;
    }

    /**
     * Whether the whole quantised base passes through each GPU before stage 3 partitions it: DeepSpeed layout,
     * stage 3 over several GPUs, adapters on a quantised base, no parameter offload.
     */
    static boolean loadsWholeQuantizedModel(Workload w) {
        return w.mode() != Mode.INFER && w.mode() != Mode.TRAIN && w.implementation() == Implementation.MEGATRON
                && w.parallelism().zeroStage() == 3 && w.parallelism().shardGroup() > 1
                && Bytes.quantized(w.effectiveWeightType()) && !OffloadMemory.trainingApplies(w);
    }
}
