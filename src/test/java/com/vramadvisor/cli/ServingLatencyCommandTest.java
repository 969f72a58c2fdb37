package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ServingLatencyCommandTest {

    /**
     * NVIDIA NIM for LLMs 1.8.0, Llama-3.3-70B-Instruct fp8 TP2 on 2 x H100 80GB, 5,000 input and 500 output tokens,
     * concurrency 1: TTFT 406.77 ms, inter-token latency 18.58 ms (NIM LLM benchmarking guide, "Performance").
     * Llama 3.3 70B has Llama 3.1 70B's architecture. Tolerance 10 % (TPOT) and 20 % (TTFT).
     */
    @Test
    void estimateWithACatalogGpuAddsTheLatencyFieldsNearNimsPublishedFigures() throws IOException {
        JsonNode j = runJson("estimate", "--preset", "llama-3.1-70b", "--mode", "infer", "--weights", "fp8",
                "--kv-dtype", "fp8", "--seq", "5000", "--context", "5500", "--tp", "2", "--gpu", "h100-sxm-80gb",
                "--format", "json");
        assertThat(j.get("tpotMs").asDouble()).isCloseTo(18.58, withinPercentage(10));
        assertThat(j.get("ttftMs").asDouble()).isCloseTo(406.77, withinPercentage(20));
        assertThat(j.get("tpotBound").asText()).isEqualTo("memory-bandwidth");
        assertThat(j.get("ttftBound").asText()).isEqualTo("compute");
        assertThat(j.get("tokensPerSecondPerUser").asDouble())
                .isCloseTo(1000 / j.get("tpotMs").asDouble(), withinPercentage(0.1));
        assertThat(j.get("tokensPerSecond").asDouble()).isEqualTo(j.get("tokensPerSecondPerUser").asDouble());
        assertThat(j.get("arrivingPromptTokensPerStep").asDouble()).isZero();
        // 25 users under vLLM: the 24 others' 5,000-token prompts over 500 output tokens, 240 a step, and each step
        // is slower than one user's.
        JsonNode loaded = runJson("estimate", "--preset", "llama-3.1-70b", "--mode", "infer", "--weights", "fp8",
                "--kv-dtype", "fp8", "--seq", "5000", "--context", "5500", "--tp", "2", "--gpu", "h100-sxm-80gb",
                "--batch", "25", "--format", "json");
        assertThat(loaded.get("arrivingPromptTokensPerStep").asDouble()).isEqualTo(240.0);
        assertThat(loaded.get("tpotMs").asDouble()).isGreaterThan(1.5 * j.get("tpotMs").asDouble());

        EstimateCommandTest.Result text = run("estimate", "--preset", "llama-3.1-70b", "--mode", "infer",
                "--weights", "fp8", "--tp", "2", "--gpu", "h100-sxm-80gb");
        assertThat(text.out()).contains("time to first token").contains("time per output token")
                .contains("tokens/s per user");
    }

    /**
     * vLLM's {@code EngineArgs.get_batch_defaults} ({@code vllm/engine/arg_utils.py}): {@code vllm serve} prefills
     * 8192 tokens a step on GPUs of at least 70 GiB whose name lacks "a100", 2048 on others and on the A100 (PR
     * #17885 measured lower throughput with the larger value there).
     */
    @Test
    void vllmsDefaultPrefillChunkFollowsTheGpuUnlessTheFlagGivesOne() throws IOException {
        String[] base = {"estimate", "--preset", "llama-3-8b", "--mode", "infer", "--seq", "1024", "--format", "json",
                "--gpu"};
        assertThat(runJson(concat(base, "h100-sxm-80gb")).get("prefillChunkTokens").asInt()).isEqualTo(8192);
        assertThat(runJson(concat(base, "a100-sxm-80gb")).get("prefillChunkTokens").asInt()).isEqualTo(2048);
        assertThat(runJson(concat(base, "l4")).get("prefillChunkTokens").asInt()).isEqualTo(2048);
        assertThat(runJson(concat(base, "a100-sxm-80gb", "--max-batched-tokens", "4096")).get("prefillChunkTokens")
                .asInt()).isEqualTo(4096);
        assertThat(runJson("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--seq", "1024", "--format", "json")
                .get("prefillChunkTokens").asInt()).isEqualTo(8192);
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @Test
    void withoutAGpuThereAreNoLatencyFiguresAndTrainingWithAGpuGetsAFitVerdictOnly() throws IOException {
        JsonNode j = runJson("estimate", "--preset", "llama-2-7b", "--mode", "infer", "--format", "json");
        for (String field : new String[] {"ttftMs", "tpotMs", "tokensPerSecondPerUser", "tokensPerSecond",
                "ttftBound", "tpotBound"}) {
            assertThat(j.has(field)).as(field).isFalse();
        }
        assertThat(j.has("fit")).isFalse();
        JsonNode train = runJson("estimate", "--preset", "llama-2-7b", "--gpu", "h100-sxm-80gb", "--format", "json");
        assertThat(train.has("tpotMs")).isFalse();
        assertThat(train.get("fit").get("verdict").asText()).isIn("fits", "tight", "does-not-fit");
        assertThat(run("estimate", "--preset", "llama-2-7b", "--mode", "infer", "--gpu", "no-such-card").err())
                .contains("catalog list gpus");
    }

    @Test
    void fitAnswersTheMostSequencesThatFitAndMeetTheTpotTarget() throws IOException {
        JsonNode fit = runJson("fit", "--preset", "llama-3-8b", "--mode", "infer", "--seq", "1024", "--context", "2048",
                "--gpu", "a100-sxm-80gb", "--tpot-ms", "25", "--format", "json");
        int best = fit.get("maxConcurrencyWithinTargets").asInt();
        assertThat(best).isPositive().isLessThanOrEqualTo((int) fit.get("maxConcurrency").asDouble());
        double atBest = runJson("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--seq", "1024", "--context",
                "2048", "--batch", String.valueOf(best), "--gpu", "a100-sxm-80gb", "--format", "json")
                .get("tpotMs").asDouble();
        assertThat(atBest).isLessThanOrEqualTo(25.0);
        if (best < (int) fit.get("maxConcurrency").asDouble()) {
            double oneMore = runJson("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--seq", "1024",
                    "--context", "2048", "--batch", String.valueOf(best + 1), "--gpu", "a100-sxm-80gb", "--format",
                    "json").get("tpotMs").asDouble();
            assertThat(oneMore).isGreaterThan(24.99);
        }
        // A loose target leaves memory as the limit.
        JsonNode loose = runJson("fit", "--preset", "llama-3-8b", "--mode", "infer", "--seq", "1024", "--context",
                "2048", "--gpu", "a100-sxm-80gb", "--ttft-ms", "100000", "--format", "json");
        assertThat(loose.get("maxConcurrencyWithinTargets").asInt())
                .isEqualTo((int) Math.floor(loose.get("maxConcurrency").asDouble()));
    }

    @Test
    void aThinSteadyLoadNeverReadsAsZeroPromptTokensAStep() {
        // 4 users, 4,096-token prompts, 131,072-token contexts: the 3 others' prompts spread over 126,976 output
        // steps, 3 x 4,096 / 126,976 = 0.097 tokens a step; "%.0f" printed "prefills 0 prompt tokens".
        EstimateCommandTest.Result r = run("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--batch", "4",
                "--context", "131072", "--gpu", "h200-sxm-141gb");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("each step also prefills 0.1 prompt tokens").doesNotContain("prefills 0 prompt");
        assertThat(LatencyFigures.tokensPerStep(0.01)).isEqualTo("under 0.1");
        assertThat(LatencyFigures.tokensPerStep(2_500.4)).isEqualTo("2,500");
    }

    @Test
    void latencyTargetsNeedACatalogGpuAndInference() {
        assertThat(run("fit", "--preset", "llama-3-8b", "--mode", "infer", "--budget-gib", "40", "--tpot-ms", "20")
                .err()).contains("--gpu");
        assertThat(run("fit", "--preset", "llama-3-8b", "--gpu", "a100-sxm-80gb", "--tpot-ms", "20").status())
                .isEqualTo(2);
        assertThat(run("fit", "--preset", "llama-3-8b", "--mode", "infer", "--gpu", "a100-sxm-80gb", "--tpot-ms",
                "-1").status()).isEqualTo(2);
    }
}
