package com.vramadvisor.engine.llm;

/**
 * Whether gradient buffers are freed after the optimizer step ({@code zero_grad(set_to_none=True)}, the PyTorch 2.0
 * default) or kept allocated and zeroed (PyTorch before 2.0, or {@code set_to_none=False}), in which case they
 * coexist with the next forward pass's activations.
 */
public enum GradsBetweenSteps {
    FREED,
    KEPT
}
