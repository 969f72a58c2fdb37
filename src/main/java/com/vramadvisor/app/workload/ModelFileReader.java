package com.vramadvisor.app.workload;

import java.nio.file.Path;

/** Reads a model's architecture from a file or folder the user points at (config.json, safetensors, GGUF). */
@FunctionalInterface
public interface ModelFileReader {

    /**
     * @throws Exception with a one-line message naming the problem when the file is not a usable model description
     */
    ImportedSpec read(Path path) throws Exception;
}
