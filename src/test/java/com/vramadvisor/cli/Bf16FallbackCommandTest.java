package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.reasons;
import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The decision table times BF16 only where the GPU has it. The V100 and the T4 (CUDA compute capability 7.0 and 7.5,
 * NVIDIA's list of CUDA GPUs) have no BF16 arithmetic; BF16 tensor cores came with Ampere (A100 architecture
 * whitepaper). A BF16 training row there runs emulated, slower than the same job in FP16, and says
 * {@code precision-fallback}; an A100 trains BF16 at its FP16 rate and says nothing; BF16 weights are served as FP16
 * (vLLM's fallback), so their latency equals FP16 weights'.
 */
class Bf16FallbackCommandTest {

    private static Map<String, JsonNode> rows(JsonNode table) {
        Map<String, JsonNode> out = new HashMap<>();
        for (JsonNode row : table.get("rows")) {
            out.putIfAbsent(row.get("hardwareId").asText(), row);
        }
        return out;
    }

    @Test
    void bf16TrainingOnAV100IsSlowerThanFp16AndSaysWhileAnA100TrainsBothAlike() throws IOException {
        Map<String, JsonNode> bf16 = rows(runJson("recommend", "--preset", "llama-3.2-1b", "--precision", "bf16-mixed",
                "--format", "json"));
        Map<String, JsonNode> fp16 = rows(runJson("recommend", "--preset", "llama-3.2-1b", "--precision", "fp16-mixed",
                "--format", "json"));
        JsonNode v100Bf16 = bf16.get("v100-pcie-32gb");
        JsonNode v100Fp16 = fp16.get("v100-pcie-32gb");
        assertThat(v100Bf16).isNotNull();
        assertThat(v100Fp16).isNotNull();
        assertThat(reasons(v100Bf16)).contains("precision-fallback");
        assertThat(reasons(v100Fp16)).doesNotContain("precision-fallback");
        assertThat(v100Bf16.get("tokensPerSecond").asDouble())
                .isLessThan(v100Fp16.get("tokensPerSecond").asDouble() / 2);
        JsonNode a100Bf16 = bf16.get("a100-sxm-80gb");
        JsonNode a100Fp16 = fp16.get("a100-sxm-80gb");
        assertThat(reasons(a100Bf16)).doesNotContain("precision-fallback");
        assertThat(a100Bf16.get("tokensPerSecond").asDouble())
                .isEqualTo(a100Fp16.get("tokensPerSecond").asDouble());
    }

    @Test
    void bf16WeightsOnAT4AreServedAsFp16() throws IOException {
        Map<String, JsonNode> bf16 = rows(runJson("recommend", "--preset", "llama-3.2-1b", "--mode", "infer",
                "--weights", "bf16", "--format", "json"));
        Map<String, JsonNode> fp16 = rows(runJson("recommend", "--preset", "llama-3.2-1b", "--mode", "infer",
                "--weights", "fp16", "--format", "json"));
        JsonNode t4 = bf16.get("t4");
        assertThat(t4).isNotNull();
        assertThat(reasons(t4)).contains("precision-fallback");
        assertThat(reasons(fp16.get("t4"))).doesNotContain("precision-fallback");
        assertThat(t4.get("tpotMs").asDouble()).isEqualTo(fp16.get("t4").get("tpotMs").asDouble());
        assertThat(t4.get("ttftMs").asDouble()).isEqualTo(fp16.get("t4").get("ttftMs").asDouble());
        assertThat(reasons(bf16.get("a100-sxm-80gb"))).doesNotContain("precision-fallback");
    }

    @Test
    void theEstimatesLatencySaysBf16WeightsAreServedAsFp16OnlyWhereTheGpuLacksBf16() {
        EstimateCommandTest.Result t4 = run("estimate", "--preset", "llama-3.2-1b", "--mode", "infer", "--gpu", "t4",
                "--weights", "bf16");
        assertThat(t4.status()).as(t4.err()).isZero();
        assertThat(t4.out()).contains("no BF16 arithmetic");
        EstimateCommandTest.Result a100 = run("estimate", "--preset", "llama-3.2-1b", "--mode", "infer", "--gpu",
                "a100-sxm-80gb", "--weights", "bf16");
        assertThat(a100.status()).as(a100.err()).isZero();
        assertThat(a100.out()).doesNotContain("no BF16 arithmetic");
    }

    @Test
    void bf16VisionTrainingOnAV100SaysItFellBack() throws IOException {
        // A batch of 256 images a step, so that the arithmetic, not the host's kernel launches, sets the pace.
        Map<String, JsonNode> bf16 = rows(runJson("recommend", "--workload", "vision", "--preset", "resnet-50",
                "--mode", "train", "--batch", "256", "--precision", "bf16-mixed", "--format", "json"));
        Map<String, JsonNode> fp16 = rows(runJson("recommend", "--workload", "vision", "--preset", "resnet-50",
                "--mode", "train", "--batch", "256", "--precision", "fp16-mixed", "--format", "json"));
        JsonNode v100 = bf16.get("v100-pcie-32gb");
        assertThat(v100).isNotNull();
        assertThat(reasons(v100)).contains("precision-fallback");
        assertThat(reasons(fp16.get("v100-pcie-32gb"))).doesNotContain("precision-fallback");
        assertThat(v100.get("itemsPerSecond").asDouble())
                .isLessThan(fp16.get("v100-pcie-32gb").get("itemsPerSecond").asDouble());
        assertThat(reasons(bf16.get("a100-sxm-80gb"))).doesNotContain("precision-fallback");
    }
}
