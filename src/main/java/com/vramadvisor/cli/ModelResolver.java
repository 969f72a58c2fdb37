package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.ModelSpec;
import java.io.PrintWriter;

/** Turns the model flags into one {@link ModelSpec}: a preset, a file or a parameter count, then explicit flags. */
final class ModelResolver {

    private ModelResolver() {
    }

    static ModelSpec resolve(ModelOptions o, CatalogOption catalog, PrintWriter err) {
        int sources = (o.preset != null ? 1 : 0) + (o.config != null ? 1 : 0) + (o.params != null ? 1 : 0);
        if (sources > 1) {
            throw new CliInputException("give only one of --preset, --config and --params");
        }
        ModelSpec base = null;
        if (o.preset != null) {
            Catalog c = catalog.catalog(err);
            base = c.model(o.preset.trim())
                    .orElseThrow(() -> new CliInputException("unknown preset '" + o.preset
                            + "' (run 'catalog list models' for the ids)"));
        } else if (o.config != null) {
            base = ModelFiles.read(o.config, o, err);
        } else if (o.params != null) {
            base = o.fromParams();
        }
        if (base == null || o.hasExplicitFlags()) {
            return o.applyTo(base);
        }
        return base;
    }
}
