package com.vramadvisor.app.workload;

import java.nio.file.Path;

/**
 * Finds a model the user already downloaded by its name ({@code ORG/NAME} for the Hugging Face cache and LM Studio,
 * {@code MODEL[:TAG]} for Ollama) and gives the file or folder to import; see {@code catalog.model.LocalModels}.
 */
@FunctionalInterface
public interface ModelFinder {

    /** @throws Exception with a one-line message when the name is malformed or found nowhere */
    Path find(String name) throws Exception;
}
