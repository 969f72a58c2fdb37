package com.vramadvisor.catalog.model;

import java.util.List;
import java.util.Objects;

/**
 * One GGUF metadata value.
 *
 * @param type  the stored type
 * @param value the value: {@code Long} for integers (unsigned 64-bit values above 2^63 - 1 come back negative),
 *              {@code Double} for floats, {@code Boolean}, {@code String} (strings over
 *              {@link GgufReader#MAX_KEPT_STRING_BYTES} are skipped and kept as {@code null}), or an {@link Array}
 */
public record GgufValue(GgufValueType type, Object value) {

    public GgufValue {
        Objects.requireNonNull(type, "type");
    }

    /**
     * An array value: its element type and length, and the first {@link GgufReader#ARRAY_VALUES_KEPT} elements
     * (the rest, e.g. the 150,000 strings of a tokenizer vocabulary, are read past, not kept).
     */
    public record Array(GgufValueType elementType, long length, List<GgufValue> head) {

        public Array {
            head = List.copyOf(head);
        }
    }

    /** The value as a whole number, when it is one. */
    public java.util.OptionalLong asLong() {
        return type.isInteger() ? java.util.OptionalLong.of((Long) value) : java.util.OptionalLong.empty();
    }
}
