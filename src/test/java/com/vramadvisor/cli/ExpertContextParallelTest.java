package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@code --ep} and {@code --cp}: expert parallelism keeps {@code E / ep} routed experts per GPU (Megatron-Core
 * {@code num_local_experts = num_moe_experts / expert_model_parallel_size}); context parallelism keeps {@code s / cp}
 * tokens per GPU (Megatron-Core docs "Context parallelism": activation memory divided by cp).
 */
class ExpertContextParallelTest {

    private static double weights(JsonNode n) {
        return n.get("components").get("weights").asDouble();
    }

    /**
     * Mixtral 8x7B: 46.7B parameters in total, 12.9B active per token with 2 of 8 experts (Mistral AI, "Mixtral of
     * experts", 2023-12-11). So the routed experts hold E = (46.7 - 12.9) / (1 - 2/8) = 45.07B parameters and the rest
     * N = 1.63B; at ep 4 a GPU holds N + E/4 = 12.9B, the published active count. bf16: 2 bytes each.
     */
    @Test
    void mixtralAtEp4HoldsAQuarterOfTheExperts() throws IOException {
        JsonNode one = runJson("estimate", "--preset", "mixtral-8x7b", "--mode", "infer", "--precision", "bf16",
                "--dp", "4", "--format", "json");
        JsonNode four = runJson("estimate", "--preset", "mixtral-8x7b", "--mode", "infer", "--precision", "bf16",
                "--dp", "4", "--ep", "4", "--format", "json");
        double experts = (46.7e9 - 12.9e9) / 0.75;
        assertThat(weights(one)).isCloseTo(2 * 46.7e9, within(2 * 0.1e9));
        assertThat(weights(four)).isCloseTo(2 * 12.9e9, within(2 * 0.1e9));
        assertThat(weights(one) - weights(four)).isCloseTo(2 * experts * 3 / 4, within(2 * 0.1e9));
    }

    /**
     * DeepSeek-V3: 671B parameters, 37B activated per token with 8 of 256 routed experts (DeepSeek-V3 Technical
     * Report, arXiv:2412.19437, abstract). Routed experts E = (671 - 37) / (1 - 8/256) = 654.5B; at ep 8 a GPU keeps
     * E/8 of them, so the weights shrink by 7/8 E. The multi-token-prediction module is not part of the 671B.
     */
    @Test
    void deepSeekV3AtEp8HoldsAnEighthOfTheExperts() throws IOException {
        JsonNode one = runJson("estimate", "--preset", "deepseek-v3", "--mode", "infer", "--precision", "bf16",
                "--dp", "8", "--format", "json");
        JsonNode eight = runJson("estimate", "--preset", "deepseek-v3", "--mode", "infer", "--precision", "bf16",
                "--dp", "8", "--ep", "8", "--format", "json");
        double experts = (671e9 - 37e9) * 256 / 248;
        double saved = weights(one) - weights(eight);
        assertThat(saved).isCloseTo(2 * experts * 7 / 8, within(0.02 * 2 * experts * 7 / 8));
    }

    /** Training: the experts' gradients follow E/ep as well (Mixtral, fp32 gradients under Megatron bf16: 2 bytes). */
    @Test
    void trainingGradientsFollowTheExpertShard() throws IOException {
        JsonNode one = runJson("estimate", "--preset", "mixtral-8x7b", "--implementation", "megatron", "--dp", "8",
                "--seq", "1024", "--format", "json");
        JsonNode eight = runJson("estimate", "--preset", "mixtral-8x7b", "--implementation", "megatron", "--dp", "8",
                "--ep", "8", "--seq", "1024", "--format", "json");
        double g1 = one.get("components").get("gradients").asDouble();
        double g8 = eight.get("components").get("gradients").asDouble();
        double experts = (46.7e9 - 12.9e9) / 0.75;
        // The gradient component's bytes per parameter are those of the whole model (46.7B).
        double perParam = g1 / 46.7e9;
        assertThat(g1 - g8).isCloseTo(perParam * experts * 7 / 8, within(perParam * 0.2e9));
    }

    /** Megatron-Core docs: with CP each GPU processes s/cp tokens, so activations halve at cp 2 (fused attention). */
    @Test
    void contextParallelTwoHalvesActivations() throws IOException {
        JsonNode one = runJson("estimate", "--preset", "llama-2-7b", "--implementation", "megatron", "--seq", "4096",
                "--format", "json");
        JsonNode two = runJson("estimate", "--preset", "llama-2-7b", "--implementation", "megatron", "--seq", "4096",
                "--cp", "2", "--format", "json");
        double a1 = one.get("components").get("activations").asDouble();
        double a2 = two.get("components").get("activations").asDouble();
        assertThat(a2 / a1).isBetween(0.49, 0.52);
        assertThat(weights(two)).isEqualTo(weights(one));
        assertThat(two.get("parallelism").get("contextParallel").asInt()).isEqualTo(2);
    }

    /** Inference: context parallelism splits one long sequence's KV cache over the cp GPUs. */
    @Test
    void contextParallelSplitsTheKvCache() throws IOException {
        JsonNode one = runJson("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--context", "131072",
                "--precision", "bf16", "--format", "json");
        JsonNode four = runJson("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--context", "131072",
                "--precision", "bf16", "--cp", "4", "--format", "json");
        // Llama 3.1 8B (config.json: 32 layers, 8 KV heads of 128): 2 x 32 x 8 x 128 x 2 bytes = 128 KiB per token.
        assertThat(one.get("components").get("kvCache").asDouble()).isEqualTo(131072.0 * 128 * 1024);
        assertThat(four.get("components").get("kvCache").asDouble()).isEqualTo(131072.0 / 4 * 128 * 1024);
        assertThat(four.get("parallelism").get("contextParallel").asInt()).isEqualTo(4);
        assertThat(four.get("parallelism").get("gpus").asInt()).isEqualTo(4);
    }

    @Test
    void invalidSizesGiveOneLineAndExit2() {
        String[][] bad = {
            {"estimate", "--preset", "mixtral-8x7b", "--dp", "3", "--ep", "3"},
            {"estimate", "--preset", "mixtral-8x7b", "--ep", "2"},
            {"estimate", "--preset", "llama-2-7b", "--dp", "2", "--ep", "2"},
            {"estimate", "--preset", "llama-2-7b", "--cp", "3", "--seq", "4096"},
            {"estimate", "--preset", "llama-2-7b", "--cp", "0"},
        };
        String[] expected = {"experts (8)", "--ep", "mixture-of-experts", "--cp", "--cp"};
        for (int i = 0; i < bad.length; i++) {
            EstimateCommandTest.Result r = EstimateCommandTest.run(bad[i]);
            assertThat(r.status()).as(String.join(" ", bad[i])).isEqualTo(2);
            assertThat(r.err()).contains(expected[i]).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(r.err().strip().lines().count()).isEqualTo(1);
        }
    }

    @Test
    void planKeepsTheGivenExpertAndContextParallelSizes() throws IOException {
        JsonNode plan = runJson("plan", "--preset", "mixtral-8x7b", "--seq", "4096", "--tokens", "1e11", "--gpu",
                "dgx-h100", "--dp", "2", "--ep", "4", "--cp", "2", "--format", "json");
        JsonNode layouts = plan.get("layouts");
        assertThat(layouts.size()).isPositive();
        for (JsonNode l : layouts) {
            JsonNode layout = l.get("layout");
            assertThat(layout.get("ep").asInt()).isEqualTo(4);
            assertThat(layout.get("cp").asInt()).isEqualTo(2);
            assertThat(layout.get("tp").asInt() * layout.get("pp").asInt() * layout.get("dp").asInt() * 2)
                    .isEqualTo(l.get("gpus").asInt());
            assertThat(layout.get("dp").asInt() * 2 % 4).isZero();
        }
    }
}
