package com.vramadvisor.catalog.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Safetensors headers: exact sizes from tiny files written here, and every kind of broken header rejected clearly. */
class SafetensorsReaderTest {

    @TempDir
    Path dir;

    @Test
    void readsTheReferenceImplementationsSerializationTestVector() throws Exception {
        // safetensors/src/tensor.rs test_serialization: 8-byte length 64, the header below, then six f32 values.
        byte[] header = "{\"attn.0\":{\"dtype\":\"F32\",\"shape\":[1,2,3],\"data_offsets\":[0,24]}}"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteBuffer data = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 6; i++) {
            data.putFloat(i);
        }
        Path file = TinySafetensors.writeBytes(dir.resolve("vector.safetensors"),
                TinySafetensors.lengthPrefix(64), header, data.array());
        SafetensorsHeader h = SafetensorsReader.readHeader(file);
        assertThat(h.headerBytes()).isEqualTo(64);
        assertThat(h.dataBytes()).isEqualTo(24);
        assertThat(h.tensors()).containsExactly(new TensorInfo("attn.0", "F32", List.of(1L, 2L, 3L), 6, 24));
    }

    @Test
    void readsTheReferenceEmptyFileWithSpacePadding() throws Exception {
        // tensor.rs test_empty: [8, 0, 0, 0, 0, 0, 0, 0, '{', '}', six spaces].
        Path file = TinySafetensors.writeBytes(dir.resolve("empty.safetensors"), TinySafetensors.lengthPrefix(8),
                "{}      ".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        WeightInventory w = SafetensorsReader.read(file);
        assertThat(w.tensors()).isEmpty();
        assertThat(w.bytes()).isZero();
        assertThat(w.parameters()).hasValue(0);
    }

    @Test
    void addsUpExactBytesAndParametersPerDtype() throws Exception {
        // Hand-computed: embed 10 x 8 F32 = 80 elements, 320 bytes; q_proj 8 x 8 BF16 = 64 elements, 128 bytes;
        // bias 8 F16 = 16 bytes; scale scalar F32 = 1 element, 4 bytes; packed 3 x 4 F4 = 12 elements, 6 bytes.
        Path file = new TinySafetensors()
                .metadata("{\"format\":\"pt\"}")
                .tensor("model.embed_tokens.weight", "F32", 320, 10, 8)
                .tensor("model.layers.0.self_attn.q_proj.weight", "BF16", 128, 8, 8)
                .tensor("model.layers.0.self_attn.q_proj.bias", "F16", 16, 8)
                .tensor("model.scale", "F32", 4)
                .tensor("model.packed", "F4", 6, 3, 4)
                .write(dir.resolve("model.safetensors"));
        SafetensorsHeader header = SafetensorsReader.readHeader(file);
        assertThat(header.metadata()).containsEntry("format", "pt");
        WeightInventory w = WeightInventory.complete(header.tensors());
        assertThat(w.bytes()).isEqualTo(320 + 128 + 16 + 4 + 6);
        assertThat(w.parameters()).hasValue(80 + 64 + 8 + 1 + 12);
        assertThat(w.byDtype().get("F32")).isEqualTo(new DtypeTotal("F32", 2, 81, 324));
        assertThat(w.byDtype().get("BF16")).isEqualTo(new DtypeTotal("BF16", 1, 64, 128));
        assertThat(w.byDtype().keySet()).as("largest first").startsWith("F32", "BF16");
        assertThat(w.dominantDtype()).contains("F32");
        assertThat(header.tensors()).extracting(TensorInfo::name).containsExactly("model.embed_tokens.weight",
                "model.layers.0.self_attn.q_proj.weight", "model.layers.0.self_attn.q_proj.bias", "model.scale",
                "model.packed");
    }

    @Test
    void aFileShorterThanTheLengthPrefixIsRejected() {
        Path file = TinySafetensors.writeBytes(dir.resolve("tiny.safetensors"), new byte[] {1, 2, 3});
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(file + ": file is 3 bytes, too short for the 8-byte safetensors header length");
    }

    @Test
    void aHeaderLongerThanTheFileIsRejected() {
        Path file = TinySafetensors.writeBytes(dir.resolve("cut.safetensors"), TinySafetensors.lengthPrefix(4096),
                "{\"a\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .hasMessageContaining("header length 4096 runs past the end of the file (13 bytes)");
    }

    @Test
    void aHeaderLengthAboveOneHundredMillionBytesIsRejectedBeforeReading() {
        Path file = TinySafetensors.writeBytes(dir.resolve("huge.safetensors"),
                TinySafetensors.lengthPrefix(100_000_001L), new byte[16]);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .hasMessageContaining("header length 100000001 exceeds the safetensors limit of 100000000 bytes");
        Path negative = TinySafetensors.writeBytes(dir.resolve("neg.safetensors"), TinySafetensors.lengthPrefix(-1));
        assertThatThrownBy(() -> SafetensorsReader.readHeader(negative))
                .hasMessageContaining("header length 18446744073709551615 exceeds");
    }

    @Test
    void malformedJsonAndDuplicateKeysAreRejected() {
        Path broken = TinySafetensors.writeRaw(dir.resolve("broken.safetensors"), "{\"a\": {\"dtype\": ", 0);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(broken)).hasMessageContaining("header is not valid JSON");
        String entry = "{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}";
        Path dup = TinySafetensors.writeRaw(dir.resolve("dup.safetensors"), "{\"w\":" + entry + ",\"w\":" + entry + "}",
                4);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(dup)).hasMessageContaining("not valid JSON")
                .hasMessageContaining("Duplicate field 'w'");
    }

    @Test
    void aShapeThatDisagreesWithItsOffsetsIsRejected() {
        Path file = TinySafetensors.writeRaw(dir.resolve("lie.safetensors"),
                "{\"w\":{\"dtype\":\"BF16\",\"shape\":[4,4],\"data_offsets\":[0,16]}}", 16);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .hasMessageContaining("tensor 'w': shape [4, 4] of BF16 needs 32 bytes but data_offsets [0, 16]"
                        + " span 16");
    }

    @Test
    void offsetsPastTheEndOfATruncatedFileAreRejected() {
        Path file = new TinySafetensors().tensor("a", "F32", 64, 16).tensor("b", "F32", 64, 16)
                .write(dir.resolve("full.safetensors"));
        String header = new TinySafetensors().tensor("a", "F32", 64, 16).tensor("b", "F32", 64, 16).header();
        Path cut = TinySafetensors.writeRaw(dir.resolve("cut.safetensors"), header, 100);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(cut))
                .hasMessageContaining("tensor 'b': data_offsets [64, 128] run past the 100 bytes of data");
        assertThat(file).exists();
    }

    @Test
    void gapsOverlapsAndTrailingBytesAreRejected() {
        Path gap = TinySafetensors.writeRaw(dir.resolve("gap.safetensors"),
                "{\"a\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[0,4]},"
                        + "\"b\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[8,12]}}", 12);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(gap))
                .hasMessageContaining("tensor 'b' starts at data byte 8 but the previous tensor ends at 4");
        Path overlap = TinySafetensors.writeRaw(dir.resolve("overlap.safetensors"),
                "{\"a\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[0,4]},"
                        + "\"b\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[2,6]}}", 6);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(overlap)).hasMessageContaining("overlapping or gapped");
        Path trailing = TinySafetensors.writeRaw(dir.resolve("trailing.safetensors"),
                "{\"a\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[0,4]}}", 10);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(trailing))
                .hasMessageContaining("the tensors cover 4 bytes of data but the file holds 10");
    }

    @Test
    void unknownDtypesNegativeDimsAndOverflowingShapesAreRejected() {
        Path dtype = TinySafetensors.writeRaw(dir.resolve("dtype.safetensors"),
                "{\"a\":{\"dtype\":\"Q4\",\"shape\":[4],\"data_offsets\":[0,2]}}", 2);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(dtype)).hasMessageContaining("unknown dtype 'Q4'");
        Path negative = TinySafetensors.writeRaw(dir.resolve("negative.safetensors"),
                "{\"a\":{\"dtype\":\"U8\",\"shape\":[-4],\"data_offsets\":[0,4]}}", 4);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(negative)).hasMessageContaining("non-negative");
        Path overflow = TinySafetensors.writeRaw(dir.resolve("overflow.safetensors"),
                "{\"a\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296],\"data_offsets\":[0,4]}}", 4);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(overflow)).hasMessageContaining("overflows");
        Path odd = TinySafetensors.writeRaw(dir.resolve("odd.safetensors"),
                "{\"a\":{\"dtype\":\"F4\",\"shape\":[3],\"data_offsets\":[0,2]}}", 2);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(odd))
                .hasMessageContaining("3 elements of F4 are not a whole number of bytes");
    }

    @Test
    void aLongShapeIsCutInTheMessage() {
        String dims = "1, ".repeat(50_000) + "2";
        Path file = TinySafetensors.writeRaw(dir.resolve("long-shape.safetensors"),
                "{\"w\": {\"dtype\": \"F32\", \"shape\": [" + dims + "], \"data_offsets\": [0, 4]}}", 4);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessageStartingWith(file + ": tensor 'w': shape [1, 1, 1, ")
                .hasMessageContaining("\u2026 (150003 characters) of F32 needs 8 bytes but data_offsets [0, 4] span 4")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(file.toString().length() + 300));
    }

    /**
     * What a header under the 100 MB limit can make the reader hold is bounded by counts checked as they grow: once
     * a header built of tiny tensors took 2.1 GB of heap as a tree and died with an OutOfMemoryError under -Xmx1g.
     * The tensor limit is checked here at 1,000 rather than its 1,048,576, which takes the same path.
     */
    @Test
    void aHeaderOfMoreTensorsThanTheLimitIsRefusedAtTheFirstOneOver() throws Exception {
        StringBuilder header = new StringBuilder("{");
        for (int i = 0; i <= 1000; i++) {
            header.append('"').append(Integer.toString(i, 36)).append("\":{\"dtype\":\"U8\",\"shape\":[0],"
                    + "\"data_offsets\":[0,0]},");
        }
        header.setCharAt(header.length() - 1, '}');
        Path file = TinySafetensors.writeRaw(dir.resolve("tiny.safetensors"), header.toString(), 0);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file, 1000))
                .hasMessage(file + ": the header describes more than 1000 tensors (corrupt header?)");
        assertThat(SafetensorsReader.readHeader(file, 1001).tensors()).hasSize(1001);
    }

    @Test
    void shapesOfMoreDimensionsThanTheLimitAreRefused() {
        String zeros = "0,".repeat((int) SafetensorsReader.MAX_DIMENSIONS) + "0";
        Path file = TinySafetensors.writeRaw(dir.resolve("long.safetensors"),
                "{\"w\":{\"dtype\":\"U8\",\"shape\":[" + zeros + "],\"data_offsets\":[0,0]}}", 0);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .hasMessage(file + ": tensor 'w': the header describes more than 4194304 dimensions in all"
                        + " (corrupt header?)");
    }

    @Test
    void metadataOfMoreEntriesThanTheLimitIsRefused() {
        StringBuilder meta = new StringBuilder();
        for (int i = 0; i <= SafetensorsReader.MAX_METADATA_ENTRIES; i++) {
            meta.append(i == 0 ? "" : ",").append('"').append(i).append("\":\"\"");
        }
        Path file = TinySafetensors.writeRaw(dir.resolve("meta.safetensors"),
                "{\"__metadata__\":{" + meta + "}}", 0);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(file))
                .hasMessage(file + ": '__metadata__' holds more than 65536 entries (corrupt header?)");
    }

    /** Fields the format does not define are passed over without being kept, however many they hold. */
    @Test
    void unknownFieldsAreSkippedAndDuplicatesOfKnownOnesRefused() throws Exception {
        StringBuilder extra = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            extra.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":[1,{\"a\":2}]");
        }
        Path file = TinySafetensors.writeRaw(dir.resolve("extra.safetensors"), "{\"w\":{\"dtype\":\"U8\","
                + "\"x\":{" + extra + "},\"shape\":[4],\"data_offsets\":[0,4]}}", 4);
        assertThat(SafetensorsReader.readHeader(file).tensors()).singleElement()
                .satisfies(t -> assertThat(t.bytes()).isEqualTo(4));
        Path twice = TinySafetensors.writeRaw(dir.resolve("twice.safetensors"), "{\"w\":{\"dtype\":\"U8\","
                + "\"shape\":[4],\"shape\":[4],\"data_offsets\":[0,4]}}", 4);
        assertThatThrownBy(() -> SafetensorsReader.readHeader(twice)).hasMessageContaining("not valid JSON")
                .hasMessageContaining("Duplicate field 'shape'");
    }
}
