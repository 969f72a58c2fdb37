package com.vramadvisor.engine.render;

import java.util.Locale;

/**
 * Unreal Engine 5's Lumen global illumination: the world-space data it keeps resident, with the engine's defaults.
 * The screen-space buffers Lumen allocates at the output resolution (screen probes, diffuse and reflection history)
 * are render targets and belong in the scene's effect targets.
 *
 * <p><b>Surface cache</b>: a square physical atlas of {@code r.LumenScene.SurfaceCache.AtlasSize} = 4096 texels per
 * side ({@code LumenSceneRendering.cpp}). Each texel holds one texel of every layer; with the default
 * {@code r.LumenScene.SurfaceCache.Compress=1} on a GPU that aliases UAVs (D3D12) the material layers are
 * block-compressed ({@code LumenSurfaceCache.cpp}, {@code GetSurfaceLayerConfig} and
 * {@code FLumenSceneData::AllocateCardAtlases}): depth {@code PF_G16} 2 B, albedo BC7 1 B, opacity {@code PF_G8} 1 B,
 * normal BC5 1 B, emissive BC6H 1 B; lighting layers are uncompressed {@code PF_FloatR11G11B10}: direct, indirect
 * (radiosity atlas, downsample factor 1 since UE 5.1, {@code LumenRadiosity.cpp}) and final lighting, 4 B each, plus
 * the radiosity frame counter {@code PF_R8} 1 B: {@value #SURFACE_CACHE_BYTES_PER_TEXEL} bytes per atlas texel in all,
 * 304 MiB at 4096.
 *
 * <p><b>Radiance cache</b> (screen probe gather, per view): a probe atlas of
 * {@code r.Lumen.ScreenProbeGather.RadianceCache.ProbeAtlasResolutionInProbes} = 128 probes per side of
 * {@code ProbeResolution} = 32 texels in {@code PF_FloatRGB} (R11G11B10, 4 B), and the final radiance atlas with a
 * one-texel border per probe (34 texels), also 4 B ({@code LumenRadianceCache.cpp}, textures
 * {@code Lumen.RadianceCache.RadianceProbeAtlasTextureSource} and {@code FinalRadianceAtlas}): 64 + 72.25 MiB.
 *
 * <p><b>Distance fields</b> (software tracing only): the mesh distance field brick atlas grows to
 * {@code r.DistanceFields.BrickAtlasSizeXYInBricks} 128 x 128 x {@code r.DistanceFields.BrickAtlasMaxSizeZ} 32 bricks
 * of 8^3 one-byte voxels, "32 => 128 * 128 * 32 * 8^3 = 256Mb" ({@code DistanceFieldStreaming.cpp}); the global
 * distance field is counted as {@value #GLOBAL_SDF_CLIPMAPS} dense clipmaps of
 * {@code r.LumenScene.GlobalSDF.Resolution} = 252^3 one-byte voxels, an upper bound because UE5 stores it sparsely in
 * a page atlas.
 *
 * @param enabled        whether the scene is lit by Lumen
 * @param atlasSize      surface cache atlas side in texels, 128 to 16,384
 * @param softwareTracing whether Lumen traces distance fields (software ray tracing, the default) rather than only
 *                       hardware ray tracing; adds the distance fields
 */
public record Lumen(boolean enabled, int atlasSize, boolean softwareTracing) {

    public static final int UE_ATLAS_SIZE = 4096;
    public static final int SURFACE_CACHE_BYTES_PER_TEXEL = 2 + 1 + 1 + 1 + 1 + 4 + 4 + 1 + 4;
    public static final int RADIANCE_PROBES_PER_SIDE = 128;
    public static final int RADIANCE_PROBE_TEXELS = 32;
    public static final int RADIANCE_TEXEL_BYTES = 4;
    public static final long MESH_SDF_ATLAS_BYTES = 128L * 128 * 32 * 8 * 8 * 8;
    public static final int GLOBAL_SDF_CLIPMAPS = 4;
    public static final int GLOBAL_SDF_RESOLUTION = 252;

    public static final Lumen OFF = new Lumen(false, UE_ATLAS_SIZE, true);
    /** Lumen with UE5's defaults and software tracing. */
    public static final Lumen UE5_DEFAULTS = new Lumen(true, UE_ATLAS_SIZE, true);

    public Lumen {
        if (atlasSize < 128 || atlasSize > 16_384) {
            throw new IllegalArgumentException("Lumen surface cache atlas must be 128 to 16384 texels per side");
        }
    }

    /** Surface cache bytes: atlas^2 x {@value #SURFACE_CACHE_BYTES_PER_TEXEL}. */
    public long surfaceCacheBytes() {
        return enabled ? (long) atlasSize * atlasSize * SURFACE_CACHE_BYTES_PER_TEXEL : 0;
    }

    /** Radiance cache bytes of one view: (128 x 32)^2 x 4 + (128 x 34)^2 x 4. */
    public long radianceCacheBytes() {
        if (!enabled) {
            return 0;
        }
        long side = (long) RADIANCE_PROBES_PER_SIDE * RADIANCE_PROBE_TEXELS;
        long finalSide = (long) RADIANCE_PROBES_PER_SIDE * (RADIANCE_PROBE_TEXELS + 2);
        return (side * side + finalSide * finalSide) * RADIANCE_TEXEL_BYTES;
    }

    /** Mesh distance field atlas plus global distance field clipmaps; 0 without software tracing. */
    public long distanceFieldBytes() {
        if (!enabled || !softwareTracing) {
            return 0;
        }
        long r = GLOBAL_SDF_RESOLUTION;
        return MESH_SDF_ATLAS_BYTES + GLOBAL_SDF_CLIPMAPS * r * r * r;
    }

    String describe(int viewers) {
        if (!enabled) {
            return "no Lumen";
        }
        String s = String.format(Locale.ROOT, "surface cache %d^2 x %d B + radiance cache (%d x %d)^2 x 4 B + (%d x %d)^2"
                + " x 4 B%s", atlasSize, SURFACE_CACHE_BYTES_PER_TEXEL, RADIANCE_PROBES_PER_SIDE,
                RADIANCE_PROBE_TEXELS, RADIANCE_PROBES_PER_SIDE, RADIANCE_PROBE_TEXELS + 2,
                viewers > 1 ? " x " + viewers + " viewers" : "");
        if (softwareTracing) {
            s += String.format(Locale.ROOT, " + mesh distance field atlas 128 x 128 x 32 bricks x 8^3 B + global"
                    + " distance field %d x %d^3 B", GLOBAL_SDF_CLIPMAPS, GLOBAL_SDF_RESOLUTION);
        }
        return s;
    }
}
