package com.vramadvisor.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The whole report model as JSON (UTF-8) for scripts: every field of {@link ReportModel} under its record
 * component name, bytes as integers, unknown numbers as {@code null}, the date as ISO {@code yyyy-mm-dd} and the
 * language as a BCP 47 tag, inside an envelope naming the format and its version.
 */
public final class JsonReportWriter implements TextReportWriter {

    /** Identifies the file kind; {@link #FORMAT_VERSION} grows when a field changes meaning or is removed. */
    public static final String FORMAT = "vram-advisor-report";
    public static final int FORMAT_VERSION = 1;

    private final ObjectMapper mapper;

    public JsonReportWriter() {
        SimpleModule module = new SimpleModule("report");
        module.addSerializer(LocalDate.class, new JsonSerializer<>() {
            @Override
            public void serialize(LocalDate value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(value.toString());
            }
        });
        module.addSerializer(Locale.class, new JsonSerializer<>() {
            @Override
            public void serialize(Locale value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(value.toLanguageTag());
            }
        });
        JsonSerializer<Double> finiteOrNull = new JsonSerializer<>() {
            @Override
            public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                if (value == null || value.isNaN() || value.isInfinite()) {
                    gen.writeNull();
                } else {
                    gen.writeNumber(value);
                }
            }
        };
        module.addSerializer(Double.class, finiteOrNull);
        module.addSerializer(Double.TYPE, finiteOrNull);
        mapper = JsonMapper.builder()
                .addModule(module)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .build();
    }

    @Override
    public void write(ReportModel model, Path target) throws ReportWriteException {
        ReportFiles.write(target, out -> render(model, out));
    }

    @Override
    public void render(ReportModel model, OutputStream out) throws IOException {
        mapper.writeValue(out, toTree(model));
    }

    public ObjectNode toTree(ReportModel model) {
        ObjectNode root = mapper.createObjectNode();
        root.put("format", FORMAT);
        root.put("formatVersion", FORMAT_VERSION);
        root.setAll((ObjectNode) mapper.valueToTree(model));
        return root;
    }
}
