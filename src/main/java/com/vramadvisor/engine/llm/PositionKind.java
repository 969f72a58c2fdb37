package com.vramadvisor.engine.llm;

/**
 * Position encoding. {@link #LEARNED} adds a {@code maxPositions x h} parameter table (GPT-2, BERT, OPT);
 * {@link #ROTARY} (Su et al. 2021) and {@link #NONE} (ALiBi, NoPE) add no parameters.
 */
public enum PositionKind {
    LEARNED,
    ROTARY,
    NONE
}
