package com.vramadvisor.cli;

import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Workload;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code estimate}: per-GPU memory of one workload, by component, with the peak and its phase. */
@Command(name = "estimate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Estimate per-GPU memory for a model and workload.")
final class EstimateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Override
    public Integer call() {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        Estimate e = new MemoryEstimator().estimate(m, w);
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            try {
                out.println(EstimateOutput.json().writeValueAsString(EstimateOutput.toJson(m, w, e)));
            } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
                throw new UncheckedIOException(ex);
            }
        } else {
            EstimateOutput.printText(out, m, w, e);
        }
        out.flush();
        return 0;
    }
}
