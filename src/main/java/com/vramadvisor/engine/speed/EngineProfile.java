package com.vramadvisor.engine.speed;

/**
 * What one engine or framework adds to its stack's efficiencies: fixed costs that do not shrink with the work, per
 * forward pass (the scheduler, sampling, the host's part of a step) and per layer of a pass (kernel launches; what
 * remains of them where the engine replays captured CUDA graphs), which dominate small batches of small models and
 * image models at batch 1; and the factors by which its own kernels reach more or less of the stack's shares
 * (TensorRT-LLM's generated kernels against vLLM's on the same GPU, llama.cpp's quantised matrix-vector kernels
 * against cuBLAS), on the compute classes and on the bandwidth classes.
 *
 * @param passSeconds     per forward pass, seconds
 * @param layerSeconds    per layer and pass (for image models: per operator launch), seconds
 * @param computeFactor   multiplies the stack's compute shares (large GEMM, attention prefill, expert GEMM)
 * @param bandwidthFactor multiplies the stack's bandwidth shares of the weight read (dense and routed experts) and
 *                        of the element-wise kernels
 * @param cacheFactor     multiplies the stack's share of decode attention's KV-cache read: the engine's attention
 *                        kernels (vLLM's paged attention, FlashInfer, TensorRT-LLM's XQA) are other kernels than its
 *                        matrix-vector products and reach a share of their own
 */
public record EngineProfile(double passSeconds, double layerSeconds, double computeFactor, double bandwidthFactor,
                            double cacheFactor) {

    /** No fixed cost, the stack's shares as they are. */
    public static final EngineProfile NONE = new EngineProfile(0, 0, 1, 1, 1);

    /** A profile whose KV-cache read moves with its weight read ({@code cacheFactor = bandwidthFactor}). */
    public EngineProfile(double passSeconds, double layerSeconds, double computeFactor, double bandwidthFactor) {
        this(passSeconds, layerSeconds, computeFactor, bandwidthFactor, bandwidthFactor);
    }

    public EngineProfile {
        if (!(passSeconds >= 0) || !(layerSeconds >= 0) || Double.isInfinite(passSeconds)
                || Double.isInfinite(layerSeconds)) {
            throw new IllegalArgumentException("fixed costs must be finite and not negative");
        }
        if (!(computeFactor > 0) || !(bandwidthFactor > 0) || !(cacheFactor > 0) || Double.isInfinite(computeFactor)
                || Double.isInfinite(bandwidthFactor) || Double.isInfinite(cacheFactor)) {
            throw new IllegalArgumentException("engine factors must be positive and finite");
        }
    }

    /**
     * Whether {@code engine} replays its decode steps as captured CUDA or HIP graphs by default, so that a pure
     * decode step launches its kernels at once: vLLM, before 0.8.0 ({@code vllm-v0}) and since (CUDA graphs unless
     * {@code --enforce-eager}, decode batches up to
     * the largest captured size; "CUDA Graphs" in vLLM's design documents), SGLang ({@code --disable-cuda-graph} off
     * by default, batches up to {@code --cuda-graph-max-bs}; server arguments in SGLang's documentation) and
     * TensorRT-LLM ({@code cuda_graph_config} in {@code trtllm-serve}'s and {@code trtllm-bench}'s configurations).
     * Eager PyTorch, Transformers and diffusers launch every kernel from Python; llama.cpp captures graphs on CUDA
     * only, not on its other back-ends, so it is not counted.
     */
    public static boolean capturesDecodeGraphs(String engine) {
        return engine != null && DECODE_GRAPHS.contains(engine.toLowerCase(java.util.Locale.ROOT));
    }

    private static final java.util.Set<String> DECODE_GRAPHS = java.util.Set.of("vllm", "vllm-v0", "sglang",
            "trtllm");

    /**
     * This profile applied to the stack's efficiencies {@code stack}: factors applied (a share at most 1), decode
     * graphs as {@code graphs} says.
     */
    public Efficiency apply(Efficiency stack, boolean graphs) {
        return new Efficiency(cap(stack.gemm() * computeFactor), cap(stack.gemmLowPrecision() * computeFactor),
                cap(stack.decodeGemv() * bandwidthFactor),
                cap(stack.attentionPrefill() * computeFactor), cap(stack.attentionDecode() * cacheFactor),
                cap(stack.moeGemm() * computeFactor), cap(stack.moeDecode() * bandwidthFactor), stack.collective(),
                cap(stack.elementwise() * bandwidthFactor), passSeconds, layerSeconds, graphs);
    }

    private static double cap(double share) {
        return Math.min(1, share);
    }
}
