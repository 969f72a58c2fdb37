package com.vramadvisor.engine.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.core.SizedEstimate;
import org.junit.jupiter.api.Test;

/**
 * Lumen's resident caches at Unreal Engine 5's defaults, each worked out by hand from the engine's console-variable
 * defaults and texture formats (sources in {@link Lumen}).
 */
class LumenTest {

    @Test
    void theSurfaceCacheHoldsNineteenBytesPerAtlasTexel() {
        // r.LumenScene.SurfaceCache.AtlasSize 4096 (LumenSceneRendering.cpp). Per texel: depth G16 2 + albedo BC7 1
        // + opacity G8 1 + normal BC5 1 + emissive BC6H 1 + direct, indirect and final lighting R11G11B10 3 x 4
        // + radiosity frame count R8 1 = 19 B; 4096^2 x 19 = 318,767,104 B = 304 MiB.
        assertThat(Lumen.UE5_DEFAULTS.surfaceCacheBytes()).isEqualTo(318_767_104L);
        assertThat(new Lumen(true, 2048, true).surfaceCacheBytes()).isEqualTo(2048L * 2048 * 19);
    }

    @Test
    void theRadianceCacheIsItsProbeAtlasFinalAtlasAndIndirection() {
        // 128 probes of 32^2 texels (4096^2) and the final atlas of 128 probes of 34^2 texels (4352^2), 4 B each, plus
        // the indirection volume (48 x 4 clipmaps) x 48 x 48 of 4-byte uints.
        assertThat(Lumen.UE5_DEFAULTS.radianceCacheBytes())
                .isEqualTo(67_108_864L + 75_759_616L + 1_769_472L);
    }

    @Test
    void theGlobalDistanceFieldIsItsSparsePageAtlasNotDenseClipmaps() {
        // Resolution 252 (a multiple of 28); 36 pages per side per clipmap, 4 clipmaps: page table 36 x 36 x 144
        // = 186,624 entries; pages = ceil(186,624 x 2 x 0.3) = 111,975 -> 7 slices of 128 x 128 pages.
        // Page atlas 1024 x 1024 x 56 R8 = 58,720,256; coverage 512 x 512 x 28 R8 = 7,340,032;
        // three R32 page tables 3 x 186,624 x 4 = 2,239,488; mips 63 x 63 x 252 R8 = 1,000,188.
        assertThat(Lumen.UE5_DEFAULTS.globalDistanceFieldBytes())
                .isEqualTo(58_720_256L + 7_340_032L + 2_239_488L + 1_000_188L);
        // DistanceFieldStreaming.cpp: "32 => 128 * 128 * 32 * 8^3 = 256Mb".
        assertThat(Lumen.UE5_DEFAULTS.meshDistanceFieldBytes()).isEqualTo(256L << 20);
    }

    @Test
    void hardwareOnlyTracingDropsTheDistanceFieldsAndOffDropsEverything() {
        Lumen hardware = new Lumen(true, Lumen.UE_ATLAS_SIZE, false);
        assertThat(hardware.globalDistanceFieldBytes()).isZero();
        assertThat(hardware.meshDistanceFieldBytes()).isZero();
        assertThat(hardware.surfaceCacheBytes()).isEqualTo(Lumen.UE5_DEFAULTS.surfaceCacheBytes());
        assertThat(Lumen.OFF.surfaceCacheBytes() + Lumen.OFF.radianceCacheBytes()
                + Lumen.OFF.globalDistanceFieldBytes() + Lumen.OFF.meshDistanceFieldBytes()).isZero();
        assertThatThrownBy(() -> new Lumen(true, 64, true)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eachViewerHasItsOwnRadianceCacheAndGlobalDistanceFieldButSharesTheRest() {
        Scene one = Scene.empty(1920, 1080).withLumen(Lumen.UE5_DEFAULTS);
        SizedEstimate e1 = SceneEstimator.estimate(one);
        SizedEstimate e2 = SceneEstimator.estimate(one.withViewers(2));
        long perView = Lumen.UE5_DEFAULTS.radianceCacheBytes() + Lumen.UE5_DEFAULTS.globalDistanceFieldBytes();
        assertThat(e1.part("lumen")).isEqualTo(318_767_104L + (256L << 20) + perView);
        assertThat(e2.part("lumen") - e1.part("lumen")).isEqualTo(perView);
    }
}
