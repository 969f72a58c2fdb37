package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.ModelSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an import found out about a model.
 *
 * @param source        the file or folder imported
 * @param kind          what kind of source it was
 * @param architecture  the family as the file names it ({@code model_type} {@code llama}, GGUF
 *                      {@code general.architecture} {@code qwen2}); empty when the file does not say
 * @param spec          the architecture, when the file describes it (a config.json, a GGUF header); a bare
 *                      safetensors file does not
 * @param declaredDtype the storage type the configuration declares ({@code torch_dtype}, newer {@code dtype})
 * @param quantization  the weight format a {@code quantization_config} declares (bitsandbytes NF4, GPTQ/AWQ int4, ...)
 * @param weights       exact tensors, bytes and per-type totals, when read from safetensors or GGUF headers
 * @param warnings      what the import assumed or could not express, one sentence each
 */
public record ImportedModel(Path source, SourceKind kind, String architecture, Optional<ModelSpec> spec,
                            Optional<DataType> declaredDtype, Optional<DataType> quantization,
                            Optional<WeightInventory> weights, List<String> warnings) {

    public ImportedModel {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(kind, "kind");
        architecture = architecture == null ? "" : architecture;
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(declaredDtype, "declaredDtype");
        Objects.requireNonNull(quantization, "quantization");
        Objects.requireNonNull(weights, "weights");
        warnings = List.copyOf(warnings);
    }

    /**
     * The type most weight bytes are stored in: a GGUF file's llama.cpp file type (Q4_K_M, ...) when the engine
     * sizes it tensor by tensor, else from the tensor headers when they were read (the type holding the most bytes,
     * when the engine knows it), else the declared quantization, else the declared dtype.
     */
    public Optional<DataType> weightStorageType() {
        if (kind == SourceKind.GGUF && quantization.isPresent()) {
            return quantization;
        }
        Optional<DataType> fromTensors = weights.flatMap(WeightInventory::dominantDtype)
                .flatMap(StorageTypes::toEngineType);
        if (fromTensors.isPresent()) {
            return fromTensors;
        }
        return quantization.isPresent() ? quantization : declaredDtype;
    }
}
