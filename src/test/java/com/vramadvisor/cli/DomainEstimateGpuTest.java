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
    void everyKindWithASpeedModelGivesItsSpeedOnTheGpuAndImagesCarryTheirRange() throws Exception {
        JsonNode images = json("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "infer",
                "--batch", "64", "--gpu", "a100-sxm-80gb", "--format", "json");
        double perSecond = images.get("imagesPerSecond").asDouble();
        assertThat(perSecond).isPositive();
        assertThat(images.get("imagesPerSecondRange").get("low").asDouble()).isLessThanOrEqualTo(perSecond * 1.0001);
        assertThat(images.get("imagesPerSecondRange").get("high").asDouble()).isGreaterThanOrEqualTo(perSecond
                * 0.9999);
        assertThat(images.get("itemUnit").asText()).isEqualTo("images");
        // A bigger batch amortises the host's launches: more images per second (the speed saturates, never falls).
        JsonNode one = json("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "infer",
                "--batch", "1", "--gpu", "a100-sxm-80gb", "--format", "json");
        assertThat(one.get("imagesPerSecond").asDouble()).isLessThan(perSecond);
        JsonNode diffusion = json("estimate", "--workload", "diffusion", "--preset", "sd-1.5", "--gpu",
                "a100-sxm-80gb", "--format", "json");
        assertThat(diffusion.get("imagesPerSecond").asDouble()).isPositive();
        JsonNode md = json("estimate", "--workload", "md", "--atoms", "1M", "--gpu", "h100-sxm-80gb", "--format",
                "json");
        assertThat(md.get("stepsPerSecond").asDouble()).isPositive();
        // The corpus holds no simulation: no range is claimed for one.
        assertThat(md.get("stepsPerSecondRange").isNull()).isTrue();
        EstimateCommandTest.Result text = EstimateCommandTest.run("estimate", "--workload", "vision", "--preset",
                "resnet-50", "--mode", "infer", "--batch", "64", "--gpu", "a100-sxm-80gb");
        assertThat(text.out()).contains("Speed on one GPU:").contains("images per second (");
    }

    private static JsonNode json(String... args) throws Exception {
        EstimateCommandTest.Result r = EstimateCommandTest.run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void anUnknownGpuIsOneLineOfBadInput() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--workload", "md", "--gpu", "no-such");
        assertThat(r.status()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(r.err().lines()).hasSize(1);
    }
}
