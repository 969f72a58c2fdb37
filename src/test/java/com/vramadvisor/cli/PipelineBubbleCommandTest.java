package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * A plan whose first layout is held up by its pipeline's fill and drain says so and names the global batch that
 * would hide it; planning again with that batch gives the same GPUs more tokens per second and no bubble-bound first
 * layout. Llama 2 70B under DeepSpeed on 16 H100 with one sequence per step: two pipeline stages, one micro-batch,
 * half of every step idle ((p - 1) / (m + p - 1), Narayanan et al. 2021).
 */
class PipelineBubbleCommandTest {

    @Test
    void aBubbleBoundPlanNamesTheGlobalBatchThatHidesTheBubbleAndThatBatchPlansFaster() throws Exception {
        String[] base = {"plan", "--preset", "llama-2-70b", "--gpu", "h100-sxm-80gb", "--framework", "deepspeed",
            "--seq", "4096", "--batch", "1", "--max-gpus", "16", "--format", "json"};
        JsonNode before = runJson(base);
        JsonNode first = before.get("layouts").get(0);
        assertThat(first.get("boundBy").asText()).isEqualTo("bubble");
        JsonNode bubble = before.get("pipelineBubble");
        assertThat(bubble.isNull()).isFalse();
        int p = bubble.get("stages").asInt();
        int m = bubble.get("microBatches").asInt();
        assertThat(bubble.get("fraction").asDouble()).isEqualTo((p - 1.0) / (m + p - 1.0));
        long tokens = bubble.get("suggestedGlobalBatchTokens").asLong();
        assertThat(tokens % 4096).isZero();

        String[] again = java.util.Arrays.copyOf(base, base.length + 2);
        again[base.length] = "--global-batch";
        again[base.length + 1] = Long.toString(tokens);
        JsonNode after = runJson(again);
        JsonNode best = after.get("layouts").get(0);
        assertThat(best.get("gpusNeeded").asInt()).isEqualTo(first.get("gpusNeeded").asInt());
        assertThat(best.get("tokensPerSecond").asDouble()).isGreaterThan(first.get("tokensPerSecond").asDouble());
        assertThat(best.get("boundBy").asText()).isNotEqualTo("bubble");
        assertThat(after.get("pipelineBubble").isNull()).isTrue();

        EstimateCommandTest.Result text = run(java.util.Arrays.copyOf(base, base.length - 2));
        assertThat(text.out()).contains("fill and drain bound the first layout", "--global-batch " + tokens);
    }
}
