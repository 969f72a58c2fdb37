package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --engine} and {@code --max-batched-tokens}: serving as the engines run it. */
class ServingFlagsTest {

    @TempDir
    Path tmp;

    private static final String[] LLAMA_70B_INT4 = {"estimate", "--preset", "llama-3-70b", "--mode", "infer",
        "--weights", "int4", "--kv-dtype", "fp8", "--batch", "16", "--seq", "6144", "--context", "8192", "--format",
        "json"};

    @Test
    void chunkedPrefillKeepsThePeakNearTheDecodeTotalAndHfStillPrefillsInOnePass() throws IOException {
        JsonNode vllm = runJson(LLAMA_70B_INT4);
        long decode = vllm.get("phases").get("decode").get("totalBytes").asLong();
        assertThat(vllm.get("prefillChunkTokens").asInt()).isEqualTo(8192);
        assertThat(vllm.get("kvBlockTokens").asInt()).isEqualTo(16);
        assertThat(vllm.get("peakBytes").asLong()).isLessThanOrEqualTo((long) (1.10 * decode));

        String[] hfArgs = new String[LLAMA_70B_INT4.length + 2];
        System.arraycopy(LLAMA_70B_INT4, 0, hfArgs, 0, LLAMA_70B_INT4.length);
        hfArgs[LLAMA_70B_INT4.length] = "--engine";
        hfArgs[LLAMA_70B_INT4.length + 1] = "hf";
        JsonNode hf = runJson(hfArgs);
        // 16 prompts of 6,144 tokens at once: the feed-forward alone holds 2 * 98,304 * (2 * 8192 + 3 * 28672)
        // bytes, about 18.75 GiB, over the decode step's total.
        assertThat(hf.get("prefillChunkTokens").asInt()).isZero();
        assertThat(hf.get("peakPhase").asText()).isEqualTo("prefill");
        assertThat(hf.get("peakBytes").asLong())
                .isGreaterThan((long) (1.25 * hf.get("phases").get("decode").get("totalBytes").asLong()));
    }

    @Test
    void everySizingCommandAcceptsTheServingFlags() {
        String[] workload = {"--preset", "llama-3-8b", "--mode", "infer", "--weights", "fp16", "--engine", "vllm",
            "--max-batched-tokens", "2048"};
        String[][] commands = {
            {"estimate"},
            {"fit", "--budget-gib", "40"},
            {"recommend"},
            {"report", "--md", tmp.resolve("r.md").toString()},
        };
        for (String[] command : commands) {
            String[] args = new String[command.length + workload.length];
            System.arraycopy(command, 0, args, 0, command.length);
            System.arraycopy(workload, 0, args, command.length, workload.length);
            EstimateCommandTest.Result r = run(args);
            assertThat(r.status()).as(command[0] + ": " + r.err()).isZero();
        }
    }

    @Test
    void servingFlagsOutsideInferenceOrWithoutChunkingAreInputErrors() {
        EstimateCommandTest.Result train = run("estimate", "--preset", "llama-3-8b", "--engine", "vllm");
        assertThat(train.status()).isEqualTo(2);
        assertThat(train.err()).contains("--engine needs --mode infer");
        EstimateCommandTest.Result hf = run("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--engine", "hf",
                "--max-batched-tokens", "512");
        assertThat(hf.status()).isEqualTo(2);
        assertThat(hf.err()).contains("--max-batched-tokens");
        EstimateCommandTest.Result unknown = run("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--engine",
                "tgi");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).contains("--engine must be vllm, sglang, trtllm, hf or llama.cpp");
        assertThat(run("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--max-batched-tokens", "0").status())
                .isEqualTo(2);
        EstimateCommandTest.Result gptq = run("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--engine",
                "llama.cpp", "--weights", "int4");
        assertThat(gptq.status()).isEqualTo(2);
        assertThat(gptq.err()).contains("--engine llama.cpp").contains("GGUF");
    }

    @Test
    void fitGivesTheConcurrencyTheKvBlocksHoldAtTheContext() throws IOException {
        // Worked by hand in KvCapacityTest: Llama 3 8B in bf16, 2,048-token requests, 40 GiB without runtime
        // overhead leave 25,356,981,760 bytes after vLLM's profiling pass over its 8,192-token chunk, its CUDA graphs
        // and its profiling logits, 12,091 blocks of 2 MiB; 128 blocks a request make 94.46x.
        JsonNode fit = runJson("fit", "--preset", "llama-3-8b", "--mode", "infer", "--weights", "bf16", "--seq", "2048",
                "--context", "2048", "--budget-gib", "40", "--runtime-overhead", "off", "--format", "json");
        assertThat(fit.get("kvBlockTokens").asInt()).isEqualTo(16);
        assertThat(fit.get("kvBlocks").asLong()).isEqualTo(12_091);
        assertThat(fit.get("kvCacheTokens").asLong()).isEqualTo(12_091L * 16);
        assertThat(fit.get("maxConcurrency").asDouble()).isEqualTo(94.46);
    }

    @Test
    void theLargestBatchIsSetByTheKvCacheNotByAOnePassPrefill() throws IOException {
        JsonNode fit = runJson("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "bf16", "--gpu",
                "h100-sxm-80gb", "--gpu-memory-utilization", "0.9", "--format", "json");
        double concurrency = fit.get("maxConcurrency").asDouble();
        // The estimate does not count vLLM's CUDA graphs (about 0.6 GiB), so its batch is within a few percent.
        assertThat((double) fit.get("maxBatch").asInt()).isBetween(0.97 * concurrency, 1.03 * concurrency);
        JsonNode hf = runJson("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "bf16", "--gpu",
                "h100-sxm-80gb", "--gpu-memory-utilization", "0.9", "--engine", "hf", "--format", "json");
        assertThat(hf.get("maxBatch").asInt()).isLessThan(fit.get("maxBatch").asInt());
    }
}
