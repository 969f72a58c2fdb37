package com.vramadvisor.engine.speed;

/**
 * The time of one forward pass from its work split by kernel class, each class at its achieved share of peak
 * ({@link Efficiency}):
 * <pre>
 *   compute = (dense / gemm + experts / moeGemm + attention / attentionPrefill) / peakFlopsPerSecond
 *   memory  = weights / (bandwidth x decodeGemv) + kv / (bandwidth x attentionDecode)
 *   fixed   = passSeconds + layers x layerSeconds
 * </pre>
 * The roofline takes the larger of compute and memory for kernels that do both at once (a decode step streams the
 * weights while it multiplies); the fixed costs are host time the GPU waits for. Pure functions.
 */
public final class PassTime {

    private PassTime() {
    }

    /**
     * Seconds of compute.
     *
     * @param e                  the efficiencies
     * @param peakFlopsPerSecond the dense peak of all GPUs that share the pass (tensor parallel), FLOP/s
     * @param denseFlops         FLOPs of dense matrix multiplications
     * @param expertFlops        FLOPs of routed-expert matrix multiplications
     * @param attentionFlops     FLOPs of attention scores and values
     */
    public static double computeSeconds(Efficiency e, double peakFlopsPerSecond, double denseFlops,
                                        double expertFlops, double attentionFlops) {
        if (!(peakFlopsPerSecond > 0)) {
            return 0;
        }
        return (denseFlops / e.gemm() + expertFlops / e.moeGemm() + attentionFlops / e.attentionPrefill())
                / peakFlopsPerSecond;
    }

    /**
     * Seconds of memory traffic of a decode-like pass of a dense model.
     *
     * @param bandwidthBytesPerSecond the peak bandwidth of the GPU that reads, bytes/s
     * @param weightBytes             weight bytes read
     * @param kvBytes                 KV-cache bytes read
     */
    public static double memorySeconds(Efficiency e, double bandwidthBytesPerSecond, double weightBytes,
                                       double kvBytes) {
        return memorySeconds(e, bandwidthBytesPerSecond, weightBytes, 0, kvBytes);
    }

    /**
     * Seconds of memory traffic of a decode-like pass: the dense weights at {@link Efficiency#decodeGemv}, the routed
     * experts' weights the pass touches at {@link Efficiency#moeDecode}, the KV cache at
     * {@link Efficiency#attentionDecode}.
     *
     * @param bandwidthBytesPerSecond the peak bandwidth of the GPU that reads, bytes/s
     * @param denseWeightBytes        bytes of the weights every token passes through (attention, shared experts,
     *                                dense feed-forward layers, embeddings)
     * @param expertWeightBytes       bytes of the routed experts' weights read
     * @param kvBytes                 KV-cache bytes read
     */
    public static double memorySeconds(Efficiency e, double bandwidthBytesPerSecond, double denseWeightBytes,
                                       double expertWeightBytes, double kvBytes) {
        return denseWeightBytes / (bandwidthBytesPerSecond * e.decodeGemv())
                + expertWeightBytes / (bandwidthBytesPerSecond * e.moeDecode())
                + kvBytes / (bandwidthBytesPerSecond * e.attentionDecode());
    }

    /** Fixed host-side seconds of one pass through {@code layers} layers launched kernel by kernel. */
    public static double fixedSeconds(Efficiency e, int layers) {
        return e.passSeconds() + layers * e.layerSeconds();
    }

    /**
     * Fixed host-side seconds of one pure decode step through {@code layers} layers: the pass's cost, and the
     * per-layer launches only where the engine does not replay decode steps as captured graphs
     * ({@link Efficiency#decodeGraphs}).
     */
    public static double decodeFixedSeconds(Efficiency e, int layers) {
        return e.decodeGraphs() ? e.passSeconds() : fixedSeconds(e, layers);
    }
}
