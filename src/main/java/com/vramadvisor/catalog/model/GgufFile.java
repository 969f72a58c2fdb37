package com.vramadvisor.catalog.model;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The header of a GGUF file: metadata and tensor infos, without tensor data.
 *
 * @param file       the file read
 * @param version    format version, 2 or 3
 * @param bigEndian  whether the file is big-endian (GGUF v3 allows it; the version field tells)
 * @param alignment  {@code general.alignment}, 32 when absent
 * @param metadata   key/value pairs in file order
 * @param tensors    tensor infos in file order
 * @param dataOffset file offset of the tensor data section
 */
public record GgufFile(Path file, int version, boolean bigEndian, long alignment, Map<String, GgufValue> metadata,
                       List<GgufTensor> tensors, long dataOffset) {

    public GgufFile {
        metadata = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        tensors = List.copyOf(tensors);
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

    /** The tensor of that name. */
    public Optional<GgufTensor> tensor(String name) {
        return tensors.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** All tensors as an inventory: exact bytes and parameters per type. */
    public WeightInventory inventory() {
        return WeightInventory.complete(tensors.stream().map(GgufTensor::toTensorInfo).toList());
    }
}
