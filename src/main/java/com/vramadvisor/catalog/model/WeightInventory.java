package com.vramadvisor.catalog.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The weights a model file holds, read from tensor headers only (never the tensor data).
 *
 * @param tensors       every tensor whose header was read, in file order
 * @param byDtype       those tensors added up per storage type, largest first
 * @param bytes         weight bytes: exact, the sum over {@code tensors}, when {@code missingShards} is empty;
 *                      otherwise the {@code metadata.total_size} that a safetensors index declares
 * @param parameters    total elements (parameters) when every tensor header was read; empty otherwise
 * @param missingShards shard files an index names that are not present next to it
 */
public record WeightInventory(List<TensorInfo> tensors, Map<String, DtypeTotal> byDtype, long bytes,
                              OptionalLong parameters, List<String> missingShards) {

    public WeightInventory {
        tensors = List.copyOf(tensors);
        byDtype = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byDtype));
        missingShards = List.copyOf(missingShards);
    }

    /** An inventory of all tensors of a model: exact bytes and parameters. */
    static WeightInventory complete(List<TensorInfo> tensors) {
        long bytes = 0;
        long elements = 0;
        for (TensorInfo t : tensors) {
            bytes = Math.addExact(bytes, t.bytes());
            elements = Math.addExact(elements, t.elements());
        }
        return new WeightInventory(tensors, totals(tensors), bytes, OptionalLong.of(elements), List.of());
    }

    /** An inventory where some shards are missing: bytes come from the index, parameters are unknown. */
    static WeightInventory partial(List<TensorInfo> readTensors, long declaredBytes, List<String> missingShards) {
        return new WeightInventory(readTensors, totals(readTensors), declaredBytes, OptionalLong.empty(),
                missingShards);
    }

    /** Whether every tensor header was read, so that {@link #bytes()} and {@link #parameters()} are exact. */
    public boolean isComplete() {
        return missingShards.isEmpty() && parameters.isPresent();
    }

    /** The storage type holding the most bytes, e.g. {@code BF16} or {@code Q4_K}. */
    public Optional<String> dominantDtype() {
        return byDtype.keySet().stream().findFirst();
    }

    private static Map<String, DtypeTotal> totals(List<TensorInfo> tensors) {
        Map<String, DtypeTotal> map = new LinkedHashMap<>();
        for (TensorInfo t : tensors) {
            map.merge(t.dtype(), new DtypeTotal(t.dtype(), 1, t.elements(), t.bytes()),
                    (a, b) -> a.plus(t));
        }
        List<DtypeTotal> sorted = new ArrayList<>(map.values());
        sorted.sort(Comparator.comparingLong(DtypeTotal::bytes).reversed().thenComparing(DtypeTotal::dtype));
        Map<String, DtypeTotal> result = new LinkedHashMap<>();
        sorted.forEach(d -> result.put(d.dtype(), d));
        return result;
    }
}
