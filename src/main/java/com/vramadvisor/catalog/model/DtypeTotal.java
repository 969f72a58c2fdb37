package com.vramadvisor.catalog.model;

/**
 * Tensors of one storage type added up.
 *
 * @param dtype    storage type as the file spells it ({@code BF16}, {@code Q6_K})
 * @param tensors  number of tensors of this type
 * @param elements parameters stored in this type
 * @param bytes    bytes they occupy, block scales included
 */
public record DtypeTotal(String dtype, int tensors, long elements, long bytes) {

    DtypeTotal plus(TensorInfo t) {
        return new DtypeTotal(dtype, tensors + 1, Math.addExact(elements, t.elements()),
                Math.addExact(bytes, t.bytes()));
    }
}
