package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --model NAME}: a model already on disk, found by name (LM Studio's folder does not depend on the
 * environment).
 */
class LocalModelFlagTest {

    @TempDir
    Path home;

    private String savedHome;

    @BeforeEach
    void pointHomeAtTheTemporaryFolder() {
        savedHome = System.getProperty("user.home");
        System.setProperty("user.home", home.toString());
    }

    @AfterEach
    void restoreHome() {
        System.setProperty("user.home", savedHome);
    }

    @Test
    void aDownloadedConfigIsEstimatedByName() throws Exception {
        Path folder = Files.createDirectories(home.resolve(".lmstudio/models/meta-llama/Llama-3.1-8B"));
        Files.copy(Path.of("src/test/resources/configs/llama-3.1-8b/config.json"), folder.resolve("config.json"));

        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--model", "meta-llama/Llama-3.1-8B",
                "--format", "json");

        assertThat(r.status()).as(r.err()).isZero();
        // Llama 3.1 8B: 8,030,261,248 parameters (meta-llama/Llama-3.1-8B model card, safetensors metadata).
        assertThat(new ObjectMapper().readTree(r.out()).get("parameters").asLong()).isEqualTo(8_030_261_248L);
    }

    @Test
    void aNameFoundNowhereSaysWhereItLooked() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--model", "no-such-org/no-such-model");
        assertThat(r.status()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(r.err().lines()).hasSize(1).allSatisfy(l -> assertThat(l)
                .contains("no downloaded model of this name").contains(".lmstudio/models").contains("ollama"));
    }

    @Test
    void aModelAndAPresetTogetherAreOneLineOfBadInput() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--model", "a/b", "--preset",
                "llama-3-8b");
        assertThat(r.status()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(r.err()).contains("give only one of --preset, --config, --model and --params");
    }
}
