package com.vramadvisor.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import com.vramadvisor.files.UntrustedText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * Reads JSON into Jackson's tree model ({@link JsonNode}) straight from Jackson's streaming parser.
 *
 * <p>The result is the tree {@code ObjectMapper.readTree} builds with its defaults (integers as int, long or big
 * integer nodes by size, decimals as double nodes, empty input as {@link MissingNode}), but without creating an
 * {@code ObjectMapper}: the mapper's first construction loads and links several hundred classes, about 150 ms of
 * CPU on the two-core machines this application is measured on, which every start of the window and the command
 * line paid only to read the catalog, the settings and the last scenario. Nesting depth, number length and string
 * length stay bounded by the parser's {@code StreamReadConstraints} (1,000 levels, 1,000 digits); a file beyond them
 * fails with a {@link JsonParseException} that carries the parser's location, which Jackson's own
 * {@code StreamConstraintsException} lacks.
 */
public final class JsonTrees {

    /** Checks beyond well-formed JSON. */
    public enum Check {
        /** An object that names the same field twice is an error, not "the last one wins". */
        NO_DUPLICATE_FIELDS,
        /** Anything but whitespace after the root value is an error. */
        NO_TRAILING_CONTENT
    }

    private static final JsonFactory PLAIN = new JsonFactory();
    private static final JsonFactory STRICT = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Jackson quotes at most 256 characters of a bad token; a message keeps them and a little more. */
    private static final int MAX_MESSAGE_CHARS = 400;

    private JsonTrees() {
    }

    /** Parses {@code json}; empty or blank input gives {@link MissingNode}. */
    public static JsonNode read(String json, Check... checks) throws IOException {
        Set<Check> set = set(checks);
        try (JsonParser p = factory(set).createParser(json)) {
            return root(p, set);
        }
    }

    /** Parses UTF-8 (or UTF-16/32, detected) bytes. */
    public static JsonNode read(byte[] json, Check... checks) throws IOException {
        Set<Check> set = set(checks);
        try (JsonParser p = factory(set).createParser(json)) {
            return root(p, set);
        }
    }

    /**
     * A streaming parser over UTF-8 bytes with the same checks and limits as {@link #read(byte[], Check...)}, for
     * readers that must not hold a tree of a large document; the caller closes it. A limit of the parser's
     * ({@code StreamReadConstraints}) surfaces as a {@code StreamConstraintsException}, a
     * {@link JsonProcessingException} without a location.
     */
    public static JsonParser parser(byte[] json, Check... checks) throws IOException {
        return factory(set(checks)).createParser(json);
    }

    /** Parses a stream to its end; the caller closes the stream. */
    public static JsonNode read(InputStream json, Check... checks) throws IOException {
        Set<Check> set = set(checks);
        try (JsonParser p = factory(set).createParser(json)) {
            return root(p, set);
        }
    }

    /**
     * Parses a regular file of at most {@code maxBytes} bytes ({@link RegularFiles}).
     *
     * @throws FileReadException when the path names no regular file or a larger one, before anything is parsed
     */
    public static JsonNode read(Path file, int maxBytes, Check... checks) throws IOException {
        return read(RegularFiles.readAllBytes(file, maxBytes), checks);
    }

    /**
     * The tree as indented JSON, as {@code ObjectMapper} with {@code INDENT_OUTPUT} writes it. The mapper behind it is
     * made on the first write, so reading never pays for it.
     */
    public static String pretty(JsonNode node) {
        try {
            return Writer.MAPPER.writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serialises", e);
        }
    }

    /** A new, empty object node. */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** Holds the mapper so that its class initialisation happens on the first write only. */
    private static final class Writer {
        static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper()
                .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);
    }

    private static Set<Check> set(Check... checks) {
        Set<Check> set = EnumSet.noneOf(Check.class);
        set.addAll(java.util.Arrays.asList(checks));
        return set;
    }

    private static JsonFactory factory(Set<Check> checks) {
        return checks.contains(Check.NO_DUPLICATE_FIELDS) ? STRICT : PLAIN;
    }

    /**
     * One line for a user saying where and what: {@code line 3, column 1: unexpected end of file}. Jackson's own
     * wording is kept for other errors, without its source excerpt and internal names, and with any text from the
     * file escaped ({@link UntrustedText}).
     */
    public static String problem(JsonProcessingException e) {
        String original = e.getOriginalMessage();
        boolean endOfInput = e instanceof JsonEOFException
                || original != null && original.startsWith("Unexpected end-of-input");
        String message = endOfInput ? "unexpected end of file" : cleaned(original);
        JsonLocation at = e.getLocation();
        if (at == null || at.getLineNr() < 1) {
            return message;
        }
        return "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": " + message;
    }

    private static String cleaned(String original) {
        if (original == null || original.isBlank()) {
            return "malformed JSON";
        }
        String message = original.lines().findFirst().orElse("").strip();
        int source = message.indexOf("[Source:");
        if (source >= 0) {
            message = message.substring(0, source).replaceAll("\\s*\\(?(start marker )?at\\s*$", "").strip();
        }
        message = message.replaceAll(", from `[^`]*`", "");
        return UntrustedText.escape(message, MAX_MESSAGE_CHARS);
    }

    private static JsonNode root(JsonParser p, Set<Check> checks) throws IOException {
        try {
            return checkedRoot(p, checks);
        } catch (StreamConstraintsException e) {
            // Jackson raises these without a location; give them the parser's, so the user learns where.
            throw new JsonParseException(p, e.getOriginalMessage(), e);
        }
    }

    private static JsonNode checkedRoot(JsonParser p, Set<Check> checks) throws IOException {
        JsonToken first = p.nextToken();
        if (first == null) {
            return MissingNode.getInstance();
        }
        JsonNode root = value(p, first);
        if (checks.contains(Check.NO_TRAILING_CONTENT)) {
            JsonToken after = p.nextToken();
            if (after != null) {
                throw new JsonParseException(p, "unexpected content after the end of the JSON value");
            }
        }
        return root;
    }

    /** The value starting at {@code token}; the parser's own depth limit bounds the recursion. */
    private static JsonNode value(JsonParser p, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                String name;
                while ((name = p.nextFieldName()) != null) {
                    object.set(name, value(p, p.nextToken()));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                JsonToken next;
                while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (next == null) {
                        throw new JsonEOFException(p, null, "unexpected end of input inside an array");
                    }
                    array.add(value(p, next));
                }
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE -> {
                return NODES.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return NODES.booleanNode(false);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new JsonParseException(p, "unexpected " + token.asString());
        }
    }
}
