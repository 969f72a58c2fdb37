package com.vramadvisor.engine.render;

import com.vramadvisor.engine.core.GpuFeature;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link Scene} as a {@link Sizable}: it grows along the number of concurrent viewers, the question a
 * collaborative review (Omniverse-style) asks of a GPU ("how many reviewers can one card serve?"). Each viewer adds
 * its per-view buffers; the scene data is paid once. The output resolution is not the axis because it is two numbers
 * fixed by the display; {@code estimate --resolution} answers it. A scene does not spread over GPUs
 * ({@link #perGpu(int)} stays the default): every GPU holds its own copy.
 */
public record RenderWorkload(Scene scene) implements Sizable {

    public static final SizingAxis VIEWERS = new SizingAxis("maxViewers", "viewers", 1, Scene.MAX_VIEWERS);

    public RenderWorkload {
        Objects.requireNonNull(scene, "scene");
    }

    @Override
    public SizedEstimate estimate() {
        return SceneEstimator.estimate(scene);
    }

    /**
     * A path-traced scene needs a path tracer's compute back-end; any other scene is rendered in real time through a
     * graphics API; a scene with several viewers is a streamed review, one RTX renderer stream per viewer.
     */
    @Override
    public Set<GpuFeature> gpuFeatures() {
        Set<GpuFeature> needs = EnumSet.noneOf(GpuFeature.class);
        needs.add(scene.pathTracer().enabled() ? GpuFeature.PATH_TRACING : GpuFeature.GRAPHICS_API);
        if (scene.viewers() > 1) {
            needs.add(GpuFeature.RTX_STREAMING);
        }
        return Set.copyOf(needs);
    }

    /** Every viewer of a review is a stream of its own. */
    @Override
    public int streams() {
        return scene.viewers();
    }

    @Override
    public Sizable oneStream() {
        return new RenderWorkload(scene.withViewers(1));
    }

    @Override
    public SizingAxis axis() {
        return VIEWERS;
    }

    @Override
    public long axisValue() {
        return scene.viewers();
    }

    @Override
    public Sizable withAxisValue(long value) {
        long v = Math.max(VIEWERS.min(), Math.min(VIEWERS.max(), value));
        return new RenderWorkload(scene.withViewers((int) v));
    }
}
