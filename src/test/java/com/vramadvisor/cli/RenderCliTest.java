package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RenderCliTest {

    @Test
    void aSceneFileIsEstimatedWithItsNamedParts(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("one.json");
        Files.writeString(file, """
                {"resolution": "3840x2160",
                 "renderTargets": [{"name": "colour", "format": "rgba8"}],
                 "textures": [{"width": 4096, "height": 4096, "format": "bc7"}]}""");
        JsonNode e = runJson("estimate", "--workload", "render", "--scene", file.toString(), "--format", "json");
        assertThat(e.get("workload").asText()).isEqualTo("render");
        // The two exact figures: 3840 x 2160 RGBA8 and a 4096^2 BC7 texture with all its mips.
        assertThat(e.get("components").get("renderTargets").asLong()).isEqualTo(33_177_600L);
        assertThat(e.get("components").get("textures").asLong()).isEqualTo(22_369_648L);
        assertThat(e.get("peakBytes").asLong()).isEqualTo(33_177_600L + 22_369_648L);
        assertThat(e.get("formulas").get("textures").asText()).contains("bc7");
        assertThat(e.get("caveats").toString()).contains("NVLink does not pool memory");
    }

    @Test
    void presetsAreNamedWithSceneAndTheResolutionAndViewersOverrideTheirs() throws Exception {
        JsonNode uhd = runJson("estimate", "--workload", "render", "--scene", "game-4k", "--format", "json");
        JsonNode hd = runJson("estimate", "--workload", "render", "--scene", "game-4k", "--resolution", "1920x1080",
                "--format", "json");
        assertThat(runJson("estimate", "--workload", "render", "--scene", "game-4k", "--resolution", "1080p",
                "--format", "json")).isEqualTo(hd);
        // The game presets' targets are 72 bytes per output pixel: RGBA16F 8 + D32_S8 8 + RGB10A2 4 + 4 x RGBA8 4
        // + RG16F 4, plus two R11G11B10 TSR histories at 200 % per side (4 texels per pixel): 2 x 4 x 4 = 32.
        assertThat(uhd.get("components").get("renderTargets").asLong()
                - hd.get("components").get("renderTargets").asLong()).isEqualTo(72L * (3840 * 2160 - 1920 * 1080));
        assertThat(uhd.get("components").get("textures").asLong())
                .isEqualTo(hd.get("components").get("textures").asLong());
        JsonNode two = runJson("estimate", "--workload", "render", "--scene", "game-4k", "--viewers", "2", "--format",
                "json");
        assertThat(two.get("components").get("renderTargets").asLong())
                .isEqualTo(2 * uhd.get("components").get("renderTargets").asLong());
    }

    @Test
    void fitAnswersTheMostViewersOnOneGpuAndNeverSpreadsTheScene() throws Exception {
        JsonNode fit = runJson("fit", "--workload", "render", "--scene", "usd-review", "--gpu", "rtx-4090", "--format",
                "json");
        assertThat(fit.get("maxViewers").asLong()).isGreaterThanOrEqualTo(4);
        assertThat(fit.get("spreadsOverGpus").asBoolean()).isFalse();
        assertThat(fit.get("fits").asBoolean()).isTrue();
        long max = fit.get("maxViewers").asLong();
        long budget = fit.get("budgetBytes").asLong();
        assertThat(runJson("estimate", "--workload", "render", "--scene", "usd-review", "--viewers",
                String.valueOf(max), "--format", "json").get("peakBytes").asLong()).isLessThanOrEqualTo(budget);
        assertThat(runJson("estimate", "--workload", "render", "--scene", "usd-review", "--viewers",
                String.valueOf(max + 1), "--format", "json").get("peakBytes").asLong()).isGreaterThan(budget);
    }

    @Test
    void badInputGivesOneLineAndExitStatusTwo(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"resolution\": \"1x1\", \"textures\": [{\"width\": 8, \"format\": \"dxt9\"}]}");
        String[][] cases = {
            {"estimate", "--workload", "render"},
            {"estimate", "--workload", "render", "--scene", "game-8k"},
            {"estimate", "--workload", "render", "--scene", bad.toString()},
            {"estimate", "--workload", "render", "--scene", dir.resolve("missing.json").toString()},
            {"estimate", "--workload", "render", "--scene", "game-4k", "--resolution", "4kk"},
            {"estimate", "--workload", "render", "--scene", "game-4k", "--viewers", "0"},
            {"estimate", "--workload", "render", "--scene", "game-4k", "--preset", "gpt2"},
            {"estimate", "--workload", "render", "--scene", dir.toString()},
        };
        String[] expected = {"--scene", "no scene preset", "$.textures[0].format", "does not exist", "--resolution",
            "--viewers", "--preset", "folder"};
        for (int i = 0; i < cases.length; i++) {
            EstimateCommandTest.Result r = run(cases[i]);
            assertThat(r.status()).as(String.join(" ", cases[i])).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", cases[i])).contains(expected[i].equals("no scene preset")
                    ? "no scene preset of that name" : expected[i]).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        }
    }

    @Test
    void catalogListsTheScenePresets() throws Exception {
        JsonNode list = runJson("catalog", "list", "scenes", "--format", "json");
        assertThat(list).hasSize(6);
        assertThat(list.findValuesAsText("id")).contains("game-1080p", "game-1440p", "game-4k", "archviz-pathtraced",
                "film-offline", "usd-review");
    }
}
