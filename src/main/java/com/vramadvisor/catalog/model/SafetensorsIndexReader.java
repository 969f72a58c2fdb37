package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a sharded checkpoint's {@code model.safetensors.index.json}: {@code weight_map} names the shard holding each
 * tensor, {@code metadata.total_size} the bytes of all tensor data (as {@code transformers}' {@code save_pretrained}
 * writes it). Each shard present next to the index is read with {@link SafetensorsReader}; with all shards present the
 * result is exact, otherwise the bytes are those of {@code total_size} and the parameters unknown.
 */
public final class SafetensorsIndexReader {

    /** The index file name {@code transformers} writes. */
    public static final String INDEX_FILE = "model.safetensors.index.json";


    private SafetensorsIndexReader() {
    }

    /**
     * Reads {@code index} and the shards it names.
     *
     * @param warnings receives notes on missing shards and on disagreements between index and shards
     */
    public static WeightInventory read(Path index, List<String> warnings) throws ModelImportException {
        JsonNode root = parse(index);
        JsonNode weightMap = root.get("weight_map");
        if (weightMap == null || !weightMap.isObject() || weightMap.isEmpty()) {
            throw new ModelImportException(index, "required field 'weight_map' is missing or empty");
        }
        Map<String, List<String>> byShard = new TreeMap<>();
        var it = weightMap.fields();
        while (it.hasNext()) {
            var f = it.next();
            if (!f.getValue().isTextual()) {
                throw new ModelImportException(index, "weight_map entry " + UntrustedText.quote(f.getKey())
                        + " must name a shard file");
            }
            String shard = f.getValue().textValue();
            if (!isPlainFileName(shard)) {
                throw new ModelImportException(index, "weight_map entry " + UntrustedText.quote(f.getKey())
                        + " names " + UntrustedText.quote(shard) + ", which is not a file name next to the index");
            }
            byShard.computeIfAbsent(shard, k -> new ArrayList<>()).add(f.getKey());
        }
        long declared = totalSize(index, root);
        Path folder = index.toAbsolutePath().getParent();
        List<TensorInfo> tensors = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, List<String>> shard : byShard.entrySet()) {
            Path file;
            try {
                file = folder.resolve(shard.getKey());
            } catch (InvalidPathException e) {
                // Characters this system cannot put in a path (outside the file-name encoding of its locale).
                throw new ModelImportException(index, "weight_map names " + UntrustedText.quote(shard.getKey())
                        + ", which cannot be a file name on this system", e);
            }
            if (!Files.isRegularFile(file)) {
                missing.add(shard.getKey());
                continue;
            }
            SafetensorsHeader header = SafetensorsReader.readHeader(file);
            checkShardHoldsItsTensors(shard.getKey(), shard.getValue(), header, warnings);
            SafetensorsReader.addShard(file, tensors, header.tensors());
        }
        if (!missing.isEmpty()) {
            if (declared < 0) {
                throw new ModelImportException(index, missing.size() + " of " + byShard.size() + " shards are missing"
                        + " (" + UntrustedText.quote(missing.get(0)) + (missing.size() > 1 ? ", ..." : "")
                        + ") and the index has no metadata.total_size, so the weight size is unknown");
            }
            warnings.add(missing.size() + " of " + byShard.size() + " shards are not next to the index; weight bytes"
                    + " are the index's total_size and the parameter count is unknown");
            return WeightInventory.partial(tensors, declared, missing);
        }
        WeightInventory inventory = WeightInventory.complete(tensors);
        if (declared >= 0 && declared != inventory.bytes()) {
            warnings.add("the index declares total_size " + declared + " bytes but the shards hold "
                    + inventory.bytes() + " bytes of tensors; the shards' figure is used");
        }
        return inventory;
    }

    /**
     * A name that resolves to a file in the index's own folder on every platform: not empty, no path separator, not
     * {@code .} or {@code ..}, no control character (a NUL cannot be in a path at all) and no character Windows
     * forbids in file names.
     */
    private static boolean isPlainFileName(String name) {
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.length() > 255) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7f || "/\\:*?\"<>|".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static void checkShardHoldsItsTensors(String shard, List<String> names, SafetensorsHeader header,
                                                  List<String> warnings) {
        Set<String> present = new HashSet<>();
        header.tensors().forEach(t -> present.add(t.name()));
        long absent = names.stream().filter(n -> !present.contains(n)).count();
        if (absent > 0) {
            warnings.add(absent + " tensors that the index places in " + shard + " are not in its header");
        }
    }

    /** {@code metadata.total_size} in bytes, or -1 when absent. */
    private static long totalSize(Path index, JsonNode root) throws ModelImportException {
        JsonNode size = root.path("metadata").get("total_size");
        if (size == null || size.isNull()) {
            return -1;
        }
        // Some exporters write the size as a float (e.g. 1.4e10); accept whole values only.
        if (size.isNumber() && size.doubleValue() >= 0 && size.doubleValue() == Math.rint(size.doubleValue())
                && size.doubleValue() < 9.0e18) {
            return size.isIntegralNumber() && size.canConvertToLong() ? size.longValue() : (long) size.doubleValue();
        }
        throw new ModelImportException(index, "metadata.total_size must be a non-negative whole number of bytes,"
                + " got " + UntrustedText.escape(size.toString()));
    }

    private static JsonNode parse(Path index) throws ModelImportException {
        try {
            JsonNode root = JsonTrees.read(index, HfConfigImporter.MAX_CONFIG_BYTES);
            if (root == null || !root.isObject()) {
                throw new ModelImportException(index, "not a JSON object");
            }
            return root;
        } catch (FileReadException e) {
            throw new ModelImportException(index, switch (e.reason()) {
                case MISSING -> "no such file";
                case TOO_LARGE -> "file is too large for a safetensors index";
                default -> e.problem();
            }, e);
        } catch (JsonProcessingException e) {
            throw new ModelImportException(index, "not valid JSON: " + JsonTrees.problem(e), e);
        } catch (IOException e) {
            throw new ModelImportException(index, "cannot read: " + e.getMessage(), e);
        }
    }
}
