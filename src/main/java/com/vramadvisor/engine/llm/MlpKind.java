package com.vramadvisor.engine.llm;

/**
 * Shape of the feed-forward block.
 * <ul>
 *   <li>{@link #GELU}: two matrices, {@code h -> ffn -> h}, with a pointwise activation (GELU, ReLU) between them
 *       (GPT-2, BERT, OPT, Falcon).</li>
 *   <li>{@link #GATED}: three matrices, {@code act(x W_gate) * (x W_up)} then {@code W_down} (SwiGLU in Llama and
 *       Mistral, GeGLU in Gemma); Shazeer 2020, "GLU Variants Improve Transformer".</li>
 * </ul>
 */
public enum MlpKind {
    GELU,
    GATED
}
