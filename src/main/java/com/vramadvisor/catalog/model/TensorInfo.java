package com.vramadvisor.catalog.model;

import java.util.List;
import java.util.Objects;

/**
 * One stored tensor as its file header describes it.
 *
 * @param name     tensor name as stored ({@code model.layers.0.self_attn.q_proj.weight}, {@code blk.0.attn_q.weight})
 * @param dtype    storage type as the format spells it ({@code BF16} for safetensors, {@code Q4_K} for GGUF)
 * @param shape    dimensions as stored: row-major outermost first for safetensors, GGUF's {@code ne[0]} (innermost)
 *                 first for GGUF
 * @param elements number of elements, the product of {@code shape} (1 for a scalar)
 * @param bytes    bytes the tensor data occupies in the file, including block scales of quantized types
 */
public record TensorInfo(String name, String dtype, List<Long> shape, long elements, long bytes) {

    public TensorInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dtype, "dtype");
        shape = List.copyOf(shape);
        if (elements < 0 || bytes < 0) {
            throw new IllegalArgumentException("tensor sizes must not be negative");
        }
    }
}
