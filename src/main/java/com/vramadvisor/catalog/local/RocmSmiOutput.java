package com.vramadvisor.catalog.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Parses {@code rocm-smi --showproductname --showmeminfo vram --json}: an object with one {@code "cardN"} member
 * per GPU holding {@code "Card series"} (the product name) and {@code "VRAM Total Memory (B)"} (bytes, as a string);
 * other members ({@code "system"}) are skipped (ROCm SMI, {@code rocm_smi.py}, {@code showProductName} and
 * {@code showMemInfo}, which fill these keys in JSON mode). Output that is not such JSON gives no GPUs.
 */
public final class RocmSmiOutput {

    /** The command whose output this parses. */
    public static final List<String> COMMAND =
            List.of("rocm-smi", "--showproductname", "--showmeminfo", "vram", "--json");

    private RocmSmiOutput() {
    }

    /** The GPUs listed, in card order, at most {@link LocalGpus#MAX_GPUS}. */
    public static List<DetectedGpu> parse(String output) {
        JsonNode root;
        try {
            root = JsonTrees.read(output);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<DetectedGpu> found = new ArrayList<>();
        if (root == null || !root.isObject()) {
            return found;
        }
        Iterator<Map.Entry<String, JsonNode>> it = root.fields();
        while (it.hasNext() && found.size() < LocalGpus.MAX_GPUS) {
            Map.Entry<String, JsonNode> card = it.next();
            JsonNode c = card.getValue();
            if (!card.getKey().matches("card\\d{1,4}") || !c.isObject()) {
                continue;
            }
            String name = text(c, "Card series");
            if (name.isEmpty()) {
                name = text(c, "Card model");
            }
            if (name.isEmpty()) {
                continue;
            }
            found.add(new DetectedGpu("rocm-smi", name, bytes(text(c, "VRAM Total Memory (B)")), ""));
        }
        return List.copyOf(found);
    }

    private static String text(JsonNode card, String key) {
        JsonNode v = card.get(key);
        return v == null || !v.isValueNode() ? "" : LocalGpus.clean(v.asText());
    }

    private static long bytes(String s) {
        return s.matches("\\d{1,16}") ? Long.parseLong(s) : 0;
    }
}
