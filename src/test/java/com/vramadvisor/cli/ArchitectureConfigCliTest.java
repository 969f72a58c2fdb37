package com.vramadvisor.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --config} and {@code --preset} with today's architectures, end to end through the command line. */
class ArchitectureConfigCliTest {

    private static String fixture(String name) {
        try {
            return Path.of(ArchitectureConfigCliTest.class.getResource("/configs/" + name + "/config.json").toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode estimate(String... args) throws Exception {
        EstimateCommandTest.Result r = EstimateCommandTest.run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void aDeepSeekV3ConfigLoadsAndCachesItsLatentPerToken() throws Exception {
        // (512 + 64) x 61 layers x 2 bytes = 70,272 bytes per token; 16 sequences of 8192 tokens.
        JsonNode json = estimate("estimate", "--config", fixture("deepseek-v3"), "--mode", "infer", "--batch", "16",
                "--seq", "1", "--context", "8192", "--kv-dtype", "bf16", "--format", "json");
        assertThat(json.get("components").get("kvCache").asLong()).isEqualTo(70_272L * 16 * 8192);
        assertThat((double) json.get("parameters").asLong()).isBetween(670.5e9, 671.5e9);
    }

    @Test
    void theLatentCacheCanBeSwitchedToNaivePerHeadKeysAndValues() throws Exception {
        // 128 heads x (192 + 128) x 61 layers x 2 bytes = 4,997,120 bytes per token.
        JsonNode json = estimate("estimate", "--preset", "deepseek-v3", "--mla-cache", "naive", "--mode", "infer",
                "--batch", "1", "--seq", "1", "--context", "1024", "--kv-dtype", "bf16", "--format", "json");
        assertThat(json.get("components").get("kvCache").asLong()).isEqualTo(4_997_120L * 1024);
        EstimateCommandTest.Result wrong = EstimateCommandTest.run("estimate", "--preset", "llama-3-8b",
                "--mla-cache", "naive");
        assertThat(wrong.status()).isEqualTo(2);
        assertThat(wrong.err()).contains("--mla-cache").doesNotContain("\n\tat ");
        EstimateCommandTest.Result typo = EstimateCommandTest.run("estimate", "--preset", "deepseek-v3",
                "--mla-cache", "compressed");
        assertThat(typo.status()).isEqualTo(2);
        assertThat(typo.err()).contains("absorbed or naive");
    }

    @Test
    void gemma3PresetSizesItsKvCacheLayerByLayer() throws Exception {
        // 10 global layers x 32,768 tokens + 52 local layers x 1024 tokens, 16 KV heads of 128, K and V, 2 bytes.
        JsonNode json = estimate("estimate", "--preset", "gemma-3-27b", "--mode", "infer", "--batch", "1",
                "--seq", "1", "--context", "32768", "--kv-dtype", "bf16", "--format", "json");
        assertThat(json.get("components").get("kvCache").asLong())
                .isEqualTo((10L * 32_768 + 52L * 1024) * 2 * 16 * 128 * 2);
    }

    @Test
    void llamaCppFileTypesAreSizedTensorByTensorAndUnknownOnesRefused() throws Exception {
        // bartowski/Meta-Llama-3.1-8B-Instruct-GGUF: Q4_K_M file 4.92 GB.
        JsonNode json = estimate("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "q4_k_m",
                "--format", "json");
        assertThat(json.get("components").get("weights").asLong() / 1e9).isBetween(4.92 * 0.98, 4.92 * 1.02);
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--preset", "llama-3.1-8b", "--mode",
                "infer", "--weights", "q4_k_s");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--weights").contains("q4_k_s").contains("q4_k_m");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void everyNewPresetEstimates() throws Exception {
        for (String id : new String[] {"deepseek-v3", "deepseek-r1", "qwen3-8b", "qwen3-30b-a3b", "qwen3-235b-a22b",
            "llama-3.2-1b", "llama-3.2-3b", "llama-3.3-70b", "llama-4-scout", "llama-4-maverick", "gemma-3-4b",
            "gemma-3-12b", "gemma-3-27b", "gpt-oss-20b", "gpt-oss-120b", "mistral-small-24b", "mistral-nemo-12b",
            "phi-4"}) {
            JsonNode json = estimate("estimate", "--preset", id, "--mode", "infer", "--format", "json");
            assertThat(json.get("peakBytes").asLong()).as(id).isPositive();
        }
    }
}
