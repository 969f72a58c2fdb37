package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GPUs of this machine, found offline with the vendor's own tool, and the catalog entries they match.
 *
 * <p>NVIDIA: {@code nvidia-smi --query-gpu=name,memory.total --format=csv,noheader,nounits} prints one line per GPU,
 * the name and the total memory in MiB (nvidia-smi's documentation of {@code --query-gpu}); the catalog stores the
 * same total as {@code memoryBytesTotal} (MiB x 2^20, {@code docs/catalog.md}). A detected GPU matches the catalog
 * entry whose model number (H100, A100, 4090, V100, ...) appears in both names and whose total memory is within
 * 2 % of the reported one, a PCIe card preferring a PCIe entry and a module the others. AMD ({@code rocm-smi}) and Apple ({@code system_profiler}) are not read yet; on such a
 * machine, or one without GPUs, detection finds nothing and says so.
 */
public final class LocalGpus {

    /** The command that lists NVIDIA GPUs. */
    public static final List<String> NVIDIA_SMI = List.of("nvidia-smi", "--query-gpu=name,memory.total",
            "--format=csv,noheader,nounits");
    /** Most GPUs read from one machine; further lines are ignored. */
    public static final int MAX_GPUS = 64;
    private static final int MAX_OUTPUT_BYTES = 64 << 10;
    private static final Pattern LINE = Pattern.compile("\\s*([^,]{1,120}),\\s*(\\d{1,9})\\s*");
    private static final Pattern MODEL = Pattern.compile("\\b([a-z]{0,3}\\d{2,4}[a-z]?)\\b");

    /** Runs a command and gives its standard output, or nothing when the tool is missing or fails. */
    public interface Runner {
        Optional<String> run(List<String> command);
    }

    /**
     * One GPU as its tool reports it.
     *
     * @param name             the name the tool prints ({@code NVIDIA H100 80GB HBM3})
     * @param memoryBytesTotal its total memory in bytes
     */
    public record Detected(String name, long memoryBytesTotal) {
    }

    private LocalGpus() {
    }

    /** The GPUs {@code nvidia-smi} lists, in its order; empty when it is missing or lists none. */
    public static List<Detected> detect(Runner runner) {
        return runner.run(NVIDIA_SMI).map(LocalGpus::parseNvidiaSmi).orElse(List.of());
    }

    /** Parses {@code name, MiB} lines; lines that do not have that shape are skipped. */
    public static List<Detected> parseNvidiaSmi(String output) {
        List<Detected> found = new ArrayList<>();
        for (String line : output.split("\\R")) {
            Matcher m = LINE.matcher(line);
            if (m.matches() && found.size() < MAX_GPUS) {
                found.add(new Detected(m.group(1).trim(), Long.parseLong(m.group(2)) << 20));
            }
        }
        return List.copyOf(found);
    }

    /** The catalog entry {@code gpu} matches: same model number, total memory within 2 %. */
    public static Optional<GpuSpec> match(Detected gpu, Collection<GpuSpec> catalog) {
        String model = modelNumber(gpu.name());
        if (model == null) {
            return Optional.empty();
        }
        GpuSpec best = null;
        double bestGap = 0.02;
        for (GpuSpec spec : catalog) {
            if (!model.equals(modelNumber(spec.name())) && !model.equals(modelNumber(spec.id()))) {
                continue;
            }
            double gap = Math.abs(spec.memoryBytesTotal() - gpu.memoryBytesTotal())
                    / (double) Math.max(1, gpu.memoryBytesTotal());
            // nvidia-smi names PCIe cards "... PCIe"; SXM modules by their memory ("H100 80GB HBM3").
            boolean pcie = gpu.name().toLowerCase(Locale.ROOT).contains("pcie");
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

    /** The first model number in a name: {@code h100}, {@code a100}, {@code 4090}, {@code v100}, {@code mi300x}. */
    static String modelNumber(String name) {
        Matcher m = MODEL.matcher(name.toLowerCase(Locale.ROOT).replace('-', ' ').replace('_', ' '));
        while (m.find()) {
            String token = m.group(1);
            if (!token.matches("\\d+gb") && !token.matches("hbm\\d*")) {
                return token;
            }
        }
        return null;
    }

    /** Runs tools with a 5-second limit and at most 64 KiB of output; never throws. */
    public static Runner system() {
        return command -> {
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(false)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                byte[] out;
                try (InputStream in = p.getInputStream()) {
                    out = in.readNBytes(MAX_OUTPUT_BYTES);
                }
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return Optional.empty();
                }
                return p.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8)) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        };
    }
}
