package com.vramadvisor.app.workload;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.ModelSpec;
import java.util.List;
import java.util.Optional;

/**
 * What an imported model file tells the panel.
 *
 * @param spec        the architecture
 * @param weightType  the type the weights are stored in, when the file says (a GGUF or quantised checkpoint)
 * @param warnings    what the import assumed, one sentence each
 */
public record ImportedSpec(ModelSpec spec, Optional<DataType> weightType, List<String> warnings) {

    public ImportedSpec {
        warnings = List.copyOf(warnings);
    }
}
