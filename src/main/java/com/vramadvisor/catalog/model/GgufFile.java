package com.vramadvisor.catalog.model;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * The header of a GGUF file: metadata and tensor infos, without tensor data.
 *
 * <p>Tensors are found by name through an index built once, so describing the model costs one look-up per name
 * asked for; a question about all tensors ({@link #anyTensor}, {@link #countTensors}) is one pass over them. A file
 * of {@code B} blocks and {@code T} tensors is thus mapped in about {@code B + T} steps, not {@code B x T}.
 * {@link #tensorsVisited()} counts the tensors the passes looked at, so tests can bound that work.
 */
public final class GgufFile {

    private final Path file;
    private final int version;
    private final boolean bigEndian;
    private final long alignment;
    private final Map<String, GgufValue> metadata;
    private final List<GgufTensor> tensors;
    private final Map<String, GgufTensor> byName;
    private final long dataOffset;
    private long tensorsVisited;

    /**
     * @param file       the file read
     * @param version    format version, 2 or 3
     * @param bigEndian  whether the file is big-endian (GGUF v3 allows it; the version field tells)
     * @param alignment  {@code general.alignment}, 32 when absent
     * @param metadata   key/value pairs in file order
     * @param tensors    tensor infos in file order; a name that appears twice is found as its first tensor
     * @param dataOffset file offset of the tensor data section
     */
    public GgufFile(Path file, int version, boolean bigEndian, long alignment, Map<String, GgufValue> metadata,
                    List<GgufTensor> tensors, long dataOffset) {
        this.file = file;
        this.version = version;
        this.bigEndian = bigEndian;
        this.alignment = alignment;
        this.metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        this.tensors = List.copyOf(tensors);
        Map<String, GgufTensor> index = new HashMap<>(Math.max(16, this.tensors.size() * 2));
        for (GgufTensor t : this.tensors) {
            index.putIfAbsent(t.name(), t);
        }
        this.byName = index;
        this.dataOffset = dataOffset;
    }

    public Path file() {
        return file;
    }

    public int version() {
        return version;
    }

    public boolean bigEndian() {
        return bigEndian;
    }

    public long alignment() {
        return alignment;
    }

    public Map<String, GgufValue> metadata() {
        return metadata;
    }

    public List<GgufTensor> tensors() {
        return tensors;
    }

    public long dataOffset() {
        return dataOffset;
    }

    /** An integer metadata value of any integer type. */
    public OptionalLong integer(String key) {
        GgufValue v = metadata.get(key);
        return v == null ? OptionalLong.empty() : v.asLong();
    }

    /** A string metadata value. */
    public Optional<String> string(String key) {
        GgufValue v = metadata.get(key);
        return v != null && v.type() == GgufValueType.STRING && v.value() != null
                ? Optional.of((String) v.value()) : Optional.empty();
    }

    /** A boolean metadata value. */
    public Optional<Boolean> bool(String key) {
        GgufValue v = metadata.get(key);
        return v != null && v.type() == GgufValueType.BOOL ? Optional.of((Boolean) v.value()) : Optional.empty();
    }

    /** The length of an array metadata value. */
    public OptionalLong arrayLength(String key) {
        GgufValue v = metadata.get(key);
        return v != null && v.type() == GgufValueType.ARRAY
                ? OptionalLong.of(((GgufValue.Array) v.value()).length()) : OptionalLong.empty();
    }

    /** The tensor of that name: one look-up in the index. */
    public Optional<GgufTensor> tensor(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Whether any tensor matches: one pass at most. */
    public boolean anyTensor(Predicate<GgufTensor> test) {
        for (GgufTensor t : tensors) {
            tensorsVisited++;
            if (test.test(t)) {
                return true;
            }
        }
        return false;
    }

    /** How many tensors match: one pass. */
    public int countTensors(Predicate<GgufTensor> test) {
        int n = 0;
        for (GgufTensor t : tensors) {
            tensorsVisited++;
            if (test.test(t)) {
                n++;
            }
        }
        return n;
    }

    /** Tensors {@link #anyTensor} and {@link #countTensors} have looked at so far. */
    long tensorsVisited() {
        return tensorsVisited;
    }

    /** All tensors as an inventory: exact bytes and parameters per type. */
    public WeightInventory inventory() {
        return WeightInventory.complete(tensors.stream().map(GgufTensor::toTensorInfo).toList());
    }
}
