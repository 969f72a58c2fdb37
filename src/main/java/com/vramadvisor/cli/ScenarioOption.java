package com.vramadvisor.cli;

import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.ScenarioFiles;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code --scenario FILE}: model and workload from a scenario file saved by the window (format in
 * {@code docs/scenario-format.md}). It replaces the model and workload flags, so giving both is an error. The file's
 * token budget and GPU limit are defaults for the ranking commands, which an explicit {@code --tokens} or
 * {@code --max-gpus} overrides.
 */
final class ScenarioOption {

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "Model and workload from a scenario file saved by the window (*.vram, *.vram.json); "
                    + "recommend and report also take its token budget and GPU limit unless --tokens or --max-gpus "
                    + "is given.")
    Path file;

    /**
     * Reads the scenario, or returns {@code null} when {@code --scenario} is absent.
     *
     * @throws CliInputException when model or workload flags are given too, or the file is unusable
     */
    ScenarioInputs read(CommandSpec spec) {
        if (file == null) {
            return null;
        }
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (o.group() != null) {
                throw new CliInputException("--scenario already gives the model and workload; drop " + o.longestName()
                        + " or the scenario");
            }
        }
        String text;
        try {
            text = ScenarioFiles.readText(file);
        } catch (ScenarioFileException e) {
            throw new CliInputException(file + ": the scenario file " + e.detail());
        }
        ScenarioInputs inputs;
        try {
            inputs = new ScenarioCodec().read(text);
        } catch (ScenarioFileException e) {
            throw new CliInputException(file + ": " + e.reason().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + " scenario file: " + e.detail());
        }
        if (!inputs.languageModel()) {
            // Its language-model fields are only kept for the window's type switch: using them would size the wrong
            // workload.
            throw new CliInputException(file + ": a " + inputs.kind().id() + " scenario; --scenario reads"
                    + " language-model scenarios, give --workload " + inputs.kind().id() + " and its flags instead");
        }
        return inputs;
    }
}
