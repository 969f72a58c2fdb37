package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which names are scenario files, and what File &gt; Save As makes of a typed name. */
class ScenarioFileNamesTest {

    @Test
    void bothExtensionsAreScenarioFilesInAnyCase() {
        assertThat(ScenarioFileNames.isScenario("sizing.vram")).isTrue();
        assertThat(ScenarioFileNames.isScenario("sizing.vram.json")).isTrue();
        assertThat(ScenarioFileNames.isScenario("C:\\Users\\a\\SIZING.VRAM")).isTrue();
        assertThat(ScenarioFileNames.isScenario("/home/a/Sizing.Vram.Json")).isTrue();
    }

    @Test
    void otherNamesAreNot() {
        assertThat(ScenarioFileNames.isScenario("config.json")).isFalse();
        assertThat(ScenarioFileNames.isScenario("model.vram.safetensors")).isFalse();
        assertThat(ScenarioFileNames.isScenario("notes.vramx")).isFalse();
        assertThat(ScenarioFileNames.isScenario("vram")).isFalse();
    }

    @Test
    void saveAsAddsTheRegisteredExtensionUnlessTheUserTypedAScenarioOrJsonName() {
        assertThat(ScenarioFileNames.forSaving("llama lora")).isEqualTo("llama lora.vram");
        assertThat(ScenarioFileNames.forSaving("llama.vram")).isEqualTo("llama.vram");
        assertThat(ScenarioFileNames.forSaving("llama.vram.json")).isEqualTo("llama.vram.json");
        assertThat(ScenarioFileNames.forSaving("llama.json")).isEqualTo("llama.json");
        assertThat(ScenarioFileNames.forSaving("v1.2")).isEqualTo("v1.2.vram");
    }

    @Test
    void theRegisteredExtensionIsOneExtensionSoWindowsAndMacOsCanMatchIt() {
        // Windows and macOS match a file type on the text after the last dot only.
        assertThat(ScenarioFileNames.EXTENSION.lastIndexOf('.')).isZero();
        assertThat(ScenarioFileNames.globs()).containsExactly("*.vram", "*.vram.json");
    }
}
