package com.vramadvisor.engine.llm;

/**
 * What sits on top of the last block: a language-model head over the vocabulary ({@code *ForCausalLM},
 * {@code *ForMaskedLM}), a classifier with a handful of outputs ({@code *ForSequenceClassification}), or nothing
 * (a bare {@code *Model}).
 */
public enum HeadKind {
    LM,
    CLASSIFIER,
    NONE
}
