package com.vramadvisor.engine.llm;

/** Moments of a training step or an inference request at which memory is evaluated. */
public enum Phase {
    /** End of the forward pass: all saved activations and the logits are alive. */
    FORWARD_END("forward-end"),
    /** During the backward pass: gradients are being created while activations are freed. */
    BACKWARD("backward"),
    /** The optimizer step: all gradients and optimizer states are alive, activations are gone. */
    OPTIMIZER_STEP("optimizer-step"),
    /** Inference prefill: the prompt is processed in one forward pass. */
    PREFILL("prefill"),
    /** Inference decode: one token per sequence per step against a full KV cache. */
    DECODE("decode"),
    /**
     * Before training: the whole model on each GPU for a moment, before ZeRO-3 partitions it (adapters on a
     * quantised base under DeepSpeed, which cannot be built already partitioned; {@link ZeroBuffers}).
     */
    MODEL_LOAD("model-load");

    private final String id;

    Phase(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
