package com.vramadvisor.catalog.local;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code nvidia-smi --query-gpu=name,memory.total,pci.bus_id --format=csv,noheader,nounits}: one line per GPU,
 * {@code name, total MiB, bus id} (NVIDIA, "nvidia-smi.txt", {@code --query-gpu}: {@code memory.total} is "total
 * installed GPU memory", reported in MiB; {@code nounits} drops the unit). Lines of another shape are skipped.
 */
public final class NvidiaSmiOutput {

    /** The command whose output this parses. */
    public static final List<String> COMMAND = List.of("nvidia-smi",
            "--query-gpu=name,memory.total,pci.bus_id", "--format=csv,noheader,nounits");
    private static final Pattern LINE =
            Pattern.compile("\\s*([^,]{1,120}),\\s*(\\d{1,9})\\s*(?:,\\s*([0-9A-Fa-f:.]{1,40})\\s*)?");

    private NvidiaSmiOutput() {
    }

    /** The GPUs listed, in order, at most {@link LocalGpus#MAX_GPUS}. */
    public static List<DetectedGpu> parse(String output) {
        List<DetectedGpu> found = new ArrayList<>();
        for (String line : output.split("\\R")) {
            Matcher m = LINE.matcher(line);
            if (m.matches() && found.size() < LocalGpus.MAX_GPUS) {
                found.add(new DetectedGpu("nvidia-smi", m.group(1).trim(), Long.parseLong(m.group(2)) << 20,
                        m.group(3) == null ? "" : m.group(3)));
            }
        }
        return List.copyOf(found);
    }
}
