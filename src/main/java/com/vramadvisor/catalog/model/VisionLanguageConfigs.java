package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.Map;

/**
 * Vision-language wrappers whose {@code config.json} nests the language model's fields in {@code text_config} and
 * the vision tower's in {@code vision_config}: {@code gemma3} (Gemma 3 4B-27B), {@code llama4} (Llama 4 Scout and
 * Maverick), {@code mllama} (Llama 3.2 Vision) and {@code qwen2_5_vl} (Qwen2.5-VL; older files keep the text fields
 * at the top level). The language model is read by its own family; the vision tower is counted by
 * {@link VisionTowers} and added as {@link com.vramadvisor.engine.llm.ModelSpec#visionParams()}.
 */
final class VisionLanguageConfigs {

    /** Wrapper {@code model_type} to the {@code model_type} of its language model. */
    private static final Map<String, String> TEXT_TYPES = Map.of(
            "gemma3", "gemma3_text",
            "llama4", "llama4_text",
            "mllama", "mllama_text",
            "qwen2_5_vl", "qwen2");

    private VisionLanguageConfigs() {
    }

    static boolean isWrapper(String modelType) {
        return TEXT_TYPES.containsKey(modelType);
    }

    /** The language model's fields of a wrapper configuration: {@code text_config}, else the top level. */
    static ConfigFields textFields(JsonNode root, Path file, String modelType) {
        JsonNode text = root.get("text_config");
        JsonNode fields = text != null && text.isObject() ? text : root;
        return new ConfigFields(fields, file, TEXT_TYPES.get(modelType));
    }

    /** Vision-tower and projector parameters of a wrapper, 0 with a warning when {@code vision_config} is absent. */
    static long visionParams(JsonNode root, Path file, String modelType, ConfigFields text, int textHidden)
            throws ModelImportException {
        JsonNode vision = VisionTowers.visionConfig(root);
        if (vision == null) {
            text.warn("no vision_config: the vision tower is not counted");
            return 0;
        }
        ConfigFields v = new ConfigFields(vision, file, modelType + ".vision_config");
        long params = switch (modelType) {
            case "gemma3" -> VisionTowers.gemma3(v, textHidden);
            case "llama4" -> VisionTowers.llama4(v, textHidden);
            case "qwen2_5_vl" -> VisionTowers.qwen25vl(v);
            default -> VisionTowers.mllama(v, textHidden);
        };
        if ("mllama".equals(modelType)) {
            JsonNode cross = text.find("cross_attention_layers");
            int crossLayers = cross != null && cross.isArray() ? cross.size() : 0;
            text.warn(crossLayers + " of the text layers are cross-attention layers reading the image tokens; they "
                    + "are counted as self-attention layers of the same shapes (their q/k norms and gates, "
                    + "under 0.001 % of the parameters, and the 8 extra embedding rows are left out), and their KV "
                    + "cache is sized for text tokens");
        }
        v.warnings().forEach(text::warn);
        return params;
    }
}
