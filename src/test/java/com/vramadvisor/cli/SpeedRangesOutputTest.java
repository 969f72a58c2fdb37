package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@code recommend}'s JSON puts a {@code {low, high}} range beside every speed, time and cost figure: one spread of
 * held-out errors per figure group, so a rate's and its time's ends meet in the same work, and a rented job's cost
 * moves with its hours.
 */
class SpeedRangesOutputTest {

    private static JsonNode root(String... args) throws IOException {
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void trainingRowsCarryRangesWhoseEndsDescribeTheSameWork() throws IOException {
        JsonNode root = root("recommend", "--preset", "llama-3.1-8b", "--mode", "train", "--kind", "cloud",
                "--format", "json");
        int checked = 0;
        int rentedOnDemand = 0;
        for (JsonNode row : root.get("rows")) {
            if (row.get("tokensPerSecond").isNull()) {
                assertThat(row.get("tokensPerSecondRange").isNull()).isTrue();
                continue;
            }
            double tps = row.get("tokensPerSecond").asDouble();
            double hours = row.get("hours").asDouble();
            JsonNode rate = row.get("tokensPerSecondRange");
            JsonNode time = row.get("hoursRange");
            assertThat(rate.get("low").asDouble()).isLessThanOrEqualTo(rate.get("high").asDouble());
            // tokens = rate x time at both ends: the slow end of the rate is the long end of the time.
            assertThat(rate.get("low").asDouble() * time.get("high").asDouble()).isCloseTo(tps * hours,
                    within(1e-6 * tps * hours));
            assertThat(rate.get("high").asDouble() * time.get("low").asDouble()).isCloseTo(tps * hours,
                    within(1e-6 * tps * hours));
            assertThat(row.get("itemsPerSecondRange")).isEqualTo(rate);
            assertThat(row.get("gpuHoursRange").get("high").asDouble() / row.get("gpuHours").asDouble())
                    .isCloseTo(time.get("high").asDouble() / hours, within(1e-9));
            if ("on-demand".equals(row.get("market").asText()) && !row.get("jobCostUsd").isNull()) {
                // Rent on demand is the rate times the hours: its cost spreads exactly as the hours do.
                JsonNode cost = row.get("jobCostUsdRange");
                double job = row.get("jobCostUsd").asDouble();
                assertThat(cost.get("low").asDouble() / job).isCloseTo(time.get("low").asDouble() / hours,
                        within(1e-6));
                assertThat(cost.get("high").asDouble() / job).isCloseTo(time.get("high").asDouble() / hours,
                        within(1e-6));
                rentedOnDemand++;
            }
            checked++;
        }
        assertThat(checked).isGreaterThan(3);
        assertThat(rentedOnDemand).isPositive();
    }

    @Test
    void servingRowsCarryLatencyRangesAndKindsWithoutMeasurementsCarryNone() throws IOException {
        JsonNode serving = root("recommend", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq", "1000",
                "--context", "2000", "--kind", "gpu", "--format", "json");
        int latencies = 0;
        for (JsonNode row : serving.get("rows")) {
            if (row.get("tpotMs").isNull() || !row.get("fits").asBoolean()) {
                continue;
            }
            JsonNode tpot = row.get("tpotMsRange");
            assertThat(tpot.get("low").asDouble()).isLessThanOrEqualTo(tpot.get("high").asDouble());
            assertThat(tpot.get("low").asDouble()).isPositive();
            latencies++;
        }
        assertThat(latencies).isPositive();
        JsonNode images = root("recommend", "--workload", "vision", "--preset", "resnet-50", "--mode", "infer",
                "--kind", "gpu", "--format", "json");
        JsonNode first = images.get("rows").get(0);
        assertThat(first.get("itemsPerSecondRange").isObject()).isTrue();
        assertThat(first.get("tokensPerSecondRange").isNull()).isTrue();
        // The corpus holds no molecular-dynamics measurement: no range is claimed for one.
        JsonNode md = root("recommend", "--workload", "md", "--atoms", "1M", "--kind", "gpu", "--format", "json");
        for (JsonNode row : md.get("rows")) {
            assertThat(row.get("itemsPerSecondRange").isNull()).isTrue();
            assertThat(row.get("hoursRange").isNull()).isTrue();
        }
    }
}
