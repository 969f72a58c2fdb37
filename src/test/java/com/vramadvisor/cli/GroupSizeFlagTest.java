package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --weights awq|gptq} with {@code --group-size}, and a GPTQ {@code config.json} importing its group size. */
class GroupSizeFlagTest {

    @TempDir
    Path dir;

    private static long weights(String... args) throws IOException {
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out()).path("components").path("weights").asLong();
    }

    private static String[] llama2_13b(String... more) {
        String[] base = {"estimate", "--preset", "llama-2-13b", "--mode", "infer", "--format", "json"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void awqAndGptqTakeTheGroupSizeAndMatchPublishedCheckpointSizes() throws IOException {
        // TheBloke/Llama-2-13B-GPTQ model card, "Provided files": 4-bit group 128 7.26 GB, group 32 8.00 GB.
        long awq = weights(llama2_13b("--weights", "awq"));
        assertThat(awq).isEqualTo(weights(llama2_13b("--weights", "int4")));
        assertThat((double) awq).isCloseTo(7.26e9, org.assertj.core.api.Assertions.within(0.02 * 7.26e9));
        long g32 = weights(llama2_13b("--weights", "gptq", "--group-size", "32"));
        assertThat((double) g32).isCloseTo(8.00e9, org.assertj.core.api.Assertions.within(0.02 * 8.00e9));
        assertThat(weights(llama2_13b("--weights", "gptq", "--group-size", "-1"))).isLessThan(awq);
    }

    @Test
    void unknownGroupSizesAndGroupSizesOnOtherTypesAreOneLineInputErrors() {
        for (String g : new String[] {"16", "100"}) {
            EstimateCommandTest.Result r = run(llama2_13b("--weights", "gptq", "--group-size", g));
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.err()).contains("--group-size").contains("group size " + g).doesNotContain("Exception");
            assertThat(r.err().strip().lines().count()).isEqualTo(1);
        }
        EstimateCommandTest.Result fp16 = run(llama2_13b("--weights", "fp16", "--group-size", "64"));
        assertThat(fp16.status()).isEqualTo(2);
        assertThat(fp16.err()).contains("--group-size");
    }

    @Test
    void aGptqConfigImportsItsGroupSize() throws IOException {
        // Llama-2-13B shape as in TheBloke/Llama-2-13B-GPTQ's config.json, its gptq-4bit-32g branch settings.
        Path config = dir.resolve("config.json");
        Files.writeString(config, """
                {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 5120,
                 "intermediate_size": 13824, "num_attention_heads": 40, "num_key_value_heads": 40,
                 "num_hidden_layers": 40, "vocab_size": 32000, "max_position_embeddings": 4096,
                 "rms_norm_eps": 1e-05, "tie_word_embeddings": false, "torch_dtype": "float16",
                 "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 32, "desc_act": true}}""");
        long imported = weights("estimate", "--config", config.toString(), "--mode", "infer", "--format", "json");
        assertThat(imported).isEqualTo(weights(llama2_13b("--weights", "gptq", "--group-size", "32")));
        Files.writeString(config, Files.readString(config).replace("\"group_size\": 32", "\"group_size\": 48"));
        EstimateCommandTest.Result unknown = run("estimate", "--config", config.toString(), "--mode", "infer");
        assertThat(unknown.err() + unknown.out()).contains("gptq with bits 4 and group size 48 is not modelled");
    }

    @Test
    void gptqTakesThreeFourOrEightBitsAndAwqOnlyFour() throws IOException {
        long four = weights(llama2_13b("--weights", "gptq"));
        long three = weights(llama2_13b("--weights", "gptq", "--bits", "3"));
        long eight = weights(llama2_13b("--weights", "gptq", "--bits", "8", "--group-size", "64"));
        assertThat(three).isLessThan(four);
        assertThat(eight).isGreaterThan(four);
        assertThat(three).isEqualTo(weights(llama2_13b("--weights", "int3")));
        assertThat(eight).isEqualTo(weights(llama2_13b("--weights", "int8_g64")));
        for (String[] bad : new String[][] {{"--weights", "gptq", "--bits", "2"}, {"--weights", "awq", "--bits", "8"},
            {"--weights", "fp16", "--bits", "8"}, {"--bits", "8"}}) {
            EstimateCommandTest.Result r = run(llama2_13b(bad));
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.err()).contains("--bits").doesNotContain("Exception");
            assertThat(r.err().strip().lines().count()).isEqualTo(1);
        }
    }

    @Test
    void anEightBitGptqConfigImportsAsEightBits() throws IOException {
        Path config = dir.resolve("config.json");
        Files.writeString(config, """
                {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 5120,
                 "intermediate_size": 13824, "num_attention_heads": 40, "num_key_value_heads": 40,
                 "num_hidden_layers": 40, "vocab_size": 32000, "max_position_embeddings": 4096,
                 "rms_norm_eps": 1e-05, "tie_word_embeddings": false, "torch_dtype": "float16",
                 "quantization_config": {"quant_method": "gptq", "bits": 8, "group_size": 128, "desc_act": true}}""");
        long imported = weights("estimate", "--config", config.toString(), "--mode", "infer", "--format", "json");
        assertThat(imported).isEqualTo(weights(llama2_13b("--weights", "gptq", "--bits", "8")));
    }
}
