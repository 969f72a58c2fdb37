package com.vramadvisor.engine.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.vramadvisor.engine.core.LargestFit;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.SizedEstimate;
import java.util.List;
import org.junit.jupiter.api.Test;

class SceneEstimatorTest {

    private static Scene reviewScene() {
        return Scene.empty(2560, 1440)
                .withRenderTargets(List.of(RenderTarget.of("hdr", PixelFormat.RGBA16F),
                        RenderTarget.of("depth", PixelFormat.D32F)), List.of(new ShadowMap("sun", 4096,
                        PixelFormat.D32F, 4)))
                .withContent(List.of(Texture.of("albedo", 4096, 4096, PixelFormat.BC7, 100)),
                        List.of(new Mesh("parts", 25_000, Mesh.DERIVED, 48, 2000, 20, false, Mesh.DERIVED)))
                .withRayTracing(new RayTracing(true, true, BvhProfile.NVIDIA))
                .withOfflineRendering(new PathTracer(true, 4, 0, 0, 0), Denoiser.OIDN)
                .withDriverOverheadMiB(512);
    }

    @Test
    void aOneTextureSceneIsValidAndCountsOnlyThatTexture() {
        Scene s = Scene.empty(1920, 1080).withContent(List.of(Texture.of("t", 4096, 4096, PixelFormat.BC7, 1)),
                List.of());
        SizedEstimate e = SceneEstimator.estimate(s);
        assertThat(e.peakBytes()).isEqualTo(22_369_648L);
        assertThat(e.part("textures")).isEqualTo(22_369_648L);
        assertThat(e.parts()).extracting(MemoryPart::id).containsExactly("renderTargets", "effectTargets",
                "shadowMaps", "textures", "geometry", "accelerationStructures", "lumen", "streamingPools", "pathTracer",
                "denoiser", "driverOverhead");
    }

    @Test
    void viewersRepeatThePerViewBuffersAndShareTheSceneData() {
        SizedEstimate one = SceneEstimator.estimate(reviewScene());
        SizedEstimate three = SceneEstimator.estimate(reviewScene().withViewers(3));
        for (String perView : List.of("renderTargets", "shadowMaps", "pathTracer", "denoiser")) {
            assertThat(three.part(perView)).as(perView).isEqualTo(3 * one.part(perView)).isPositive();
        }
        for (String shared : List.of("textures", "geometry", "accelerationStructures", "driverOverhead")) {
            assertThat(three.part(shared)).as(shared).isEqualTo(one.part(shared)).isPositive();
        }
        // Two more viewers add exactly two sets of per-view buffers.
        long perViewer = one.part("renderTargets") + one.part("shadowMaps") + one.part("pathTracer")
                + one.part("denoiser");
        assertThat(three.peakBytes() - one.peakBytes()).isEqualTo(2 * perViewer);
    }

    @Test
    void theLargestViewerCountFitsAndOneMoreDoesNot() {
        RenderWorkload w = new RenderWorkload(reviewScene());
        long budget = 24L << 30;
        long max = LargestFit.largest(w, budget);
        assertThat(max).isBetween(1L, (long) Scene.MAX_VIEWERS - 1);
        assertThat(w.withAxisValue(max).estimate().peakBytes()).isLessThanOrEqualTo(budget);
        assertThat(w.withAxisValue(max + 1).estimate().peakBytes()).isGreaterThan(budget);
        assertThat(w.axis().id()).isEqualTo("maxViewers");
    }

    @Test
    void aSceneDoesNotSpreadOverGpus() {
        RenderWorkload w = new RenderWorkload(reviewScene());
        assertThat(w.perGpu(1)).contains(w.estimate());
        assertThat(w.perGpu(2)).isEmpty();
        assertThat(w.estimate().caveats()).anyMatch(c -> c.contains("NVLink does not pool memory"));
    }

    @Test
    void renderTargetsGrowWithResolutionAndNothingElseDoes() {
        SizedEstimate hd = SceneEstimator.estimate(reviewScene().withResolution(1920, 1080));
        SizedEstimate uhd = SceneEstimator.estimate(reviewScene().withResolution(3840, 2160));
        // (8 + 4) bytes per pixel of HDR colour and depth, four times the pixels.
        assertThat(uhd.part("renderTargets") - hd.part("renderTargets")).isEqualTo(12L * (3840 * 2160 - 1920 * 1080));
        assertThat(uhd.part("textures")).isEqualTo(hd.part("textures"));
        assertThat(uhd.part("shadowMaps")).isEqualTo(hd.part("shadowMaps"));
    }

    @Test
    void blasSizesReproduceTheBistroMeasurements() {
        // Kapoulkine, "Measuring acceleration structures" (2025): 1.754 M triangles compact to 45 MB on RTX 2080-4090,
        // 33 MB on RTX 5070, 100 MB on Radeon 7900 GRE, 84 MB on Radeon 9070.
        long bistro = 1_754_000;
        assertThat(new RayTracing(true, true, BvhProfile.NVIDIA).blasBytes(bistro) / 1e6).isCloseTo(45, offset(1.0));
        assertThat(new RayTracing(true, true, BvhProfile.NVIDIA_BLACKWELL).blasBytes(bistro) / 1e6)
                .isCloseTo(33, offset(1.0));
        assertThat(new RayTracing(true, true, BvhProfile.AMD_RDNA3).blasBytes(bistro) / 1e6)
                .isCloseTo(100, offset(1.0));
        assertThat(new RayTracing(true, true, BvhProfile.AMD_RDNA4).blasBytes(bistro) / 1e6)
                .isCloseTo(84, offset(1.0));
        // Compaction saves at least half (NVIDIA, "Tips: Acceleration Structure Compaction").
        assertThat(new RayTracing(true, false, BvhProfile.NVIDIA).blasBytes(bistro))
                .isGreaterThanOrEqualTo(2 * new RayTracing(true, true, BvhProfile.NVIDIA).blasBytes(bistro) - 1);
    }

    @Test
    void nanitMeshesKeepOnlyTheirFallbackInBuffersAndTheirClustersInThePool() {
        Mesh nanite = new Mesh("rock", 1_000_000, Mesh.DERIVED, 24, 10, 100, true, 2_000);
        Scene s = Scene.empty(1920, 1080).withContent(List.of(), List.of(nanite))
                .withPools(StreamingPools.UE5_DEFAULTS).withRayTracing(new RayTracing(true, true, BvhProfile.NVIDIA));
        SizedEstimate e = SceneEstimator.estimate(s);
        // Fallback: 2,000 triangles, 1,000 vertices x 24 B + 6,000 16-bit indices, ten meshes.
        assertThat(e.part("geometry")).isEqualTo(10 * (1_000 * 24 + 6_000 * 2));
        // 512 MiB pool (r.Nanite.Streaming.StreamingPoolSize) + 10 x 32 KiB root pages + 2048 VSM pages x 64 KiB
        // + GPU Scene instance data: 1,000 instances, buffer rounded up to 1,024 x 4 float4s (64 B).
        assertThat(e.part("streamingPools"))
                .isEqualTo((512L << 20) + 10 * 32 * 1024 + 2048L * 65_536 + 1024L * 64);
        assertThat(e.part("accelerationStructures")).isEqualTo((long) Math.ceil(20_000 * 25.7) + 1_000L * (64 + 106));
    }

    @Test
    void streamedTexturesCountUpToThePoolAndVirtualTexturesCountThePools() {
        Texture streamed = new Texture("s", 4096, 4096, PixelFormat.BC7, 0, 100, 1, Texture.Residency.STREAMED);
        Texture virtual = new Texture("v", 16384, 16384, PixelFormat.BC7, 0, 1, 1, Texture.Residency.VIRTUAL);
        Texture virtualNormal = new Texture("n", 16384, 16384, PixelFormat.BC5, 0, 1, 1, Texture.Residency.VIRTUAL);
        Scene s = Scene.empty(1920, 1080).withContent(List.of(streamed, virtual, virtualNormal), List.of())
                .withPools(new StreamingPools(1000, 0, 64, 0));
        SizedEstimate e = SceneEstimator.estimate(s);
        // 100 x 22,369,648 B = 2.08 GiB wanted, capped at the 1000 MiB pool; two virtual-texture formats x 64 MiB.
        assertThat(e.part("streamingPools")).isEqualTo((1000L << 20) + 2 * (64L << 20));
        assertThat(e.part("textures")).isZero();
        assertThat(e.caveats()).anyMatch(c -> c.contains("drops mips"));
        Scene unlimited = s.withPools(new StreamingPools(0, 0, 64, 0));
        assertThat(SceneEstimator.estimate(unlimited).part("streamingPools"))
                .isEqualTo(100 * 22_369_648L + 2 * (64L << 20));
    }

    @Test
    void memoryNeverShrinksWhenTheSceneGrows() {
        long previous = 0;
        for (int v = 1; v <= 16; v++) {
            long peak = new RenderWorkload(reviewScene()).withAxisValue(v).estimate().peakBytes();
            assertThat(peak).isGreaterThan(previous);
            previous = peak;
        }
    }

    @Test
    void formulasNameTheFirstGroupsAndCountTheRest() {
        List<Texture> many = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            many.add(Texture.of("t" + i, 64, 64, PixelFormat.RGBA8, 1));
        }
        MemoryPart textures = SceneEstimator.estimate(Scene.empty(64, 64).withContent(many, List.of()))
                .parts().get(3);
        assertThat(textures.formula()).contains("t0 ").contains("t7 ").doesNotContain("t8 ").contains("12 more groups");
        assertThat(textures.bytes()).isEqualTo(20 * 4 * ((1L << 14) - 1) / 3);
    }
}
