package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class FitServingEnginesTest {

    private static JsonNode fit(String... extra) throws IOException {
        String[] base = {"fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "bf16", "--seq", "1024",
                "--context", "2048", "--gpu", "h100-sxm-80gb", "--format", "json"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void eachEngineReportsItsBlockSizeAndSchedulerBound() throws IOException {
        JsonNode vllm = fit();
        assertThat(vllm.get("engine").asText()).isEqualTo("vllm");
        assertThat(vllm.get("kvBlockTokens").asInt()).isEqualTo(16);
        // vLLM V1 on an H100 (>= 70 GiB, not an A100): max_num_seqs 1024 (vllm/engine/arg_utils.py).
        assertThat(vllm.get("maxRunningRequests").asLong()).isEqualTo(1024);
        assertThat(vllm.get("maxConcurrencyScheduled").asLong())
                .isEqualTo(Math.min(1024, (long) vllm.get("maxConcurrency").asDouble()));

        JsonNode sglang = fit("--engine", "sglang");
        assertThat(sglang.get("engine").asText()).isEqualTo("sglang");
        assertThat(sglang.get("kvBlockTokens").asInt()).isEqualTo(1);
        // Its request pool: max(kvTokens / 131,072 positions * 512, 2048) = 2048 while the pool holds under
        // 524,288 tokens, as it does here (about 420,000).
        assertThat(sglang.get("kvCacheTokens").asLong()).isBetween(300_000L, 524_287L);
        assertThat(sglang.get("maxRunningRequests").asLong()).isEqualTo(2048);

        JsonNode trt = fit("--engine", "trtllm");
        assertThat(trt.get("kvBlockTokens").asInt()).isEqualTo(32);
        assertThat(trt.get("maxRunningRequests").asLong()).isEqualTo(2048);
        // Without --gpu-memory-utilization vLLM takes 0.9 of the device memory for everything (pool = 0.9 * usable
        // - the rest), while TensorRT-LLM keeps back a tenth of what is free after the rest (pool = 0.9 * (usable -
        // the rest)): a tenth of the rest more, about 1.7 GiB of an 8B model's 16 GiB of weights and activations.
        assertThat(trt.get("maxConcurrency").asDouble()).isGreaterThan(vllm.get("maxConcurrency").asDouble());
        assertThat(vllm.get("maxConcurrency").asDouble()).isGreaterThan(100);
    }

    @Test
    void aCachePagedPerTokenIsNotDescribedAsBlocksOfOneTokens() {
        // SGLang's token pool has page size 1 and llama.cpp's cache is not paged: "blocks of 1 tokens" reads wrong.
        for (String engine : new String[] {"sglang", "llama.cpp"}) {
            EstimateCommandTest.Result r = run("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq", "1024",
                    "--context", "2048", "--gpu", "h100-sxm-80gb", "--engine", engine);
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(r.out()).as(engine).doesNotContain("1 tokens").contains("KV cache left within the budget: ");
        }
        EstimateCommandTest.Result sglang = run("estimate", "--preset", "llama-3.1-8b", "--mode", "infer",
                "--engine", "sglang");
        assertThat(sglang.out()).doesNotContain("1 tokens").contains("KV cache paged per token");
        EstimateCommandTest.Result vllm = run("estimate", "--preset", "llama-3.1-8b", "--mode", "infer");
        assertThat(vllm.out()).contains("KV blocks of 16 tokens");
    }

    @Test
    void maxNumSeqsCapsTheScheduledConcurrencyButNotWhatMemoryHolds() throws IOException {
        JsonNode free = fit();
        JsonNode capped = fit("--max-num-seqs", "64");
        assertThat(capped.get("maxConcurrency").asDouble()).isEqualTo(free.get("maxConcurrency").asDouble());
        assertThat(capped.get("maxConcurrencyScheduled").asLong()).isEqualTo(64);
    }

    @Test
    void aSharedSystemPromptRaisesTheConcurrency() throws IOException {
        JsonNode plain = fit();
        JsonNode shared = fit("--shared-prefix", "1000");
        assertThat(shared.get("sharedKvBlocks").asLong()).isEqualTo(62);
        assertThat(shared.get("maxConcurrencyWithoutSharing").asDouble())
                .isEqualTo(plain.get("maxConcurrency").asDouble());
        assertThat(shared.get("maxConcurrency").asDouble()).isGreaterThan(1.5 * plain.get("maxConcurrency").asDouble());
    }

    @Test
    void badServingFlagsAreOneLineErrors() {
        EstimateCommandTest.Result hf = run("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--engine", "hf",
                "--gpu", "h100-sxm-80gb", "--shared-prefix", "100");
        assertThat(hf.status()).isEqualTo(2);
        assertThat(hf.err()).contains("--shared-prefix").doesNotContain("Exception");
        EstimateCommandTest.Result longer = run("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq", "512",
                "--gpu", "h100-sxm-80gb", "--shared-prefix", "600");
        assertThat(longer.status()).isEqualTo(2);
        assertThat(longer.err()).contains("prompt length 512");
        assertThat(run("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--gpu", "h100-sxm-80gb",
                "--max-num-seqs", "0").status()).isEqualTo(2);
        EstimateCommandTest.Result engine = run("estimate", "--preset", "llama-3.1-8b", "--mode", "infer",
                "--engine", "tgi");
        assertThat(engine.status()).isEqualTo(2);
        assertThat(engine.err()).contains("sglang").contains("trtllm");
    }
}
