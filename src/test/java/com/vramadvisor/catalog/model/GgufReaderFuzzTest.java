package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated GGUF files (flipped bits, cut ends, counts and lengths overwritten with boundary values) give a
 * {@link ModelImportException} or a model, never another exception or a hang. 10,000 inputs per run; the {@code fuzz}
 * Maven profile runs 1,000,000.
 */
class GgufReaderFuzzTest {

    @TempDir
    Path dir;

    /** A two-block mixture-of-experts header: metadata of every kind the mapper reads, a tokenizer array, tensors. */
    private static byte[] valid() {
        TinyGguf g = new TinyGguf()
                .string("general.architecture", "qwen2moe").string("general.name", "Fuzz")
                .u32("qwen2moe.embedding_length", 32).u32("qwen2moe.block_count", 2)
                .u32("qwen2moe.feed_forward_length", 96).u32("qwen2moe.attention.head_count", 4)
                .u32("qwen2moe.attention.head_count_kv", 2).u32("qwen2moe.context_length", 128)
                .u32("qwen2moe.expert_count", 4).u32("qwen2moe.expert_used_count", 2)
                .u64("qwen2moe.expert_feed_forward_length", 64).f32("qwen2moe.rope.freq_base", 10000f)
                .bool("qwen2moe.attention.causal", true).tokens("tokenizer.ggml.tokens", 10)
                .tensor("token_embd.weight", 0, 4 * 32 * 10, 32, 10)
                .tensor("blk.0.attn_norm.weight", 0, 4 * 32, 32)
                .tensor("blk.0.ffn_gate.weight", 0, 4 * 32 * 96, 32, 96)
                .tensor("blk.1.ffn_gate_inp.weight", 0, 4 * 32 * 4, 32, 4)
                .tensor("blk.1.ffn_up_exps.weight", 0, 4 * 32 * 64 * 4, 32, 64, 4)
                .tensor("output_norm.weight", 0, 4 * 32, 32);
        return g.bytes();
    }

    @Test
    void mutatedHeadersGiveAModelImportExceptionOrAModel() throws Exception {
        byte[] valid = valid();
        Path file = dir.resolve("fuzz.gguf");
        Files.write(file, valid);
        assertThat(ModelImporter.importGguf(file).spec()).as("the unmutated file describes a model").isPresent();

        int rejected;
        try (FuzzFile out = new FuzzFile(file)) {
            rejected = FuzzLoop.run(0x6767_7566L, 10_000, false, valid, input -> {
                out.write(input);
                ModelImporter.importGguf(file);
            }, ModelImportException.class);
        }
        assertThat(rejected).as("most mutations break the header").isPositive();
    }
}
