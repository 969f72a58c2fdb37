package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.files.UntrustedText;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed, checked access to the fields of one Hugging Face {@code config.json}. Each getter takes the field's name and
 * the aliases Hugging Face accepts for it ({@code n_embd} for {@code hidden_size} in GPT-2), in the order the
 * configuration class reads them. A field written as JSON {@code null} counts as absent, as it does for the Python
 * configuration classes, which then apply their default.
 */
final class ConfigFields {

    private final JsonNode root;
    private final Path file;
    private final String modelType;
    private final List<String> warnings = new ArrayList<>();

    ConfigFields(JsonNode root, Path file, String modelType) {
        this.root = root;
        this.file = file;
        this.modelType = modelType;
    }

    Path file() {
        return file;
    }

    String modelType() {
        return modelType;
    }

    JsonNode root() {
        return root;
    }

    /** Notes for the user about what the import assumed or could not express. */
    List<String> warnings() {
        return warnings;
    }

    void warn(String message) {
        warnings.add(message);
    }

    /** Whether any of the names is present with a non-null value. */
    boolean has(String... names) {
        return find(names) != null;
    }

    /** A positive integer that the configuration must state (no default would describe the user's model). */
    int requiredInt(String... names) throws ModelImportException {
        JsonNode node = find(names);
        if (node == null) {
            throw error("required field '" + names[0] + "' is missing");
        }
        int value = toInt(node, nameOf(names));
        if (value < 1) {
            throw error("field '" + nameOf(names) + "' must be at least 1, got " + value);
        }
        return value;
    }

    /**
     * The number of transformer blocks: a required integer of at most {@link ModelSpec#MAX_LAYERS}, checked before
     * anything loops over the layers.
     */
    int layerCount(String... names) throws ModelImportException {
        int value = requiredInt(names);
        if (value > ModelSpec.MAX_LAYERS) {
            throw error("field '" + nameOf(names) + "' is " + value + ", above the limit of " + ModelSpec.MAX_LAYERS
                    + " layers");
        }
        return value;
    }

    /** An integer with the configuration class's default when absent or null. */
    int intOr(int fallback, String... names) throws ModelImportException {
        JsonNode node = find(names);
        return node == null ? fallback : toInt(node, nameOf(names));
    }

    /** A boolean with the configuration class's default when absent or null. */
    boolean boolOr(boolean fallback, String... names) throws ModelImportException {
        JsonNode node = find(names);
        if (node == null) {
            return fallback;
        }
        if (!node.isBoolean()) {
            throw error("field '" + nameOf(names) + "' must be true or false, got "
                    + UntrustedText.escape(node.toString()));
        }
        return node.booleanValue();
    }

    /** A string, or {@code null} when absent or null. */
    String stringOr(String fallback, String... names) throws ModelImportException {
        JsonNode node = find(names);
        if (node == null) {
            return fallback;
        }
        if (!node.isTextual()) {
            throw error("field '" + nameOf(names) + "' must be a string, got " + UntrustedText.escape(node.toString()));
        }
        return node.textValue();
    }

    /** The node of the first name present with a non-null value, or {@code null}. */
    JsonNode find(String... names) {
        for (String name : names) {
            JsonNode node = root.get(name);
            if (node != null && !node.isNull()) {
                return node;
            }
        }
        return null;
    }

    ModelImportException error(String problem) {
        return new ModelImportException(file, problem + " (model_type '" + UntrustedText.escape(modelType) + "')");
    }

    private String nameOf(String... names) {
        for (String name : names) {
            JsonNode node = root.get(name);
            if (node != null && !node.isNull()) {
                return name;
            }
        }
        return names[0];
    }

    private int toInt(JsonNode node, String name) throws ModelImportException {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            // Some exporters write whole numbers as 4096.0; accept those, reject 4096.5 and strings.
            if (node.isNumber() && node.doubleValue() == Math.rint(node.doubleValue())
                    && Math.abs(node.doubleValue()) <= Integer.MAX_VALUE) {
                return (int) node.doubleValue();
            }
            throw error("field '" + name + "' must be a whole number, got " + UntrustedText.escape(node.toString()));
        }
        return node.intValue();
    }
}
