package com.vramadvisor.cli;

import com.vramadvisor.catalog.local.DetectedGpu;
import com.vramadvisor.catalog.local.LocalGpus;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code catalog detect}: this machine's GPUs as {@code nvidia-smi}, {@code rocm-smi} or (macOS)
 * {@code system_profiler} list them, offline, and the catalog entries they match ({@link LocalGpus});
 * {@code --gpu mine} (or {@code local}) on {@code estimate}, {@code fit}, {@code advise} and {@code calibrate} uses the
 * first match. Finding none is not an error.
 */
@Command(name = "detect", mixinStandardHelpOptions = true,
        description = "List this machine's GPUs (nvidia-smi, rocm-smi, system_profiler) and the catalog entries they"
                + " match.")
final class DetectCommand implements Callable<Integer> {

    /** Where this machine's GPUs come from; tests put fixed lists here. */
    static Supplier<List<DetectedGpu>> detector = LocalGpus::detect;

    @Spec
    CommandSpec spec;

    @Mixin
    CatalogOption catalog;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        List<DetectedGpu> found = detector.get();
        List<GpuSpec> gpus = catalog.catalog(spec.commandLine().getErr()).gpus();
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (DetectedGpu d : found) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("tool", d.tool());
                row.put("name", d.name());
                row.put("memoryBytesTotal", d.memoryBytesTotal());
                row.put("busId", d.busId().isEmpty() ? null : d.busId());
                row.put("catalogId", LocalGpus.match(d, gpus).map(GpuSpec::id).orElse(null));
                rows.add(row);
            }
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("lookedFor", List.of(LocalGpus.TOOLS.split(", ")));
            root.put("gpus", rows);
            out.println(EstimateOutput.json().writeValueAsString(root));
        } else if (found.isEmpty()) {
            out.println("no GPU found (looked for " + LocalGpus.TOOLS + "); give a GPU with --gpu ID"
                    + " ('catalog list gpus')");
        } else {
            for (DetectedGpu d : found) {
                Optional<GpuSpec> m = LocalGpus.match(d, gpus);
                out.printf(Locale.ROOT, "%-40s %12s  %-16s %s%n", Cli.oneLine(d.name()),
                        d.memoryBytesTotal() > 0 ? Quantities.gib(d.memoryBytesTotal()) : "size unknown",
                        d.tool() + (d.busId().isEmpty() ? "" : " " + Cli.oneLine(d.busId())),
                        m.map(g -> "catalog: " + g.id()).orElse("no catalog entry"));
            }
            out.println();
            out.println("--gpu mine uses the first GPU that matches a catalog entry.");
        }
        out.flush();
        return 0;
    }

    /** The first detected GPU that matches a catalog entry, or a one-line input error saying why there is none. */
    static GpuSpec mine(List<GpuSpec> catalogGpus, String flagValue) {
        List<DetectedGpu> found = detector.get();
        for (DetectedGpu d : found) {
            Optional<GpuSpec> match = LocalGpus.match(d, catalogGpus);
            if (match.isPresent()) {
                return match.get();
            }
        }
        throw new CliInputException(found.isEmpty()
                ? "--gpu " + flagValue + ": no GPU found on this machine (looked for " + LocalGpus.TOOLS
                        + "); give a GPU id ('catalog list gpus')"
                : "--gpu " + flagValue + ": '" + Cli.oneLine(found.get(0).name()) + "' has no catalog entry; give a"
                        + " GPU id ('catalog list gpus')");
    }
}
