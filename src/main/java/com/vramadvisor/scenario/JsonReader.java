package com.vramadvisor.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import java.util.ArrayList;
import java.util.List;

/** Typed access to one JSON object of a scenario file, with errors that name the JSON path of the bad value. */
final class JsonReader {

    private final JsonNode node;
    private final String path;

    JsonReader(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    String path() {
        return path;
    }

    /** Whether the field is present and not {@code null}. */
    boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    ScenarioFileException malformed(String field, String what) {
        return new ScenarioFileException(Reason.MALFORMED, path + "." + field + ": " + what);
    }

    private JsonNode required(String field) throws ScenarioFileException {
        if (!has(field)) {
            throw malformed(field, "missing");
        }
        return node.get(field);
    }

    JsonReader object(String field) throws ScenarioFileException {
        JsonNode v = required(field);
        if (!v.isObject()) {
            throw malformed(field, "expected an object");
        }
        return new JsonReader(v, path + "." + field);
    }

    String text(String field) throws ScenarioFileException {
        JsonNode v = required(field);
        if (!v.isTextual()) {
            throw malformed(field, "expected a string");
        }
        return v.textValue();
    }

    String optionalText(String field, String fallback) throws ScenarioFileException {
        return has(field) ? text(field) : fallback;
    }

    List<String> textArray(String field) throws ScenarioFileException {
        JsonNode v = required(field);
        if (!v.isArray()) {
            throw malformed(field, "expected an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual()) {
                throw malformed(field, "expected an array of strings");
            }
            out.add(item.textValue());
        }
        return out;
    }

    boolean bool(String field) throws ScenarioFileException {
        JsonNode v = required(field);
        if (!v.isBoolean()) {
            throw malformed(field, "expected true or false");
        }
        return v.booleanValue();
    }

    boolean optionalBool(String field, boolean fallback) throws ScenarioFileException {
        return has(field) ? bool(field) : fallback;
    }

    long longValue(String field, long min, long max) throws ScenarioFileException {
        JsonNode v = required(field);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw malformed(field, "expected a whole number");
        }
        long value = v.longValue();
        if (value < min || value > max) {
            throw new ScenarioFileException(Reason.INVALID_VALUE, path + "." + field + ": " + value
                    + " is outside " + min + ".." + max);
        }
        return value;
    }

    long optionalLong(String field, long min, long max, long fallback) throws ScenarioFileException {
        return has(field) ? longValue(field, min, max) : fallback;
    }

    int integer(String field, int min, int max) throws ScenarioFileException {
        return (int) longValue(field, min, max);
    }

    int optionalInteger(String field, int min, int max, int fallback) throws ScenarioFileException {
        return has(field) ? integer(field, min, max) : fallback;
    }

    double decimal(String field, double min, double max) throws ScenarioFileException {
        JsonNode v = required(field);
        if (!v.isNumber()) {
            throw malformed(field, "expected a number");
        }
        double value = v.doubleValue();
        if (!(value >= min && value <= max)) {
            throw new ScenarioFileException(Reason.INVALID_VALUE, path + "." + field + ": " + value
                    + " is outside " + min + ".." + max);
        }
        return value;
    }

    double optionalDecimal(String field, double min, double max, double fallback) throws ScenarioFileException {
        return has(field) ? decimal(field, min, max) : fallback;
    }

    <E extends Enum<E>> E enumValue(String field, Class<E> type) throws ScenarioFileException {
        return Ids.parse(type, text(field), path + "." + field);
    }

    <E extends Enum<E>> E optionalEnumValue(String field, Class<E> type, E fallback) throws ScenarioFileException {
        return has(field) ? enumValue(field, type) : fallback;
    }
}
