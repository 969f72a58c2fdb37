package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.catalog.local.DetectedGpu;
import com.vramadvisor.catalog.local.LocalGpus;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** catalog detect and --gpu mine, with fixed GPU lists and on this machine as it is. */
class DetectCommandTest {

    private static final Supplier<List<DetectedGpu>> REAL = DetectCommand.detector;

    @AfterEach
    void restore() {
        DetectCommand.detector = REAL;
    }

    @Test
    void detectListsEachGpuWithItsCatalogEntryOrNone() throws IOException {
        DetectCommand.detector = () -> List.of(
                new DetectedGpu("nvidia-smi", "NVIDIA GeForce RTX 4090", 24564L << 20, "00000000:01:00.0"),
                new DetectedGpu("rocm-smi", "Radeon RX 6700 XT", 12868124672L, ""));
        EstimateCommandTest.Result text = run("catalog", "detect");
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).contains("catalog: rtx-4090").contains("no catalog entry")
                .contains("00000000:01:00.0");
        JsonNode json = new ObjectMapper().readTree(run("catalog", "detect", "--format", "json").out());
        assertThat(json.get("gpus").get(0).get("catalogId").asText()).isEqualTo("rtx-4090");
        assertThat(json.get("gpus").get(1).get("catalogId").isNull()).isTrue();
        assertThat(json.get("gpus").get(1).get("tool").asText()).isEqualTo("rocm-smi");
    }

    @Test
    void gpuMineUsesTheFirstMatchedGpu() {
        DetectCommand.detector = () -> List.of(
                new DetectedGpu("rocm-smi", "Radeon RX 6700 XT", 12868124672L, ""),
                new DetectedGpu("nvidia-smi", "NVIDIA H100 80GB HBM3", 81559L << 20, ""));
        EstimateCommandTest.Result r = run("estimate", "--preset", "llama-3-8b", "--gpu", "mine");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("H100");
    }

    @Test
    void withNoGpuDetectSaysSoAndGpuMineFailsInOneLine() {
        DetectCommand.detector = List::of;
        EstimateCommandTest.Result text = run("catalog", "detect");
        assertThat(text.status()).isZero();
        assertThat(text.out()).contains("no GPU found (looked for nvidia-smi, rocm-smi, system_profiler)");
        EstimateCommandTest.Result r = run("fit", "--preset", "llama-3-8b", "--gpu", "mine");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--gpu mine: no GPU found").doesNotContain("\n")
                .doesNotContain("Exception");
    }

    @Test
    void onThisMachineDetectAnswersAndExitsZero() throws IOException {
        // Real tools: this build machine has no GPU tool, so it must say none found; a GPU machine lists them.
        List<DetectedGpu> real = LocalGpus.detect();
        EstimateCommandTest.Result text = run("catalog", "detect");
        assertThat(text.status()).as(text.err()).isZero();
        if (real.isEmpty()) {
            assertThat(text.out()).contains("no GPU found (looked for");
        } else {
            assertThat(text.out()).contains("--gpu mine uses the first GPU");
        }
        JsonNode json = new ObjectMapper().readTree(run("catalog", "detect", "--format", "json").out());
        assertThat(json.get("gpus").size()).isEqualTo(real.size());
    }
}
