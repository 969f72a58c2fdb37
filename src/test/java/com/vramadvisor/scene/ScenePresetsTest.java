package com.vramadvisor.scene;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.engine.render.SceneEstimator;
import com.vramadvisor.engine.render.StreamingPools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ScenePresetsTest {

    private static final long GB = 1_000_000_000L;

    private static long peak(String id) {
        return SceneEstimator.estimate(ScenePresets.load(id)).peakBytes();
    }

    @Test
    void everyShippedFileIsAListedPresetWithItsSource() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("catalog/scenes"))) {
            assertThat(files.map(p -> p.getFileName().toString().replace(".json", "")))
                    .containsExactlyInAnyOrderElementsOf(ScenePresets.IDS);
        }
        for (String id : ScenePresets.IDS) {
            Scene s = ScenePresets.load(id);
            assertThat(s.source()).as(id).isNotBlank();
            assertThat(s.name()).as(id).isNotBlank();
        }
    }

    @Test
    void gameScenesLandInsideTheBandOfTheVramPublishedForTheirResolution() {
        // Ninja Theory, Senua's Saga: Hellblade II PC specifications (3 May 2024, UE5): Medium 1080p 8 GB VRAM,
        // High 1440p 8 GB, High 4K 12 GB. A UE5 estimate below half of that misses most of what the engine
        // allocates (the presets' first version said 3.1-3.4 GiB). The upper bound is the published figure plus
        // 10 %: the presets run Epic settings where the developer lists the 1080p and 1440p tiers at Medium and
        // High, and the texture pool is sized by the engine's VRAM-percentage rule for exactly that card.
        assertInBand("game-1080p", 8);
        assertInBand("game-1440p", 8);
        assertInBand("game-4k", 12);
        assertThat(peak("game-1080p")).isLessThan(peak("game-1440p"));
        assertThat(peak("game-1440p")).isLessThan(peak("game-4k"));
    }

    @Test
    void withoutTexturesTheEngineStillAllocatesGigabytesThatGrowWithResolution() {
        // Everything but textures (targets, Lumen, Nanite, virtual shadow maps, GPU Scene, geometry, driver) is
        // what the model adds independently of the pool rule. Per output pixel the presets hold 72 B of render
        // targets and about 104 B of lighting and post-process targets, so 4K holds more than 170 B x 6,220,800
        // pixels more than 1080p.
        long hd = withoutTextures("game-1080p");
        long uhd = withoutTextures("game-4k");
        assertThat(hd).isGreaterThan(5L << 29);
        assertThat(uhd - hd).isGreaterThan(170L * (3840 * 2160 - 1920 * 1080));
    }

    @Test
    void stockEpicPoolSizeCapsTheTexturesAtAThousandMebibytes() {
        // BaseScalability.ini [TextureQuality@3] r.Streaming.PoolSize=1000: with the scalability pool instead of
        // the VRAM rule, the 4K scene's streamed textures get the whole 1000 MiB (UsableVRAM has room), where the
        // 12 GB card's 7741 MiB pool gives them 7741 MiB less the 447,394,560 B of never-streamed textures (80
        // 2048^2 BC7 chains of 5,592,432 B), because the targets and caches leave UsableVRAM less than that.
        Scene s = ScenePresets.load("game-4k");
        StreamingPools p = s.pools();
        Scene stock = s.withPools(new StreamingPools(1000, p.naniteStreamingMiB(), p.virtualTextureMiB(),
                p.virtualShadowMapPages(), p.vramPercent(), p.targetCardMiB(), p.instanceBytes()));
        long difference = peak("game-4k") - SceneEstimator.estimate(stock).peakBytes();
        assertThat(difference).isEqualTo(((7741L - 1000L) << 20) - 80 * 5_592_432L);
    }

    private static void assertInBand(String id, long publishedGb) {
        assertThat(peak(id)).as(id).isGreaterThanOrEqualTo(publishedGb * GB / 2)
                .isLessThanOrEqualTo(publishedGb * GB * 11 / 10);
    }

    private static long withoutTextures(String id) {
        Scene s = ScenePresets.load(id);
        return SceneEstimator.estimate(s.withContent(List.of(), s.meshes())).peakBytes();
    }

    @Test
    void aSingleReviewerFitsTheGpuMemoryNvidiaRecommendsForItsOmniverseRenderer() {
        // NVIDIA ACE, Omniverse Renderer Microservice: minimum 8 GB of GPU RAM, recommended 12 GB, for one stream.
        Scene one = ScenePresets.load("usd-review").withViewers(1);
        long single = SceneEstimator.estimate(one).peakBytes();
        assertThat(single).isLessThanOrEqualTo(12 * GB);
        assertThat(peak("usd-review")).isGreaterThan(single);
    }

    @Test
    void offlineScenesOutgrowTheBlenderRecommendationAndTheFilmFrameTheProductionGrade() {
        // Blender's hardware requirements (blender.org, 2.9x series): recommended "graphics card with 4 GB RAM",
        // optimal production-grade "graphics card with 12+ GB RAM". The archviz still needs more than the
        // recommendation and fits the production-grade class; the film frame needs more than 12 GB.
        assertThat(peak("archviz-pathtraced")).isGreaterThan(4 * GB).isLessThanOrEqualTo(12 * GB);
        assertThat(peak("film-offline")).isGreaterThan(12 * GB).isGreaterThan(peak("archviz-pathtraced"));
    }
}
