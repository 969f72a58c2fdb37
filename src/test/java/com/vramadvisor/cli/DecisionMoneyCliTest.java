package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The decision as a user reads it on the command line with the shipped catalog: short jobs lead with a rental or
 * with a purchase no larger than the job calls for; where the hardware stays busy, a purchase states when it pays
 * off; every workload kind's JSON rows share one schema. The capital caps are the limits a practitioner would accept
 * for each job (a workstation for GPT-2 and SDXL images, a small server for ResNet-50 and the fine-tunes), fixed
 * before the table was looked at.
 */
class DecisionMoneyCliTest {

    static Stream<Arguments> shortJobs() {
        return Stream.of(
                Arguments.of(10_000.0, List.of("--preset", "gpt2", "--mode", "train", "--seq", "1024", "--batch", "8",
                        "--tokens", "1B")),
                Arguments.of(40_000.0, List.of("--preset", "llama-3.1-70b", "--mode", "qlora", "--seq", "4096",
                        "--batch", "1", "--tokens", "100M")),
                Arguments.of(60_000.0, List.of("--preset", "llama-3.1-8b", "--mode", "train", "--seq", "4096",
                        "--batch", "1", "--tokens", "500M")),
                Arguments.of(15_000.0, List.of("--workload", "vision", "--preset", "resnet-50", "--mode", "train",
                        "--batch", "256", "--precision", "fp16-mixed")),
                Arguments.of(10_000.0, List.of("--workload", "diffusion", "--preset", "sdxl", "--precision", "fp16",
                        "--images", "10000")));
    }

    private static JsonNode recommend(List<String> flags, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("recommend", "--format", "json"));
        args.addAll(flags);
        args.addAll(List.of(more));
        return runJson(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @MethodSource("shortJobs")
    void aShortJobLeadsWithARentalOrAPurchaseNoLargerThanTheJobCallsFor(double capCapitalUsd, List<String> flags)
            throws IOException {
        JsonNode first = recommend(flags).get("rows").get(0);
        assertThat(first.get("fits").asBoolean()).as(first.toString()).isTrue();
        if ("purchase".equals(first.get("acquisition").asText())) {
            assertThat(first.get("capitalUsd").asDouble()).as(first.get("hardware").asText())
                    .isLessThanOrEqualTo(capCapitalUsd);
        } else {
            assertThat(first.get("acquisition").asText()).isEqualTo("rental");
            assertThat(first.get("jobCostUsd").isNumber()).isTrue();
        }
    }

    @Test
    void hardwareBusyNinetyPercentForThreeYearsStatesWhenEachPurchasePaysOff() throws IOException {
        JsonNode root = recommend(List.of("--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "fp8", "--seq",
                "2048", "--context", "2560", "--utilization", "0.9", "--years", "3"));
        int bought = 0;
        int withBreakEven = 0;
        for (JsonNode r : root.get("rows")) {
            if (!"purchase".equals(r.get("acquisition").asText()) || !r.get("fits").asBoolean()
                    || r.get("jobCostUsd").isNull()) {
                continue;
            }
            bought++;
            JsonNode u = r.get("breakEvenUtilization");
            if (u.isNumber()) {
                withBreakEven++;
                assertThat(u.asDouble()).as(r.get("hardware").asText()).isBetween(0.0, 1.0);
                // Owning beats renting the same work below full use: the job then costs less than the rent would.
                assertThat(r.get("equalWorkRentUsdPerHour").asDouble()).isPositive();
            }
        }
        assertThat(bought).isPositive();
        // Every priced, fitting purchase is measured against renting the same work: the table's steady rentals price
        // any work a purchase can do, so a break-even is missing only where buying never pays off in the horizon.
        for (JsonNode r : root.get("rows")) {
            if ("purchase".equals(r.get("acquisition").asText()) && r.get("fits").asBoolean()
                    && !r.get("jobCostUsd").isNull()) {
                assertThat(r.get("equalWorkRentUsdPerHour").isNumber()).as(r.get("hardware").asText()).isTrue();
            }
        }
        assertThat(withBreakEven).isPositive();
        assertThat(root.get("usage").toString()).contains("0.9");
    }

    @Test
    void everyWorkloadKindsRowsShareOneSchema() throws IOException {
        List<List<String>> kinds = List.of(
                List.of("--preset", "llama-3-8b", "--mode", "infer"),
                List.of("--workload", "vision", "--preset", "resnet-50", "--mode", "train"),
                List.of("--workload", "diffusion", "--preset", "sdxl"),
                List.of("--workload", "render", "--scene", "archviz-pathtraced"),
                List.of("--workload", "md"),
                List.of("--workload", "grid"));
        Set<String> schema = null;
        for (List<String> kind : kinds) {
            JsonNode root = recommend(kind, "--top", "5");
            // The root names the job in each kind's own terms (a serving target, a scene); the rows are one type.
            assertThat(names(root)).as(kind.toString()).contains("usage", "verdict", "bestPurchase", "bestRental",
                    "rows");
            for (JsonNode row : root.get("rows")) {
                Set<String> fields = names(row);
                schema = schema == null ? fields : schema;
                assertThat(fields).as(kind + " " + row.get("hardware")).isEqualTo(schema);
            }
        }
        assertThat(schema).contains("capitalUsd", "jobCostUsd", "breakEvenUtilization", "breakEvenMonths",
                "itemsPerWattHour", "market", "priceDate", "acquisition");
    }

    private static Set<String> names(JsonNode node) {
        Set<String> out = new TreeSet<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}
