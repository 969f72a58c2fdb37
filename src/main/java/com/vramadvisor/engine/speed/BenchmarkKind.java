package com.vramadvisor.engine.speed;

import java.util.Locale;
import java.util.Optional;

/**
 * What a published measurement measures, as the benchmark corpus names it ({@code catalog/benchmarks/README.md},
 * field {@code kind}).
 */
public enum BenchmarkKind {
    /** A server under load: throughput and latency at a concurrency or arrival rate. */
    LLM_SERVING("llm-serving"),
    /** A fixed batch generating: latency per token or tokens per second. */
    LLM_DECODE("llm-decode"),
    /** Prompt processing alone. */
    LLM_PREFILL("llm-prefill"),
    /** Steps of a language-model training run. */
    LLM_TRAINING("llm-training"),
    /** A whole published pre-training run's GPU-hours. */
    LLM_PRETRAINING("llm-pretraining"),
    VISION_INFERENCE("vision-inference"),
    VISION_TRAINING("vision-training"),
    DIFFUSION_INFERENCE("diffusion-inference"),
    DIFFUSION_TRAINING("diffusion-training");

    private final String id;

    BenchmarkKind(String id) {
        this.id = id;
    }

    /** The name the corpus files use. */
    public String id() {
        return id;
    }

    /** The kind a corpus file names, empty for an unknown name. */
    public static Optional<BenchmarkKind> of(String id) {
        for (BenchmarkKind k : values()) {
            if (k.id.equals(id.toLowerCase(Locale.ROOT))) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** Whether the measurement is of inference (serving, decode, prefill, image classification or generation). */
    public boolean inference() {
        return this == LLM_SERVING || this == LLM_DECODE || this == LLM_PREFILL || this == VISION_INFERENCE
                || this == DIFFUSION_INFERENCE;
    }
}
