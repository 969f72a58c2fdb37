package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.DataType;

import java.util.Optional;

/**
 * Tensor types of GGUF files with their block layout: {@code blockSize} elements are stored in {@code typeSize}
 * bytes, so a tensor of {@code n} elements takes {@code n / blockSize * typeSize} bytes.
 *
 * <p>Ids are {@code enum ggml_type} of ggml's {@code ggml.h} (also in the GGUF specification, ggml
 * {@code docs/gguf.md}); sizes are llama.cpp's {@code GGML_QUANT_SIZES} table in {@code gguf-py/gguf/constants.py}
 * (commit 0024aa7417efd50a7c2a79e049dfbbbceb0beaaf), which mirrors the {@code blck_size}/{@code type_size} type traits
 * in {@code ggml.c}. Ids 4, 5 (Q4_2, Q4_3) and 31 to 33, 36 to 38 (repacked Q4_0/IQ4_NL variants) were removed from
 * GGUF files and are rejected like any unknown id. With {@code QK_K = 256}: e.g. {@code Q4_K} is
 * {@code 2 + 2 + 256/2 + 12 = 144} bytes per 256 weights, {@code Q6_K} {@code 2 + 128 + 64 + 16 = 210}.
 */
public enum GgmlType {
    F32(0, 1, 4, DataType.FP32),
    F16(1, 1, 2, DataType.FP16),
    Q4_0(2, 32, 2 + 16, DataType.GGUF_Q4_0),
    Q4_1(3, 32, 2 + 2 + 16, DataType.GGUF_Q4_1),
    Q5_0(6, 32, 2 + 4 + 16, DataType.GGUF_Q5_0),
    Q5_1(7, 32, 2 + 2 + 4 + 16, DataType.GGUF_Q5_1),
    Q8_0(8, 32, 2 + 32, DataType.GGUF_Q8_0),
    Q8_1(9, 32, 4 + 4 + 32, null),
    Q2_K(10, 256, 2 + 2 + 256 / 16 + 256 / 4, DataType.GGUF_Q2_K),
    Q3_K(11, 256, 2 + 256 / 4 + 256 / 8 + 12, DataType.GGUF_Q3_K),
    Q4_K(12, 256, 2 + 2 + 256 / 2 + 12, DataType.GGUF_Q4_K),
    Q5_K(13, 256, 2 + 2 + 256 / 2 + 256 / 8 + 12, DataType.GGUF_Q5_K),
    Q6_K(14, 256, 2 + 256 / 2 + 256 / 4 + 256 / 16, DataType.GGUF_Q6_K),
    Q8_K(15, 256, 4 + 256 + 256 / 8, null),
    IQ2_XXS(16, 256, 2 + 256 / 4, null),
    IQ2_XS(17, 256, 2 + 256 / 4 + 256 / 32, null),
    IQ3_XXS(18, 256, 2 + 256 / 4 + 256 / 8, null),
    IQ1_S(19, 256, 2 + 256 / 8 + 256 / 16, null),
    IQ4_NL(20, 32, 2 + 16, DataType.GGUF_IQ4_NL),
    IQ3_S(21, 256, 2 + 256 / 4 + 256 / 8 + 256 / 32 + 4, null),
    IQ2_S(22, 256, 2 + 256 / 4 + 256 / 16, null),
    IQ4_XS(23, 256, 2 + 2 + 256 / 2 + 256 / 64, DataType.GGUF_IQ4_XS),
    I8(24, 1, 1, null),
    I16(25, 1, 2, null),
    I32(26, 1, 4, null),
    I64(27, 1, 8, null),
    F64(28, 1, 8, null),
    IQ1_M(29, 256, 256 / 8 + 256 / 16 + 256 / 32, null),
    BF16(30, 1, 2, DataType.BF16),
    TQ1_0(34, 256, 2 + 4 * 13, null),
    TQ2_0(35, 256, 2 + 64, null),
    MXFP4(39, 32, 1 + 16, null),
    NVFP4(40, 64, 4 + 32, null),
    Q1_0(41, 128, 2 + 16, null);

    private static final GgmlType[] BY_ID = new GgmlType[64];

    static {
        for (GgmlType t : values()) {
            BY_ID[t.id] = t;
        }
    }

    private final int id;
    private final int blockSize;
    private final int typeSize;
    private final DataType engineType;

    GgmlType(int id, int blockSize, int typeSize, DataType engineType) {
        this.id = id;
        this.blockSize = blockSize;
        this.typeSize = typeSize;
        this.engineType = engineType;
    }

    /** The {@code ggml_type} id stored in a GGUF tensor info. */
    public int id() {
        return id;
    }

    /** Elements per block. */
    public int blockSize() {
        return blockSize;
    }

    /** Bytes per block, scales included. */
    public int typeSize() {
        return typeSize;
    }

    /** The engine's element type for this block format, when it has one. */
    public Optional<DataType> engineType() {
        return Optional.ofNullable(engineType);
    }

    /** Bytes of a tensor of {@code elements} elements; {@code elements} must be a whole number of blocks. */
    public long bytesFor(long elements) {
        if (elements % blockSize != 0) {
            throw new IllegalArgumentException(elements + " elements are not a whole number of " + name()
                    + " blocks of " + blockSize);
        }
        return Math.multiplyExact(elements / blockSize, (long) typeSize);
    }

    /** The type with this id, or empty for ids that GGUF does not define (or no longer supports). */
    public static Optional<GgmlType> byId(long id) {
        return id >= 0 && id < BY_ID.length ? Optional.ofNullable(BY_ID[(int) id]) : Optional.empty();
    }

    /** The type with this name ({@code Q4_K}), or empty. */
    public static Optional<GgmlType> byName(String name) {
        for (GgmlType t : values()) {
            if (t.name().equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
