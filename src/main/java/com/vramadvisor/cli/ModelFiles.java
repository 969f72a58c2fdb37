package com.vramadvisor.cli;

import com.vramadvisor.catalog.model.ImportedModel;
import com.vramadvisor.catalog.model.ModelImportException;
import com.vramadvisor.catalog.model.ModelImporter;
import com.vramadvisor.engine.llm.ModelSpec;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Reads a model file the user points at ({@code --config}) through the catalog's importers. */
final class ModelFiles {

    private ModelFiles() {
    }

    /**
     * Reads the architecture, and remembers in {@code options} the type the weights are stored in (a GGUF
     * quantization, a {@code quantization_config}) so that inference uses it unless {@code --weights} says otherwise.
     */
    static ModelSpec read(Path path, ModelOptions options, PrintWriter err) {
        ImportedModel imported;
        try {
            imported = ModelImporter.importPath(path);
        } catch (ModelImportException e) {
            throw new CliInputException(e.getMessage());
        }
        for (String warning : imported.warnings()) {
            err.println("vram-advisor: warning: " + Cli.oneLine(warning));
        }
        options.importedWeightType = imported.weightStorageType().orElse(null);
        return imported.spec().orElseThrow(() -> new CliInputException(path
                + ": the file has no architecture metadata to estimate from; point --config at the model's"
                + " config.json"));
    }
}
