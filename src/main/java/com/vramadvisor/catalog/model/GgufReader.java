package com.vramadvisor.catalog.model;

import com.vramadvisor.files.UntrustedText;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the header of a GGUF file (versions 2 and 3) without reading tensor data.
 *
 * <p>Layout (ggml {@code docs/gguf.md}): magic {@code "GGUF"}, {@code uint32} version, {@code uint64} tensor count,
 * {@code uint64} metadata count, the metadata key/value pairs (a key is a {@code uint64}-length string, then a
 * {@code uint32} value type and the value; arrays carry an element type and a {@code uint64} count and may nest),
 * then per tensor its name, {@code uint32} dimension count, {@code uint64} dimensions, {@code uint32} ggml type and
 * {@code uint64} data offset; the data section starts at the next multiple of {@code general.alignment} (default 32).
 * Big-endian files are recognised by their byte-swapped version.
 *
 * <p>Every count and length is checked against the bytes the file has left before anything is allocated, so a
 * truncated file or a lying header gives a {@link ModelImportException} naming what did not fit, never an
 * {@link OutOfMemoryError}. Further checks follow llama.cpp's {@code gguf.cpp}: at most 4 dimensions, none negative,
 * element counts without overflow, the first dimension a whole number of blocks, known types, unique keys and tensor
 * names, offsets aligned, inside the file and not overlapping.
 */
public final class GgufReader {

    /** Strings longer than this (e.g. an embedded {@code tokenizer.huggingface.json}) are skipped, not kept. */
    public static final int MAX_KEPT_STRING_BYTES = 1 << 20;

    /** Elements kept from each metadata array; the rest are read past. */
    public static final int ARRAY_VALUES_KEPT = 16;

    /**
     * Most strings, booleans or nested arrays one metadata array may hold: each is read past one by one (a boolean
     * must be 0 or 1), so a corrupt length over a large file's zero-filled data would otherwise mean billions of
     * reads. Real tokenizers hold a few hundred thousand tokens or merges.
     */
    public static final long MAX_VARIABLE_ARRAY_LENGTH = 1L << 24;

    /** {@code GGML_MAX_DIMS}. */
    static final int MAX_DIMS = 4;

    /** The specification: keys are at most 65535 bytes, tensor names at most 64. */
    static final int MAX_KEY_BYTES = 65_535;
    static final int MAX_NAME_BYTES = 64;

    static final long DEFAULT_ALIGNMENT = 32;
    private static final int MAX_ARRAY_DEPTH = 8;

    /** Smallest tensor info: name length, dimension count, type, offset. */
    private static final long MIN_TENSOR_INFO_BYTES = 8 + 4 + 4 + 8;
    /** Smallest key/value pair: key length, value type, a one-byte value. */
    private static final long MIN_KV_BYTES = 8 + 4 + 1;

    private GgufReader() {
    }

    /** Reads and checks the header of {@code file}. */
    public static GgufFile read(Path file) throws ModelImportException {
        try (BoundedReader in = BoundedReader.open(file)) {
            byte[] magic = in.bytes(Math.min(4, in.size()), "magic");
            if (magic.length < 4 || magic[0] != 'G' || magic[1] != 'G' || magic[2] != 'U' || magic[3] != 'F') {
                throw new ModelImportException(file, "not a GGUF file (the first bytes are not \"GGUF\")");
            }
            int version = version(in);
            long tensorCount = in.u64("tensor count");
            long kvCount = in.u64("metadata count");
            requireCounts(in, tensorCount, kvCount);
            Map<String, GgufValue> metadata = new LinkedHashMap<>();
            for (long i = 0; i < kvCount; i++) {
                String key = string(in, MAX_KEY_BYTES, "metadata key " + i);
                if (metadata.containsKey(key)) {
                    throw new ModelImportException(file, "metadata key '" + UntrustedText.escape(key)
                            + "' appears twice");
                }
                GgufValueType type = valueType(in, "metadata '" + UntrustedText.escape(key) + "'");
                metadata.put(key, value(in, type, "metadata '" + UntrustedText.escape(key) + "'", 0));
            }
            long alignment = alignment(file, metadata);
            List<TensorHeader> headers = new ArrayList<>((int) Math.min(tensorCount, 1 << 16));
            Set<String> names = new HashSet<>();
            for (long i = 0; i < tensorCount; i++) {
                TensorHeader t = tensorHeader(in, i);
                if (!names.add(t.name)) {
                    throw new ModelImportException(file, "tensor '" + UntrustedText.escape(t.name) + "' appears twice");
                }
                headers.add(t);
            }
            long end = in.position();
            long dataOffset = end + (alignment - end % alignment) % alignment;
            List<GgufTensor> tensors = new ArrayList<>(headers.size());
            for (TensorHeader t : headers) {
                tensors.add(finish(file, t, alignment, dataOffset, in.size()));
            }
            requireDisjoint(file, tensors);
            return new GgufFile(file, version, in.order() == ByteOrder.BIG_ENDIAN, alignment, metadata, tensors,
                    dataOffset);
        }
    }

    private static int version(BoundedReader in) throws ModelImportException {
        long raw = in.u32("version");
        if (raw == 2 || raw == 3) {
            return (int) raw;
        }
        long swapped = Integer.toUnsignedLong(Integer.reverseBytes((int) raw));
        if (swapped == 3 || swapped == 2) {
            in.order(ByteOrder.BIG_ENDIAN);
            return (int) swapped;
        }
        if (raw == 1) {
            throw new ModelImportException(in.file(), "GGUF version 1 is not supported (versions 2 and 3 are);"
                    + " convert the file again with a current llama.cpp");
        }
        throw new ModelImportException(in.file(), "unknown GGUF version " + raw + " (versions 2 and 3 are read)");
    }

    private static void requireCounts(BoundedReader in, long tensors, long kvs) throws ModelImportException {
        long left = in.remaining();
        if (tensors < 0 || kvs < 0 || tensors > left / MIN_TENSOR_INFO_BYTES || kvs > left / MIN_KV_BYTES
                || tensors * MIN_TENSOR_INFO_BYTES + kvs * MIN_KV_BYTES > left) {
            throw new ModelImportException(in.file(), "header claims " + Long.toUnsignedString(tensors)
                    + " tensors and " + Long.toUnsignedString(kvs) + " metadata entries, more than the remaining "
                    + left + " bytes of the file can hold (truncated or corrupt)");
        }
    }

    private static GgufValueType valueType(BoundedReader in, String what) throws ModelImportException {
        long id = in.u32(what + " type");
        return GgufValueType.byId(id).orElseThrow(() -> new ModelImportException(in.file(),
                what + " has unknown value type " + id));
    }

    private static GgufValue value(BoundedReader in, GgufValueType type, String what, int depth)
            throws ModelImportException {
        return switch (type) {
            case UINT8 -> new GgufValue(type, (long) in.u8(what));
            case INT8 -> new GgufValue(type, (long) (byte) in.u8(what));
            case UINT16 -> new GgufValue(type, (long) in.u16(what));
            case INT16 -> new GgufValue(type, (long) (short) in.u16(what));
            case UINT32 -> new GgufValue(type, in.u32(what));
            case INT32 -> new GgufValue(type, (long) in.i32(what));
            case UINT64, INT64 -> new GgufValue(type, in.u64(what));
            case FLOAT32 -> new GgufValue(type, (double) Float.intBitsToFloat(in.i32(what)));
            case FLOAT64 -> new GgufValue(type, Double.longBitsToDouble(in.u64(what)));
            case BOOL -> {
                int b = in.u8(what);
                if (b > 1) {
                    throw new ModelImportException(in.file(), what + " is a boolean stored as " + b
                            + " (must be 0 or 1)");
                }
                yield new GgufValue(type, b == 1);
            }
            case STRING -> new GgufValue(type, keptString(in, what));
            case ARRAY -> new GgufValue(type, array(in, what, depth));
        };
    }

    private static GgufValue.Array array(BoundedReader in, String what, int depth) throws ModelImportException {
        if (depth >= MAX_ARRAY_DEPTH) {
            throw new ModelImportException(in.file(), what + " nests arrays deeper than " + MAX_ARRAY_DEPTH);
        }
        GgufValueType element = valueType(in, what + " element");
        long length = in.u64(what + " length");
        if (length < 0 || length > in.remaining() / element.minBytes()) {
            throw new ModelImportException(in.file(), what + " claims " + Long.toUnsignedString(length) + " "
                    + element + " elements, more than the remaining " + in.remaining() + " bytes can hold");
        }
        boolean oneByOne = isVariableSize(element) || element == GgufValueType.BOOL;
        if (length > MAX_VARIABLE_ARRAY_LENGTH && oneByOne) {
            throw new ModelImportException(in.file(), what + " claims " + length + " " + element + " elements; at"
                    + " most " + MAX_VARIABLE_ARRAY_LENGTH + " are read (corrupt header?)");
        }
        List<GgufValue> head = new ArrayList<>((int) Math.min(length, ARRAY_VALUES_KEPT));
        long kept = Math.min(length, ARRAY_VALUES_KEPT);
        for (long i = 0; i < kept; i++) {
            head.add(value(in, element, what + "[" + i + "]", depth + 1));
        }
        if (oneByOne) {
            for (long i = kept; i < length; i++) {
                skipValue(in, element, what, depth + 1);
            }
        } else {
            // Fixed-size values are passed over in one step; the length check above keeps the product in range.
            in.skip((length - kept) * element.minBytes(), what);
        }
        return new GgufValue.Array(element, length, head);
    }

    private static boolean isVariableSize(GgufValueType type) {
        return type == GgufValueType.STRING || type == GgufValueType.ARRAY;
    }

    private static void skipValue(BoundedReader in, GgufValueType type, String what, int depth)
            throws ModelImportException {
        switch (type) {
            case STRING -> in.skip(length(in, Long.MAX_VALUE, what), what);
            case ARRAY -> array(in, what, depth);
            case BOOL -> value(in, type, what, depth);
            default -> in.skip(type.minBytes(), what);
        }
    }

    /** A string of at most {@code maxBytes}, decoded as UTF-8. */
    private static String string(BoundedReader in, int maxBytes, String what) throws ModelImportException {
        long length = length(in, maxBytes, what);
        return utf8(in, in.bytes(length, what), what);
    }

    /** A string value, or {@code null} when longer than {@link #MAX_KEPT_STRING_BYTES} (skipped). */
    private static String keptString(BoundedReader in, String what) throws ModelImportException {
        long length = length(in, Long.MAX_VALUE, what);
        if (length > MAX_KEPT_STRING_BYTES) {
            in.skip(length, what);
            return null;
        }
        return utf8(in, in.bytes(length, what), what);
    }

    private static long length(BoundedReader in, long max, String what) throws ModelImportException {
        long length = in.u64(what + " length");
        if (length < 0 || length > in.remaining()) {
            throw new ModelImportException(in.file(), what + " claims a length of " + Long.toUnsignedString(length)
                    + " bytes but only " + in.remaining() + " bytes are left in the file");
        }
        if (length > max) {
            throw new ModelImportException(in.file(), what + " is " + length + " bytes long; the limit is " + max);
        }
        return length;
    }

    private static String utf8(BoundedReader in, byte[] bytes, String what) throws ModelImportException {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ModelImportException(in.file(), what + " is not valid UTF-8");
        }
    }

    private static long alignment(Path file, Map<String, GgufValue> metadata) throws ModelImportException {
        GgufValue v = metadata.get("general.alignment");
        if (v == null) {
            return DEFAULT_ALIGNMENT;
        }
        long a = v.asLong().orElse(0);
        if (v.type() != GgufValueType.UINT32 || a <= 0 || Long.bitCount(a) != 1) {
            throw new ModelImportException(file, "general.alignment must be a uint32 power of two, got "
                    + UntrustedText.escape(String.valueOf(v.value())));
        }
        return a;
    }

    private static TensorHeader tensorHeader(BoundedReader in, long index) throws ModelImportException {
        String name = string(in, MAX_NAME_BYTES, "name of tensor " + index);
        String where = "tensor '" + UntrustedText.escape(name) + "'";
        long nDims = in.u32(where + " dimension count");
        if (nDims < 1 || nDims > MAX_DIMS) {
            throw new ModelImportException(in.file(), where + " has " + nDims + " dimensions (1 to " + MAX_DIMS
                    + " allowed)");
        }
        List<Long> dims = new ArrayList<>((int) nDims);
        long elements = 1;
        for (int j = 0; j < nDims; j++) {
            long d = in.u64(where + " dimension " + j);
            if (d < 0) {
                throw new ModelImportException(in.file(), where + " has dimension " + Long.toUnsignedString(d)
                        + ", beyond the int64 range ggml allows");
            }
            dims.add(d);
            try {
                elements = Math.multiplyExact(elements, d);
            } catch (ArithmeticException e) {
                throw new ModelImportException(in.file(), where + " has dimensions " + dims
                        + " whose element count overflows");
            }
        }
        long typeId = in.u32(where + " type");
        GgmlType type = GgmlType.byId(typeId).orElseThrow(() -> new ModelImportException(in.file(), where
                + " has unknown or unsupported ggml type " + typeId));
        long offset = in.u64(where + " offset");
        return new TensorHeader(name, dims, type, offset, elements);
    }

    private static GgufTensor finish(Path file, TensorHeader t, long alignment, long dataOffset, long fileSize)
            throws ModelImportException {
        String where = "tensor '" + UntrustedText.escape(t.name) + "'";
        if (t.dims.get(0) % t.type.blockSize() != 0) {
            throw new ModelImportException(file, where + " of type " + t.type + " has a first dimension of "
                    + t.dims.get(0) + ", not a multiple of its block size " + t.type.blockSize());
        }
        long bytes;
        try {
            bytes = t.type.bytesFor(t.elements);
        } catch (ArithmeticException e) {
            throw new ModelImportException(file, where + " of type " + t.type + " has dimensions " + t.dims
                    + " whose size in bytes overflows (corrupt header?)");
        }
        if (t.offset < 0 || t.offset % alignment != 0) {
            throw new ModelImportException(file, where + " has offset " + Long.toUnsignedString(t.offset)
                    + ", not a multiple of the alignment " + alignment);
        }
        long available = Math.max(0, fileSize - dataOffset);
        if (t.offset > available || bytes > available - t.offset) {
            throw new ModelImportException(file, where + " needs " + bytes + " bytes at data offset " + t.offset
                    + " but the data section holds " + available + " bytes (truncated or corrupt)");
        }
        return new GgufTensor(t.name, t.dims, t.type, t.offset, t.elements, bytes);
    }

    /** Tensor data may not overlap: a header that places two tensors on the same bytes is lying. */
    private static void requireDisjoint(Path file, List<GgufTensor> tensors) throws ModelImportException {
        List<GgufTensor> byOffset = new ArrayList<>(tensors);
        byOffset.sort(Comparator.comparingLong(GgufTensor::offset));
        for (int i = 1; i < byOffset.size(); i++) {
            GgufTensor previous = byOffset.get(i - 1);
            GgufTensor t = byOffset.get(i);
            if (t.offset() < previous.offset() + previous.bytes()) {
                throw new ModelImportException(file, "tensor '" + UntrustedText.escape(t.name()) + "' at data offset "
                        + t.offset() + " overlaps tensor '" + UntrustedText.escape(previous.name())
                        + "', which ends at "
                        + (previous.offset()
                        + previous.bytes()));
            }
        }
    }

    private record TensorHeader(String name, List<Long> dims, GgmlType type, long offset, long elements) {
    }
}
