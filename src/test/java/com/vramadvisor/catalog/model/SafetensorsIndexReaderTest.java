package com.vramadvisor.catalog.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Sharded checkpoints: all shards read exactly, a bare index falls back to its declared total size. */
class SafetensorsIndexReaderTest {

    @TempDir
    Path dir;

    private Path index(String totalSize) throws Exception {
        String metadata = totalSize == null ? "" : "\"metadata\": {\"total_size\": " + totalSize + "},";
        return Files.writeString(dir.resolve(SafetensorsIndexReader.INDEX_FILE), "{" + metadata + """
                "weight_map": {
                  "embed.weight": "model-00001-of-00002.safetensors",
                  "layers.0.weight": "model-00001-of-00002.safetensors",
                  "lm_head.weight": "model-00002-of-00002.safetensors"
                }}""");
    }

    private void writeShards() {
        // Shard 1: 16 x 4 BF16 = 64 elements, 128 bytes; 4 x 4 BF16 = 16 elements, 32 bytes.
        new TinySafetensors().tensor("embed.weight", "BF16", 128, 16, 4).tensor("layers.0.weight", "BF16", 32, 4, 4)
                .write(dir.resolve("model-00001-of-00002.safetensors"));
        // Shard 2: 16 x 4 F32 = 64 elements, 256 bytes.
        new TinySafetensors().tensor("lm_head.weight", "F32", 256, 16, 4)
                .write(dir.resolve("model-00002-of-00002.safetensors"));
    }

    @Test
    void readsEveryShardForExactBytesAndParameters() throws Exception {
        writeShards();
        List<String> warnings = new ArrayList<>();
        WeightInventory w = SafetensorsIndexReader.read(index("416"), warnings);
        assertThat(w.isComplete()).isTrue();
        assertThat(w.bytes()).isEqualTo(128 + 32 + 256);
        assertThat(w.parameters()).hasValue(64 + 16 + 64);
        assertThat(w.byDtype().get("BF16").bytes()).isEqualTo(160);
        assertThat(w.byDtype().get("F32").elements()).isEqualTo(64);
        assertThat(warnings).isEmpty();
    }

    @Test
    void warnsWhenTheDeclaredTotalDisagreesWithTheShards() throws Exception {
        writeShards();
        List<String> warnings = new ArrayList<>();
        WeightInventory w = SafetensorsIndexReader.read(index("500"), warnings);
        assertThat(w.bytes()).isEqualTo(416);
        assertThat(warnings).singleElement().asString().contains("total_size 500").contains("416");
    }

    @Test
    void withoutShardsTheDeclaredTotalSizeIsTheWeightSizeAndParametersAreUnknown() throws Exception {
        List<String> warnings = new ArrayList<>();
        WeightInventory w = SafetensorsIndexReader.read(index("13476839424"), warnings);
        assertThat(w.isComplete()).isFalse();
        assertThat(w.bytes()).isEqualTo(13_476_839_424L);
        assertThat(w.parameters()).isEmpty();
        assertThat(w.tensors()).isEmpty();
        assertThat(w.missingShards()).containsExactly("model-00001-of-00002.safetensors",
                "model-00002-of-00002.safetensors");
        assertThat(warnings).anyMatch(s -> s.contains("2 of 2 shards"));
    }

    @Test
    void missingShardsWithoutATotalSizeCannotBeSized() throws Exception {
        Path index = index(null);
        assertThatThrownBy(() -> SafetensorsIndexReader.read(index, new ArrayList<>()))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("no metadata.total_size");
    }

    @Test
    void aBrokenShardIsReportedWithTheShardsName() throws Exception {
        writeShards();
        TinySafetensors.writeBytes(dir.resolve("model-00002-of-00002.safetensors"), new byte[] {9, 9});
        assertThatThrownBy(() -> SafetensorsIndexReader.read(index("416"), new ArrayList<>()))
                .hasMessageStartingWith(dir.resolve("model-00002-of-00002.safetensors").toString());
    }

    @Test
    void shardNamesThatLeaveTheFolderAndMissingWeightMapsAreRejected() throws Exception {
        Path escape = Files.writeString(dir.resolve("escape.json"),
                "{\"weight_map\": {\"a\": \"../../etc/model.safetensors\"}}");
        assertThatThrownBy(() -> SafetensorsIndexReader.read(escape, new ArrayList<>()))
                .hasMessageContaining("not a file name next to the index");
        Path empty = Files.writeString(dir.resolve("empty.json"), "{\"metadata\": {\"total_size\": 4}}");
        assertThatThrownBy(() -> SafetensorsIndexReader.read(empty, new ArrayList<>()))
                .hasMessageContaining("'weight_map' is missing");
    }

    @Test
    void aShardNameWithAControlCharacterIsRejectedEscapedWithTheIndexNamed() throws Exception {
        Path nul = Files.writeString(dir.resolve("nul.json"), "{\"weight_map\": {\"a\": \"x\\u0000.safetensors\"}}");
        assertThatThrownBy(() -> SafetensorsIndexReader.read(nul, new ArrayList<>()))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(nul + ": weight_map entry \"a\" names \"x\\u0000.safetensors\", which is not a file name"
                        + " next to the index");
        Path escapeSequence = Files.writeString(dir.resolve("esc.json"),
                "{\"weight_map\": {\"\\u001b[2J\": \"a:b.safetensors\"}}");
        assertThatThrownBy(() -> SafetensorsIndexReader.read(escapeSequence, new ArrayList<>()))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(escapeSequence + ": weight_map entry \"\\u001b[2J\" names \"a:b.safetensors\", which is"
                        + " not a file name next to the index");
    }
}
