package com.vramadvisor.catalog.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses macOS {@code system_profiler SPDisplaysDataType -json}: an array {@code "SPDisplaysDataType"} with one
 * object per GPU, named by {@code "sppci_model"} (or {@code "_name"}); a discrete GPU states its memory as
 * {@code "spdisplays_vram"} ({@code "8 GB"}, {@code "1536 MB"}); Apple silicon GPUs state none because they share
 * the machine's unified memory, which {@code sysctl -n hw.memsize} gives in bytes (Apple, sysctl(3),
 * {@code hw.memsize}).
 */
public final class SystemProfilerOutput {

    /** The command whose output this parses. */
    public static final List<String> COMMAND = List.of("system_profiler", "SPDisplaysDataType", "-json");
    /** The command that gives the unified memory of an Apple silicon Mac, in bytes. */
    public static final List<String> MEMSIZE = List.of("sysctl", "-n", "hw.memsize");
    private static final Pattern SIZE = Pattern.compile("(\\d{1,7})\\s*(MB|GB|TB)", Pattern.CASE_INSENSITIVE);

    private SystemProfilerOutput() {
    }

    /**
     * The GPUs listed, at most {@link LocalGpus#MAX_GPUS}; an Apple GPU (name starting "Apple") without a stated size
     * gets {@code unifiedBytes}.
     */
    public static List<DetectedGpu> parse(String output, long unifiedBytes) {
        JsonNode root;
        try {
            root = JsonTrees.read(output);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        JsonNode list = root == null ? null : root.get("SPDisplaysDataType");
        List<DetectedGpu> found = new ArrayList<>();
        if (list == null || !list.isArray()) {
            return found;
        }
        for (JsonNode g : list) {
            if (found.size() >= LocalGpus.MAX_GPUS) {
                break;
            }
            String name = text(g, "sppci_model");
            if (name.isEmpty()) {
                name = text(g, "_name");
            }
            if (name.isEmpty()) {
                continue;
            }
            long bytes = size(text(g, "spdisplays_vram"));
            if (bytes == 0 && name.toLowerCase(Locale.ROOT).startsWith("apple")) {
                bytes = Math.max(0, unifiedBytes);
            }
            found.add(new DetectedGpu("system_profiler", name, bytes, ""));
        }
        return List.copyOf(found);
    }

    /** {@code sysctl -n hw.memsize} output as bytes; 0 when it is not a number. */
    public static long memsize(String output) {
        String s = output.strip();
        return s.matches("\\d{1,19}") ? Long.parseLong(s) : 0;
    }

    /** {@code "8 GB"} as 8 x 2^30 bytes (macOS states these sizes in binary units); 0 when not a size. */
    static long size(String s) {
        Matcher m = SIZE.matcher(s);
        if (!m.find()) {
            return 0;
        }
        int shift = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "MB" -> 20;
            case "GB" -> 30;
            default -> 40;
        };
        return Long.parseLong(m.group(1)) << shift;
    }

    private static String text(JsonNode g, String key) {
        JsonNode v = g == null ? null : g.get(key);
        return v == null || !v.isValueNode() ? "" : LocalGpus.clean(v.asText());
    }
}
