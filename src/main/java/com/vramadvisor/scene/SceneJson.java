package com.vramadvisor.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.UntrustedText;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Typed access to one JSON object of a scene file. Every error names the JSON path of the bad value; every number is
 * checked against a range before it is used, and fields the format does not define are rejected, so a typing mistake
 * ({@code "trianlges"}) is reported instead of silently meaning "none".
 */
final class SceneJson {

    /** More entries than this in one list is not a scene description. */
    static final int MAX_ENTRIES = 10_000;
    /** Names and notes longer than this are cut in messages and rejected in files. */
    static final int MAX_TEXT = 4_000;

    private final JsonNode node;
    private final String path;

    SceneJson(JsonNode node, String path) throws SceneFileException {
        if (node == null || !node.isObject()) {
            throw new SceneFileException(path + ": expected an object");
        }
        this.node = node;
        this.path = path;
    }

    String path() {
        return path;
    }

    SceneFileException problem(String field, String what) {
        return new SceneFileException(path + "." + field + ": " + what);
    }

    /** Rejects fields other than {@code known}. */
    void onlyFields(Set<String> known) throws SceneFileException {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                throw new SceneFileException(path + ": unknown field " + UntrustedText.quote(f) + " (expected "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    JsonNode raw(String field) {
        return node.get(field);
    }

    String text(String field, String fallback) throws SceneFileException {
        if (!has(field)) {
            return fallback;
        }
        JsonNode v = node.get(field);
        if (!v.isTextual()) {
            throw problem(field, "expected a string");
        }
        if (v.textValue().length() > MAX_TEXT) {
            throw problem(field, "longer than " + MAX_TEXT + " characters");
        }
        return v.textValue();
    }

    String requiredText(String field) throws SceneFileException {
        if (!has(field)) {
            throw problem(field, "missing");
        }
        return text(field, "");
    }

    boolean bool(String field, boolean fallback) throws SceneFileException {
        if (!has(field)) {
            return fallback;
        }
        JsonNode v = node.get(field);
        if (!v.isBoolean()) {
            throw problem(field, "expected true or false");
        }
        return v.booleanValue();
    }

    long whole(String field, long min, long max, long fallback) throws SceneFileException {
        if (!has(field)) {
            return fallback;
        }
        return whole(node.get(field), field, min, max);
    }

    long requiredWhole(String field, long min, long max) throws SceneFileException {
        if (!has(field)) {
            throw problem(field, "missing");
        }
        return whole(node.get(field), field, min, max);
    }

    long whole(JsonNode v, String field, long min, long max) throws SceneFileException {
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw problem(field, "expected a whole number");
        }
        long value = v.longValue();
        if (value < min || value > max) {
            throw problem(field, value + " is outside " + min + ".." + max);
        }
        return value;
    }

    double decimal(String field, double min, double max, double fallback) throws SceneFileException {
        if (!has(field)) {
            return fallback;
        }
        JsonNode v = node.get(field);
        if (!v.isNumber()) {
            throw problem(field, "expected a number");
        }
        double value = v.doubleValue();
        if (!(value >= min && value <= max)) {
            throw problem(field, value + " is outside " + min + ".." + max);
        }
        return value;
    }

    /** The object in {@code field}. */
    SceneJson object(String field) throws SceneFileException {
        JsonNode v = node.get(field);
        if (v == null || !v.isObject()) {
            throw problem(field, "expected an object");
        }
        return new SceneJson(v, path + "." + field);
    }

    /** The objects of the array in {@code field}; empty when the field is absent. */
    List<SceneJson> objects(String field) throws SceneFileException {
        if (!has(field)) {
            return List.of();
        }
        JsonNode v = node.get(field);
        if (!v.isArray()) {
            throw problem(field, "expected an array of objects");
        }
        if (v.size() > MAX_ENTRIES) {
            throw problem(field, v.size() + " entries; at most " + MAX_ENTRIES + " (group equal items with count)");
        }
        List<SceneJson> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            out.add(new SceneJson(v.get(i), path + "." + field + "[" + i + "]"));
        }
        return out;
    }

    /** The strings of the array in {@code field}. */
    List<String> texts(String field) throws SceneFileException {
        JsonNode v = node.get(field);
        if (v == null || !v.isArray() || v.size() > 64) {
            throw problem(field, "expected an array of at most 64 strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual()) {
                throw problem(field, "expected an array of strings");
            }
            out.add(item.textValue());
        }
        return out;
    }
}
