package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated {@code model.safetensors.index.json} files next to two good shards give a {@link ModelImportException} or
 * an inventory, never another exception or a hang. 10,000 inputs per run; the {@code fuzz} Maven profile runs
 * 1,000,000.
 */
class SafetensorsIndexReaderFuzzTest {

    @TempDir
    Path dir;

    @Test
    void mutatedIndexesGiveAModelImportExceptionOrAnInventory() throws Exception {
        new TinySafetensors().tensor("embed.weight", "BF16", 128, 16, 4).tensor("layers.0.weight", "BF16", 32, 4, 4)
                .write(dir.resolve("model-00001-of-00002.safetensors"));
        new TinySafetensors().tensor("lm_head.weight", "F32", 256, 16, 4)
                .write(dir.resolve("model-00002-of-00002.safetensors"));
        byte[] valid = """
                {"metadata": {"total_size": 416},
                 "weight_map": {
                   "embed.weight": "model-00001-of-00002.safetensors",
                   "layers.0.weight": "model-00001-of-00002.safetensors",
                   "lm_head.weight": "model-00002-of-00002.safetensors"}}""".getBytes(StandardCharsets.UTF_8);
        Path index = dir.resolve(SafetensorsIndexReader.INDEX_FILE);
        Files.write(index, valid);
        assertThat(SafetensorsIndexReader.read(index, new ArrayList<>()).bytes()).isEqualTo(416);

        int rejected;
        try (FuzzFile out = new FuzzFile(index)) {
            rejected = FuzzLoop.run(0x1de7_0001L, 10_000, true, valid, input -> {
                out.write(input);
                SafetensorsIndexReader.read(index, new ArrayList<>());
            }, ModelImportException.class);
        }
        assertThat(rejected).isPositive();
    }
}
