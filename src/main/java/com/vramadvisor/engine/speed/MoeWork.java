package com.vramadvisor.engine.speed;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.ParameterCounter;

/**
 * What a mixture-of-experts layer costs beyond a dense one: the experts a step's tokens actually touch, whose weights
 * a decode step reads, and the share of the FLOPs that runs as grouped expert matrix multiplications
 * ({@link KernelClass#MOE_GEMM}).
 *
 * <p>With {@code B} tokens in a step, each routed to {@code k} of {@code E} experts, and routing taken as uniform
 * and independent between tokens, an expert is missed by one token with probability {@code 1 - k/E} and by all of
 * them with {@code (1 - k/E)^B}, so the expected number of distinct experts touched is
 * <pre>
 *   E (1 - (1 - k/E)^B)
 * </pre>
 * which is {@code k} for one token and approaches {@code E} for large batches (the same count DeepSpeed-MoE's and
 * MoE-Lightning's decode analyses use; uniform routing is the balanced case the routers' auxiliary losses aim for,
 * Fedus et al. 2022, "Switch Transformers", section 2.2). A decode step reads those experts' weights once, not
 * {@code k} per token.
 */
public final class MoeWork {

    private MoeWork() {
    }

    /** Expected distinct experts of {@code experts} touched by {@code tokens} tokens choosing {@code perToken} each. */
    public static double distinctExperts(int experts, int perToken, double tokens) {
        if (experts <= 0 || tokens <= 0) {
            return 0;
        }
        double k = Math.min(perToken, experts);
        return experts * (1 - Math.pow(1 - k / experts, tokens));
    }

    /**
     * Routed-expert parameters one token passes through: all routed experts' parameters times {@code k / E}; 0 for a
     * dense model. Their FLOPs ({@code 2} per parameter and token forward) run as grouped expert matrix
     * multiplications.
     */
    public static double activeExpertParameters(ModelSpec model) {
        if (!model.isMoe()) {
            return 0;
        }
        return (double) ParameterCounter.routedExpertParams(model) * model.moe().expertsPerToken()
                / model.moe().experts();
    }
}
