package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the header of a {@code .safetensors} file without touching the tensor data.
 *
 * <p>Format (huggingface/safetensors {@code README.md}, checks of {@code safetensors/src/tensor.rs}): 8 bytes
 * little-endian unsigned {@code N}, then {@code N} bytes of UTF-8 JSON mapping each tensor name to {@code dtype},
 * {@code shape} and {@code data_offsets [begin, end)} relative to the data that follows the header, plus an optional
 * {@code __metadata__} map of strings. A header is rejected, as the reference implementation rejects it, when
 * {@code N} exceeds 100,000,000 bytes or the file; when the JSON is malformed or has duplicate keys; when a tensor's
 * {@code shape} times its dtype's bit width is not {@code end - begin} bytes; when the tensors do not cover the data
 * contiguously from byte 0 to the end of the file. Beyond the reference, this reader refuses a header that describes
 * more than {@link #MAX_TENSORS} tensors, {@link #MAX_DIMENSIONS} dimensions or {@link #MAX_METADATA_ENTRIES}
 * metadata entries, and it parses the header as a stream, never as a tree: whatever a header under the size limit
 * holds, the memory it takes stays within a small multiple of its bytes.
 */
public final class SafetensorsReader {

    /** {@code MAX_HEADER_SIZE} of the reference implementation, in bytes. */
    public static final long MAX_HEADER_BYTES = 100_000_000L;

    static final String METADATA_KEY = "__metadata__";

    /** Bits per element of each dtype ({@code Dtype::bitsize} in {@code tensor.rs}); F4 and F6 pack below a byte. */
    private static final Map<String, Integer> DTYPE_BITS = Map.ofEntries(
            Map.entry("BOOL", 8), Map.entry("F4", 4), Map.entry("F6_E2M3", 6), Map.entry("F6_E3M2", 6),
            Map.entry("U8", 8), Map.entry("I8", 8), Map.entry("F8_E5M2", 8), Map.entry("F8_E4M3", 8),
            Map.entry("F8_E8M0", 8), Map.entry("I16", 16), Map.entry("U16", 16), Map.entry("F16", 16),
            Map.entry("BF16", 16), Map.entry("I32", 32), Map.entry("U32", 32), Map.entry("F32", 32),
            Map.entry("C64", 64), Map.entry("F64", 64), Map.entry("I64", 64), Map.entry("U64", 64));


    /** The dtype names as shared strings, so that a million tensors of one type keep one copy of its name. */
    private static final Map<String, String> DTYPE_NAMES = DTYPE_BITS.keySet().stream()
            .collect(java.util.stream.Collectors.toUnmodifiableMap(k -> k, k -> k));

    /**
     * Most tensors one header may describe: 2^20 (1,048,576). A limit of this reader, not of the format, far above
     * the tensors of any checkpoint, whole or one shard of it; it bounds what a header under
     * {@link #MAX_HEADER_BYTES} can make the reader hold, whatever it is filled with.
     */
    public static final int MAX_TENSORS = 1 << 20;
    /** Most dimensions all shapes of one header may have together: four per tensor at {@link #MAX_TENSORS}. */
    public static final long MAX_DIMENSIONS = 4L * MAX_TENSORS;
    /** Most {@code __metadata__} entries kept: 2^16, where exporters write a handful ({@code format: pt}). */
    public static final int MAX_METADATA_ENTRIES = 1 << 16;

    private static final Set<String> KNOWN_FIELDS = Set.of("dtype", "shape", "data_offsets");

    private SafetensorsReader() {
    }

    /** Reads and checks the header of {@code file}. */
    public static SafetensorsHeader readHeader(Path file) throws ModelImportException {
        return readHeader(file, MAX_TENSORS);
    }

    /** {@link #readHeader(Path)} with another limit on the tensors (tests of the limit use a small one). */
    static SafetensorsHeader readHeader(Path file, int maxTensors) throws ModelImportException {
        try (BoundedReader in = BoundedReader.open(file)) {
            if (in.size() < 8) {
                throw new ModelImportException(file, "file is " + in.size() + " bytes, too short for the 8-byte "
                        + "safetensors header length");
            }
            long headerLength = in.u64("header length");
            if (headerLength < 0 || headerLength > MAX_HEADER_BYTES) {
                throw new ModelImportException(file, "header length " + Long.toUnsignedString(headerLength)
                        + " exceeds the safetensors limit of " + MAX_HEADER_BYTES + " bytes (not a safetensors file?)");
            }
            if (headerLength > in.remaining()) {
                throw new ModelImportException(file, "header length " + headerLength + " runs past the end of the"
                        + " file (" + in.size() + " bytes): truncated or not a safetensors file");
            }
            byte[] header = in.bytes(headerLength, "header");
            long dataBytes = in.remaining();
            return parse(file, header, dataBytes, maxTensors);
        }
    }

    /** The tensors of one file as a complete inventory. */
    public static WeightInventory read(Path file) throws ModelImportException {
        return WeightInventory.complete(readHeader(file).tensors());
    }

    /**
     * Adds one shard's tensors to those of the shards before it, refusing a set of shards that together describe
     * more than {@link #MAX_TENSORS} tensors: each header is bounded, and so is the whole that is kept.
     */
    static void addShard(Path shard, List<TensorInfo> all, List<TensorInfo> more) throws ModelImportException {
        if ((long) all.size() + more.size() > MAX_TENSORS) {
            throw new ModelImportException(shard, "the safetensors files together describe more than " + MAX_TENSORS
                    + " tensors (corrupt headers?)");
        }
        all.addAll(more);
    }

    /** Bits per element of a safetensors dtype name, or 0 when the name is unknown. */
    static int bitsOf(String dtype) {
        return DTYPE_BITS.getOrDefault(dtype, 0);
    }

    /**
     * Parses the header as a stream of JSON tokens, building each tensor's description as its object ends and no
     * tree of the whole header: a header of many tiny tensors or long shapes then takes about as much memory as its
     * own bytes, not a multiple of them. The counts it may hold are bounded ({@link #MAX_TENSORS},
     * {@link #MAX_DIMENSIONS}) and checked as they grow, before the next entry is built.
     */
    private static SafetensorsHeader parse(Path file, byte[] header, long dataBytes, int maxTensors)
            throws ModelImportException {
        Map<String, String> metadata = new LinkedHashMap<>();
        List<Entry> entries = new ArrayList<>();
        // Duplicates are found here rather than by the parser, which would remember the names inside skipped values
        // too: only the names that are kept (at most MAX_TENSORS) are remembered.
        try (JsonParser p = JsonTrees.parser(header)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new ModelImportException(file, "header is not a JSON object");
            }
            Set<String> names = new HashSet<>();
            long dimensions = 0;
            String name;
            while ((name = p.nextFieldName()) != null) {
                requireFirst(p, names, name);
                JsonToken value = p.nextToken();
                if (METADATA_KEY.equals(name)) {
                    metadata = metadata(file, p, value);
                    continue;
                }
                if (entries.size() == maxTensors) {
                    throw new ModelImportException(file, "the header describes more than " + maxTensors
                            + " tensors (corrupt header?)");
                }
                Entry e = entry(file, name, p, value, MAX_DIMENSIONS - dimensions);
                dimensions += e.info.shape().size();
                entries.add(e);
            }
        } catch (JsonProcessingException e) {
            throw new ModelImportException(file, "header is not valid JSON: " + JsonTrees.problem(e), e);
        } catch (IOException e) {
            throw new ModelImportException(file, "header cannot be read: " + e.getMessage(), e);
        }
        entries.sort(Comparator.comparingLong(Entry::begin).thenComparingLong(Entry::end));
        long expected = 0;
        List<TensorInfo> tensors = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            if (e.end > dataBytes) {
                throw new ModelImportException(file, "tensor '" + UntrustedText.escape(e.info.name())
                        + "': data_offsets [" + e.begin
                        + ", " + e.end + "] run past the " + dataBytes + " bytes of data in the file (truncated?)");
            }
            if (e.begin != expected) {
                throw new ModelImportException(file, "tensor '" + UntrustedText.escape(e.info.name())
                        + "' starts at data byte " + e.begin
                        + " but the previous tensor ends at " + expected + " (overlapping or gapped data_offsets)");
            }
            expected = e.end;
            tensors.add(e.info);
        }
        if (expected != dataBytes) {
            throw new ModelImportException(file, "the tensors cover " + expected + " bytes of data but the file holds "
                    + dataBytes + " after the header");
        }
        return new SafetensorsHeader(tensors, metadata, header.length, dataBytes);
    }

    private static Map<String, String> metadata(Path file, JsonParser p, JsonToken value)
            throws IOException, ModelImportException {
        if (value != JsonToken.START_OBJECT) {
            throw new ModelImportException(file, "'" + METADATA_KEY + "' must be a map of strings");
        }
        Map<String, String> map = new LinkedHashMap<>();
        String key;
        while ((key = p.nextFieldName()) != null) {
            if (map.size() == MAX_METADATA_ENTRIES) {
                throw new ModelImportException(file, "'" + METADATA_KEY + "' holds more than " + MAX_METADATA_ENTRIES
                        + " entries (corrupt header?)");
            }
            if (map.containsKey(key)) {
                throw new JsonParseException(p, "Duplicate field '" + key + "'");
            }
            if (p.nextToken() != JsonToken.VALUE_STRING) {
                throw new ModelImportException(file, "'" + METADATA_KEY + "." + UntrustedText.escape(key)
                        + "' must be a string");
            }
            map.put(key, p.getText());
        }
        return map;
    }

    /**
     * One tensor's object, its fields in any order (others are passed over), with at most {@code dimensionsLeft}
     * dimensions in its shape; checked as the reference implementation checks it.
     */
    private static Entry entry(Path file, String name, JsonParser p, JsonToken value, long dimensionsLeft)
            throws IOException, ModelImportException {
        String where = "tensor '" + UntrustedText.escape(name) + "'";
        if (value != JsonToken.START_OBJECT) {
            throw new ModelImportException(file, where + " is not an object with dtype, shape and data_offsets");
        }
        String dtype = null;
        Shape shape = null;
        long[] offsets = null;
        Set<String> known = new HashSet<>(4);
        String field;
        while ((field = p.nextFieldName()) != null) {
            if (KNOWN_FIELDS.contains(field)) {
                requireFirst(p, known, field);
            }
            JsonToken t = p.nextToken();
            switch (field) {
                case "dtype" -> dtype = t == JsonToken.VALUE_STRING ? p.getText() : null;
                case "shape" -> shape = t == JsonToken.START_ARRAY ? shape(file, where, p, dimensionsLeft) : null;
                case "data_offsets" -> offsets = t == JsonToken.START_ARRAY ? offsets(file, where, p) : null;
                default -> {
                    // Unknown fields are passed over, as the reference implementation ignores them.
                }
            }
            p.skipChildren();
        }
        if (dtype == null) {
            throw new ModelImportException(file, where + ": field 'dtype' is missing or not a string");
        }
        int bits = bitsOf(dtype);
        if (bits == 0) {
            throw new ModelImportException(file, where + ": unknown dtype '" + UntrustedText.escape(dtype) + "'");
        }
        if (shape == null) {
            throw new ModelImportException(file, where + ": field 'shape' is missing or not a list");
        }
        if (offsets == null) {
            throw new ModelImportException(file, where + ": field 'data_offsets' must be [begin, end]");
        }
        long bits64 = multiply(file, where, shape.elements, bits);
        if (bits64 % 8 != 0) {
            throw new ModelImportException(file, where + ": " + shape.elements + " elements of " + dtype
                    + " are not a whole number of bytes");
        }
        long bytes = bits64 / 8;
        if (offsets[1] - offsets[0] != bytes) {
            throw new ModelImportException(file, where + ": shape " + UntrustedText.escape(shape.dims.toString())
                    + " of " + dtype + " needs " + bytes
                    + " bytes but data_offsets [" + offsets[0] + ", " + offsets[1] + "] span "
                    + (offsets[1] - offsets[0]));
        }
        return new Entry(new TensorInfo(name, DTYPE_NAMES.get(dtype), shape.dims, shape.elements, bytes),
                offsets[0], offsets[1]);
    }

    /** The dimensions of a shape array, the parser on its first token; their product checked for overflow. */
    private static Shape shape(Path file, String where, JsonParser p, long dimensionsLeft)
            throws IOException, ModelImportException {
        List<Long> dims = new ArrayList<>();
        long elements = 1;
        JsonToken d;
        while ((d = p.nextToken()) != JsonToken.END_ARRAY) {
            if (dims.size() >= dimensionsLeft) {
                throw new ModelImportException(file, where + ": the header describes more than " + MAX_DIMENSIONS
                        + " dimensions in all (corrupt header?)");
            }
            long dim = wholeNumber(p, d);
            if (dim < 0) {
                throw new ModelImportException(file, where + ": shape element " + UntrustedText.escape(p.getText())
                        + " is not a non-negative whole number; a shape holds non-negative whole numbers");
            }
            dims.add(dim);
            elements = multiply(file, where, elements, dim);
        }
        return new Shape(dims, elements);
    }

    /** {@code [begin, end]}, the parser on the array's first token. */
    private static long[] offsets(Path file, String where, JsonParser p)
            throws IOException, ModelImportException {
        long[] o = new long[2];
        int n = 0;
        JsonToken d;
        while ((d = p.nextToken()) != JsonToken.END_ARRAY) {
            long v = wholeNumber(p, d);
            if (v < 0) {
                throw new ModelImportException(file, where + ": data_offsets element "
                        + UntrustedText.escape(p.getText()) + " is not a non-negative whole number; data_offsets"
                        + " must be non-negative whole numbers");
            }
            if (n == 2) {
                throw new ModelImportException(file, where + ": field 'data_offsets' must be [begin, end]");
            }
            o[n++] = v;
        }
        if (n != 2) {
            throw new ModelImportException(file, where + ": field 'data_offsets' must be [begin, end]");
        }
        if (o[1] < o[0]) {
            throw new ModelImportException(file, where + ": data_offsets [" + o[0] + ", " + o[1]
                    + "] end before they begin");
        }
        return o;
    }

    /** Fails, as a duplicate field, when {@code name} is already in {@code seen}; adds it otherwise. */
    private static void requireFirst(JsonParser p, Set<String> seen, String name) throws JsonParseException {
        if (!seen.add(name)) {
            throw new JsonParseException(p, "Duplicate field '" + name + "'");
        }
    }

    /** The token as a whole number of 0 to 2^63-1, or -1 for anything else (other types, negatives, larger). */
    private static long wholeNumber(JsonParser p, JsonToken token) throws IOException {
        if (token != JsonToken.VALUE_NUMBER_INT || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            p.skipChildren();
            return -1;
        }
        long v = p.getLongValue();
        return v < 0 ? -1 : v;
    }

    private static long multiply(Path file, String where, long a, long b) throws ModelImportException {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new ModelImportException(file, where + ": shape is too large (element count overflows)");
        }
    }

    private record Entry(TensorInfo info, long begin, long end) {
    }

    private record Shape(List<Long> dims, long elements) {
    }
}
