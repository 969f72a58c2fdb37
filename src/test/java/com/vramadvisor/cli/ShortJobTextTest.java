package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A job of seconds reads as seconds and cents, or "&lt; $0.01", in the command line's text tables and summary, and
 * where job costs read the same the option that costs less to have leads. Prices are the shipped catalog's dated
 * figures (catalog/*.json, each with its source).
 */
class ShortJobTextTest {

    private static List<String> lines(String text) {
        return Arrays.asList(text.split("\\R"));
    }

    @Test
    void aOneSecondGridJobReadsInSecondsAndBelowACentAndTheCheaperPurchaseLeads() throws IOException {
        // 10^4 time steps of a 256^3 double-precision stencil (0.76 GiB): a data-centre GPU streams it in seconds,
        // so every bought option's amortised share of its price is a fraction of a cent.
        EstimateCommandTest.Result json = run("recommend", "--workload", "grid", "--acquisition", "buy",
                "--utilization", "1", "--years", "3", "--format", "json");
        assertThat(json.status()).as(json.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(json.out()).get("rows");
        JsonNode first = rows.get(0);
        assertThat(first.get("jobCostUsd").asDouble()).isLessThan(0.01);
        double cheapest = Double.MAX_VALUE;
        for (JsonNode r : rows) {
            List<String> reasons = new ObjectMapper().convertValue(r.get("reasons"), List.class);
            if (r.get("fits").asBoolean() && !r.get("jobCostUsd").isNull() && r.get("jobCostUsd").asDouble() < 0.01
                    && !reasons.contains("slow-fp64") && !reasons.contains("tight-fit")) {
                cheapest = Math.min(cheapest, r.get("capitalUsd").asDouble());
            }
        }
        assertThat(first.get("capitalUsd").asDouble()).isEqualTo(cheapest);

        EstimateCommandTest.Result text = run("recommend", "--workload", "grid", "--acquisition", "buy", "--utilization", "1",
                "--years", "3", "--top", "8");
        assertThat(text.status()).as(text.err()).isZero();
        String name = first.get("hardware").asText();
        assertThat(text.out()).contains("Best to buy: " + name + " (< $0.01 for the job).");
        String row = lines(text.out()).stream().filter(l -> l.startsWith("yes   buy  " + name)).findFirst()
                .orElseThrow();
        double seconds = first.get("hours").asDouble() * 3600;
        assertThat(row).contains(" " + Math.round(seconds) + " s ").contains(" < $0.01 ");
        assertThat(text.out()).doesNotContain("0.000", "USD for the job");
    }

    @Test
    void aMillionTokenTrainingRunReadsInSecondsAndCents() throws IOException {
        // 10^6 tokens of Llama-3-8B on an 8 x Gaudi 3 board at about 106,000 tokens/s: about 9 s, and its share of
        // $153,858 (8 x $15,625 kit list price + $28,858 server host, catalog) kept busy for 3 years, less its resale
        // and plus its colocation, comes to about 2 cents with the energy.
        EstimateCommandTest.Result text = run("recommend", "--preset", "llama-3-8b", "--mode", "train", "--tokens",
                "1000000", "--acquisition", "buy", "--utilization", "1", "--years", "3", "--top", "6");
        assertThat(text.status()).as(text.err()).isZero();
        String gaudi = lines(text.out()).stream().filter(l -> l.startsWith("yes") && l.contains("8 x Intel Gaudi 3"))
                .findFirst()
                .orElseThrow();
        assertThat(gaudi).contains("$153,858").contains(" 9 s ").contains(" $0.02 ");
        assertThat(text.out()).doesNotContain("0.0 h");
    }
}
