package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code estimate --workload X --gpu ID}: the estimate and whether it fits that card, for every kind. */
class DomainEstimateGpuTest {

    @Test
    void theVerdictFollowsThePeakAgainstTheCardsUsableMemory() throws Exception {
        for (String gpu : new String[] {"h100-sxm-80gb", "rtx-3060-12gb"}) {
            EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--workload", "md", "--atoms", "100M",
                    "--gpu", gpu, "--format", "json");
            assertThat(r.status()).as(r.err()).isZero();
            JsonNode json = new ObjectMapper().readTree(r.out());
            long peak = json.get("peakBytes").asLong();
            JsonNode fit = json.get("fit");
            long capacity = fit.get("capacityBytes").asLong();
            assertThat(fit.get("headroomBytes").asLong()).isEqualTo(capacity - peak);
            assertThat(fit.get("verdict").asText()).isEqualTo(peak <= capacity ? "fits" : "does-not-fit");
        }
        EstimateCommandTest.Result big = EstimateCommandTest.run("estimate", "--workload", "md", "--atoms", "100M",
                "--gpu", "rtx-3060-12gb", "--format", "json");
        assertThat(new ObjectMapper().readTree(big.out()).get("fit").get("verdict").asText())
                .isEqualTo("does-not-fit");
    }

    @Test
    void textNamesTheCardAndTheHeadroomAndWithoutGpuStaysDeviceNeutral() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--workload", "vision", "--preset",
                "resnet-50", "--mode", "infer", "--batch", "8", "--gpu", "rtx-4090");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Fit on NVIDIA GeForce RTX 4090").contains(": fits; headroom ");
        EstimateCommandTest.Result neutral = EstimateCommandTest.run("estimate", "--workload", "vision", "--preset",
                "resnet-50", "--mode", "infer", "--batch", "8");
        assertThat(neutral.out()).doesNotContain("Fit on");
    }

    @Test
    void anUnknownGpuIsOneLineOfBadInput() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--workload", "md", "--gpu", "no-such");
        assertThat(r.status()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(r.err().lines()).hasSize(1);
    }
}
