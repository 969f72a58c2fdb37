package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrateCommandTest {

    private static final String[] RUN = {"calibrate", "--preset", "bert-large", "--head", "classifier", "--seq", "512",
        "--batch", "4", "--precision", "fp32", "--attention", "eager", "--dropout", "0.1", "--grads-between-steps",
        "kept", "--gpu", "v100-sxm2-16gb"};

    @TempDir
    Path tmp;

    @Test
    void aReservedFigureFromMemoryStatsFitsTheFragmentationAndLeavesTheContext() throws IOException {
        // torch.cuda.memory_stats() as json.dump writes it; 13,606 MiB reserved is Hugging Face's 14,949 MiB NVML
        // figure for this run less the 1,343 MiB context the same page measured.
        Path stats = tmp.resolve("stats.json");
        Files.writeString(stats, "{\"reserved_bytes.all.peak\": " + (13_606L << 20)
                + ", \"allocated_bytes.all.peak\": 1}");
        Path profile = tmp.resolve("p.json");
        EstimateCommandTest.Result r = run(MeasuredRunsTest.concat(RUN, "--memory-stats", stats.toString(), "--save",
                profile.toString(), "--format", "json"));
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("source").asText()).isEqualTo("reserved");
        assertThat(Math.abs(json.get("errorAfter").asDouble())).isLessThan(0.001);
        assertThat(json.get("contextBytes").asLong()).isEqualTo(426L << 20);
        assertThat(json.get("fragmentation").asDouble()).isBetween(0.2, 0.4);
        assertThat(Files.readString(profile)).contains("\"format\" : \"vram-advisor-calibration\"");
    }

    @Test
    void badMeasurementsAreOneLineInputErrors() {
        assertError(MeasuredRunsTest.concat(RUN, "--measured-mib", "-5"), "--measured-mib");
        assertError(MeasuredRunsTest.concat(RUN, "--measured-mib", "9000", "--source", "nvml"), "--source");
        assertError(MeasuredRunsTest.concat(RUN, "--measured-mib", "9000", "--source", "allocated", "--save",
                tmp.resolve("a.json").toString()), "cannot calibrate");
        assertError(MeasuredRunsTest.concat(RUN, "--save", tmp.resolve("b.json").toString()), "--measured-mib N");
        assertError(MeasuredRunsTest.concat(RUN, "--measured-mib", "9000", "--name", "../x"), "--name");
        assertThat(Files.exists(tmp.resolve("a.json"))).isFalse();
    }

    @Test
    void aBrokenProfileIsAnInputErrorOnEstimate() throws IOException {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"format\": \"vram-advisor-calibration\", \"version\": 1}");
        EstimateCommandTest.Result r = run("estimate", "--preset", "bert-large", "--calibration", bad.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("bad.json: --calibration").doesNotContain("Exception");
    }

    private static void assertError(String[] args, String expected) {
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.out()).isEqualTo(2);
        assertThat(r.err().strip()).contains(expected).doesNotContain("\n").doesNotContain("Exception");
    }
}
