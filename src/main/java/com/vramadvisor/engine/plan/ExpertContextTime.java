package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.ModelSpec;

/**
 * The expert- and context-parallel communication terms of {@link StepTimeModel}, per micro-batch (formulas and
 * sources in its class comment): the context-parallel K/V ring (Megatron-Core docs "Context parallelism"; Liu et al.
 * 2023, ring attention) and the expert-parallel all-to-alls (Megatron-Core docs "Mixture of Experts").
 */
final class ExpertContextTime {

    private ExpertContextTime() {
    }

    /**
     * Exposed seconds of the context-parallel K/V ring per micro-batch: {@code 3 (cp - 1)} transfers of a K/V chunk
     * per layer, less the attention compute they overlap ({@code 3 x 4 b s^2 h / cp} FLOPs per layer at the
     * matmuls' effective rate {@code effectiveFlops}, causal halving ignored); 0 at cp 1.
     */
    static double contextRingSeconds(ModelSpec model, Fabric fabric, int t, int cp, int b, int s, double layers,
                                     double effectiveFlops) {
        if (cp <= 1) {
            return 0;
        }
        double kvWidth = (double) model.kvWidth() / t;
        double chunkBytes = 2.0 * b * ((double) s / cp) * kvWidth * 2;
        double hop = fabric.latencySeconds(cp, t)
                + chunkBytes / (fabric.ringGBps(cp, t) * 1e9 * Fabric.COLLECTIVE_EFFICIENCY);
        double ring = 3.0 * (cp - 1) * hop;
        double attention = 3 * 4.0 * b * (double) s * s * model.hiddenSize() / cp / t / effectiveFlops;
        return layers * Math.max(0, ring - attention);
    }

    /**
     * Seconds of the expert-parallel all-to-alls per micro-batch: dispatch and combine, forward and backward, of
     * {@code tokens x k x h} 16-bit values per MoE layer of the stage; 0 at ep 1 or for a dense model.
     */
    static double allToAllSeconds(ModelSpec model, Fabric fabric, int t, int cp, int ep, double tokens, int p) {
        if (ep <= 1 || !model.isMoe()) {
            return 0;
        }
        double moeLayers = (double) (model.layers() - model.moe().denseLayers()) / p;
        double bytes = tokens * model.moe().expertsPerToken() * model.hiddenSize() * 2.0 * (ep - 1) / ep;
        double one = fabric.latencySeconds(ep, t * cp)
                + bytes / (fabric.ringGBps(ep, t * cp) * 1e9 * Fabric.COLLECTIVE_EFFICIENCY);
        return moeLayers * 4 * one;
    }
}
