package com.vramadvisor.catalog.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes small {@code .safetensors} files for tests, laid out as the reference {@code serialize} does: 8-byte
 * little-endian header length, JSON header padded with spaces to a multiple of 8, then the tensor data (zeros).
 * The byte size of each tensor is given by the caller, so that tests state it independently of the reader.
 */
final class TinySafetensors {

    private final List<String> entries = new ArrayList<>();
    private String metadata;
    private long offset;

    /** Adds a tensor of {@code bytes} bytes of data. */
    TinySafetensors tensor(String name, String dtype, long bytes, long... shape) {
        StringBuilder s = new StringBuilder();
        for (long d : shape) {
            s.append(s.length() == 0 ? "" : ",").append(d);
        }
        entries.add("\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":[" + s + "],\"data_offsets\":["
                + offset + "," + (offset + bytes) + "]}");
        offset += bytes;
        return this;
    }

    TinySafetensors metadata(String json) {
        this.metadata = json;
        return this;
    }

    /** The JSON header as the entries describe it (unpadded). */
    String header() {
        StringBuilder json = new StringBuilder("{");
        if (metadata != null) {
            json.append("\"__metadata__\":").append(metadata).append(entries.isEmpty() ? "" : ",");
        }
        json.append(String.join(",", entries)).append('}');
        return json.toString();
    }

    /** Writes a well-formed file. */
    Path write(Path file) {
        return writeRaw(file, header(), offset);
    }

    /** Writes {@code header} (padded to a multiple of 8 with spaces) followed by {@code dataBytes} zero bytes. */
    static Path writeRaw(Path file, String header, long dataBytes) {
        byte[] json = header.getBytes(StandardCharsets.UTF_8);
        int padded = (json.length + 7) / 8 * 8;
        return writeBytes(file, lengthPrefix(padded), pad(json, padded), new byte[(int) dataBytes]);
    }

    /** Writes the given byte arrays one after another. */
    static Path writeBytes(Path file, byte[]... parts) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (var out = Files.newOutputStream(file)) {
                for (byte[] p : parts) {
                    out.write(p);
                }
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] lengthPrefix(long length) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(length).array();
    }

    private static byte[] pad(byte[] json, int length) {
        byte[] out = new byte[length];
        java.util.Arrays.fill(out, (byte) ' ');
        System.arraycopy(json, 0, out, 0, json.length);
        return out;
    }
}
