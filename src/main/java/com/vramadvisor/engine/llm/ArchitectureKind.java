package com.vramadvisor.engine.llm;

/** Whether a transformer predicts the next token (decoder, causal attention) or encodes the whole input (encoder). */
public enum ArchitectureKind {
    DECODER,
    ENCODER
}
