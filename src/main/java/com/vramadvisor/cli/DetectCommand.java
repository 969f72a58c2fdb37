package com.vramadvisor.cli;

import com.vramadvisor.catalog.LocalGpus;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code catalog detect}: this machine's GPUs as {@code nvidia-smi} lists them, offline, and the catalog entries they
 * match ({@link LocalGpus}); {@code --gpu local} on {@code estimate}, {@code fit} and {@code calibrate} uses the
 * first match. Finding none is not an error.
 */
@Command(name = "detect", mixinStandardHelpOptions = true,
        description = "List this machine's GPUs (nvidia-smi) and the catalog entries they match.")
final class DetectCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CatalogOption catalog;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    LocalGpus.Runner runner = LocalGpus.system();

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        List<LocalGpus.Detected> found = LocalGpus.detect(runner);
        List<GpuSpec> gpus = catalog.catalog(spec.commandLine().getErr()).gpus();
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (LocalGpus.Detected d : found) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", d.name());
                row.put("memoryBytesTotal", d.memoryBytesTotal());
                row.put("catalogId", LocalGpus.match(d, gpus).map(GpuSpec::id).orElse(null));
                rows.add(row);
            }
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("tool", "nvidia-smi");
            root.put("gpus", rows);
            out.println(EstimateOutput.json().writeValueAsString(root));
        } else if (found.isEmpty()) {
            out.println("No GPU found on this machine: nvidia-smi is missing or lists none (AMD and Apple GPUs are not"
                    + " read yet). Give a GPU with --gpu ID ('catalog list gpus').");
        } else {
            for (LocalGpus.Detected d : found) {
                Optional<GpuSpec> m = LocalGpus.match(d, gpus);
                out.printf(Locale.ROOT, "%-40s %12s  %s%n", Cli.oneLine(d.name()), Quantities.gib(d.memoryBytesTotal()),
                        m.map(g -> "catalog: " + g.id()).orElse("no catalog entry matches"));
            }
            out.println();
            out.println("--gpu local uses the first GPU that matches a catalog entry.");
        }
        out.flush();
        return 0;
    }
}
