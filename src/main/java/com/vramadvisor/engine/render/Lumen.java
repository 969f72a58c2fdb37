package com.vramadvisor.engine.render;

import com.vramadvisor.engine.core.Sentence;

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
 * (radiosity atlas, downsample factor 1: {@code LumenRadiosity.cpp}, "Must match
 * RADIOSITY_ATLAS_DOWNSAMPLE_FACTOR") and final lighting, 4 B each, plus
 * the radiosity frame counter {@code PF_R8} 1 B: {@value #SURFACE_CACHE_BYTES_PER_TEXEL} bytes per atlas texel in all,
 * 304 MiB at 4096. Newer engine versions add temporal-history and radiosity-probe atlases
 * ({@code DiffuseLightingAndSecondMomentHistoryAtlas}, {@code RadiosityProbeSH*Atlas}); they are not counted.
 *
 * <p><b>Radiance cache</b> (screen probe gather, per view, {@code LumenScreenProbeGather.cpp} and
 * {@code LumenRadianceCache.cpp}): a probe atlas of
 * {@code r.Lumen.ScreenProbeGather.RadianceCache.ProbeAtlasResolutionInProbes} = 128 probes per side of
 * {@code ProbeResolution} = 32 texels in {@code PF_FloatRGB} (R11G11B10, 4 B); the final radiance atlas of 128
 * probes of {@code ProbeResolution + 2 x (1 << (NumMipmaps - 1))} = 34 texels, taken at the same 4 B; and the
 * probe indirection volume of {@code GridResolution} 48 x {@code NumClipmaps} 4 by 48 x 48
 * {@code PF_R32_UINT}: 64 + 72.25 + 1.69 MiB.
 *
 * <p><b>Global distance field</b> (software tracing, per view; {@code GlobalDistanceField.cpp}): clipmap resolution
 * {@code r.LumenScene.GlobalSDF.Resolution} 252 rounded up to a multiple of 28, 4 clipmaps
 * ({@code r.AOGlobalDistanceField.NumClipmaps}; Lumen adds more only when its view distance reaches the fifth
 * clipmap's extent); a page table of {@code ceil(252 / 7)} = 36 pages per side per clipmap; a page atlas of 128 x 128
 * pages per slice and {@code ceil(36^2 x 144 x 2 x 0.3 / 128^2)} = 7 slices (two caches with
 * {@code r.AOGlobalDistanceFieldCacheMostlyStaticSeparately} 1, occupancy
 * {@code r.AOGlobalDistanceField.OccupancyRatio} 0.3), 8^3 {@code PF_R8} texels per page; a coverage atlas of 4^3
 * {@code PF_R8} texels per page; three {@code PF_R32_UINT} page tables (combined, stationary, movable layers); and a
 * {@code PF_R8} mip volume of
 * {@code ceil(252 / 4)} = 63 texels per side per clipmap: 66.1 MiB.
 *
 * <p><b>Mesh distance fields</b> (software tracing, shared): the brick atlas grows to
 * {@code r.DistanceFields.BrickAtlasSizeXYInBricks} 128 x 128 x {@code r.DistanceFields.BrickAtlasMaxSizeZ} 32 bricks
 * of 8^3 one-byte voxels, "32 => 128 * 128 * 32 * 8^3 = 256Mb" ({@code DistanceFieldStreaming.cpp}), the target the
 * streamer holds it to.
 *
 * @param enabled        whether the scene is lit by Lumen
 * @param atlasSize      surface cache atlas side in texels, 128 to 16,384
 * @param softwareTracing whether Lumen traces distance fields (software ray tracing, the default) rather than only
 *                        hardware ray tracing; adds the global and mesh distance fields
 */
public record Lumen(boolean enabled, int atlasSize, boolean softwareTracing) {

    public static final int UE_ATLAS_SIZE = 4096;
    public static final int SURFACE_CACHE_BYTES_PER_TEXEL = 2 + 1 + 1 + 1 + 1 + 4 + 4 + 1 + 4;
    public static final int RADIANCE_PROBES_PER_SIDE = 128;
    public static final int RADIANCE_PROBE_TEXELS = 32;
    public static final int RADIANCE_TEXEL_BYTES = 4;
    public static final int RADIANCE_GRID = 48;
    public static final int RADIANCE_CLIPMAPS = 4;
    public static final long MESH_SDF_ATLAS_BYTES = 128L * 128 * 32 * 8 * 8 * 8;
    public static final int GLOBAL_SDF_CLIPMAPS = 4;
    public static final int GLOBAL_SDF_RESOLUTION = 252;
    /** Page size in voxels without its filter margin, and in the atlas with it ({@code GlobalDistanceField.cpp}). */
    static final int GLOBAL_SDF_PAGE = 7;
    static final int GLOBAL_SDF_PAGE_IN_ATLAS = 8;
    static final int GLOBAL_SDF_COVERAGE_PAGE = 4;
    static final int GLOBAL_SDF_ATLAS_PAGES_XY = 128;
    static final double GLOBAL_SDF_OCCUPANCY = 0.3;
    static final int GLOBAL_SDF_MIP_FACTOR = 4;

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

    /** Radiance cache bytes of one view: (128 x 32)^2 x 4 + (128 x 34)^2 x 4 + 192 x 48 x 48 x 4. */
    public long radianceCacheBytes() {
        if (!enabled) {
            return 0;
        }
        long side = (long) RADIANCE_PROBES_PER_SIDE * RADIANCE_PROBE_TEXELS;
        long finalSide = (long) RADIANCE_PROBES_PER_SIDE * (RADIANCE_PROBE_TEXELS + 2);
        long indirection = (long) RADIANCE_GRID * RADIANCE_CLIPMAPS * RADIANCE_GRID * RADIANCE_GRID * 4;
        return (side * side + finalSide * finalSide) * RADIANCE_TEXEL_BYTES + indirection;
    }

    /** Global distance field bytes of one view (page atlas, coverage, page tables, mips); 0 without software rays. */
    public long globalDistanceFieldBytes() {
        if (!enabled || !softwareTracing) {
            return 0;
        }
        int unit = 4 * GLOBAL_SDF_PAGE;
        long resolution = (GLOBAL_SDF_RESOLUTION + unit - 1) / unit * unit;
        long tableSide = (resolution + GLOBAL_SDF_PAGE - 1) / GLOBAL_SDF_PAGE;
        long tableTexels = tableSide * tableSide * tableSide * GLOBAL_SDF_CLIPMAPS;
        long pages = (long) Math.ceil(tableTexels * 2 * GLOBAL_SDF_OCCUPANCY);
        long perSlice = (long) GLOBAL_SDF_ATLAS_PAGES_XY * GLOBAL_SDF_ATLAS_PAGES_XY;
        long slices = (pages + perSlice - 1) / perSlice;
        long atlasPages = perSlice * slices;
        long pageAtlas = atlasPages * GLOBAL_SDF_PAGE_IN_ATLAS * GLOBAL_SDF_PAGE_IN_ATLAS * GLOBAL_SDF_PAGE_IN_ATLAS;
        long coverage = atlasPages * GLOBAL_SDF_COVERAGE_PAGE * GLOBAL_SDF_COVERAGE_PAGE * GLOBAL_SDF_COVERAGE_PAGE;
        long tables = 3 * tableTexels * 4;
        long mip = (resolution + GLOBAL_SDF_MIP_FACTOR - 1) / GLOBAL_SDF_MIP_FACTOR;
        return pageAtlas + coverage + tables + mip * mip * mip * GLOBAL_SDF_CLIPMAPS;
    }

    /** Mesh distance field brick atlas bytes, shared by all views; 0 without software tracing. */
    public long meshDistanceFieldBytes() {
        return enabled && softwareTracing ? MESH_SDF_ATLAS_BYTES : 0;
    }

    Sentence describe(int viewers) {
        if (!enabled) {
            return Sentence.of("render.formula.lumen.none", "no Lumen");
        }
        Sentence perViewer = viewers > 1 ? Sentence.of("render.perViewer", " x %d viewers", viewers)
                : Sentence.plain("");
        if (softwareTracing) {
            return Sentence.of("render.formula.lumen.software", "surface cache %d^2 x %d B + (radiance cache"
                    + " (128 x 32)^2 x 4 B + (128 x 34)^2 x 4 B + 192 x 48^2 x 4 B + global distance field: page atlas"
                    + " 128 x 128 x 7 pages x 8^3 B, coverage 4^3 B per page, 3 page tables 36^2 x 144 x 4 B, mips"
                    + " 63^2 x 252 B)%s + mesh distance field atlas 128 x 128 x 32 bricks x 8^3 B", atlasSize,
                    SURFACE_CACHE_BYTES_PER_TEXEL, perViewer);
        }
        return Sentence.of("render.formula.lumen.hardware", "surface cache %d^2 x %d B + (radiance cache"
                + " (128 x 32)^2 x 4 B + (128 x 34)^2 x 4 B + 192 x 48^2 x 4 B)%s", atlasSize,
                SURFACE_CACHE_BYTES_PER_TEXEL, perViewer);
    }
}
