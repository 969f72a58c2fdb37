package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The longest context a Hugging Face configuration allows once its RoPE scaling is applied, derived as vLLM derives
 * {@code max_model_len} ({@code _get_and_verify_max_len} in {@code vllm/config.py}): a {@code rope_scaling} (or
 * Transformers v5 {@code rope_parameters}) entry of any type other than {@code su}, {@code longrope},
 * {@code llama3} and {@code default} multiplies the limit by its {@code factor}; for {@code yarn} the limit is
 * {@code original_max_position_embeddings * factor}. Llama 3.1's {@code llama3} scaling and Phi-3's
 * {@code longrope} already state the extended length in {@code max_position_embeddings}, as does Gemma 3, which
 * vLLM exempts by model type. Without a scaling entry the configured limit stands.
 */
final class RopeScaling {

    private RopeScaling() {
    }

    /**
     * @param c            the configuration's fields
     * @param maxPositions the configured {@code max_position_embeddings} (0 when unknown)
     * @return the scaled limit in tokens, at most {@link Integer#MAX_VALUE}; {@code maxPositions} when nothing scales
     */
    static int scaledMaxPositions(ConfigFields c, int maxPositions) {
        JsonNode rope = c.find("rope_scaling", "rope_parameters");
        if (rope == null || !rope.isObject() || maxPositions <= 0 || "gemma3".equals(c.modelType())) {
            return maxPositions;
        }
        JsonNode typeNode = rope.hasNonNull("rope_type") ? rope.get("rope_type") : rope.get("type");
        String type = typeNode != null && typeNode.isTextual() ? typeNode.textValue() : "default";
        if (type.equals("su") || type.equals("longrope") || type.equals("llama3") || type.equals("default")) {
            return maxPositions;
        }
        JsonNode factorNode = rope.get("factor");
        double factor = factorNode != null && factorNode.isNumber() ? factorNode.doubleValue() : 1;
        if (!(factor >= 1)) {
            return maxPositions;
        }
        double base = maxPositions;
        JsonNode original = rope.get("original_max_position_embeddings");
        if (type.equals("yarn") && original != null && original.isNumber() && original.doubleValue() > 0) {
            base = original.doubleValue();
        }
        return (int) Math.min(Integer.MAX_VALUE, Math.floor(base * factor));
    }
}
