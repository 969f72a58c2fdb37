package com.vramadvisor.engine.llm;

/**
 * Mixture-of-experts feed-forward layers (Shazeer et al. 2017; Fedus et al. 2021; Mixtral, Jiang et al. 2024).
 *
 * @param experts              routed experts per MoE layer
 * @param expertsPerToken      routed experts each token visits (top-k)
 * @param expertFfnSize        intermediate width of one routed expert
 * @param sharedExpertFfnSize  total intermediate width of the always-active shared expert(s), 0 when there are none
 *                             (DeepSeekMoE: {@code n_shared_experts * moe_intermediate_size}; Qwen2-MoE:
 *                             {@code shared_expert_intermediate_size})
 * @param sharedExpertGate     whether a {@code h x 1} sigmoid gate scales the shared expert (Qwen2-MoE)
 * @param denseLayers          leading layers that keep a dense FFN of {@link ModelSpec#ffnSize()} instead of experts
 *                             (DeepSeek's {@code first_k_dense_replace}); only their number matters for memory, so
 *                             interleaved dense layers (Llama 4 Maverick's {@code interleave_moe_layer_step} 2) are
 *                             counted here too
 * @param routerBias           whether the router has one bias per expert (gpt-oss's {@code router.bias}; DeepSeek-V3's
 *                             {@code e_score_correction_bias})
 */
public record MoeSpec(int experts, int expertsPerToken, int expertFfnSize, int sharedExpertFfnSize,
                      boolean sharedExpertGate, int denseLayers, boolean routerBias) {

    /** Routing without a router bias. */
    public MoeSpec(int experts, int expertsPerToken, int expertFfnSize, int sharedExpertFfnSize,
                   boolean sharedExpertGate, int denseLayers) {
        this(experts, expertsPerToken, expertFfnSize, sharedExpertFfnSize, sharedExpertGate, denseLayers, false);
    }

    /**
     * Most routed experts a layer may have. Published models have at most a few hundred (DeepSeek-V3: 256); the bound
     * keeps a hostile file or flag from describing billions, whose parameter count would leave 64-bit range.
     */
    public static final int MAX_EXPERTS = 1 << 16;

    public MoeSpec {
        if (experts > MAX_EXPERTS) {
            throw new IllegalArgumentException("experts must be at most " + MAX_EXPERTS + ", got " + experts);
        }
        if (experts < 1 || expertsPerToken < 1 || expertsPerToken > experts) {
            throw new IllegalArgumentException(
                    "experts per token must be between 1 and the number of experts (" + experts + ")");
        }
        if (expertFfnSize < 1 || sharedExpertFfnSize < 0 || denseLayers < 0) {
            throw new IllegalArgumentException("expert sizes and dense layer count must not be negative");
        }
    }

    /** Plain top-k routing over identical experts, as in Mixtral. */
    public static MoeSpec topK(int experts, int expertsPerToken, int expertFfnSize) {
        return new MoeSpec(experts, expertsPerToken, expertFfnSize, 0, false, 0);
    }

    /** Router parameters of one layer: {@code h x E} weights plus {@code E} biases when present. */
    public long routerParams(long hiddenSize) {
        return hiddenSize * experts + (routerBias ? experts : 0);
    }
}
