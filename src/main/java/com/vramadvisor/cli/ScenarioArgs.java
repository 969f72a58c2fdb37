package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The arguments every sizing command shares: model flags, workload flags, the user catalog folder and
 * {@code --scenario}. One place, so {@code estimate}, {@code recommend} and {@code report} accept the same flags.
 */
final class ScenarioArgs {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @ArgGroup(exclusive = false, heading = "%nModel:%n")
    ModelOptions model = new ModelOptions();

    @ArgGroup(exclusive = false, heading = "%nWorkload:%n")
    WorkloadOptions workload = new WorkloadOptions();

    @ArgGroup(exclusive = false, heading = "%nOther workloads:%n")
    DomainOptions domain = new DomainOptions();

    @Mixin
    CatalogOption catalog;

    @Mixin
    ScenarioOption scenario;

    @Mixin
    CalibrationOption calibration;

    /**
     * The workload kind: a scenario file's, else the one {@code --workload} names (language model by default).
     *
     * @throws CliInputException for an unknown kind, or a {@code --workload} that names another kind than the file's
     */
    WorkloadKind kind() {
        WorkloadKind flag;
        try {
            flag = WorkloadKind.parse(domain.workload);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(e.getMessage());
        }
        ScenarioInputs fromFile = scenario.read(command);
        if (fromFile == null) {
            return flag;
        }
        if (flag != fromFile.kind() && command.commandLine().getParseResult().hasMatchedOption("--workload")) {
            throw new CliInputException(scenario.file + ": a " + fromFile.kind().id() + " scenario, not --workload "
                    + flag.id() + "; drop --workload or give --workload " + fromFile.kind().id());
        }
        return fromFile.kind();
    }

    /** The scenario file's inputs, or {@code null} without {@code --scenario}. */
    ScenarioInputs scenarioFile() {
        return scenario.read(command);
    }

    /**
     * The language model and workload the arguments describe.
     *
     * @throws CliInputException when {@code --workload} names another kind, which this command does not size
     */
    ModelResolver.Resolved resolve() {
        WorkloadKind kind = kind();
        if (kind != WorkloadKind.LLM) {
            throw new CliInputException("'" + command.name() + "' sizes language models only; "
                    + (scenario.file == null ? "--workload " + kind.id() : scenario.file + ", a " + kind.id()
                    + " scenario,") + " works with estimate, fit, recommend and report");
        }
        ModelResolver.Resolved r = ModelResolver.resolve(model, workload, catalog, scenario, command);
        Workload w = calibration.apply(OffloadFlags.apply(r.workload(), this));
        requireFrameworkRuns(r.model(), w);
        return new ModelResolver.Resolved(r.model(), w, r.tokenBudget(), r.maxGpus(), r.deadlineDays(),
                r.servingTargets(), r.usage());
    }

    /**
     * A framework the flags or the scenario file name must run the workload as laid out (docs/frameworks.md): a
     * layout it refuses is bad input, named with the rule.
     */
    private void requireFrameworkRuns(ModelSpec m, Workload w) {
        if (w.framework() == null) {
            return;
        }
        String problem = w.framework().problem(m, w);
        if (problem != null) {
            throw new CliInputException((scenario.file != null && workload.framework == null
                    ? scenario.file + ": the scenario's framework " : "--framework ") + w.framework().id() + ": "
                    + problem);
        }
    }

    /** Whether neither {@code --max-batched-tokens} nor a scenario file set the prefill chunk. */
    boolean chunkLeftToEngine() {
        return workload.maxBatchedTokens == null && scenario.file == null;
    }

    /**
     * The workload with its engine's default prefill chunk for {@code gpu} (vLLM: 8192 tokens on GPUs of at least
     * 70 GiB other than the A100, 2048 otherwise; SGLang by memory tier), when neither {@code --max-batched-tokens}
     * nor a scenario file set it; unchanged otherwise or without a GPU.
     */
    Workload onGpu(Workload w, GpuSpec gpu) {
        if (gpu == null || !chunkLeftToEngine()) {
            return w;
        }
        return ServingEngine.of(w).onGpu(w, gpu.memoryBytesTotal(), gpu.name());
    }
}
