package com.vramadvisor.engine.llm;

/** LayerNorm has a weight and a bias of {@code h} each; RMSNorm (Zhang and Sennrich 2019) has only the weight. */
public enum NormKind {
    LAYERNORM,
    RMSNORM
}
