package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's calibration example, run as a newcomer copies it: the {@code calibrate} command reaches the measured
 * figure (the flags once left out the measured run's attention, dropout and kept gradients, and the fit stopped
 * 20.7% short without a word), the {@code estimate} after it answers with a positive headroom, and
 * {@code docs/verifying.md} gives the same command.
 */
class ReadmeCalibrationExampleTest {

    /**
     * The arguments of the first command in {@code doc} that starts with {@code prefix}, continuation lines joined and
     * the launcher left out.
     */
    static List<String> command(Path doc, String prefix) throws IOException {
        List<String> lines = Files.readAllLines(doc);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                StringBuilder joined = new StringBuilder();
                String line = lines.get(i);
                while (line.endsWith("\\")) {
                    joined.append(line, 0, line.length() - 1).append(' ');
                    line = lines.get(++i).strip();
                }
                joined.append(line);
                List<String> words = new ArrayList<>(Arrays.asList(joined.toString().strip().split("\\s+")));
                // The launcher (java -jar target/vram-advisor.jar, or the installed vram-advisor) is not an argument.
                List<String> launcher = List.of("java", "-jar", "vram-advisor");
                while (launcher.contains(words.get(0)) || words.get(0).endsWith(".jar")) {
                    words.remove(0);
                }
                return words;
            }
        }
        throw new AssertionError("no command starting with " + prefix + " in " + doc);
    }

    private static List<String> replaced(List<String> args, String value, String with) {
        return args.stream().map(a -> a.equals(value) ? with : a).toList();
    }

    @Test
    void theReadmesCalibrationReachesTheMeasurementAndTheNextEstimateFits(@TempDir Path dir) throws IOException {
        String profile = dir.resolve("v100.json").toString();
        List<String> calibrate = new ArrayList<>(replaced(
                command(Path.of("README.md"), "java -jar target/vram-advisor.jar calibrate"), "v100.json", profile));
        calibrate.addAll(List.of("--format", "json"));

        EstimateCommandTest.Result fitted = EstimateCommandTest.run(calibrate.toArray(String[]::new));
        assertThat(fitted.status()).as(fitted.err()).isZero();
        assertThat(fitted.err()).doesNotContain("warning");
        JsonNode json = new ObjectMapper().readTree(fitted.out());
        assertThat(json.get("measuredBytes").asLong()).isEqualTo(14_949L << 20);
        assertThat(Math.abs(json.get("errorAfter").asDouble())).isLessThan(CalibrateCommand.UNREACHED_FIT_FRACTION);

        List<String> estimate = replaced(command(Path.of("README.md"),
                "java -jar target/vram-advisor.jar estimate --preset bert-large"), "v100.json", profile);
        EstimateCommandTest.Result r = EstimateCommandTest.run(estimate.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("Fit on [^\\n]*: fits; headroom [0-9]");
    }

    @Test
    void theReadmeAndTheVerifyingGuideCalibrateWithTheSameFlags() throws IOException {
        assertThat(command(Path.of("docs/verifying.md"), "vram-advisor calibrate"))
                .isEqualTo(command(Path.of("README.md"), "java -jar target/vram-advisor.jar calibrate"));
    }

    @Test
    void aFitThatStopsAtItsBoundsIsSavedWithAWarning(@TempDir Path dir) {
        // The README's old command: BERT measured with eager attention and dropout, described as flash without.
        EstimateCommandTest.Result r = EstimateCommandTest.run("calibrate", "--preset", "bert-large", "--head",
                "classifier", "--seq", "512", "--batch", "4", "--precision", "fp32", "--gpu", "v100-sxm2-16gb",
                "--measured-mib", "14949", "--source", "nvidia-smi", "--save", dir.resolve("p.json").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(Files.exists(dir.resolve("p.json"))).isTrue();
        assertThat(r.err()).startsWith("vram-advisor: warning: after the fit the estimate is still -")
                .contains("--attention").endsWith(System.lineSeparator());
        assertThat(r.err().strip()).doesNotContain("\n");
    }
}
