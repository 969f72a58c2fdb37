package com.vramadvisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which arguments open the window with a scenario file and which stay the command line. */
class MainTest {

    @TempDir
    Path dir;

    @Test
    void anExistingScenarioFileAsTheOnlyArgumentOpensTheWindowWithIt() throws Exception {
        Path file = Files.writeString(dir.resolve("llama 8b lora.vram.json"), "{}");

        assertThat(Main.scenarioToOpen(new String[] {file.toString()})).contains(file);
    }

    @Test
    void aScenarioFileNamedWithTheRegisteredExtensionOpensTheWindowToo() throws Exception {
        Path file = Files.writeString(dir.resolve("sizing.vram"), "{}");
        Path upper = Files.writeString(dir.resolve("SIZING2.VRAM"), "{}");

        assertThat(Main.scenarioToOpen(new String[] {file.toString()})).contains(file);
        assertThat(Main.scenarioToOpen(new String[] {upper.toString()})).contains(upper);
    }

    @Test
    void aRelativePathIsMadeAbsoluteForTheRecentFilesList() throws Exception {
        Path file = Files.writeString(Files.createTempFile(Path.of("target"), "relative", ".vram.json"), "{}");
        try {
            Path relative = Path.of("").toAbsolutePath().relativize(file.toAbsolutePath());

            assertThat(Main.scenarioToOpen(new String[] {relative.toString()})).contains(file.toAbsolutePath());
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void theExtensionIsMatchedInAnyCaseAsWindowsMayPassIt() throws Exception {
        Path file = Files.writeString(dir.resolve("Sizing.VRAM.JSON"), "{}");

        assertThat(Main.scenarioToOpen(new String[] {file.toString()})).contains(file);
    }

    @Test
    void aMissingScenarioFileAFolderOrAnotherFileStayTheCommandLine() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("folder.vram.json"));
        Path config = Files.writeString(dir.resolve("config.json"), "{}");
        Path vramSomething = Files.writeString(dir.resolve("notes.vramx"), "{}");

        assertThat(Main.scenarioToOpen(new String[] {dir.resolve("missing.vram.json").toString()})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {folder.toString()})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {config.toString()})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {vramSomething.toString()})).isEmpty();
    }

    @Test
    void commandsAndMoreThanOneArgumentStayTheCommandLine() throws Exception {
        Path file = Files.writeString(dir.resolve("a.vram.json"), "{}");

        assertThat(Main.scenarioToOpen(new String[] {})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {"estimate"})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {"--help"})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {"estimate", "--scenario", file.toString()})).isEmpty();
        assertThat(Main.scenarioToOpen(new String[] {file.toString(), file.toString()})).isEmpty();
    }

    @Test
    void aNameThatIsNoPathOnThisSystemStaysTheCommandLine() {
        assertThat(Main.scenarioToOpen(new String[] {"bad\0name.vram.json"})).isEmpty();
    }
}
