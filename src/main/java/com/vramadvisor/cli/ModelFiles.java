package com.vramadvisor.cli;

import com.vramadvisor.catalog.model.ImportedModel;
import com.vramadvisor.catalog.model.ModelImportException;
import com.vramadvisor.catalog.model.HfConfigImporter;
import com.vramadvisor.engine.ModelSpec;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Reads a model file the user points at ({@code --config}) through the catalog's importers. */
final class ModelFiles {

    private ModelFiles() {
    }

    static ModelSpec read(Path path, PrintWriter err) {
        ImportedModel imported;
        try {
            imported = HfConfigImporter.read(path);
        } catch (ModelImportException e) {
            throw new CliInputException(e.getMessage());
        }
        for (String warning : imported.warnings()) {
            err.println("vram-advisor: warning: " + warning);
        }
        return imported.spec().orElseThrow(() -> new CliInputException(path
                + ": the file has no architecture metadata to estimate from; point --config at the model's"
                + " config.json"));
    }
}
