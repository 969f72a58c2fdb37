package com.vramadvisor.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.files.UntrustedText;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the fields of one JSON object and collects what is wrong with them, each with its JSON path, instead of
 * stopping at the first error. Every accessor returns a harmless placeholder when the field is bad, so a parser
 * reads all fields, then checks {@link #ok()}.
 */
final class EntryReader {

    static final Pattern ID = Pattern.compile("[a-z0-9]+([.-][a-z0-9]+)*");

    private final String file;
    private final JsonNode node;
    private final String path;
    private final Set<String> read = new HashSet<>();
    private final List<CatalogProblem> problems;

    EntryReader(String file, JsonNode node, String path) {
        this(file, node, path, new ArrayList<>());
    }

    private EntryReader(String file, JsonNode node, String path, List<CatalogProblem> problems) {
        this.file = file;
        this.node = node;
        this.path = path;
        this.problems = problems;
    }

    String path() {
        return path;
    }

    /** Records a problem with the entry as a whole (or with a field the caller names). */
    void fail(String field, String message) {
        String at = field == null ? path : path + "." + UntrustedText.escape(field);
        problems.add(new CatalogProblem(file, at, message));
    }

    /** The entry's {@code id}: lowercase letters and digits in groups joined by {@code -} or {@code .}. */
    String id() {
        String id = text("id");
        if (!id.isEmpty() && !ID.matcher(id).matches()) {
            fail("id", "ids are lowercase letters and digits joined by '-' or '.', e.g. rtx-4090 or llama-3.1-8b;"
                    + " found " + UntrustedText.quote(id));
            return "";
        }
        return id;
    }

    boolean has(String field) {
        JsonNode value = node.get(field);
        return value != null && !value.isNull();
    }

    String text(String field) {
        JsonNode value = take(field);
        if (value == null) {
            fail(field, "required field is missing");
            return "";
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            fail(field, "expected a non-empty string, found " + describe(value));
            return "";
        }
        String text = value.asText().trim();
        if (!UntrustedText.escape(text, Integer.MAX_VALUE).equals(text)) {
            // Names and sources are shown in the window, on the terminal and in reports as they are.
            fail(field, "control characters are not allowed, found " + UntrustedText.quote(text));
            return "";
        }
        return text;
    }

    String optionalText(String field, String absent) {
        return has(field) ? text(field) : markRead(field, absent);
    }

    int integer(String field, int min, int max) {
        return (int) longValue(field, min, max);
    }

    int optionalInteger(String field, int absent, int min, int max) {
        return has(field) ? integer(field, min, max) : markRead(field, absent);
    }

    private long longValue(String field, long min, long max) {
        JsonNode value = take(field);
        if (value == null) {
            fail(field, "required field is missing");
            return min;
        }
        if (!value.isIntegralNumber() && !(value.isNumber() && value.asDouble() == Math.rint(value.asDouble()))) {
            fail(field, "expected a whole number, found " + describe(value));
            return min;
        }
        long v = value.asLong();
        if (v < min || v > max) {
            fail(field, "must be between " + min + " and " + max + ", found " + v);
            return min;
        }
        return v;
    }

    double number(String field, double min, double max) {
        JsonNode value = take(field);
        if (value == null) {
            fail(field, "required field is missing");
            return min;
        }
        if (!value.isNumber()) {
            fail(field, "expected a number, found " + describe(value));
            return min;
        }
        double v = value.asDouble();
        if (!(v >= min && v <= max)) {
            fail(field, "must be between " + plain(min) + " and " + plain(max) + ", found " + plain(v));
            return min;
        }
        return v;
    }

    /** A required number above 0 and at most {@code max}: a price, where 0 or less is a mistake, not a value. */
    double positiveNumber(String field, double max) {
        JsonNode value = take(field);
        if (value == null) {
            fail(field, "required field is missing");
            return 0;
        }
        if (!value.isNumber()) {
            fail(field, "expected a number, found " + describe(value));
            return 0;
        }
        double v = value.asDouble();
        if (!(v > 0 && v <= max)) {
            fail(field, "must be more than 0 and at most " + plain(max) + ", found " + plain(v));
            return 0;
        }
        return v;
    }

    double optionalNumber(String field, double absent, double min, double max) {
        return has(field) ? number(field, min, max) : markRead(field, absent);
    }

    boolean optionalBoolean(String field, boolean absent) {
        if (!has(field)) {
            return markRead(field, absent);
        }
        JsonNode value = take(field);
        if (!value.isBoolean()) {
            fail(field, "expected true or false, found " + describe(value));
            return absent;
        }
        return value.asBoolean();
    }

    /** An enum constant written in lower case in the file ({@code "rmsnorm"} for {@code RMSNORM}). */
    <E extends Enum<E>> E optionalEnum(String field, Class<E> type, E absent) {
        if (!has(field)) {
            return markRead(field, absent);
        }
        String text = text(field);
        for (E constant : type.getEnumConstants()) {
            if (constant.name().toLowerCase(Locale.ROOT).equals(text.toLowerCase(Locale.ROOT))) {
                return constant;
            }
        }
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            names.add(constant.name().toLowerCase(Locale.ROOT));
        }
        if (!text.isEmpty()) {
            fail(field, "expected one of " + String.join(", ", names) + ", found " + UntrustedText.quote(text));
        }
        return absent;
    }

    /** A nested object, read with the same problem list; {@code null} when absent or not an object. */
    EntryReader optionalObject(String field) {
        if (!has(field)) {
            read.add(field);
            return null;
        }
        JsonNode value = take(field);
        if (!value.isObject()) {
            fail(field, "expected an object, found " + describe(value));
            return null;
        }
        return new EntryReader(file, value, path + "." + field, problems);
    }

    /**
     * A list of non-empty strings without control characters; {@code null} when the field is absent or bad (then a
     * problem is recorded).
     */
    List<String> optionalTextList(String field) {
        if (!has(field)) {
            read.add(field);
            return null;
        }
        JsonNode value = take(field);
        if (!value.isArray()) {
            fail(field, "expected a list of strings, found " + describe(value));
            return null;
        }
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode element = value.get(i);
            if (!element.isTextual() || element.asText().isBlank()) {
                fail(field + "[" + i + "]", "expected a non-empty string, found " + describe(element));
                return null;
            }
            String text = element.asText().trim();
            if (!UntrustedText.escape(text, Integer.MAX_VALUE).equals(text)) {
                fail(field + "[" + i + "]", "control characters are not allowed, found " + UntrustedText.quote(text));
                return null;
            }
            texts.add(text);
        }
        return texts;
    }

    /**
     * The objects of a list field, each with a reader on the same problem list; {@code null} when the field is
     * absent or not a list of objects (then a problem is recorded).
     */
    List<EntryReader> optionalObjectList(String field) {
        if (!has(field)) {
            read.add(field);
            return null;
        }
        JsonNode value = take(field);
        if (!value.isArray()) {
            fail(field, "expected a list of objects, found " + describe(value));
            return null;
        }
        List<EntryReader> readers = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode element = value.get(i);
            if (!element.isObject()) {
                fail(field + "[" + i + "]", "expected an object, found " + describe(element));
                return null;
            }
            readers.add(new EntryReader(file, element, path + "." + field + "[" + i + "]", problems));
        }
        return readers;
    }

    /** Reports every field that no accessor asked for: usually a misspelt name whose value would be lost. */
    void rejectUnknownFields() {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!read.contains(name)) {
                fail(name, "unknown field (misspelt?)");
            }
        }
    }

    boolean ok() {
        return problems.isEmpty();
    }

    List<CatalogProblem> problems() {
        return problems;
    }

    private JsonNode take(String field) {
        read.add(field);
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value;
    }

    private <T> T markRead(String field, T absent) {
        read.add(field);
        return absent;
    }

    static String describe(JsonNode value) {
        if (value.isTextual()) {
            return value.asText().isBlank() ? "an empty string" : "the string " + UntrustedText.quote(value.asText());
        }
        if (value.isNumber()) {
            return "the number " + UntrustedText.escape(value.asText());
        }
        if (value.isBoolean()) {
            return value.asText();
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isObject()) {
            return "an object";
        }
        return "null";
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
