package com.vramadvisor.catalog.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** GGUF headers: every value type, exact tensor bytes, and truncated or lying headers rejected with a clear line. */
class GgufReaderTest {

    @TempDir
    Path dir;

    /**
     * Block layouts from the C structs of ggml's {@code ggml-common.h} as llama.cpp's
     * {@code gguf-py/gguf/constants.py GGML_QUANT_SIZES} lists them, e.g. {@code block_q4_K}: two fp16 scales, 12
     * bytes of 6-bit sub-block scales, 128 bytes of nibbles for 256 weights.
     */
    @ParameterizedTest(name = "{0}: {2} bytes per {1} elements")
    @CsvSource({
        "F32, 1, 4, 0", "F16, 1, 2, 1", "Q4_0, 32, 18, 2", "Q4_1, 32, 20, 3", "Q5_0, 32, 22, 6", "Q5_1, 32, 24, 7",
        "Q8_0, 32, 34, 8", "Q8_1, 32, 40, 9", "Q2_K, 256, 84, 10", "Q3_K, 256, 110, 11", "Q4_K, 256, 144, 12",
        "Q5_K, 256, 176, 13", "Q6_K, 256, 210, 14", "Q8_K, 256, 292, 15", "IQ2_XXS, 256, 66, 16",
        "IQ2_XS, 256, 74, 17", "IQ3_XXS, 256, 98, 18", "IQ1_S, 256, 50, 19", "IQ4_NL, 32, 18, 20",
        "IQ3_S, 256, 110, 21", "IQ2_S, 256, 82, 22", "IQ4_XS, 256, 136, 23", "I8, 1, 1, 24", "I16, 1, 2, 25",
        "I32, 1, 4, 26", "I64, 1, 8, 27", "F64, 1, 8, 28", "IQ1_M, 256, 56, 29", "BF16, 1, 2, 30",
        "TQ1_0, 256, 54, 34", "TQ2_0, 256, 66, 35", "MXFP4, 32, 17, 39"
    })
    void ggmlTypesHaveTheBlockLayoutOfLlamaCpp(String name, int block, int size, int id) {
        GgmlType t = GgmlType.byName(name).orElseThrow();
        assertThat(t.id()).isEqualTo(id);
        assertThat(GgmlType.byId(id)).contains(t);
        assertThat(t.blockSize()).isEqualTo(block);
        assertThat(t.typeSize()).isEqualTo(size);
        assertThat(t.bytesFor(block * 3L)).isEqualTo(size * 3L);
        t.engineType().ifPresent(d -> assertThat(d.bitsPerElement() * block / 8).isEqualTo(size));
    }

    @Test
    void removedTypeIdsAreUnknown() {
        assertThat(GgmlType.byId(4)).isEmpty();
        assertThat(GgmlType.byId(31)).isEmpty();
        assertThat(GgmlType.byId(99)).isEmpty();
    }

    @Test
    void readsEveryMetadataValueTypeAndKeepsOnlyTheHeadOfLongArrays() throws Exception {
        Path file = new TinyGguf()
                .raw("a.u8", o -> o.u32(0).u8(200))
                .raw("a.i8", o -> o.u32(1).u8(0xFE))
                .raw("a.u16", o -> o.u32(2).raw(new byte[] {(byte) 0x34, (byte) 0x12}))
                .raw("a.i16", o -> o.u32(3).raw(new byte[] {(byte) 0xFF, (byte) 0xFF}))
                .u32("a.u32", 4_000_000_000L)
                .raw("a.i32", o -> o.u32(5).u32(-7))
                .f32("a.f32", 1.5f)
                .bool("a.bool", true)
                .string("a.str", "héllo")
                .raw("a.nested", o -> o.u32(9).u32(9).u64(2).u32(4).u64(1).u32(5).u32(4).u64(2).u32(6).u32(7))
                .u64("a.u64", 1L << 40)
                .raw("a.i64", o -> o.u32(11).u64(-3))
                .raw("a.f64", o -> o.u32(12).u64(Double.doubleToLongBits(-2.25)))
                .tokens("tokenizer.ggml.tokens", 1000)
                .write(dir.resolve("values.gguf"));
        GgufFile g = GgufReader.read(file);
        assertThat(g.version()).isEqualTo(3);
        assertThat(g.integer("a.u8")).hasValue(200);
        assertThat(g.integer("a.i8")).hasValue(-2);
        assertThat(g.integer("a.u16")).hasValue(0x1234);
        assertThat(g.integer("a.i16")).hasValue(-1);
        assertThat(g.integer("a.u32")).hasValue(4_000_000_000L);
        assertThat(g.integer("a.i32")).hasValue(-7);
        assertThat(g.metadata().get("a.f32").value()).isEqualTo(1.5);
        assertThat(g.bool("a.bool")).contains(true);
        assertThat(g.string("a.str")).contains("héllo");
        assertThat(g.integer("a.u64")).hasValue(1L << 40);
        assertThat(g.integer("a.i64")).hasValue(-3);
        assertThat(g.metadata().get("a.f64").value()).isEqualTo(-2.25);
        GgufValue.Array nested = (GgufValue.Array) g.metadata().get("a.nested").value();
        assertThat(nested.length()).isEqualTo(2);
        assertThat(((GgufValue.Array) nested.head().get(1).value()).head())
                .extracting(GgufValue::value).containsExactly(6L, 7L);
        assertThat(g.arrayLength("tokenizer.ggml.tokens")).hasValue(1000);
        GgufValue.Array tokens = (GgufValue.Array) g.metadata().get("tokenizer.ggml.tokens").value();
        assertThat(tokens.head()).hasSize(GgufReader.ARRAY_VALUES_KEPT);
        assertThat(g.tensors()).isEmpty();
    }

    @Test
    void computesExactTensorBytesFromBlockLayouts() throws Exception {
        // Q4_K [256, 512]: 131072 elements = 512 blocks x 144 bytes = 73728; Q6_K [512, 256]: 512 x 210 = 107520;
        // Q8_0 [256, 100]: 25600 elements = 800 blocks x 34 = 27200; F32 [256]: 1024.
        Path file = new TinyGguf()
                .string("general.architecture", "llama")
                .tensor("token_embd.weight", 8, 27_200, 256, 100)
                .tensor("blk.0.ffn_up.weight", 12, 73_728, 256, 512)
                .tensor("blk.0.ffn_down.weight", 14, 107_520, 512, 256)
                .tensor("output_norm.weight", 0, 1024, 256)
                .write(dir.resolve("sizes.gguf"));
        GgufFile g = GgufReader.read(file);
        assertThat(g.tensors()).extracting(GgufTensor::bytes).containsExactly(27_200L, 73_728L, 107_520L, 1024L);
        assertThat(g.dataOffset() % 32).isZero();
        WeightInventory w = g.inventory();
        assertThat(w.bytes()).isEqualTo(27_200 + 73_728 + 107_520 + 1024);
        assertThat(w.parameters()).hasValue(25_600 + 131_072 + 131_072 + 256);
        assertThat(w.byDtype().get("Q6_K")).isEqualTo(new DtypeTotal("Q6_K", 1, 131_072, 107_520));
        assertThat(w.dominantDtype()).contains("Q6_K");
        assertThat(g.tensor("token_embd.weight").orElseThrow().dims()).isEqualTo(List.of(256L, 100L));
    }

    @Test
    void readsVersionTwoAndBigEndianFiles() throws Exception {
        TinyGguf model = new TinyGguf().string("general.architecture", "llama").u32("llama.block_count", 2)
                .tensor("output_norm.weight", 0, 64, 16);
        GgufFile v2 = GgufReader.read(model.version(2).write(dir.resolve("v2.gguf")));
        assertThat(v2.version()).isEqualTo(2);
        GgufFile be = GgufReader.read(model.version(3).bigEndian().write(dir.resolve("be.gguf")));
        assertThat(be.bigEndian()).isTrue();
        assertThat(be.integer("llama.block_count")).hasValue(2);
        assertThat(be.tensors().get(0).bytes()).isEqualTo(64);
    }

    @Test
    void honoursACustomAlignment() throws Exception {
        Path file = new TinyGguf().alignment(64).tensor("a", 0, 40, 10).tensor("b", 0, 40, 10)
                .write(dir.resolve("align.gguf"));
        GgufFile g = GgufReader.read(file);
        assertThat(g.alignment()).isEqualTo(64);
        assertThat(g.dataOffset() % 64).isZero();
        assertThat(g.tensors().get(1).offset()).isEqualTo(64);
    }

    @Test
    void rejectsFilesThatAreNotGgufOrOfVersionOne() {
        Path text = TinyGguf.write(dir.resolve("text.gguf"), "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThatThrownBy(() -> GgufReader.read(text)).isInstanceOf(ModelImportException.class)
                .hasMessage(text + ": not a GGUF file (the first bytes are not \"GGUF\")");
        Path v1 = new TinyGguf().version(1).write(dir.resolve("v1.gguf"));
        assertThatThrownBy(() -> GgufReader.read(v1)).hasMessageContaining("GGUF version 1 is not supported");
        Path v9 = new TinyGguf().version(9).write(dir.resolve("v9.gguf"));
        assertThatThrownBy(() -> GgufReader.read(v9)).hasMessageContaining("unknown GGUF version 9");
    }

    @Test
    void rejectsCountsTheFileCannotHold() {
        Path tensors = new TinyGguf().tensorCount(1L << 40).write(dir.resolve("tensors.gguf"));
        assertThatThrownBy(() -> GgufReader.read(tensors))
                .hasMessageContaining("header claims 1099511627776 tensors and 0 metadata entries, more than the"
                        + " remaining 8 bytes");
        Path kvs = new TinyGguf().kvCount(-1).write(dir.resolve("kvs.gguf"));
        assertThatThrownBy(() -> GgufReader.read(kvs)).hasMessageContaining("18446744073709551615 metadata entries");
    }

    @Test
    void rejectsLengthsPastTheEndOfTheFile() {
        Path key = new TinyGguf().raw("k", o -> o.u32(8).u64(1L << 50).raw(new byte[8]))
                .write(dir.resolve("string.gguf"));
        assertThatThrownBy(() -> GgufReader.read(key))
                .hasMessageContaining("metadata 'k' claims a length of 1125899906842624 bytes but only 19 bytes"
                        + " are left");
        Path array = new TinyGguf().raw("tokens", o -> o.u32(9).u32(8).u64(1L << 60).raw(new byte[16]))
                .write(dir.resolve("array.gguf"));
        assertThatThrownBy(() -> GgufReader.read(array))
                .hasMessageContaining("metadata 'tokens' claims 1152921504606846976 STRING elements");
    }

    @Test
    void rejectsATruncatedHeaderAndATruncatedDataSection() {
        TinyGguf model = new TinyGguf().string("general.architecture", "llama")
                .tensor("token_embd.weight", 0, 4096, 16, 64).tensor("output.weight", 0, 4096, 16, 64);
        int full = model.bytes().length;
        Path header = model.writeTruncated(dir.resolve("header.gguf"), 100);
        assertThatThrownBy(() -> GgufReader.read(header)).isInstanceOf(ModelImportException.class)
                .hasMessageContaining("file ends at byte 100");
        Path data = model.writeTruncated(dir.resolve("data.gguf"), full - 1000);
        assertThatThrownBy(() -> GgufReader.read(data))
                .hasMessageContaining("tensor 'output.weight' needs 4096 bytes at data offset 4096 but the data"
                        + " section holds 7192 bytes");
    }

    @Test
    void rejectsUnknownTypesAndAbsurdDimensions() {
        Path type = new TinyGguf().tensor("w", 99, 32, 8).write(dir.resolve("type.gguf"));
        assertThatThrownBy(() -> GgufReader.read(type))
                .hasMessageContaining("tensor 'w' has unknown or unsupported ggml type 99");
        Path removed = new TinyGguf().tensor("w", 4, 32, 32).write(dir.resolve("removed.gguf"));
        assertThatThrownBy(() -> GgufReader.read(removed)).hasMessageContaining("ggml type 4");
        Path dims = new TinyGguf().tensor("w", 0, 4, 1, 1, 1, 1, 1).write(dir.resolve("dims.gguf"));
        assertThatThrownBy(() -> GgufReader.read(dims)).hasMessageContaining("has 5 dimensions (1 to 4 allowed)");
        Path negative = new TinyGguf().tensor("w", 0, 4, -5).write(dir.resolve("negative.gguf"));
        assertThatThrownBy(() -> GgufReader.read(negative)).hasMessageContaining("beyond the int64 range");
        Path overflow = new TinyGguf().tensor("w", 0, 4, 1L << 32, 1L << 32).write(dir.resolve("overflow.gguf"));
        assertThatThrownBy(() -> GgufReader.read(overflow)).hasMessageContaining("element count overflows");
        Path bytes = new TinyGguf().tensor("w", 0, 4, 1L << 62).write(dir.resolve("bytes.gguf"));
        assertThatThrownBy(() -> GgufReader.read(bytes)).isInstanceOf(ModelImportException.class)
                .hasMessage(bytes + ": tensor 'w' of type F32 has dimensions [4611686018427387904] whose size in"
                        + " bytes overflows (corrupt header?)");
        Path huge = new TinyGguf().tensor("w", 0, 4, 1L << 20, 1L << 20).write(dir.resolve("huge.gguf"));
        assertThatThrownBy(() -> GgufReader.read(huge))
                .hasMessageContaining("needs 4398046511104 bytes at data offset 0");
        Path block = new TinyGguf().tensor("w", 12, 144, 100, 256).write(dir.resolve("block.gguf"));
        assertThatThrownBy(() -> GgufReader.read(block))
                .hasMessageContaining("first dimension of 100, not a multiple of its block size 256");
    }

    @Test
    void rejectsMisalignedOffsetsDuplicatesBadBooleansAndBadAlignment() {
        Path misaligned = new TinyGguf().tensor("a", 0, 64, 16).tensor("b", 0, 64, 16).offset(40)
                .write(dir.resolve("misaligned.gguf"));
        assertThatThrownBy(() -> GgufReader.read(misaligned))
                .hasMessageContaining("tensor 'b' has offset 40, not a multiple of the alignment 32");
        Path overlap = new TinyGguf().tensor("a", 0, 128, 32).tensor("b", 0, 128, 32).offset(64)
                .write(dir.resolve("overlap.gguf"));
        assertThatThrownBy(() -> GgufReader.read(overlap))
                .hasMessageContaining("tensor 'b' at data offset 64 overlaps tensor 'a', which ends at 128");
        Path dupTensor = new TinyGguf().tensor("a", 0, 64, 16).tensor("a", 0, 64, 16).write(dir.resolve("dt.gguf"));
        assertThatThrownBy(() -> GgufReader.read(dupTensor)).hasMessageContaining("tensor 'a' appears twice");
        Path dupKey = new TinyGguf().u32("k", 1).u32("k", 2).write(dir.resolve("dk.gguf"));
        assertThatThrownBy(() -> GgufReader.read(dupKey)).hasMessageContaining("metadata key 'k' appears twice");
        Path bool = new TinyGguf().raw("flag", o -> o.u32(7).u8(2)).write(dir.resolve("bool.gguf"));
        assertThatThrownBy(() -> GgufReader.read(bool)).hasMessageContaining("boolean stored as 2");
        Path align = new TinyGguf().u32("general.alignment", 48).write(dir.resolve("align.gguf"));
        assertThatThrownBy(() -> GgufReader.read(align)).hasMessageContaining("power of two, got 48");
        Path valueType = new TinyGguf().raw("odd", o -> o.u32(13).u32(0)).write(dir.resolve("vt.gguf"));
        assertThatThrownBy(() -> GgufReader.read(valueType)).hasMessageContaining("unknown value type 13");
    }

    @Test
    void namesFromTheFileAreEscapedAndCutInMessages() {
        Path escape = new TinyGguf().u32("k\u001b[2J", 1).u32("k\u001b[2J", 2).write(dir.resolve("esc.gguf"));
        assertThatThrownBy(() -> GgufReader.read(escape))
                .hasMessage(escape + ": metadata key 'k\\u001b[2J' appears twice");
        String longKey = "k".repeat(60_000);
        Path cut = new TinyGguf().u32(longKey, 1).u32(longKey, 2).write(dir.resolve("long.gguf"));
        assertThatThrownBy(() -> GgufReader.read(cut))
                .hasMessage(cut + ": metadata key '" + "k".repeat(80) + "\u2026 (60000 characters)' appears twice");
    }

    /**
     * A header whose array claims the rest of a large file (sparse here, zeros like tensor data) is passed over in one
     * step when its elements have a fixed size, and refused when they would have to be read one by one.
     */
    @Test
    void arraysAsLongAsALargeFileAreSkippedAtOnceOrRefused() throws Exception {
        long big = 3L << 30;
        Path numbers = new TinyGguf().raw("weights", o -> o.u32(9).u32(0).u64(big - 64))
                .write(dir.resolve("numbers.gguf"));
        extend(numbers, big);
        GgufFile read = GgufReader.read(numbers);
        assertThat(read.arrayLength("weights")).hasValue(big - 64);

        Path strings = new TinyGguf().raw("tokens", o -> o.u32(9).u32(8).u64((big - 64) / 8))
                .write(dir.resolve("strings.gguf"));
        extend(strings, big);
        assertThatThrownBy(() -> GgufReader.read(strings))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(strings + ": metadata 'tokens' claims " + (big - 64) / 8 + " STRING elements; at most"
                        + " 16777216 are read (corrupt header?)");
    }

    private static void extend(Path file, long length) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(length);
        }
    }
}
