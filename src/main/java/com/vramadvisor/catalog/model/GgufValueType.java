package com.vramadvisor.catalog.model;

import java.util.Optional;

/**
 * {@code gguf_metadata_value_type} of the GGUF specification (ggml {@code docs/gguf.md}), with the size in bytes
 * of a value of fixed-size types (strings and arrays carry their length, so their fixed part is given instead:
 * an 8-byte length, and a 4-byte type plus an 8-byte count).
 */
public enum GgufValueType {
    UINT8(0, 1),
    INT8(1, 1),
    UINT16(2, 2),
    INT16(3, 2),
    UINT32(4, 4),
    INT32(5, 4),
    FLOAT32(6, 4),
    BOOL(7, 1),
    STRING(8, 8),
    ARRAY(9, 12),
    UINT64(10, 8),
    INT64(11, 8),
    FLOAT64(12, 8);

    private final int id;
    private final int minBytes;

    GgufValueType(int id, int minBytes) {
        this.id = id;
        this.minBytes = minBytes;
    }

    public int id() {
        return id;
    }

    /** The fewest bytes one value of this type takes in a file. */
    int minBytes() {
        return minBytes;
    }

    /** Whether values of this type are whole numbers. */
    public boolean isInteger() {
        return switch (this) {
            case UINT8, INT8, UINT16, INT16, UINT32, INT32, UINT64, INT64 -> true;
            default -> false;
        };
    }

    static Optional<GgufValueType> byId(long id) {
        for (GgufValueType t : values()) {
            if (t.id == id) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
