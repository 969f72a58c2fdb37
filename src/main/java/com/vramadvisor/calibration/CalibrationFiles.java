package com.vramadvisor.calibration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.engine.allocator.MeasurementSource;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.files.RegularFiles;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;

/**
 * Reads and writes calibration profiles: small JSON files ({@code "format": "vram-advisor-calibration"}, version 1)
 * written atomically through {@link AtomicFiles}. Reading is bounded (a regular file of at most 64 KiB, known fields only, every figure range
 * checked) and every problem becomes one {@link CalibrationFileException} line naming the field.
 */
public final class CalibrationFiles {

    public static final String FORMAT = "vram-advisor-calibration";
    public static final int VERSION = 1;
    /** A profile is a few hundred bytes; larger files are not profiles. */
    public static final int MAX_FILE_BYTES = 64 << 10;
    private static final Set<String> FIELDS = Set.of("format", "version", "name", "gpu", "source", "measuredBytes",
            "estimatedBytes", "contextBytes", "fragmentation");

    private CalibrationFiles() {
    }

    /** The profile as indented JSON. */
    public static String toJson(CalibrationProfile p) {
        ObjectNode root = JsonTrees.object();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        root.put("name", p.name());
        root.put("gpu", p.gpuId());
        root.put("source", p.source().id());
        root.put("measuredBytes", p.measuredBytes());
        root.put("estimatedBytes", p.estimatedBytes());
        root.put("contextBytes", p.contextBytes());
        root.put("fragmentation", p.fragmentation());
        return JsonTrees.pretty(root);
    }

    /**
     * Writes {@code profile} to {@code file} atomically.
     *
     * @param missingFolder {@code CREATE} for the configuration folder, {@code REFUSE} for a path the user typed
     */
    public static void write(Path file, CalibrationProfile profile, AtomicFiles.MissingFolder missingFolder)
            throws FileWriteException {
        AtomicFiles.writeString(file, missingFolder, toJson(profile) + System.lineSeparator());
    }

    /** Reads and checks a profile file. */
    public static CalibrationProfile read(Path file) throws CalibrationFileException {
        byte[] bytes;
        try {
            bytes = RegularFiles.readAllBytes(file, MAX_FILE_BYTES);
        } catch (FileReadException e) {
            throw new CalibrationFileException(e.reason() == FileReadException.Reason.TOO_LARGE
                    ? "is larger than 64 KiB (a calibration profile is a few hundred bytes)" : e.problem());
        }
        JsonNode root;
        try {
            root = JsonTrees.read(bytes, JsonTrees.Check.NO_DUPLICATE_FIELDS, JsonTrees.Check.NO_TRAILING_CONTENT);
        } catch (JsonProcessingException e) {
            throw new CalibrationFileException("is not valid JSON: " + JsonTrees.problem(e));
        } catch (IOException e) {
            throw new CalibrationFileException("cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        return parse(root);
    }

    static CalibrationProfile parse(JsonNode root) throws CalibrationFileException {
        if (root == null || !root.isObject()) {
            throw new CalibrationFileException("is not a JSON object");
        }
        if (!FORMAT.equals(root.path("format").asText(null))) {
            throw new CalibrationFileException("is not a calibration profile (\"format\" must be \"" + FORMAT + "\")");
        }
        if (!root.path("version").isInt() || root.path("version").intValue() != VERSION) {
            throw new CalibrationFileException("has version " + UntrustedText.quote(root.path("version").toString())
                    + "; this version reads version " + VERSION);
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!FIELDS.contains(field)) {
                throw new CalibrationFileException("has an unknown field " + UntrustedText.quote(field));
            }
        }
        MeasurementSource source;
        try {
            source = MeasurementSource.parse(text(root, "source"));
        } catch (IllegalArgumentException e) {
            throw new CalibrationFileException("\"source\": " + UntrustedText.escape(e.getMessage()));
        }
        double fragmentation = root.path("fragmentation").isNumber() ? root.path("fragmentation").doubleValue() : -1;
        if (!(fragmentation >= 0 && fragmentation <= 1)) {
            throw new CalibrationFileException("\"fragmentation\" must be a number from 0 to 1");
        }
        return new CalibrationProfile(text(root, "name"), text(root, "gpu"), source,
                bytes(root, "measuredBytes", 1), bytes(root, "estimatedBytes", 0), bytes(root, "contextBytes", 0),
                fragmentation);
    }

    private static String text(JsonNode root, String field) throws CalibrationFileException {
        JsonNode n = root.path(field);
        if (!n.isTextual() || n.textValue().isBlank() || n.textValue().length() > 200) {
            throw new CalibrationFileException("\"" + field + "\" must be a text of 1 to 200 characters");
        }
        return n.textValue();
    }

    private static long bytes(JsonNode root, String field, long min) throws CalibrationFileException {
        JsonNode n = root.path(field);
        if (!n.canConvertToExactIntegral() || !n.canConvertToLong() || n.longValue() < min
                || n.longValue() > CalibrationProfile.MAX_BYTES) {
            throw new CalibrationFileException("\"" + field + "\" must be a whole number of bytes from " + min
                    + " to 2^50");
        }
        return n.longValue();
    }
}
