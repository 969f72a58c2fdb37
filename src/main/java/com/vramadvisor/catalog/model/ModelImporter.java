package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.llm.StoredWeights;

import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one entry point for model files a user points at. It recognises
 * <ul>
 *   <li>a Hugging Face model folder: {@code config.json} for the architecture plus, when present,
 *       {@code model.safetensors.index.json} and its shards or the {@code .safetensors} files for exact weights;</li>
 *   <li>a {@code config.json} (any {@code .json} with a {@code model_type});</li>
 *   <li>a {@code model.safetensors.index.json} (any {@code *.safetensors.index.json});</li>
 *   <li>a {@code .safetensors} file;</li>
 *   <li>a llama.cpp {@code .gguf} file (also recognised by its magic bytes), or a folder holding exactly one.</li>
 * </ul>
 * Nothing is downloaded and no tensor data is read.
 */
public final class ModelImporter {

    /** Relative difference between stored and described parameter counts above which a folder import warns. */
    static final double COUNT_TOLERANCE = 0.005;

    private ModelImporter() {
    }

    /**
     * Imports the file or folder at {@code path}.
     *
     * @throws ModelImportException with a one-line message naming the file and the problem
     */
    public static ImportedModel importPath(Path path) throws ModelImportException {
        if (Files.isDirectory(path)) {
            return importFolder(path);
        }
        try {
            RegularFiles.requireRegular(path);
        } catch (FileReadException e) {
            throw new ModelImportException(path, e.reason() == FileReadException.Reason.MISSING
                    ? "no such file or folder" : e.problem(), e);
        }
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".gguf") || hasGgufMagic(path)) {
            return importGguf(path);
        }
        if (name.endsWith(".safetensors.index.json")) {
            return importIndex(path);
        }
        if (name.endsWith(".safetensors")) {
            return importSafetensors(path);
        }
        if (name.endsWith(".json")) {
            return HfConfigImporter.read(path);
        }
        throw new ModelImportException(path, "unrecognised file (expected config.json, a .safetensors file,"
                + " model.safetensors.index.json or a .gguf file)");
    }

    /** A GGUF file: architecture from its metadata where possible, exact weights from its tensor infos. */
    public static ImportedModel importGguf(Path file) throws ModelImportException {
        GgufFile g = GgufReader.read(file);
        List<String> warnings = new ArrayList<>();
        long splits = g.integer("split.count").orElse(1);
        if (splits > 1) {
            warnings.add("this is split " + (g.integer("split.no").orElse(0) + 1) + " of " + splits + "; only its"
                    + " own tensors are counted");
        }
        var spec = GgufModelMapper.map(g, warnings);
        Optional<DataType> fileType = fileType(g);
        WeightInventory inventory = g.inventory();
        if (fileType.isPresent() && inventory.bytes() > 0 && inventory.parameters().orElse(0L) > 0) {
            // Inference in the file's own type takes the file's tensor bytes, not llama.cpp's default rules.
            StoredWeights stored = new StoredWeights(fileType.get(), inventory.bytes(),
                    inventory.parameters().orElseThrow());
            spec = spec.map(m -> m.toBuilder().storedWeights(stored).build());
        }
        return new ImportedModel(file, SourceKind.GGUF, g.string("general.architecture").orElse(""), spec,
                Optional.empty(), fileType, Optional.of(inventory), warnings);
    }

    /**
     * The llama.cpp file type {@code general.file_type} names when the engine sizes it tensor by tensor
     * ({@code llama_ftype} in llama.cpp {@code include/llama.h}: 12 Q3_K_M, 15 Q4_K_M, 17 Q5_K_M, 18 Q6_K, 30 IQ4_XS).
     */
    static Optional<DataType> fileType(GgufFile g) {
        long type = g.integer("general.file_type").orElse(-1);
        return Optional.ofNullable(type == 12 ? DataType.GGUF_Q3_K_M : type == 15 ? DataType.GGUF_Q4_K_M
                : type == 17 ? DataType.GGUF_Q5_K_M : type == 18 ? DataType.GGUF_Q6_K
                : type == 30 ? DataType.GGUF_IQ4_XS : null);
    }

    /** A single safetensors file: exact weights, no architecture. */
    public static ImportedModel importSafetensors(Path file) throws ModelImportException {
        WeightInventory weights = SafetensorsReader.read(file);
        List<String> warnings = new ArrayList<>();
        warnings.add(architectureHint(file));
        return new ImportedModel(file, SourceKind.SAFETENSORS, "", Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(weights), warnings);
    }

    /** A sharded checkpoint's index with whichever shards are next to it. */
    public static ImportedModel importIndex(Path index) throws ModelImportException {
        List<String> warnings = new ArrayList<>();
        WeightInventory weights = SafetensorsIndexReader.read(index, warnings);
        warnings.add(architectureHint(index));
        return new ImportedModel(index, SourceKind.SAFETENSORS_INDEX, "", Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(weights), warnings);
    }

    private static ImportedModel importFolder(Path folder) throws ModelImportException {
        List<Path> files = list(folder);
        Path config = folder.resolve(HfConfigImporter.CONFIG_FILE);
        Path index = folder.resolve(SafetensorsIndexReader.INDEX_FILE);
        List<Path> shards = files.stream().filter(f -> f.getFileName().toString().endsWith(".safetensors")).toList();
        if (Files.isRegularFile(config)) {
            ImportedModel fromConfig = HfConfigImporter.read(config);
            List<String> warnings = new ArrayList<>(fromConfig.warnings());
            Optional<WeightInventory> weights = folderWeights(index, shards, warnings);
            if (fromConfig.quantization().isEmpty()) {
                compareCounts(fromConfig, weights, warnings);
            }
            return new ImportedModel(folder, SourceKind.HF_FOLDER, fromConfig.architecture(), fromConfig.spec(),
                    fromConfig.declaredDtype(), fromConfig.quantization(), weights, warnings);
        }
        if (Files.isRegularFile(index)) {
            return importIndex(index);
        }
        if (shards.size() == 1) {
            return importSafetensors(shards.get(0));
        }
        List<Path> ggufs = files.stream()
                .filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gguf")).toList();
        if (ggufs.size() == 1) {
            return importGguf(ggufs.get(0));
        }
        if (ggufs.size() > 1) {
            throw new ModelImportException(folder, ggufs.size() + " GGUF files (" + ggufs.get(0).getFileName()
                    + ", ...); choose one of them");
        }
        throw new ModelImportException(folder, "no config.json, safetensors or GGUF file in this folder");
    }

    /** Exact weights of a model folder: the index and its shards, else all safetensors files together. */
    private static Optional<WeightInventory> folderWeights(Path index, List<Path> shards, List<String> warnings)
            throws ModelImportException {
        if (Files.isRegularFile(index)) {
            return Optional.of(SafetensorsIndexReader.read(index, warnings));
        }
        if (shards.isEmpty()) {
            warnings.add("no safetensors weights in the folder; weight sizes come from the configuration");
            return Optional.empty();
        }
        List<TensorInfo> tensors = new ArrayList<>();
        for (Path shard : shards) {
            SafetensorsReader.addShard(shard, tensors, SafetensorsReader.readHeader(shard).tensors());
        }
        if (shards.size() > 1) {
            warnings.add(shards.size() + " safetensors files without an index were added up");
        }
        return Optional.of(WeightInventory.complete(tensors));
    }

    /**
     * Says when the tensors hold noticeably more or fewer parameters than the configuration describes (more than
     * {@link #COUNT_TOLERANCE} apart): parts the description leaves out, or a configuration that does not belong to
     * the weights. Quantized checkpoints pack several weights per stored element and are not compared.
     */
    private static void compareCounts(ImportedModel fromConfig, Optional<WeightInventory> weights,
                                      List<String> warnings) {
        if (fromConfig.spec().isEmpty() || weights.isEmpty() || weights.get().parameters().isEmpty()) {
            return;
        }
        long described = ParameterCounter.count(fromConfig.spec().get()).total();
        long stored = weights.get().parameters().getAsLong();
        if (stored > 0 && Math.abs(described - stored) > COUNT_TOLERANCE * stored) {
            warnings.add(String.format(Locale.ROOT, "the safetensors hold %,d parameters but the configuration"
                    + " describes %,d (%.1f %% apart); estimates use the configuration", stored, described,
                    100.0 * (described - stored) / stored));
        }
    }

    private static String architectureHint(Path file) {
        Path sibling = file.toAbsolutePath().resolveSibling(HfConfigImporter.CONFIG_FILE);
        return Files.isRegularFile(sibling)
                ? "safetensors headers do not describe the architecture; import the folder to read its config.json too"
                : "safetensors headers do not describe the architecture; only the weights are known";
    }

    private static List<Path> list(Path folder) throws ModelImportException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new ModelImportException(folder, "cannot list the folder: " + e.getMessage(), e);
        }
    }

    private static boolean hasGgufMagic(Path file) {
        try {
            byte[] magic = RegularFiles.readPrefix(file, 4);
            return magic.length == 4 && magic[0] == 'G' && magic[1] == 'G' && magic[2] == 'U' && magic[3] == 'F';
        } catch (FileReadException e) {
            return false;
        }
    }
}
