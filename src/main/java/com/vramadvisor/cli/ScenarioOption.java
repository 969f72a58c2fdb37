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
 * {@code --scenario FILE}: the workload from a scenario file saved by the window (format in
 * {@code docs/scenario-format.md}), of any kind: a language model with its model, or a vision, diffusion, rendering,
 * molecular-dynamics or grid workload built by {@link com.vramadvisor.scenario.ScenarioWorkloads}, as the window
 * builds it. It replaces the model and workload flags, so giving both is an error; {@code --workload} may name the
 * file's own kind. The file's token budget, GPU limit, deadline and (for the other kinds) job are defaults for the
 * ranking commands, which the explicit flags override.
 */
final class ScenarioOption {

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "The workload from a scenario file saved by the window (*.vram, *.vram.json), of any"
                    + " kind (llm, vision, diffusion, render, md, grid), instead of the model and workload flags;"
                    + " recommend and report also take its token budget, GPU limit, deadline and job (--epochs,"
                    + " --dataset-size, --images, --steps) unless those flags are given, and estimate and fit its GPU"
                    + " for a kind other than llm unless --gpu or --memory-gib is.")
    Path file;

    private ScenarioInputs loaded;

    /**
     * Reads the scenario once, or returns {@code null} when {@code --scenario} is absent. {@code --workload} is the
     * one workload flag allowed beside it; {@link ScenarioArgs#kind()} checks that it names the file's kind.
     *
     * @throws CliInputException when model or workload flags are given too, or the file is unusable
     */
    ScenarioInputs read(CommandSpec spec) {
        if (file == null) {
            return null;
        }
        if (loaded != null) {
            return loaded;
        }
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (o.group() != null && !o.longestName().equals("--workload")) {
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
        loaded = inputs;
        return inputs;
    }
}
