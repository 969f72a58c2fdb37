package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The argument lists and scenario files kept under {@code src/test/resources/reproducers}: inputs that once made a
 * command loop for minutes, overflow into negative counts or fail with an internal error. Each is refused with status
 * 2 and one line naming the problem, before any estimate or ranking starts (nothing is printed on standard output).
 */
class InputReproducersTest {

    static final Path FOLDER = Path.of("src/test/resources/reproducers");

    static Stream<Arguments> refusedArguments() throws IOException {
        return lines("refused-arguments.txt").map(line -> {
            String[] parts = line.split(" :: ", 2);
            return Arguments.of(parts[1], parts[0]);
        });
    }

    static Stream<Arguments> refusedScenarios() throws IOException {
        return lines("refused-scenarios.txt").map(line -> {
            String[] parts = line.split(" :: ", 2);
            return Arguments.of(parts[0], parts[1]);
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedArguments")
    void anArgumentListThatOnceHungOrOverflowedIsRefusedInOneLine(String args, String expected) {
        assertRefusedInOneLine(EstimateCommandTest.run(args.split(" ")), expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedScenarios")
    void aScenarioThatOnceHungOrOverflowedIsRefusedInOneLine(String file, String expected) {
        String path = FOLDER.resolve(file).toString();
        for (String command : List.of("estimate", "recommend", "plan", "report")) {
            List<String> args = new java.util.ArrayList<>(List.of(command, "--scenario", path));
            if (command.equals("report")) {
                args.addAll(List.of("--md", "-"));
            }
            if (command.equals("plan")) {
                args.addAll(List.of("--gpu", "h100-sxm-80gb"));
            }
            EstimateCommandTest.Result r = EstimateCommandTest.run(args.toArray(String[]::new));
            assertRefusedInOneLine(r, expected);
            assertThat(r.err()).as(command).contains(path);
        }
    }

    static void assertRefusedInOneLine(EstimateCommandTest.Result r, String expected) {
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("vram-advisor: ").contains(expected).endsWith(System.lineSeparator());
        assertThat(r.err().strip()).doesNotContain("\n").doesNotContain("Exception");
    }

    private static Stream<String> lines(String name) throws IOException {
        return Files.readAllLines(FOLDER.resolve(name), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"));
    }
}
