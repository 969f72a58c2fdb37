package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code recommend} for serving: users served within --tpot-ms/--ttft-ms, in JSON and as the default order. */
class RecommendServingTest {

    private static JsonNode rows(EstimateCommandTest.Result r) throws IOException {
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out()).get("rows");
    }

    @Test
    void inferenceRowsCarryUsersServedTheirLatencyAndPriceRankedByUsersPerDollar() throws IOException {
        EstimateCommandTest.Result r = run("recommend", "--preset", "llama-3.1-8b", "--mode", "infer", "--seq",
                "1000", "--context", "2000", "--tpot-ms", "30", "--ttft-ms", "2000", "--kind", "cloud", "--format",
                "json");
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("tpotTargetMs").asDouble()).isEqualTo(30);
        assertThat(root.get("ttftTargetMs").asDouble()).isEqualTo(2000);
        assertThat(root.get("sortedBy").asText()).isEqualTo("users-per-dollar");
        double previous = Double.MAX_VALUE;
        int priced = 0;
        for (JsonNode row : rows(r)) {
            if (!row.get("fits").asBoolean() || row.get("usersPerDollar").isNull()) {
                continue;
            }
            priced++;
            assertThat(row.get("tpotMs").asDouble()).isLessThanOrEqualTo(30);
            assertThat(row.get("ttftMs").asDouble()).isLessThanOrEqualTo(2000);
            assertThat(row.get("usersServed").asInt()).isEqualTo(row.get("usersPerReplica").asInt()
                    * row.get("replicas").asInt());
            // An hour of a commitment costs its whole term spread over the job's hours; an hour on demand, the rate.
            double perHour = row.get("market").asText().startsWith("commit")
                    ? row.get("jobCostUsd").asDouble() / row.get("hours").asDouble()
                    : row.get("rentalUsdPerHour").asDouble();
            assertThat(row.get("usersPerDollar").asDouble()).isCloseTo(row.get("usersServed").asDouble() / perHour,
                    within(1e-6));
            assertThat(row.get("usersPerDollar").asDouble()).isLessThanOrEqualTo(previous);
            previous = row.get("usersPerDollar").asDouble();
        }
        assertThat(priced).isGreaterThan(3);
    }

    @Test
    void aTargetTooTightForOneUserMarksTheOptionsWithAReason() throws IOException {
        JsonNode rows = rows(run("recommend", "--preset", "llama-3.1-8b", "--mode", "infer", "--context", "2048",
                "--tpot-ms", "1", "--kind", "gpu", "--format", "json"));
        JsonNode h100 = null;
        for (JsonNode row : rows) {
            if (row.get("hardwareId").asText().equals("h100-pcie-80gb")) {
                h100 = row;
            }
        }
        assertThat(h100).isNotNull();
        assertThat(h100.get("fits").asBoolean()).isFalse();
        assertThat(h100.get("usersServed").asInt()).isZero();
        assertThat(h100.get("reasons").toString()).contains("misses-latency-targets");
    }

    @Test
    void badOrMisplacedServingFlagsAreOneLineInputErrors() {
        EstimateCommandTest.Result negative = run("recommend", "--preset", "llama-3.1-8b", "--mode", "infer",
                "--tpot-ms", "-5");
        assertThat(negative.status()).isEqualTo(2);
        assertThat(negative.err()).contains("--tpot-ms").doesNotContain("Exception");
        EstimateCommandTest.Result training = run("recommend", "--preset", "llama-3.1-8b", "--mode", "train",
                "--ttft-ms", "500");
        assertThat(training.status()).isEqualTo(2);
        assertThat(training.err()).contains("need --mode infer");
        EstimateCommandTest.Result cap = run("recommend", "--preset", "llama-3.1-8b", "--mode", "infer",
                "--max-num-seqs", "0");
        assertThat(cap.status()).isEqualTo(2);
        assertThat(cap.err()).contains("--max-num-seqs");
    }

    @Test
    void aLatencyTargetIsShownAsGivenNotRoundedToWholeMilliseconds() throws IOException {
        // "--tpot-ms 7.5" read "within TPOT 8 ms", and "--tpot-ms 0.001" "within TPOT 0 ms".
        EstimateCommandTest.Result r = run("recommend", "--preset", "llama-3.1-8b", "--mode", "infer", "--tpot-ms",
                "7.5", "--kind", "cloud", "--top", "1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("within TPOT 7.5 ms");
        assertThat(RecommendCommand.targetMs(0.001)).isEqualTo("0.001 ms");
        assertThat(RecommendCommand.targetMs(50)).isEqualTo("50 ms");
        Path md = Files.createTempFile("serving", ".md");
        try {
            EstimateCommandTest.Result report = run("report", "--preset", "llama-3.1-8b", "--mode", "infer",
                    "--tpot-ms", "7.5", "--md", md.toString());
            assertThat(report.status()).as(report.err()).isZero();
            assertThat(Files.readString(md)).contains("within TPOT 7.5 ms");
        } finally {
            Files.deleteIfExists(md);
        }
    }
}
