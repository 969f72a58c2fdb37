package com.vramadvisor.engine.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FormatArithmeticTest {

    @Test
    void aBc7TextureOf4096SquaredWithAllMipsIs22369648Bytes() {
        // BC7 stores 16 bytes per 4 x 4 block (Microsoft, "BC7 Format"); 13 levels 4096..1, the last three each one
        // whole block: 16,777,216 + 4,194,304 + ... + 1,024 + 256 + 64 + 16 + 16 + 16 = 22,369,648.
        Texture t = Texture.of("albedo", 4096, 4096, PixelFormat.BC7, 1);
        assertThat(t.levels()).isEqualTo(13);
        assertThat(t.bytes()).isEqualTo(22_369_648L);
        // The chain has (4^13 - 1) / 3 = 22,369,621 texels at 1 byte each; the 2 x 2 and 1 x 1 levels each fill a
        // 16-byte block, 12 + 15 bytes of padding.
        assertThat(t.bytes() - ((1L << 26) - 1) / 3).isEqualTo(27);
    }

    @Test
    void a3840By2160Rgba8TargetIs33177600Bytes() {
        // DXGI_FORMAT_R8G8B8A8_UNORM is 32 bits per texel: 3840 x 2160 x 4.
        assertThat(RenderTarget.of("colour", PixelFormat.RGBA8).bytes(3840, 2160)).isEqualTo(33_177_600L);
        assertThat(new RenderTarget("msaa", PixelFormat.RGBA8, 1, 1.0, 4).bytes(3840, 2160))
                .isEqualTo(4 * 33_177_600L);
    }

    @Test
    void anUncompressedFullChainIsTheGeometricSeriesOfTexels() {
        // Texels of a full 4096^2 chain: (4^13 - 1) / 3 = 22,369,621; at 4 bytes each 89,478,484 (no block padding).
        assertThat(Texture.of("rgba", 4096, 4096, PixelFormat.RGBA8, 1).bytes()).isEqualTo(89_478_484L);
    }

    @ParameterizedTest(name = "{0} at {1} x {2}, {3} levels = {4} bytes")
    @CsvSource({
        // BC1 and BC4: 8 bytes per 4 x 4 block = 4 bits per texel (Microsoft, "Texture Block Compression in D3D11").
        "bc1, 4096, 4096, 1, 8388608",
        "bc4, 2048, 1024, 1, 1048576",
        // BC5 / BC6H: 16 bytes per block = 8 bits per texel.
        "bc5, 2048, 2048, 1, 4194304",
        "bc6h, 1024, 512, 1, 524288",
        // ASTC: 128 bits per block whatever the footprint (Khronos Data Format 1.3, section 23); 1024 / 6 -> 171
        // blocks per side.
        "astc-6x6, 1024, 1024, 1, 467856",
        "astc-4x4, 1024, 1024, 1, 1048576",
        // A 1 x 1 BC7 image still fills one whole 16-byte block.
        "bc7, 1, 1, 1, 16",
        // Non-square chain: 1920 x 1080 has 11 levels down to 1 x 1; 2,764,655 texels (1920x1080 + 960x540 + ...
        // + 3x2 + 1x1, each side halved and floored) at 4 bytes.
        "rgba8, 1920, 1080, 11, 11058620",
    })
    void levelsAreRoundedToWholeBlocks(String format, int w, int h, int levels, long bytes) {
        assertThat(MipChain.bytes(PixelFormat.parse(format), w, h, levels)).isEqualTo(bytes);
    }

    @Test
    void bitsPerTexelMatchThePublishedRates() {
        // ASTC 12 x 12 is the format's lowest rate, 0.89 bpp; 4 x 4 its highest, 8 bpp (Khronos ASTC table).
        assertThat(PixelFormat.ASTC_12X12.bitsPerTexel()).isCloseTo(0.89, org.assertj.core.data.Offset.offset(0.01));
        assertThat(PixelFormat.ASTC_4X4.bitsPerTexel()).isEqualTo(8.0);
        assertThat(PixelFormat.BC1.bitsPerTexel()).isEqualTo(4.0);
        assertThat(PixelFormat.BC7.bitsPerTexel()).isEqualTo(8.0);
    }

    @Test
    void mipLevelCountsFollowTheLargerSide() {
        assertThat(MipChain.fullLevels(4096, 4096)).isEqualTo(13);
        assertThat(MipChain.fullLevels(1920, 1080)).isEqualTo(11);
        assertThat(MipChain.fullLevels(1, 1)).isEqualTo(1);
        assertThatThrownBy(() -> Texture.of("t", 0, 16, PixelFormat.BC7, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void blockCompressedFormatsCannotBeRenderTargetsAndUnknownIdsAreNamed() {
        assertThatThrownBy(() -> RenderTarget.of("bad", PixelFormat.BC7)).hasMessageContaining("block-compressed");
        assertThatThrownBy(() -> PixelFormat.parse("dxt9")).hasMessageContaining("bc7").hasMessageContaining("astc");
        assertThat(PixelFormat.parse("ASTC_6x6")).isEqualTo(PixelFormat.ASTC_6X6);
    }

    @Test
    void vertexLayoutsAddUpTheirAttributes() {
        // glTF 2.0: POSITION VEC3 float, NORMAL VEC3 float, TANGENT VEC4 float, TEXCOORD_0 VEC2 float.
        assertThat(VertexFormats.layoutBytes("gltf")).isEqualTo(12 + 12 + 16 + 8);
        assertThat(VertexFormats.layoutBytes("ue-static")).isEqualTo(24);
        assertThatThrownBy(() -> VertexFormats.attributeBytes("float5")).hasMessageContaining("float3");
    }
}
