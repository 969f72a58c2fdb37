package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A GGUF file's weights are sized from its tensor headers, not rebuilt from llama.cpp's rules for its file type: the
 * tiny Q4_K_M fixture keeps its token table in Q8_0 where the Q4_K_M rules would pick another type, and the estimate
 * still equals the bytes the headers give.
 */
class GgufStoredWeightsTest {

    @TempDir
    Path dir;

    private Path tinyQ4km() {
        return TinyGguf.tinyLlamaQ4km().write(dir.resolve("tiny-Q4_K_M.gguf"));
    }

    private static long weights(ModelSpec m, DataType type, int tp) {
        Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(16).context(16).weightType(type)
                .parallelism(new Parallelism(tp, 1, 1, 0, false)).build();
        return new MemoryEstimator().estimate(m, w).component(Component.WEIGHTS);
    }

    @Test
    void inferenceInTheFilesTypeTakesTheBytesItsHeadersGive() throws Exception {
        ImportedModel imported = ModelImporter.importPath(tinyQ4km());
        ModelSpec m = imported.spec().orElseThrow();
        long fileBytes = imported.weights().orElseThrow().bytes();

        assertThat(imported.weightStorageType()).contains(DataType.GGUF_Q4_K_M);
        assertThat(weights(m, DataType.GGUF_Q4_K_M, 1)).isEqualTo(fileBytes);
        // Another type is sized by its own rules; the same architecture without the file's bytes by the Q4_K_M rules.
        assertThat(weights(m, DataType.FP16, 1)).isNotEqualTo(fileBytes);
        ModelSpec rulesOnly = m.toBuilder().storedWeights(null).build();
        assertThat(weights(rulesOnly, DataType.GGUF_Q4_K_M, 1)).isNotEqualTo(fileBytes);
    }

    @Test
    void tensorParallelGpusEachHoldTheirShareOfTheFilesBytes() throws Exception {
        ModelSpec m = ModelImporter.importPath(tinyQ4km()).spec().orElseThrow();
        long one = weights(m, DataType.GGUF_Q4_K_M, 1);
        long two = weights(m, DataType.GGUF_Q4_K_M, 2);
        assertThat(two).isLessThan(one).isGreaterThanOrEqualTo(one / 2);
    }
}
