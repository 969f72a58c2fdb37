package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.PositionKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a Hugging Face {@code config.json} (or the model folder holding one) into a {@link ModelSpec}.
 *
 * <p>Supported {@code model_type}s: {@code llama}, {@code mistral}, {@code mixtral}, {@code qwen2},
 * {@code qwen2_moe}, {@code gemma}, {@code gemma2}, {@code phi3}, {@code falcon} (and {@code RefinedWebModel},
 * {@code RefinedWeb}), {@code gpt2}, {@code gpt_bigcode}, {@code gpt_neox}, {@code opt}, {@code bert},
 * {@code roberta}, and {@code t5} as {@code T5EncoderModel}. The first {@code architectures} entry decides the head
 * ({@link HfHeads}). The fields that size the model must be present; every other field takes the default of the
 * family's Hugging Face configuration class, as loading the file with {@code transformers} would. The declared
 * {@code dtype} (older files: {@code torch_dtype}) and any {@code quantization_config} are reported.
 */
public final class HfConfigImporter {

    /** Name of the configuration file inside a model folder. */
    public static final String CONFIG_FILE = "config.json";

    /** Larger files are not configurations; reading them whole would only waste memory. */
    static final int MAX_CONFIG_BYTES = 32 * 1024 * 1024;
    /** Characters of a model's name kept from a folder or file name. */
    private static final int MAX_NAME_CHARS = 200;


    private static final Map<String, Family> FAMILIES = Map.ofEntries(
            Map.entry("llama", DecoderFamilies::llama),
            Map.entry("mistral", DecoderFamilies::mistral),
            Map.entry("mixtral", DecoderFamilies::mixtral),
            Map.entry("qwen2", DecoderFamilies::qwen2),
            Map.entry("qwen2_moe", DecoderFamilies::qwen2Moe),
            Map.entry("gemma", DecoderFamilies::gemma),
            Map.entry("gemma2", DecoderFamilies::gemma2),
            Map.entry("phi3", DecoderFamilies::phi3),
            Map.entry("qwen3", ModernFamilies::qwen3),
            Map.entry("qwen3_moe", ModernFamilies::qwen3Moe),
            Map.entry("deepseek_v2", ModernFamilies::deepseek),
            Map.entry("deepseek_v3", ModernFamilies::deepseek),
            Map.entry("llama4_text", ModernFamilies::llama4Text),
            Map.entry("gemma3_text", ModernFamilies::gemma3Text),
            Map.entry("gpt_oss", ModernFamilies::gptOss),
            Map.entry("mllama_text", DecoderFamilies::llama),
            Map.entry("falcon", GptFamilies::falcon),
            Map.entry("RefinedWebModel", GptFamilies::falcon),
            Map.entry("RefinedWeb", GptFamilies::falcon),
            Map.entry("gpt2", GptFamilies::gpt2),
            Map.entry("gpt_bigcode", GptFamilies::gptBigCode),
            Map.entry("gpt_neox", GptFamilies::gptNeox),
            Map.entry("opt", GptFamilies::opt),
            Map.entry("bert", EncoderFamilies::bert),
            Map.entry("roberta", EncoderFamilies::roberta),
            Map.entry("t5", EncoderFamilies::t5Encoder));

    /** Families whose Transformers attention needs the heads to divide the hidden size. */
    private static final Set<String> WHOLE_HEADS = Set.of("falcon", "RefinedWebModel", "RefinedWeb", "gpt2",
            "gpt_bigcode", "gpt_neox", "opt", "bert", "roberta");

    private HfConfigImporter() {
    }

    /** Maps one family's configuration fields to a model description, head not yet set. */
    @FunctionalInterface
    private interface Family {
        ModelSpec.Builder map(ConfigFields fields) throws ModelImportException;
    }

    /** The {@code model_type}s this importer understands, sorted. */
    public static List<String> supportedModelTypes() {
        TreeSet<String> types = new TreeSet<>(FAMILIES.keySet());
        for (String wrapper : List.of("gemma3", "llama4", "mllama", "qwen2_5_vl")) {
            types.add(wrapper);
        }
        return List.copyOf(types);
    }

    /**
     * Imports {@code path}: a {@code config.json} or a folder containing one.
     *
     * @throws ModelImportException naming the file and field when the file is missing, not JSON, of an unsupported
     *                              family or architecture, lacks a required field, or describes an impossible model
     */
    public static ImportedModel read(Path path) throws ModelImportException {
        Path file = Files.isDirectory(path) ? path.resolve(CONFIG_FILE) : path;
        JsonNode root = parse(file);
        JsonNode typeNode = root.get("model_type");
        if (typeNode == null || !typeNode.isTextual()) {
            throw new ModelImportException(file, "required field 'model_type' is missing"
                    + " (not a Hugging Face model configuration?)");
        }
        String modelType = typeNode.textValue();
        boolean wrapper = VisionLanguageConfigs.isWrapper(modelType);
        Family family = wrapper ? null : FAMILIES.get(modelType);
        if (family == null && !wrapper) {
            throw new ModelImportException(file, "model_type '" + UntrustedText.escape(modelType)
                    + "' is not supported (supported: "
                    + String.join(", ", supportedModelTypes()) + ")");
        }
        ConfigFields outer = new ConfigFields(root, file, modelType);
        ConfigFields fields = wrapper ? VisionLanguageConfigs.textFields(root, file, modelType) : outer;
        if (wrapper) {
            family = FAMILIES.get(fields.modelType());
        }
        String arch = architecture(outer);
        if ("t5".equals(modelType) && !"T5EncoderModel".equals(arch)) {
            throw fields.error((arch == null ? "T5 without an architectures entry"
                    : "'" + UntrustedText.escape(arch) + "'")
                    + " is an encoder-decoder model, which cannot be described here; only T5EncoderModel"
                    + " (the encoder alone) is supported");
        }
        ModelSpec.Builder builder = family.map(fields);
        requireWholeHeads(fields, builder);
        HfHeads.apply(fields, arch, builder);
        if ("t5".equals(modelType)) {
            builder.head(HeadKind.NONE).pooler(false);
        }
        if (wrapper) {
            int textHidden;
            try {
                textHidden = builder.build().hiddenSize();
            } catch (IllegalArgumentException e) {
                throw fields.error("inconsistent fields: " + e.getMessage());
            }
            builder.visionParams(VisionLanguageConfigs.visionParams(root, file, modelType, fields, textHidden));
        }
        // The name comes from a folder or file name: escaped and cut like any text from a file, since it is shown
        // wherever the model is (terminal, reports, CSV).
        String name = UntrustedText.escape(modelName(file, modelType), MAX_NAME_CHARS);
        builder.id(idOf(name)).name(name);
        ModelSpec spec;
        try {
            spec = builder.build();
            if (spec.position() == PositionKind.ROTARY) {
                int scaled = RopeScaling.scaledMaxPositions(fields, spec.maxPositions());
                if (scaled != spec.maxPositions()) {
                    spec = spec.toBuilder().maxPositions(scaled).build();
                }
            }
        } catch (IllegalArgumentException e) {
            throw fields.error("inconsistent fields: " + e.getMessage());
        }
        Optional<DataType> declared = declaredDtype(outer);
        Optional<DataType> quantization = quantization(outer);
        List<String> warnings = new java.util.ArrayList<>(fields.warnings());
        if (wrapper) {
            warnings.addAll(outer.warnings());
        }
        return new ImportedModel(file, SourceKind.HF_CONFIG, modelType, Optional.of(spec), declared, quantization,
                Optional.empty(), warnings);
    }

    /**
     * The attention classes of the GPT-2, GPT-BigCode, GPT-NeoX, OPT, Falcon, BERT and RoBERTa families split the
     * hidden size into whole heads and raise {@code ValueError} otherwise ("embed_dim must be divisible by
     * num_heads" in {@code modeling_gpt2.py}, "The hidden size is not divisble by the number of attention heads" in
     * {@code modeling_gpt_neox.py}, "The hidden size ... is not a multiple of the number of attention heads" in
     * {@code modeling_bert.py}), so such a configuration describes no model that can be built. The Llama-style
     * families take {@code head_dim = hidden_size // num_attention_heads} instead ({@link DecoderFamilies}).
     */
    private static void requireWholeHeads(ConfigFields fields, ModelSpec.Builder builder)
            throws ModelImportException {
        if (!WHOLE_HEADS.contains(fields.modelType())) {
            return;
        }
        ModelSpec probe;
        try {
            probe = builder.build();
        } catch (IllegalArgumentException e) {
            // The full build below reports it with its context.
            return;
        }
        if (probe.hiddenSize() % probe.heads() != 0) {
            throw fields.error("the attention heads (" + probe.heads() + ") do not divide the hidden size ("
                    + probe.hiddenSize() + "); Transformers cannot build this model");
        }
    }

    /** A lowercase, hyphenated id for a display name: {@code Llama-2-7b-hf} becomes {@code llama-2-7b-hf}. */
    static String idOf(String name) {
        String id = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-").replaceAll("^-+|-+$", "");
        return id.isEmpty() ? "imported-model" : id;
    }

    private static JsonNode parse(Path file) throws ModelImportException {
        try {
            JsonNode root = JsonTrees.read(file, MAX_CONFIG_BYTES);
            if (root == null || !root.isObject()) {
                throw new ModelImportException(file, "not a JSON object");
            }
            return root;
        } catch (FileReadException e) {
            throw new ModelImportException(file, switch (e.reason()) {
                case MISSING -> "no such file";
                case TOO_LARGE -> "file is larger than " + MAX_CONFIG_BYTES + " bytes, too large for a model"
                        + " configuration";
                default -> e.problem();
            }, e);
        } catch (JsonProcessingException e) {
            throw new ModelImportException(file, "not valid JSON: " + JsonTrees.problem(e), e);
        } catch (IOException e) {
            throw new ModelImportException(file, "cannot read: " + e.getMessage(), e);
        }
    }

    private static String architecture(ConfigFields c) throws ModelImportException {
        JsonNode archs = c.find("architectures");
        if (archs == null) {
            return null;
        }
        if (!archs.isArray() || archs.isEmpty() || !archs.get(0).isTextual()) {
            throw c.error("field 'architectures' must be a list of class names, got "
                    + UntrustedText.escape(archs.toString()));
        }
        if (archs.size() > 1) {
            c.warn("'architectures' lists " + archs.size() + " classes; the first, " + archs.get(0).textValue()
                    + ", decides the head");
        }
        return archs.get(0).textValue();
    }

    private static Optional<DataType> declaredDtype(ConfigFields c) throws ModelImportException {
        String name = c.stringOr(null, "dtype", "torch_dtype");
        if (name == null) {
            return Optional.empty();
        }
        Optional<DataType> type = StorageTypes.fromTorchName(name);
        if (type.isEmpty() && !"auto".equals(name)) {
            c.warn("dtype '" + UntrustedText.escape(name)
                    + "' has no matching storage type; choose the weight precision by hand");
        }
        return type;
    }

    private static Optional<DataType> quantization(ConfigFields c) {
        JsonNode q = c.find("quantization_config");
        if (q == null || !q.isObject()) {
            return Optional.empty();
        }
        Optional<DataType> type = StorageTypes.fromQuantizationConfig(q);
        String method = q.path("quant_method").asText("unknown");
        if ("mxfp4".equalsIgnoreCase(method)) {
            c.warn("quantization_config: the routed experts are stored as mxfp4 (4.25 bits per parameter) and kept so"
                    + " for inference; attention, router, embeddings and head stay at 16 bits");
            return Optional.empty();
        }
        if (type.isPresent()) {
            c.warn("quantization_config: weights are stored as " + type.get().id() + " (" + method + ")");
        } else if ("gptq".equalsIgnoreCase(method) || "awq".equalsIgnoreCase(method)) {
            c.warn("quantization_config: " + UntrustedText.escape(method) + " with bits "
                    + UntrustedText.escape(q.path("bits").asText(q.path("w_bit").asText("?")))
                    + " and group size " + UntrustedText.escape(q.path("group_size").asText(
                            q.path("q_group_size").asText("128")))
                    + " is not modelled (GPTQ 3, 4 or 8 bits and AWQ 4 bits with group 32, 64, 128, 256 or -1 are);"
                    + " choose the weight precision by"
                    + " hand");
        } else {
            c.warn("quantization_config with quant_method '" + UntrustedText.escape(method)
                    + "' is not modelled; choose the weight "
                    + "precision by hand");
        }
        return type;
    }

    /** The model folder's name ({@code Llama-2-7b-hf}), else the file name, else the family. */
    private static String modelName(Path file, String modelType) {
        Path parent = file.toAbsolutePath().getParent();
        if (CONFIG_FILE.equals(file.getFileName().toString()) && parent != null && parent.getFileName() != null) {
            return parent.getFileName().toString();
        }
        String fileName = file.getFileName().toString();
        return fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : modelType;
    }
}
