package com.vramadvisor.engine.llm;

import java.util.List;

/**
 * What one transformer block keeps for backward, per GPU, for one micro-batch.
 *
 * @param totalBytes  bytes saved for backward; the sum of {@code tensors}
 * @param tensors     the saved tensors one by one, in forward order, each counted once even when several ops save
 *                    the same tensor
 */
public record LayerActivations(long totalBytes, List<SavedTensor> tensors) {

    public LayerActivations {
        tensors = List.copyOf(tensors);
    }
}
