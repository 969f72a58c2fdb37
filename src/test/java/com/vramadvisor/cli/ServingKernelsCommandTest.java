package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.reasons;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A serving engine the user names runs only where it has a back-end and kernels for the weights. Independent facts
 * checked: vLLM, SGLang and TensorRT-LLM have no Metal back-end (their installation guides: CUDA, ROCm and, for vLLM,
 * Gaudi and Intel XPU); vLLM's "Supported Hardware" table (v0.14) gives FP8 W8A8 on Ada, Hopper and AMD GPUs and not
 * on Intel GPUs, and its FP8 page runs FP8 checkpoints on compute capability 7.5 and up as weight-only W8A16, so not
 * on Volta (V100, compute capability 7.0); TensorRT-LLM's support matrix gives FP8 from Ada on, not on Ampere (A100).
 * llama.cpp runs on Metal.
 */
class ServingKernelsCommandTest {

    @Test
    void vllmFp8ServingLeadsWithNoAppleIntelOrVoltaRowAndSaysWhyWhenAsked() throws IOException {
        JsonNode table = runJson("recommend", "--preset", "llama-3-8b", "--mode", "infer", "--framework", "vllm",
                "--weights", "fp8", "--show-unsupported", "--format", "json");
        int apple = 0;
        int intel = 0;
        int volta = 0;
        for (JsonNode row : table.get("rows")) {
            String vendor = row.get("vendor").asText();
            String id = row.get("hardwareId").asText();
            boolean isVolta = id.contains("v100");
            boolean isIntelGpu = "Intel".equals(vendor) && !id.contains("gaudi");
            if ("Apple".equals(vendor)) {
                apple++;
                assertThat(row.get("fits").asBoolean()).as(id).isFalse();
                assertThat(reasons(row)).as(id).contains("no-framework-stack");
            }
            if (isIntelGpu) {
                intel++;
                assertThat(row.get("fits").asBoolean()).as(id).isFalse();
                assertThat(reasons(row)).as(id).contains("no-weight-kernels");
            }
            if (isVolta) {
                volta++;
                assertThat(row.get("fits").asBoolean()).as(id).isFalse();
                assertThat(reasons(row)).as(id).contains("no-weight-kernels");
            }
            if (id.contains("a100") || id.contains("h100") || id.contains("mi300x")) {
                assertThat(reasons(row)).as(id).doesNotContain("no-weight-kernels", "no-framework-stack");
            }
        }
        assertThat(apple).as("Apple rows listed with --show-unsupported").isPositive();
        assertThat(intel).as("Intel Arc rows listed").isPositive();
        assertThat(volta).as("V100 rows listed").isPositive();
        JsonNode shown = runJson("recommend", "--preset", "llama-3-8b", "--mode", "infer", "--framework", "vllm",
                "--weights", "fp8", "--format", "json");
        for (JsonNode row : shown.get("rows")) {
            assertThat(row.get("vendor").asText()).as(row.get("hardware").asText()).isNotEqualTo("Apple");
            assertThat(row.get("hardwareId").asText()).doesNotContain("arc-", "v100");
        }
    }

    @Test
    void tensorRtLlmRunsFp8FromAdaOnAndLlamaCppRunsOnApple() throws IOException {
        JsonNode trt = runJson("recommend", "--preset", "llama-3-8b", "--mode", "infer", "--framework", "trtllm",
                "--weights", "fp8", "--show-unsupported", "--format", "json");
        boolean a100 = false;
        for (JsonNode row : trt.get("rows")) {
            String id = row.get("hardwareId").asText();
            if (id.contains("a100")) {
                a100 = true;
                assertThat(reasons(row)).as(id).contains("no-weight-kernels");
            }
            if (id.contains("h100") || id.contains("l40s")) {
                assertThat(reasons(row)).as(id).doesNotContain("no-weight-kernels");
            }
            if ("AMD".equals(row.get("vendor").asText())) {
                assertThat(reasons(row)).as(id).contains("no-framework-stack");
            }
        }
        assertThat(a100).isTrue();
        JsonNode cpp = runJson("recommend", "--preset", "llama-3-8b", "--mode", "infer", "--framework", "llama.cpp",
                "--weights", "q4_k_m", "--format", "json");
        boolean appleFits = false;
        for (JsonNode row : cpp.get("rows")) {
            appleFits |= "Apple".equals(row.get("vendor").asText()) && row.get("fits").asBoolean();
        }
        assertThat(appleFits).as("llama.cpp serves on Apple GPUs").isTrue();
    }

    @Test
    void withNoEngineNamedTheDefaultPagedLayoutIsVllmsAndHeldToItsFp8Kernels() throws IOException {
        // The workload line's KV blocks of 16 tokens and 8,192-token prefill chunks are vLLM's layout: the table
        // sizes vLLM, so it offers no Intel Arc row for FP8 weights either.
        JsonNode table = runJson("recommend", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "fp8",
                "--format", "json");
        for (JsonNode row : table.get("rows")) {
            assertThat(row.get("hardwareId").asText()).doesNotContain("arc-", "v100");
            assertThat(row.get("vendor").asText()).isNotEqualTo("Apple");
        }
        assertThat(table.get("optionsUnsupported").asInt()).isPositive();
    }
}
