package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated safetensors files (header length, JSON header and data) give a {@link ModelImportException} or an
 * inventory, never another exception or a hang. 10,000 inputs per run; the {@code fuzz} Maven profile runs
 * 1,000,000.
 */
class SafetensorsReaderFuzzTest {

    @TempDir
    Path dir;

    @Test
    void mutatedFilesGiveAModelImportExceptionOrAnInventory() throws Exception {
        Path file = new TinySafetensors().tensor("embed.weight", "BF16", 128, 16, 4)
                .tensor("layers.0.weight", "F8_E4M3", 16, 4, 4).tensor("norm", "F32", 16, 4)
                .metadata("{\"format\": \"pt\"}").write(dir.resolve("valid.safetensors"));
        byte[] valid = Files.readAllBytes(file);
        assertThat(SafetensorsReader.read(file).bytes()).isEqualTo(160);

        Path target = dir.resolve("fuzz.safetensors");
        // Mutations that keep the JSON as text reach the header checks; binary ones the length and data checks.
        int rejected;
        try (FuzzFile out = new FuzzFile(target)) {
            rejected = FuzzLoop.run(0x5afe_7e45L, 10_000, true, valid, input -> {
                out.write(input);
                SafetensorsReader.read(target);
            }, ModelImportException.class);
        }
        assertThat(rejected).isPositive();
    }
}
