package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@code fit --gpu} and the {@code recommend} serving table count the same KV pool for a GPU: the engine's own
 * reservation (vLLM 0.9 of the device memory) and its default prefill chunk for that GPU (2,048 tokens on an L4,
 * {@code EngineArgs.get_batch_defaults}), profiled at the full chunk.
 */
class ServingAgreementTest {

    @Test
    void fitAndTheServingTableAgreeOnWhatAnL4Holds() throws IOException {
        JsonNode fit = runJson("fit", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq", "1000", "--context",
                "2048", "--gpu", "l4", "--format", "json");
        assertThat(fit.get("reservation").get("source").asText()).isEqualTo("engine-default");
        assertThat(fit.get("reservation").get("fraction").asDouble()).isEqualTo(0.9);
        JsonNode table = runJson("recommend", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq", "1000",
                "--context", "2048", "--kind", "gpu", "--format", "json");
        JsonNode l4 = null;
        for (JsonNode row : table.get("rows")) {
            if (row.get("hardwareId").asText().equals("l4") && row.get("gpusNeeded").asInt() == 1) {
                l4 = row;
            }
        }
        assertThat(l4).isNotNull();
        assertThat(l4.get("capacityBytes").asLong()).isEqualTo(fit.get("budgetBytes").asLong());
        assertThat(l4.get("kvSequencesPerReplica").asLong())
                .isEqualTo((long) Math.floor(fit.get("maxConcurrency").asDouble()));
        // fit's largest batch is what the pool holds, not more.
        assertThat(fit.get("maxBatch").asLong()).isEqualTo(l4.get("kvSequencesPerReplica").asLong());
    }
}
