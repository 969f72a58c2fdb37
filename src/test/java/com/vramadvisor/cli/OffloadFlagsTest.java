package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OffloadFlagsTest {

    @TempDir
    Path dir;

    private static EstimateCommandTest.Result run(String... args) {
        return EstimateCommandTest.run(args);
    }

    @Test
    void zeroOffloadMovesOptimizerStatesToHostBytes() throws IOException {
        JsonNode plain = runJson("estimate", "--preset", "llama-2-7b", "--implementation", "megatron", "--zero", "2",
                "--format", "json");
        JsonNode offload = runJson("estimate", "--preset", "llama-2-7b", "--implementation", "megatron", "--zero", "2",
                "--offload", "optimizer", "--format", "json");
        assertThat(plain.get("hostBytes").asLong()).isZero();
        assertThat(offload.get("components").get("optimizerStates").asLong()).isZero();
        // fp32 master, fp32 gradients and two Adam moments: 16 bytes per parameter in pinned host memory.
        long params = offload.get("parameters").asLong();
        assertThat(offload.get("hostBytes").asLong()).isBetween(16 * params, 17 * params);
        assertThat(offload.get("peakBytes").asLong()).isLessThan(plain.get("peakBytes").asLong() / 2);
        assertThat(offload.get("nvmeBytes").asLong()).isZero();
    }

    @Test
    void nvmeOffloadReportsNvmeBytesAndTextShowsHostRam() throws IOException {
        JsonNode nvme = runJson("estimate", "--preset", "llama-2-7b", "--implementation", "megatron", "--zero", "3",
                "--offload", "all", "--offload-to", "nvme", "--format", "json");
        assertThat(nvme.get("nvmeBytes").asLong()).isPositive();
        EstimateCommandTest.Result text = run("estimate", "--preset", "llama-2-7b", "--implementation", "megatron",
                "--zero", "3", "--offload", "all", "--offload-to", "nvme");
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).contains("Host RAM").contains("NVMe").contains("offload all to nvme");
    }

    @Test
    void gpuLayersSplitALlamaCppModel() throws IOException {
        JsonNode part = runJson("estimate", "--preset", "mistral-7b", "--mode", "infer", "--engine", "llama.cpp",
                "--weights", "q4_k_m", "--context", "768", "--gpu-layers", "20", "--format", "json");
        JsonNode all = runJson("estimate", "--preset", "mistral-7b", "--mode", "infer", "--engine", "llama.cpp",
                "--weights", "q4_k_m", "--context", "768", "--format", "json");
        assertThat(part.get("hostBytes").asLong()).isPositive();
        assertThat(part.get("components").get("weights").asLong())
                .isLessThan(all.get("components").get("weights").asLong());
    }

    @Test
    void badOffloadInputGivesOneLineNamingTheFlag() {
        EstimateCommandTest.Result unknown = run("estimate", "--preset", "gpt2", "--zero", "2", "--offload", "gpu");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).contains("--offload").doesNotContain("Exception");
        EstimateCommandTest.Result stage = run("estimate", "--preset", "gpt2", "--implementation", "megatron",
                "--offload", "optimizer");
        assertThat(stage.status()).isEqualTo(2);
        assertThat(stage.err()).contains("--offload").contains("ZeRO stage");
        EstimateCommandTest.Result fsdp = run("estimate", "--preset", "gpt2", "--zero", "3", "--offload", "optimizer");
        assertThat(fsdp.status()).isEqualTo(2);
        assertThat(fsdp.err()).contains("--framework deepspeed");
        EstimateCommandTest.Result vllm = run("estimate", "--preset", "gpt2", "--mode", "infer", "--context", "512",
                "--gpu-layers", "4");
        assertThat(vllm.status()).isEqualTo(2);
        assertThat(vllm.err()).contains("--gpu-layers needs --engine llama.cpp");
        EstimateCommandTest.Result to = run("estimate", "--preset", "gpt2", "--offload-to", "nvme");
        assertThat(to.status()).isEqualTo(2);
        assertThat(to.err()).contains("--offload-to");
    }

    @Test
    void diffusionStillReadsItsOwnOffloadValues() {
        EstimateCommandTest.Result r = run("estimate", "--workload", "diffusion", "--preset", "sd-1.5", "--offload",
                "model");
        assertThat(r.status()).as(r.err()).isZero();
        EstimateCommandTest.Result llmValue = run("estimate", "--workload", "diffusion", "--preset", "sd-1.5",
                "--gpu-layers", "3");
        assertThat(llmValue.status()).isEqualTo(2);
    }

    @Test
    void reportsStateTheHostRamInBothLanguages() throws IOException {
        for (String lang : new String[] {"en", "zh-CN"}) {
            Path md = dir.resolve("r-" + lang + ".md");
            EstimateCommandTest.Result r = run("report", "--preset", "llama-2-7b", "--implementation", "megatron",
                    "--zero", "2", "--offload", "optimizer", "--md", md.toString(), "--lang", lang);
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(Files.readString(md)).contains(lang.equals("en") ? "of host RAM per GPU" : "主机内存");
        }
    }
}
