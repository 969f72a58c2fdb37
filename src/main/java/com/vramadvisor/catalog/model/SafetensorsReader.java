package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the header of a {@code .safetensors} file without touching the tensor data.
 *
 * <p>Format (huggingface/safetensors {@code README.md}, checks of {@code safetensors/src/tensor.rs}): 8 bytes
 * little-endian unsigned {@code N}, then {@code N} bytes of UTF-8 JSON mapping each tensor name to {@code dtype},
 * {@code shape} and {@code data_offsets [begin, end)} relative to the data that follows the header, plus an optional
 * {@code __metadata__} map of strings. A header is rejected, as the reference implementation rejects it, when
 * {@code N} exceeds 100,000,000 bytes or the file; when the JSON is malformed or has duplicate keys; when a tensor's
 * {@code shape} times its dtype's bit width is not {@code end - begin} bytes; when the tensors do not cover the data
 * contiguously from byte 0 to the end of the file.
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


    private SafetensorsReader() {
    }

    /** Reads and checks the header of {@code file}. */
    public static SafetensorsHeader readHeader(Path file) throws ModelImportException {
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
            return parse(file, header, dataBytes);
        }
    }

    /** The tensors of one file as a complete inventory. */
    public static WeightInventory read(Path file) throws ModelImportException {
        return WeightInventory.complete(readHeader(file).tensors());
    }

    /** Bits per element of a safetensors dtype name, or 0 when the name is unknown. */
    static int bitsOf(String dtype) {
        return DTYPE_BITS.getOrDefault(dtype, 0);
    }

    private static SafetensorsHeader parse(Path file, byte[] header, long dataBytes) throws ModelImportException {
        JsonNode root;
        try {
            root = JsonTrees.read(header, JsonTrees.Check.NO_DUPLICATE_FIELDS);
        } catch (JsonProcessingException e) {
            throw new ModelImportException(file, "header is not valid JSON: " + JsonTrees.problem(e), e);
        } catch (java.io.IOException e) {
            throw new ModelImportException(file, "header cannot be read: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ModelImportException(file, "header is not a JSON object");
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        List<Entry> entries = new ArrayList<>();
        var fields = root.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            if (METADATA_KEY.equals(field.getKey())) {
                metadata = metadata(file, field.getValue());
            } else {
                entries.add(entry(file, field.getKey(), field.getValue()));
            }
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

    private static Map<String, String> metadata(Path file, JsonNode node) throws ModelImportException {
        if (!node.isObject()) {
            throw new ModelImportException(file, "'" + METADATA_KEY + "' must be a map of strings");
        }
        Map<String, String> map = new LinkedHashMap<>();
        var it = node.fields();
        while (it.hasNext()) {
            var f = it.next();
            if (!f.getValue().isTextual()) {
                throw new ModelImportException(file, "'" + METADATA_KEY + "." + UntrustedText.escape(f.getKey())
                        + "' must be a string");
            }
            map.put(f.getKey(), f.getValue().textValue());
        }
        return map;
    }

    private static Entry entry(Path file, String name, JsonNode node) throws ModelImportException {
        String where = "tensor '" + UntrustedText.escape(name) + "'";
        if (!node.isObject()) {
            throw new ModelImportException(file, where + " is not an object with dtype, shape and data_offsets");
        }
        JsonNode dtypeNode = node.get("dtype");
        if (dtypeNode == null || !dtypeNode.isTextual()) {
            throw new ModelImportException(file, where + ": field 'dtype' is missing or not a string");
        }
        String dtype = dtypeNode.textValue();
        int bits = bitsOf(dtype);
        if (bits == 0) {
            throw new ModelImportException(file, where + ": unknown dtype '" + UntrustedText.escape(dtype) + "'");
        }
        JsonNode shapeNode = node.get("shape");
        if (shapeNode == null || !shapeNode.isArray()) {
            throw new ModelImportException(file, where + ": field 'shape' is missing or not a list");
        }
        List<Long> shape = new ArrayList<>(shapeNode.size());
        long elements = 1;
        for (JsonNode d : shapeNode) {
            if (!d.isIntegralNumber() || !d.canConvertToLong() || d.longValue() < 0) {
                throw new ModelImportException(file, where + ": shape " + UntrustedText.escape(shapeNode.toString())
                        + " must hold non-negative"
                        + " whole numbers");
            }
            shape.add(d.longValue());
            elements = multiply(file, where, elements, d.longValue());
        }
        long[] offsets = offsets(file, where, node.get("data_offsets"));
        long bits64 = multiply(file, where, elements, bits);
        if (bits64 % 8 != 0) {
            throw new ModelImportException(file, where + ": " + elements + " elements of " + dtype
                    + " are not a whole number of bytes");
        }
        long bytes = bits64 / 8;
        if (offsets[1] - offsets[0] != bytes) {
            throw new ModelImportException(file, where + ": shape " + UntrustedText.escape(shape.toString()) + " of "
                    + dtype + " needs " + bytes
                    + " bytes but data_offsets [" + offsets[0] + ", " + offsets[1] + "] span "
                    + (offsets[1] - offsets[0]));
        }
        return new Entry(new TensorInfo(name, dtype, shape, elements, bytes), offsets[0], offsets[1]);
    }

    private static long[] offsets(Path file, String where, JsonNode node) throws ModelImportException {
        if (node == null || !node.isArray() || node.size() != 2) {
            throw new ModelImportException(file, where + ": field 'data_offsets' must be [begin, end]");
        }
        long[] o = new long[2];
        for (int i = 0; i < 2; i++) {
            JsonNode n = node.get(i);
            if (!n.isIntegralNumber() || !n.canConvertToLong() || n.longValue() < 0) {
                throw new ModelImportException(file, where + ": data_offsets " + UntrustedText.escape(node.toString())
                        + " must be non-negative"
                        + " whole numbers");
            }
            o[i] = n.longValue();
        }
        if (o[1] < o[0]) {
            throw new ModelImportException(file, where + ": data_offsets " + node + " end before they begin");
        }
        return o;
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
}
