package com.vramadvisor.catalog.local;

import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GPUs of this machine, found offline with the vendors' own tools, and the catalog entries they match.
 *
 * <p>Tools, in order: {@code nvidia-smi} ({@link NvidiaSmiOutput}), {@code rocm-smi} ({@link RocmSmiOutput}) and,
 * on macOS, {@code system_profiler} ({@link SystemProfilerOutput}); each runs through a {@link ToolRunner} with a
 * time and output limit, and a missing tool finds nothing. A detected GPU matches the catalog entry whose model token
 * (H100, A100, 4090, MI300X, W7900, M2-MAX, ...) appears in both names and whose total memory is within 2 % of the
 * reported one (the catalog stores nvidia-smi's {@code memory.total} reading as {@code memoryTotalMiB} where one is
 * published, {@code docs/catalog.md}); a PCIe card prefers a PCIe entry and a module the others (0.5 % penalty).
 */
public final class LocalGpus {

    /** Most GPUs read from one tool; further entries are ignored. */
    public static final int MAX_GPUS = 64;
    /** The tools looked for, as a phrase for messages. */
    public static final String TOOLS = "nvidia-smi, rocm-smi, system_profiler";
    private static final double MEMORY_TOLERANCE = 0.02;
    private static final Pattern MODEL = Pattern.compile("\\b([a-z]{0,3}\\d{2,4}[a-z]?)\\b");
    private static final Pattern APPLE = Pattern.compile("\\bapple m(\\d{1,2})(?: (pro|max|ultra))?\\b");

    private LocalGpus() {
    }

    /** The GPUs the tools list; {@code macOs} decides whether {@code system_profiler} is asked. */
    public static List<DetectedGpu> detect(ToolRunner runner, boolean macOs) {
        List<DetectedGpu> found = new ArrayList<>();
        runner.run(NvidiaSmiOutput.COMMAND).ifPresent(o -> found.addAll(NvidiaSmiOutput.parse(o)));
        runner.run(RocmSmiOutput.COMMAND).ifPresent(o -> found.addAll(RocmSmiOutput.parse(o)));
        if (macOs) {
            runner.run(SystemProfilerOutput.COMMAND).ifPresent(o -> found.addAll(SystemProfilerOutput.parse(o,
                    runner.run(SystemProfilerOutput.MEMSIZE).map(SystemProfilerOutput::memsize).orElse(0L))));
        }
        return List.copyOf(found.subList(0, Math.min(found.size(), MAX_GPUS)));
    }

    /** The GPUs of this machine, with real processes. */
    public static List<DetectedGpu> detect() {
        return detect(ToolRunner.system(), System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac"));
    }

    /** The catalog entry {@code gpu} matches: same model token, total memory within 2 %. */
    public static Optional<GpuSpec> match(DetectedGpu gpu, Collection<GpuSpec> catalog) {
        String model = modelToken(gpu.name());
        if (model == null || gpu.memoryBytesTotal() <= 0) {
            return Optional.empty();
        }
        boolean pcie = gpu.name().toLowerCase(Locale.ROOT).contains("pcie");
        GpuSpec best = null;
        double bestGap = MEMORY_TOLERANCE;
        for (GpuSpec spec : catalog) {
            if (!model.equals(modelToken(spec.name())) && !model.equals(modelToken(spec.id()))) {
                continue;
            }
            double gap = Math.abs(spec.memoryBytesTotal() - gpu.memoryBytesTotal())
                    / (double) gpu.memoryBytesTotal();
            // nvidia-smi names PCIe cards "... PCIe"; SXM modules by their memory ("H100 80GB HBM3").
            if (pcie != "pcie".equalsIgnoreCase(spec.formFactor())) {
                gap += 0.005;
            }
            if (gap <= bestGap) {
                bestGap = gap;
                best = spec;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * The model token of a name: {@code m2-max} for Apple silicon, otherwise the first model number ({@code h100},
     * {@code a100}, {@code 4090}, {@code mi300x}, {@code w7900}) that is not a memory size or type.
     */
    static String modelToken(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace('-', ' ').replace('_', ' ');
        Matcher a = APPLE.matcher(n);
        if (a.find()) {
            return "m" + a.group(1) + (a.group(2) == null ? "" : "-" + a.group(2));
        }
        Matcher m = MODEL.matcher(n);
        while (m.find()) {
            String token = m.group(1);
            if (!token.matches("\\d+gb") && !token.matches("hbm\\d*")) {
                return token;
            }
        }
        return null;
    }

    /** A tool's text as one printable line of at most 120 characters. */
    static String clean(String s) {
        String t = s.replaceAll("\\p{Cntrl}", " ").strip();
        return t.length() > 120 ? t.substring(0, 120) : t;
    }
}
