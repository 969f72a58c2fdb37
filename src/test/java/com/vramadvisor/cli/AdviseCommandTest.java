package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AdviseCommandTest {

    @Test
    void fullTrainingOfLlama3On80GibListsFittingLeversFirstAndEachPeakMatchesEstimate() throws IOException {
        JsonNode advice = runJson("advise", "--preset", "llama-3-8b", "--seq", "4096", "--memory-gib", "80",
                "--format", "json");
        assertThat(advice.get("usableBytesPerGpu").asLong()).isEqualTo(80L << 30);
        // Mixed-precision AdamW keeps 16 bytes per parameter (ZeRO paper, section 3.1): 8.03B x 16 > 80 GiB.
        assertThat(advice.get("currentFits").asBoolean()).isFalse();
        JsonNode levers = advice.get("levers");
        assertThat(levers.size()).isPositive();
        assertThat(levers.get(0).get("fits").asBoolean()).isTrue();
        List<String> ids = new ArrayList<>();
        levers.forEach(l -> ids.add(l.get("lever").asText()));
        assertThat(ids).contains("zero3-data-parallel", "lora", "qlora").doesNotContain("kv-cache-fp8");
        long current = advice.get("currentPeakBytes").asLong();
        for (JsonNode l : levers) {
            assertThat(l.get("savedBytes").asLong()).isEqualTo(current - l.get("peakBytes").asLong()).isPositive();
            assertThat(l.get("speed").get("source").asText()).isNotBlank();
        }
        JsonNode lora = findLever(levers, "lora");
        JsonNode estimate = runJson("estimate", "--preset", "llama-3-8b", "--seq", "4096", "--mode", "lora",
                "--lora-rank", "16", "--format", "json");
        assertThat(lora.get("peakBytes").asLong()).isEqualTo(estimate.get("peakBytes").asLong());
        assertThat(lora.get("speed").get("summary").asText()).contains("25%");
    }

    @Test
    void inferenceGetsInferenceLeversAgainstACatalogGpu() throws IOException {
        JsonNode advice = runJson("advise", "--preset", "llama-3-8b", "--mode", "infer", "--weights", "fp16",
                "--batch", "32", "--context", "8192", "--gpu", "l4", "--format", "json");
        List<String> ids = new ArrayList<>();
        advice.get("levers").forEach(l -> ids.add(l.get("lever").asText()));
        assertThat(ids).contains("kv-cache-fp8", "weights-int8", "weights-int4", "halve-sequences", "halve-context")
                .doesNotContain("lora", "full-recompute", "zero3-data-parallel");
        // The L4 has 24 GB (NVIDIA L4 datasheet); CUDA reports 22,478 MiB of it (nvidia-smi's 23,034 MiB less 556
        // reserved), and vLLM, the default engine, takes 0.9 of that: ceil(0.9 x 23,570,350,080) bytes.
        assertThat(advice.get("usableBytesPerGpu").asLong()).isLessThan(24_000_000_000L)
                .isEqualTo((long) Math.ceil(0.9 * (22_478L << 20)));
    }

    @Test
    void theTextTableNamesTheChangesAndTheirSources() {
        EstimateCommandTest.Result r = run("advise", "--preset", "llama-3-8b", "--seq", "4096", "--memory-gib", "80");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Change (alone)").contains("ZeRO-3 over").contains("LoRA rank 16")
                .contains("Korthikanti").contains("does not fit").contains("GiB");
    }

    @Test
    void badInputGivesOneLineAndExitTwo() {
        EstimateCommandTest.Result neither = run("advise", "--preset", "gpt2");
        assertThat(neither.status()).isEqualTo(2);
        assertThat(neither.err()).contains("--gpu").contains("--memory-gib");
        assertThat(neither.err().strip().lines().count()).isEqualTo(1);
        EstimateCommandTest.Result unknown = run("advise", "--preset", "gpt2", "--gpu", "no-such-card");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).contains("catalog list gpus");
        assertThat(run("advise", "--preset", "gpt2", "--memory-gib", "-3").status()).isEqualTo(2);
        assertThat(run("advise", "--preset", "gpt2", "--memory-gib", "8", "--format", "xml").status()).isEqualTo(2);
    }

    private static JsonNode findLever(JsonNode levers, String id) {
        for (JsonNode l : levers) {
            if (l.get("lever").asText().equals(id)) {
                return l;
            }
        }
        throw new AssertionError(id + " not listed");
    }
}
