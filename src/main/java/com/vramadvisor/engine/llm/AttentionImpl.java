package com.vramadvisor.engine.llm;

/**
 * Attention implementation. {@link #EAGER} materialises and keeps the {@code a x s x s} scores and probabilities
 * for backward; {@link #FLASH} (FlashAttention, Dao et al. 2022; PyTorch SDPA) keeps only the output and a
 * per-row log-sum-exp and recomputes the rest.
 */
public enum AttentionImpl {
    EAGER,
    FLASH
}
