package com.vramadvisor.engine.llm;

/**
 * Activation recomputation (checkpointing): none; selective, which recomputes only the attention core
 * (Korthikanti et al. 2022, section 4.3); full, which keeps only each block's input ({@code torch.utils.checkpoint}
 * per block; Chen et al. 2016).
 */
public enum Recompute {
    NONE,
    SELECTIVE,
    FULL
}
