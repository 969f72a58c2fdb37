package com.vramadvisor.cli;

import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ServingEngine;
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

    /** The workload kind {@code --workload} names (language model by default). */
    WorkloadKind kind() {
        try {
            return WorkloadKind.parse(domain.workload);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(e.getMessage());
        }
    }

    /**
     * The language model and workload the arguments describe.
     *
     * @throws CliInputException when {@code --workload} names another kind, which this command does not size
     */
    ModelResolver.Resolved resolve() {
        WorkloadKind kind = kind();
        if (kind != WorkloadKind.LLM) {
            throw new CliInputException("'" + command.name() + "' sizes language models only; --workload "
                    + kind.id() + " works with estimate, fit, recommend and report");
        }
        ModelResolver.Resolved r = ModelResolver.resolve(model, workload, catalog, scenario, command);
        return new ModelResolver.Resolved(r.model(), calibration.apply(OffloadFlags.apply(r.workload(), this)),
                r.tokenBudget(), r.maxGpus(), r.deadlineDays(), r.servingTargets());
    }

    /**
     * The workload with its engine's default prefill chunk for {@code gpu} (vLLM: 8192 tokens on GPUs of at least
     * 70 GiB other than the A100, 2048 otherwise; SGLang by memory tier), when neither {@code --max-batched-tokens}
     * nor a scenario file set it; unchanged otherwise or without a GPU.
     */
    Workload onGpu(Workload w, GpuSpec gpu) {
        if (gpu == null || workload.maxBatchedTokens != null || scenario.file != null) {
            return w;
        }
        return ServingEngine.of(w).onGpu(w, gpu.memoryBytesTotal(), gpu.name());
    }
}
