package com.vramadvisor.cli;

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

    @Mixin
    CatalogOption catalog;

    @Mixin
    ScenarioOption scenario;

    /** The model and workload the arguments describe. */
    ModelResolver.Resolved resolve() {
        return ModelResolver.resolve(model, workload, catalog, scenario, command);
    }
}
