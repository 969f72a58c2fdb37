package com.vramadvisor.catalog.model;

import java.util.List;
import java.util.Map;

/**
 * The header of one {@code .safetensors} file.
 *
 * @param tensors     the tensors in the order of their data in the file
 * @param metadata    the free-form {@code __metadata__} strings (e.g. {@code format: pt}), empty when absent
 * @param headerBytes length of the JSON header in bytes (the 8-byte length prefix not included)
 * @param dataBytes   bytes of tensor data after the header, which the tensors cover exactly
 */
public record SafetensorsHeader(List<TensorInfo> tensors, Map<String, String> metadata, long headerBytes,
                                long dataBytes) {

    public SafetensorsHeader {
        tensors = List.copyOf(tensors);
        metadata = Map.copyOf(metadata);
    }
}
