package com.vramadvisor.engine.llm;

/**
 * Context parallelism for a training step (Megatron-Core docs "Context parallelism"; Liu et al. 2023, "Ring Attention
 * with Blockwise Transformers for Near-Infinite Context"). Each of the {@code cp} ranks holds {@code s / cp} tokens of
 * every sequence (two of the {@code 2 cp} chunks), so every saved activation, the logits and the loss tensors are
 * those of a sequence of {@code s / cp} tokens. Attention runs blockwise: a rank computes its queries against one K/V
 * chunk at a time while the next chunk arrives from its ring neighbour, so no rank materialises scores over the whole
 * sequence; Megatron-Core runs CP only with fused (flash) attention, which is what the per-rank figure assumes.
 *
 * <p>Ring buffers: Transformer Engine's {@code AttnFuncWithCPAndKVP2P} double-buffers the K/V chunk in flight
 * ({@code p2p_comm_buffers}: the chunk being used and the one being received), i.e.
 * {@code 2 * 2 * b * (s / cp) * kv_heads_per_rank * head_dim * bytes} alive while a block's attention runs; counted
 * once, on top of the saved activations.
 */
final class ContextParallel {

    private ContextParallel() {
    }

    /**
     * The workload whose activations one context-parallel rank holds: {@code s / cp} tokens per sequence, with expert
     * and context parallelism off (activations per GPU do not depend on ep under balanced routing); {@code w} itself
     * at cp 1. Only for activation and logits sizes: its parameters are not this GPU's.
     */
    static Workload localWorkload(Workload w) {
        Parallelism par = w.parallelism();
        int cp = par.contextParallel();
        if (cp == 1) {
            return w;
        }
        return w.toBuilder()
                .sequenceLength(Math.max(1, w.sequenceLength() / cp))
                .parallelism(par.withExpertContext(1, 1))
                .build();
    }

    /** Bytes of the two K/V chunks in flight around the ring; 0 at cp 1. */
    static double ringBufferBytes(ModelSpec m, Workload w) {
        Parallelism par = w.parallelism();
        int cp = par.contextParallel();
        if (cp == 1) {
            return 0;
        }
        double chunkTokens = (double) w.batch() * w.sequenceLength() / cp;
        double kv = ActivationModel.kvHeadsPerRank(m, par.tensorParallel()) * (double) m.headDim();
        return 2 * 2 * chunkTokens * kv * Bytes.activationBytes(w.precision());
    }
}
