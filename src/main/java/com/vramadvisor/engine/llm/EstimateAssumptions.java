package com.vramadvisor.engine.llm;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements an {@link Estimate} makes about what it assumes, English, one per line of the output and the
 * report (which translates them by their first words, {@code report/ReportFormulas}).
 */
final class EstimateAssumptions {

    private static final String PEAK =
            "peak over forward end, backward and optimizer step; activations are freed as gradients are created";
    private static final String MEGATRON_LAYOUT = "Megatron/DeepSpeed layout: in mixed precision 16-bit weights and "
            + "gradients, fp32 master weights and optimizer states ((2+2+K) bytes per parameter); fused norms "
            + "without their statistics, as Korthikanti et al. 2022 count them";
    private static final String PYTORCH_LAYOUT = "PyTorch autocast layout (Hugging Face Transformers): in mixed "
            + "precision fp32 weights, gradients and optimizer states without a master copy, plus a 16-bit copy of "
            + "every matmul weight from forward until backward (counted under weights); block activations as "
            + "measured for Hugging Face's GPT-2 (LayerNorm) and Llama (RMSNorm) blocks";
    private static final String LOGITS_UPCAST = "logits for every token in the compute type plus the fp32"
            + " log-softmax that cross-entropy saves (Hugging Face upcasts the logits in the loss; plain PyTorch on"
            + " 16-bit logits keeps the log-softmax in the compute type, which the range's low end takes;"
            + " --loss-upcast none)";
    private static final String LOGITS_PLAIN = "logits for every token and the log-softmax that cross-entropy saves,"
            + " both in the compute type (plain PyTorch cross-entropy on 16-bit logits, --loss-upcast none; Hugging"
            + " Face's loss upcasts them to fp32)";
    private static final String RUNTIME = "runtime overhead: the CUDA context and the caching allocator's reserve, a"
            + " fraction of the tensors freed and allocated again within a step; tensors allocated once (weights,"
            + " training states, a KV cache) carry none";
    private static final String EXPANDABLE = "allocator with expandable segments, as NeMo's recipes for Megatron-Core"
            + " launch training (PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True): no cached reserve; the range's"
            + " high end keeps the default allocator's fragmentation";
    private static final String ZERO_BUCKET = "DeepSpeed ZeRO at its defaults: a reduce bucket of 5e8 elements of the"
            + " working type, counted in the runtime overhead";
    private static final String ZERO3_BUFFERS = "DeepSpeed ZeRO-3 at its defaults: a reduce bucket of 5e8 elements of"
            + " the working type and an fp32 gradient of this GPU's partition (at most 1e9 elements), counted in the"
            + " runtime overhead; gathered blocks in full beside the partition";
    private static final String QUANTIZED_LOAD = "model load: a quantised base is not built partitioned"
            + " (Transformers skips zero.Init for it), so DeepSpeed moves the whole quantised model onto each GPU"
            + " before ZeRO-3 partitions it";
    private static final List<String> TRAIN_TAIL = List.of(
            "saved activations counted tensor by tensor per block as autograd keeps them; mixed precision keeps the "
                    + "residual stream and softmax in fp32",
            "pipeline 1F1B: the first stage holds min(p, micro-batches) micro-batches in flight",
            LOGITS_UPCAST,
            "mixture-of-experts routing assumed balanced",
            "temporary buffers of communication (all-reduce, NCCL) and of the optimizer step not counted");
    private static final List<String> LORA_TAIL = List.of(
            "frozen base at its storage type (quantised types keep embeddings, head and norms at 16 bits); "
                    + "gradients and optimizer states for adapters only",
            "frozen linear layers without adapters do not save their inputs; adapted ones do",
            "a quantised base dequantises one matrix at a time to 16 bits",
            LOGITS_UPCAST);
    private static final List<String> TRAIN_MEGATRON = assumptions(MEGATRON_LAYOUT, TRAIN_TAIL);
    private static final List<String> TRAIN_PYTORCH = assumptions(PYTORCH_LAYOUT, TRAIN_TAIL);
    private static final List<String> LORA_MEGATRON = assumptions(MEGATRON_LAYOUT, LORA_TAIL);
    private static final List<String> LORA_PYTORCH = assumptions(PYTORCH_LAYOUT, LORA_TAIL);
    private static final String INFER_KV = "KV cache pre-allocated for the full context (sliding window caps it)";
    private static final String INFER_PAGED = "paged KV cache: each sequence's context is rounded up to whole blocks"
            + " (vLLM: 16 tokens)";
    private static final String INFER_ONE_PASS =
            "prefill processes the whole prompt in one pass; activations are one block's transient buffers";
    private static final String INFER_CHUNKED = "chunked prefill: one pass processes at most the batched-token limit"
            + " (vLLM max_num_batched_tokens, llama.cpp n_ubatch); activations are one block's transient buffers";
    private static final List<String> INFER_TAIL = List.of(
            "logits only for the last position of each sequence (vLLM, Hugging Face generate)",
            "quantised weight types keep embeddings, LM head and norms at 16 bits, except GGUF which quantises "
                    + "every matrix",
            "the serving reservation (gpu_memory_utilization) is not added: compare the peak with "
                    + "utilization times device memory");

    private static final String OFFLOAD_TRAIN = "offload as DeepSpeed allocates it (ZeRO-Offload/Infinity: pinned"
            + " fp32 partitions and optimizer states on the host, 16-bit parameters and a 5e8-element reduce bucket"
            + " on the GPU) or FSDP CPU offload; PCIe transfer time not included";
    private static final String OFFLOAD_LAYERS = "llama.cpp -ngl: the last N blocks and their KV cache on the GPU,"
            + " the output layer only when N exceeds the blocks, the token table in host memory; the compute buffer"
            + " stays on the GPU";
    private static final String OFFLOAD_ACTIVATIONS = "activation offload (--activation-offload): the blocks' saved"
            + " activations in host memory, one block's on the GPU; PCIe transfer time not included";

    private EstimateAssumptions() {
    }

    /**
     * The assumptions of an estimate of {@code workload} on {@code model}.
     *
     * @param runtime whether the runtime overhead is counted
     * @param buffers whether DeepSpeed's ZeRO buffers are counted ({@link ZeroBuffers})
     * @param load    whether the estimate has a model-load phase
     */
    static List<String> of(ModelSpec model, Workload workload, boolean runtime, boolean buffers, boolean load) {
        boolean megatron = workload.implementation() == Implementation.MEGATRON;
        List<String> assumptions = switch (workload.mode()) {
            case TRAIN -> megatron ? TRAIN_MEGATRON : TRAIN_PYTORCH;
            case LORA, QLORA -> megatron ? LORA_MEGATRON : LORA_PYTORCH;
            case INFER -> inferAssumptions(workload, model);
        };
        List<String> all = new ArrayList<>(assumptions.size() + 4);
        for (String a : assumptions) {
            all.add(workload.lossUpcast() == LossUpcast.NONE && a.equals(LOGITS_UPCAST) ? LOGITS_PLAIN : a);
        }
        if (runtime) {
            all.add(RUNTIME);
            if (MemoryEstimator.expandableSegments(workload)) {
                all.add(EXPANDABLE);
            }
            if (buffers) {
                all.add(workload.parallelism().zeroStage() == 3 ? ZERO3_BUFFERS : ZERO_BUCKET);
            }
        }
        if (load) {
            all.add(QUANTIZED_LOAD);
        }
        if (OffloadMemory.trainingApplies(workload) || OffloadMemory.layersApply(workload)) {
            all.add(workload.mode() == Mode.INFER ? OFFLOAD_LAYERS : OFFLOAD_TRAIN);
        }
        if (workload.activationsOffloaded()) {
            all.add(OFFLOAD_ACTIVATIONS);
        }
        return List.copyOf(all);
    }

    private static List<String> inferAssumptions(Workload w, ModelSpec model) {
        List<String> all = new ArrayList<>(INFER_TAIL.size() + 8);
        all.add(INFER_KV);
        if (w.kvBlockTokens() > 0) {
            all.add(INFER_PAGED);
        }
        all.add(w.prefillChunkTokens() > 0 ? INFER_CHUNKED : INFER_ONE_PASS);
        all.addAll(INFER_TAIL);
        all.addAll(ArchitectureNotes.inference(model, w));
        return List.copyOf(all);
    }

    private static List<String> assumptions(String layout, List<String> tail) {
        List<String> all = new ArrayList<>(tail.size() + 2);
        all.add(PEAK);
        all.add(layout);
        all.addAll(tail);
        return List.copyOf(all);
    }
}
