package com.vramadvisor.catalog.model;

import java.util.List;
import java.util.Objects;

/**
 * One tensor info of a GGUF file.
 *
 * @param name     tensor name ({@code blk.0.attn_q.weight})
 * @param dims     dimensions, innermost first ({@code ne[0]}, {@code ne[1]}, ...); {@code token_embd.weight} is
 *                 {@code [n_embd, n_vocab]}
 * @param type     block type
 * @param offset   offset of the data from the start of the data section, a multiple of the alignment
 * @param elements product of {@code dims}
 * @param bytes    {@code elements / blockSize * typeSize}
 */
public record GgufTensor(String name, List<Long> dims, GgmlType type, long offset, long elements, long bytes) {

    public GgufTensor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        dims = List.copyOf(dims);
    }

    /** Dimension {@code i}, or 1 beyond the stored ones (as ggml pads {@code ne} with ones). */
    public long dim(int i) {
        return i < dims.size() ? dims.get(i) : 1;
    }

    TensorInfo toTensorInfo() {
        return new TensorInfo(name, type.name(), dims, elements, bytes);
    }
}
