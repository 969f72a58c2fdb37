package com.vramadvisor.engine;

import java.util.Objects;
import java.util.Set;

/**
 * Low-rank adapters (Hu et al. 2021): each adapted {@code d_in x d_out} matrix gains trainable {@code A (d_in x r)}
 * and {@code B (r x d_out)}, i.e. {@code r * (d_in + d_out)} parameters.
 *
 * @param rank    adapter rank r
 * @param targets which matrices get adapters
 */
public record LoraSpec(int rank, Set<LoraTarget> targets) {

    /** Adapters on all attention and MLP projections, QLoRA's recommended setting (Dettmers et al. 2023). */
    public static final Set<LoraTarget> ALL_LINEAR = Set.of(LoraTarget.values());

    public LoraSpec {
        if (rank < 1) {
            throw new IllegalArgumentException("LoRA rank must be at least 1, got " + rank);
        }
        Objects.requireNonNull(targets, "targets");
        targets = Set.copyOf(targets);
    }

    /** Matrices that can carry adapters, by their usual Hugging Face PEFT module names. */
    public enum LoraTarget {
        Q_PROJ, K_PROJ, V_PROJ, O_PROJ, GATE_PROJ, UP_PROJ, DOWN_PROJ
    }
}
