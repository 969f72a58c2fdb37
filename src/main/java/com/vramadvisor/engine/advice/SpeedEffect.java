package com.vramadvisor.engine.advice;

/**
 * What a lever does to speed, with where the statement comes from. Where no published figure was found the
 * statement is qualitative and says so; no number is given without a source. The figures used: full recomputation
 * costs about one extra forward pass (~33% more compute; Korthikanti et al. 2022 measure 30-40% and report 54.2%
 * model FLOPs utilisation at 530B with selective recomputation and sequence parallelism against 42.1% with full
 * recomputation), selective recomputation a few percent (the same
 * paper: over 90% of the recomputation overhead removed); ZeRO-1/2 move the plain data-parallel volume of 2x the
 * parameters and ZeRO-3 1.5x that (Rajbhandari et al. 2020, section 7.2); LoRA trained GPT-3 175B 25% faster, 43.1
 * against 32.5 tokens/s per V100 (Hu et al. 2021, section 4.2); FlashAttention trains GPT-2 3x faster at 1K tokens
 * (Dao et al. 2022). {@code docs/advice.md} lists every lever with its source.
 *
 * @param trend   the direction of the effect on training or serving throughput
 * @param summary one English sentence (the window shows its own translation per {@link LeverKind})
 * @param source  the publication or documentation the statement rests on
 */
public record SpeedEffect(Trend trend, String summary, String source) {

    /** Direction of the effect on throughput. */
    public enum Trend {
        FASTER,
        ABOUT_SAME,
        SLOWER
    }

    static final String KORTHIKANTI = "Korthikanti et al. 2022, \"Reducing Activation Recomputation in Large "
            + "Transformer Models\"";
    static final String ZERO = "Rajbhandari et al. 2020, \"ZeRO: Memory Optimizations Toward Training Trillion "
            + "Parameter Models\", section 7";

    static final SpeedEffect SELECTIVE = new SpeedEffect(Trend.SLOWER,
            "a few percent more compute: only the attention core is recomputed; the paper cuts the overhead of "
                    + "full recomputation by over 90%",
            KORTHIKANTI + ", abstract and section 4.3");
    static final SpeedEffect FULL = new SpeedEffect(Trend.SLOWER,
            "about one extra forward pass per step, ~33% more training compute (forward is a third of forward plus "
                    + "backward); the paper measures 30-40%, and its selective recomputation with sequence parallelism trains a "
                    + "530B model 29% faster than full recomputation",
            KORTHIKANTI + ", sections 1 and 6 (54.2% against 42.1% model FLOPs utilisation)");
    static final SpeedEffect FLASH = new SpeedEffect(Trend.FASTER,
            "faster, not slower: 3x on GPT-2 training at 1K tokens, 15% end to end on BERT-large",
            "Dao et al. 2022, \"FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness\", "
                    + "abstract");
    static final SpeedEffect SMALLER_MICRO_BATCH = new SpeedEffect(Trend.SLOWER,
            "same tokens per optimizer step; lower throughput per GPU at smaller micro-batches (smaller matrix "
                    + "multiplications, more passes); no general figure",
            "qualitative; depends on how busy the GPU is at the smaller micro-batch");
    static final SpeedEffect ADAM_8BIT = new SpeedEffect(Trend.ABOUT_SAME,
            "matches 32-bit Adam's results; the optimizer step is a small share of the step time",
            "Dettmers et al. 2022, \"8-bit Optimizers via Block-wise Quantization\"");
    static final SpeedEffect ZERO_SAME_VOLUME = new SpeedEffect(Trend.ABOUT_SAME,
            "ZeRO-1 and ZeRO-2 move the same data-parallel communication volume as plain data parallelism (2x the "
                    + "parameters per step)",
            ZERO + ".2.1");
    static final SpeedEffect ZERO3_VOLUME = new SpeedEffect(Trend.SLOWER,
            "ZeRO-3 moves 1.5x the data-parallel communication volume (3x against 2x the parameters per step)",
            ZERO + ".2.2");
    static final SpeedEffect ZERO3_AND_FULL = new SpeedEffect(Trend.SLOWER,
            "both costs: 1.5x the data-parallel communication volume of ZeRO-3 and about one extra forward pass per "
                    + "step (~33% more compute) for full recomputation",
            ZERO + ".2.2; " + KORTHIKANTI + ", sections 1 and 6");
    static final SpeedEffect TENSOR_PARALLEL = new SpeedEffect(Trend.SLOWER,
            "two all-reduces per block in forward and two in backward: fine within NVLink, slow across nodes; "
                    + "no general figure",
            "Shoeybi et al. 2019, \"Megatron-LM\", section 3; qualitative");
    static final SpeedEffect ZERO_OFFLOAD = new SpeedEffect(Trend.SLOWER,
            "slower: the optimizer step runs on the CPU and gradients and parameters cross PCIe every step; the paper "
                    + "trains 13 billion parameters on one V100 at 40 TFLOPS, and the cost shrinks as the batch grows",
            "Ren et al. 2021, \"ZeRO-Offload: Democratizing Billion-Scale Model Training\", abstract");
    static final SpeedEffect ZERO_INFINITY = new SpeedEffect(Trend.SLOWER,
            "slower still: parameters and optimizer states stream from NVMe each step; it pays off only with large "
                    + "batches that hide the transfers",
            "Rajbhandari et al. 2021, \"ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep "
                    + "Learning\", sections 5 and 8");
    static final SpeedEffect FSDP_OFFLOAD = new SpeedEffect(Trend.SLOWER,
            "slower: every unit's parameters cross PCIe in forward and backward and the optimizer step runs on the "
                    + "CPU",
            "PyTorch documentation, torch.distributed.fsdp.CPUOffload; qualitative");
    static final SpeedEffect PIPELINE_PARALLEL_SERVE = new SpeedEffect(Trend.ABOUT_SAME,
            "each token still passes every layer one stage after another, so one sequence decodes no faster and a "
                    + "little slower for the hand-offs; the weights spread over twice the GPUs, leaving room for "
                    + "more sequences",
            "vLLM documentation, \"Distributed Inference and Serving\" (pipeline parallelism); llama.cpp "
                    + "--split-mode layer");
    static final SpeedEffect MIXED = new SpeedEffect(Trend.FASTER,
            "faster on GPUs with 16-bit tensor cores; no general figure",
            "Micikevicius et al. 2018, \"Mixed Precision Training\"; qualitative");
    static final SpeedEffect LORA = new SpeedEffect(Trend.FASTER,
            "25% faster training on GPT-3 175B than full fine-tuning (43.1 against 32.5 tokens/s per V100): no "
                    + "gradients for the frozen weights; the result may differ from full training",
            "Hu et al. 2021, \"LoRA: Low-Rank Adaptation of Large Language Models\", section 4.2");
    static final SpeedEffect QLORA = new SpeedEffect(Trend.SLOWER,
            "slower per step than 16-bit LoRA: the 4-bit base is dequantised for every matrix multiplication; "
                    + "no general figure",
            "Dettmers et al. 2023, \"QLoRA: Efficient Finetuning of Quantized LLMs\"; qualitative");
    static final SpeedEffect KV_FP8 = new SpeedEffect(Trend.FASTER,
            "a sequence decodes faster the longer its context: half the KV-cache bytes read per decoded token "
                    + "(about the same at short contexts, where the weights dominate the reads); small accuracy cost",
            "qualitative (vLLM documentation, \"Quantized KV Cache\")");
    static final SpeedEffect WEIGHTS_QUANTISED = new SpeedEffect(Trend.FASTER,
            "decoding is bound by memory bandwidth, so fewer weight bytes per token usually decode faster; "
                    + "quality loss grows at 4 bits; no general figure",
            "qualitative");
    static final SpeedEffect WEIGHTS_FP8 = new SpeedEffect(Trend.FASTER,
            "half the weight bytes of 16-bit weights read per decoded token, on FP8 tensor cores (Hopper, Ada and "
                    + "later); small accuracy cost; no general figure",
            "qualitative (vLLM documentation, \"FP8 W8A8\")");
    static final SpeedEffect TENSOR_PARALLEL_SERVE = new SpeedEffect(Trend.FASTER,
            "each GPU reads its share of the weights per decoded token, so a sequence usually decodes faster within "
                    + "NVLink; two all-reduces per block, slow across nodes; twice the GPUs; no general figure",
            "Shoeybi et al. 2019, \"Megatron-LM\", section 3; vLLM documentation, \"Distributed Inference and "
                    + "Serving\"; qualitative");
    static final SpeedEffect FEWER_SEQUENCES = new SpeedEffect(Trend.SLOWER,
            "fewer users served at once: lower total throughput",
            "qualitative");
    static final SpeedEffect SHORTER_CONTEXT = new SpeedEffect(Trend.ABOUT_SAME,
            "about the same speed per token, a little faster where the KV cache is a large share of the bytes read "
                    + "per token; requests are limited to the shorter context",
            "qualitative");
}
