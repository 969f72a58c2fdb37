package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.Component;
import com.vramadvisor.engine.DataType;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Workload;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A GGUF file's weights are sized from its tensor headers, not rebuilt from llama.cpp's rules for its file type: this
 * file keeps its token table in Q8_0 where the Q4_K_M rules would pick another type, and the estimate still equals the
 * bytes the headers give.
 */
class GgufStoredWeightsTest {

    private static final long F32 = 0;
    private static final long Q8_0 = 8;
    private static final long Q4_K = 12;
    private static final long Q6_K = 14;

    @TempDir
    Path dir;

    private Path tinyQ4km() throws Exception {
        TinyGguf g = new TinyGguf()
                .string("general.architecture", "llama")
                .u32("llama.context_length", 256)
                .u32("llama.embedding_length", 256)
                .u32("llama.block_count", 2)
                .u32("llama.feed_forward_length", 512)
                .u32("llama.rope.dimension_count", 64)
                .u32("llama.attention.head_count", 4)
                .u32("llama.attention.head_count_kv", 2)
                .u32("general.file_type", 15)
                .tokens("tokenizer.ggml.tokens", 100)
                .tensor("token_embd.weight", Q8_0, 27_200, 256, 100);
        for (int i = 0; i < 2; i++) {
            String b = "blk." + i + ".";
            g.tensor(b + "attn_norm.weight", F32, 1024, 256)
                    .tensor(b + "attn_q.weight", Q4_K, 36_864, 256, 256)
                    .tensor(b + "attn_k.weight", Q4_K, 18_432, 256, 128)
                    .tensor(b + "attn_v.weight", Q6_K, 26_880, 256, 128)
                    .tensor(b + "attn_output.weight", Q4_K, 36_864, 256, 256)
                    .tensor(b + "ffn_norm.weight", F32, 1024, 256)
                    .tensor(b + "ffn_gate.weight", Q4_K, 73_728, 256, 512)
                    .tensor(b + "ffn_up.weight", Q4_K, 73_728, 256, 512)
                    .tensor(b + "ffn_down.weight", Q6_K, 107_520, 512, 256);
        }
        return g.tensor("output_norm.weight", F32, 1024, 256).tensor("output.weight", Q6_K, 21_000, 256, 100)
                .write(dir.resolve("tiny-Q4_K_M.gguf"));
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
