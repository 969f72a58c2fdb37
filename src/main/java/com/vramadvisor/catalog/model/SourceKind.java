package com.vramadvisor.catalog.model;

/** The kind of file or folder a model was imported from. */
public enum SourceKind {
    /** A Hugging Face {@code config.json}. */
    HF_CONFIG,
    /** A Hugging Face model folder: {@code config.json} and, when present, safetensors weights. */
    HF_FOLDER,
    /** A single {@code .safetensors} file. */
    SAFETENSORS,
    /** A {@code model.safetensors.index.json} with the shards next to it. */
    SAFETENSORS_INDEX,
    /** A llama.cpp {@code .gguf} file. */
    GGUF
}
