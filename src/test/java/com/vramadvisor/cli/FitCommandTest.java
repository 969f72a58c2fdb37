package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class FitCommandTest {

    private static long peak(String... args) throws IOException {
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out()).get("peakBytes").asLong();
    }

    @Test
    void theLargestContextFitsAndOneMoreTokenDoesNot() throws IOException {
        // Llama-2-7B in fp16: 13,476,831,232 bytes of weights and 512 KiB of KV cache per token, so a 16 GiB budget
        // leaves room for a few thousand tokens of context at batch 1 (14.5 GiB keeps the answer below the model's
        // 4,096 positions) and none at all for 12 GiB.
        EstimateCommandTest.Result r = run("fit", "--preset", "llama-2-7b", "--mode", "infer", "--weights", "fp16",
                "--seq", "512", "--budget-gib", "14.5", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        int context = json.get("maxContext").asInt();
        long budget = json.get("budgetBytes").asLong();
        assertThat(budget).isEqualTo(29L << 29);
        assertThat(context).isBetween(2048, (int) ((budget - 13_476_831_232L) / (512 * 1024)));
        assertThat(peak("estimate", "--preset", "llama-2-7b", "--mode", "infer", "--weights", "fp16", "--seq", "512",
                "--context", String.valueOf(context), "--format", "json")).isLessThanOrEqualTo(budget);
        assertThat(peak("estimate", "--preset", "llama-2-7b", "--mode", "infer", "--weights", "fp16", "--seq", "512",
                "--context", String.valueOf(context + 1), "--format", "json")).isGreaterThan(budget);

        JsonNode tiny = new ObjectMapper().readTree(run("fit", "--preset", "llama-2-7b", "--mode", "infer",
                "--weights", "fp16", "--budget-gib", "12", "--format", "json").out());
        assertThat(tiny.get("maxBatch").asInt()).isZero();
        assertThat(tiny.get("maxContext").asInt()).isZero();
    }

    @Test
    void aCatalogGpuIsMeasuredByItsUsableMemory() throws IOException {
        JsonNode json = new ObjectMapper().readTree(run("fit", "--preset", "gpt2", "--gpu", "a100-sxm-80gb",
                "--format", "json").out());
        // nvidia-smi shows 81920 MiB on an A100 80GB; a little is reserved by the driver.
        assertThat(json.get("budgetBytes").asLong()).isLessThan(81920L << 20).isGreaterThan(79L << 30);
        assertThat(json.get("maxBatch").asInt()).isPositive();
    }

    @Test
    void gpuAndBudgetTogetherOrNeitherAreRejected() {
        assertThat(run("fit", "--preset", "gpt2").status()).isEqualTo(2);
        EstimateCommandTest.Result both = run("fit", "--preset", "gpt2", "--gpu", "t4", "--budget-gib", "8");
        assertThat(both.status()).isEqualTo(2);
        assertThat(both.err()).contains("--gpu").contains("--budget-gib");
        assertThat(run("fit", "--preset", "gpt2", "--gpu", "no-such-card").err()).contains("catalog list gpus");
    }
}
