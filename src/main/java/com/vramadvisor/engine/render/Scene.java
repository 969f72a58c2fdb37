package com.vramadvisor.engine.render;

import java.util.List;
import java.util.Objects;

/**
 * A scene to render, as an immutable value: what it draws into (render targets and shadow maps at the output
 * resolution), what it draws (textures, meshes), how (ray tracing, path tracer, denoiser), the streaming pools of
 * its engine, how many viewers look at it at once, and the driver's fixed share. Every part may be empty, so a
 * scene of one texture is valid; {@link #empty(int, int)} is the starting point for a form that fills it in.
 *
 * @param name              what the scene is, for titles ("4K game scene")
 * @param source            where its figures come from (free text, shown with the estimate)
 * @param width             output width in pixels, 1 to {@value #MAX_SIDE}
 * @param height            output height in pixels, 1 to {@value #MAX_SIDE}
 * @param renderTargets     resolution-dependent targets, per viewer
 * @param effectTargets     resolution-dependent lighting and post-process targets (Lumen screen probes and history,
 *                          bloom and depth-of-field chains, visibility buffer, swap chain), per viewer
 * @param shadowMaps        fixed-size shadow maps, per viewer
 * @param textures          texture groups, shared by all viewers
 * @param meshes            mesh groups, shared
 * @param rayTracing        acceleration structures, shared
 * @param pools             streaming pools, shared
 * @param lumen             Lumen's world-space caches (surface cache and distance fields shared, radiance cache per
 *                          viewer)
 * @param pathTracer        path tracer buffers, per viewer
 * @param denoiser          denoiser images and scratch, per viewer
 * @param viewers           concurrent views of the scene on one GPU (collaborative review), 1 to {@value #MAX_VIEWERS}
 * @param driverOverheadMiB the driver's and runtime's fixed share, in MiB
 */
public record Scene(String name, String source, int width, int height, List<RenderTarget> renderTargets,
                    List<RenderTarget> effectTargets, List<ShadowMap> shadowMaps, List<Texture> textures,
                    List<Mesh> meshes, RayTracing rayTracing,
                    StreamingPools pools, Lumen lumen, PathTracer pathTracer, Denoiser denoiser, int viewers,
                    long driverOverheadMiB) {

    /** Larger than any display or film frame (16K is 15360 wide). */
    public static final int MAX_SIDE = 32_768;
    public static final int MAX_VIEWERS = 4096;

    public Scene {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(rayTracing, "rayTracing");
        Objects.requireNonNull(pools, "pools");
        Objects.requireNonNull(lumen, "lumen");
        Objects.requireNonNull(pathTracer, "pathTracer");
        Objects.requireNonNull(denoiser, "denoiser");
        renderTargets = List.copyOf(renderTargets);
        effectTargets = List.copyOf(effectTargets);
        shadowMaps = List.copyOf(shadowMaps);
        textures = List.copyOf(textures);
        meshes = List.copyOf(meshes);
        if (width < 1 || width > MAX_SIDE || height < 1 || height > MAX_SIDE) {
            throw new IllegalArgumentException("resolution must be 1 to " + MAX_SIDE + " per side: " + width + " x "
                    + height);
        }
        if (viewers < 1 || viewers > MAX_VIEWERS) {
            throw new IllegalArgumentException("viewers must be 1 to " + MAX_VIEWERS);
        }
        if (driverOverheadMiB < 0 || driverOverheadMiB > StreamingPools.MAX_MIB) {
            throw new IllegalArgumentException("driver overhead must be 0 to " + StreamingPools.MAX_MIB + " MiB");
        }
    }

    /** A scene with nothing in it at this resolution: one viewer, no pools, no ray tracing, no driver share. */
    public static Scene empty(int width, int height) {
        return new Scene("scene", "", width, height, List.of(), List.of(), List.of(), List.of(), List.of(),
                RayTracing.OFF, StreamingPools.NONE, Lumen.OFF, PathTracer.OFF, Denoiser.OFF, 1, 0);
    }

    public Scene withName(String name, String source) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withResolution(int width, int height) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withViewers(int viewers) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withRenderTargets(List<RenderTarget> renderTargets, List<ShadowMap> shadowMaps) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withEffectTargets(List<RenderTarget> effectTargets) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withLumen(Lumen lumen) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withContent(List<Texture> textures, List<Mesh> meshes) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withRayTracing(RayTracing rayTracing) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withPools(StreamingPools pools) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withOfflineRendering(PathTracer pathTracer, Denoiser denoiser) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }

    public Scene withDriverOverheadMiB(long driverOverheadMiB) {
        return new Scene(name, source, width, height, renderTargets, effectTargets, shadowMaps, textures,
                meshes, rayTracing, pools, lumen, pathTracer, denoiser, viewers, driverOverheadMiB);
    }
}
