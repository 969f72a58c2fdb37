package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated {@code config.json} files (JSON structure, numbers replaced by huge or odd ones, control characters) give a
 * {@link ModelImportException} or a model, never another exception or a hang. Two families with the most fields the
 * importer reads: a Qwen2-MoE (layer lists, expert sizes) and a GPT-2 (aliases). 5,000 inputs of each per run; the
 * {@code fuzz} Maven profile runs 1,000,000 of each.
 */
class HfConfigImporterFuzzTest {

    @TempDir
    Path dir;

    private static final String QWEN2_MOE = """
            {"model_type": "qwen2_moe", "architectures": ["Qwen2MoeForCausalLM"], "hidden_size": 64,
             "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 128,
             "vocab_size": 100, "num_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
             "shared_expert_intermediate_size": 64, "decoder_sparse_step": 1, "mlp_only_layers": [0],
             "use_sliding_window": false, "sliding_window": 4096, "max_window_layers": 2,
             "max_position_embeddings": 4096, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
             "quantization_config": {"quant_method": "bitsandbytes", "load_in_4bit": true}}""";

    private static final String GPT2 = """
            {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": 64, "n_head": 4, "n_layer": 2,
             "n_inner": null, "n_positions": 256, "vocab_size": 100, "dtype": "float32"}""";

    @Test
    void mutatedConfigurationsGiveAModelImportExceptionOrAModel() throws Exception {
        Path file = dir.resolve("config.json");
        int rejected = 0;
        long seed = 0xc0f1_9000L;
        for (String config : new String[] {QWEN2_MOE, GPT2}) {
            byte[] valid = config.getBytes(StandardCharsets.UTF_8);
            Files.write(file, valid);
            assertThat(HfConfigImporter.read(file).spec()).isPresent();
            try (FuzzFile out = new FuzzFile(file)) {
                rejected += FuzzLoop.run(seed++, 5_000, true, valid, input -> {
                    out.write(input);
                    HfConfigImporter.read(file);
                }, ModelImportException.class);
            }
        }
        assertThat(rejected).isPositive();
    }
}
