package com.vramadvisor.scene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.render.Lumen;
import com.vramadvisor.engine.render.PixelFormat;
import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.engine.render.SceneEstimator;
import com.vramadvisor.engine.render.StreamingPools;
import com.vramadvisor.engine.render.Texture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SceneReaderTest {

    @Test
    void aOneTextureSceneIsValidAndEveryOtherPartIsEmpty() throws Exception {
        Scene s = SceneReader.read("""
                {"resolution": "3840x2160",
                 "textures": [{"width": 4096, "height": 4096, "format": "bc7", "mips": true}]}""");
        assertThat(s.width()).isEqualTo(3840);
        assertThat(s.height()).isEqualTo(2160);
        assertThat(s.renderTargets()).isEmpty();
        assertThat(s.meshes()).isEmpty();
        assertThat(s.rayTracing().enabled()).isFalse();
        assertThat(s.viewers()).isEqualTo(1);
        assertThat(SceneEstimator.estimate(s).peakBytes()).isEqualTo(22_369_648L);
    }

    @Test
    void mipsTakeTrueFalseOrALevelCountAndTexturesTheirResidency() throws Exception {
        Scene s = SceneReader.read("""
                {"resolution": "1920 x 1080",
                 "textures": [{"width": 4096, "format": "bc7", "mips": false, "count": 2},
                              {"width": 4096, "format": "bc7", "mips": 2, "residency": "streamed"},
                              {"width": 512, "format": "astc-6x6", "layers": 6}]}""");
        assertThat(s.textures().get(0).levels()).isEqualTo(1);
        assertThat(s.textures().get(0).height()).isEqualTo(4096);
        assertThat(s.textures().get(0).bytes()).isEqualTo(2 * 16_777_216L);
        assertThat(s.textures().get(1).levels()).isEqualTo(2);
        assertThat(s.textures().get(1).residency()).isEqualTo(Texture.Residency.STREAMED);
        assertThat(s.textures().get(2).format()).isEqualTo(PixelFormat.ASTC_6X6);
        assertThat(s.textures().get(2).layers()).isEqualTo(6);
    }

    @Test
    void poolsTakeTheUnrealDefaultsByName() throws Exception {
        assertThat(SceneReader.read("{\"resolution\": \"1x1\", \"pools\": \"ue5\"}").pools())
                .isEqualTo(StreamingPools.UE5_DEFAULTS);
        StreamingPools p = SceneReader.read("""
                {"resolution": "1x1", "pools": {"naniteStreamingMiB": "default", "textureStreamingMiB": 3000}}""")
                .pools();
        assertThat(p.naniteStreamingMiB()).isEqualTo(512);
        assertThat(p.textureStreamingMiB()).isEqualTo(3000);
        assertThat(p.virtualShadowMapPages()).isZero();
    }

    @Test
    void lumenEffectTargetsAndTheVramRuleAreRead() throws Exception {
        Scene s = SceneReader.read("""
                {"resolution": "1920x1080", "lumen": "ue5",
                 "effectTargets": [{"name": "bloom", "format": "rgba16f", "scale": 0.5, "count": 2}],
                 "pools": {"textureStreamingMiB": 0, "poolSizeVramPercent": "default", "targetCardMiB": 8192,
                           "gpuSceneInstanceBytes": "default"}}""");
        assertThat(s.lumen()).isEqualTo(Lumen.UE5_DEFAULTS);
        assertThat(s.effectTargets()).hasSize(1);
        // 960 x 540 x 8 B x 2 = 8,294,400 B.
        assertThat(SceneEstimator.estimate(s).part("effectTargets")).isEqualTo(8_294_400L);
        assertThat(s.pools().vramPercent()).isEqualTo(70);
        assertThat(s.pools().targetCardMiB()).isEqualTo(8192);
        assertThat(s.pools().instanceBytes()).isEqualTo(64);
        Lumen hardware = SceneReader.read("""
                {"resolution": "1x1", "lumen": {"surfaceCacheAtlas": 2048, "softwareTracing": false}}""").lumen();
        assertThat(hardware).isEqualTo(new Lumen(true, 2048, false));
        assertThat(SceneReader.read("{\"resolution\": \"1x1\"}").lumen().enabled()).isFalse();
    }

    @Test
    void errorsNameTheJsonPathAndTheProblem() {
        assertProblem("{\"resolution\": \"4k\"}", "$.resolution", "not a resolution");
        assertProblem("{\"textures\": []}", "$.resolution", "missing");
        assertProblem("{\"resolution\": \"1x1\", \"textures\": [{\"width\": 64, \"format\": \"dxt9\"}]}",
                "$.textures[0].format", "bc7");
        assertProblem("{\"resolution\": \"1x1\", \"meshes\": [{\"trianlges\": 5}]}", "$.meshes[0]",
                "unknown field \"trianlges\"");
        assertProblem("{\"resolution\": \"1x1\", \"textures\": [{\"width\": 64, \"format\": \"bc7\", \"mips\": 9}]}",
                "$.textures[0].mips", "outside 1..7");
        assertProblem("{\"resolution\": \"1x1\", \"renderTargets\": [{\"format\": \"bc7\"}]}",
                "$.renderTargets[0].format", "block-compressed");
        assertProblem("{\"resolution\": \"1x1\", \"meshes\": [{\"triangles\": 100, \"fallbackTriangles\": 10}]}",
                "$.meshes[0].fallbackTriangles", "only Nanite");
        assertProblem("{\"resolution\": \"1x1\", \"viewers\": 0}", "$.viewers", "outside 1..4096");
        assertProblem("{\"resolution\": \"1x1\", \"formatVersion\": 2}", "$.formatVersion", "reads up to 1");
        assertProblem("{\"resolution\": \"1x1\", \"resolution\": \"2x2\"}", "not valid JSON", "line 1");
        assertProblem("{\"resolution\": \"1x1\"} trailing", "not valid JSON", "");
        assertProblem("", "empty", "");
        assertProblem("[1, 2]", "$", "expected an object");
        assertProblem("{\"resolution\": \"99999x2\"}", "$.resolution", "outside");
        assertProblem("{\"resolution\": \"1x1\", \"pools\": {\"poolSizeVramPercent\": 70}}", "$.pools.targetCardMiB",
                "missing");
        assertProblem("{\"resolution\": \"1x1\", \"pools\": {\"poolSizeVramPercent\": 170, \"targetCardMiB\": 8}}",
                "$.pools.poolSizeVramPercent", "outside");
        assertProblem("{\"resolution\": \"1x1\", \"lumen\": \"ue4\"}", "$.lumen", "expected \"ue5\"");
        assertProblem("{\"resolution\": \"1x1\", \"lumen\": {\"surfaceCacheAtlas\": 64}}",
                "$.lumen.surfaceCacheAtlas", "outside");
        assertProblem("{\"resolution\": \"1x1\", \"effectTargets\": [{\"format\": \"bc1\"}]}",
                "$.effectTargets[0].format", "block-compressed");
    }

    @Test
    void listsAndCountsAreBounded() {
        String many = "{\"width\": 1, \"format\": \"r8\"},".repeat(SceneJson.MAX_ENTRIES);
        assertProblem("{\"resolution\": \"1x1\", \"textures\": [" + many + "{\"width\": 1, \"format\": \"r8\"}]}",
                "$.textures", "at most 10000");
        assertProblem("{\"resolution\": \"1x1\", \"textures\": [{\"width\": 1, \"format\": \"r8\", \"count\": "
                + "99999999999}]}", "$.textures[0].count", "outside");
        assertProblem("{\"resolution\": \"1x1\", \"meshes\": [{\"triangles\": 1e30}]}", "$.meshes[0].triangles",
                "whole number");
    }

    @Test
    void filesAreReadWithASizeLimitAndProblemsInOneLine(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.json");
        Files.write(big, new byte[SceneFiles.MAX_FILE_BYTES + 10]);
        assertThatThrownBy(() -> SceneFiles.read(big)).hasMessageContaining("larger than 1 MiB");
        assertThatThrownBy(() -> SceneFiles.read(dir)).hasMessageContaining("folder");
        assertThatThrownBy(() -> SceneFiles.read(dir.resolve("none.json"))).hasMessageContaining("does not exist");
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"resolution\": \"1x1\", \"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> SceneFiles.read(latin1)).hasMessageContaining("UTF-8");
        Path ok = dir.resolve("ok.json");
        Files.writeString(ok, "{\"resolution\": \"640x480\", \"viewers\": 3}");
        assertThat(SceneFiles.read(ok).viewers()).isEqualTo(3);
    }

    private static void assertProblem(String json, String where, String what) {
        assertThatThrownBy(() -> SceneReader.read(json)).isInstanceOf(SceneFileException.class)
                .hasMessageContaining(where).hasMessageContaining(what)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
