package com.vramadvisor.engine.render;

/**
 * The buffers of a progressive path tracer (Blender Cycles-style) per view: the render buffer of float passes for the
 * frame or the tile being rendered, and the wavefront integrator's per-path state.
 *
 * <p>Render buffer bytes = tile pixels x {@code floatChannels} x 4: Cycles stores every pass as 32-bit floats (the
 * combined pass is RGBA = 4 channels; denoising albedo and normal add 3 each). With tiling, only a
 * {@code tileSize x tileSize} tile is on the GPU at a time (Blender manual, Render > Cycles > Performance > Memory,
 * "Use Tiling", tile size 2048 by default).
 *
 * <p>Path state bytes = {@code pathStates x bytesPerPathState}. Cycles keeps
 * {@code max(SMs x threads per SM, 65,536) x 16} paths in flight ({@code CUDADeviceQueue::num_concurrent_states},
 * {@code intern/cycles/device/cuda/queue.cpp}), at least {@value #CYCLES_MIN_PATH_STATES}; the bytes per state depend
 * on the kernel features in use, so they are counted only when the scene gives them.
 *
 * @param enabled           whether the view is path traced
 * @param floatChannels     float channels per pixel in the render buffer, 1 to 256
 * @param tileSize          tile side in pixels, or 0 for the whole frame at once
 * @param pathStates        paths in flight
 * @param bytesPerPathState bytes of integrator state per path; 0 when unknown (not counted)
 */
public record PathTracer(boolean enabled, int floatChannels, int tileSize, long pathStates, int bytesPerPathState) {

    /** {@code 65,536 x 16}: Cycles' floor on paths in flight. */
    public static final long CYCLES_MIN_PATH_STATES = 65_536L * 16;
    /** Blender's default tile size. */
    public static final int CYCLES_TILE_SIZE = 2048;

    public static final PathTracer OFF = new PathTracer(false, 4, 0, CYCLES_MIN_PATH_STATES, 0);

    public PathTracer {
        if (floatChannels < 1 || floatChannels > 256) {
            throw new IllegalArgumentException("float channels must be 1 to 256");
        }
        if (tileSize < 0 || tileSize > Texture.MAX_SIDE) {
            throw new IllegalArgumentException("tile size must be 0 (whole frame) to " + Texture.MAX_SIDE);
        }
        if (pathStates < 0 || pathStates > 1L << 32) {
            throw new IllegalArgumentException("path states must be 0 to " + (1L << 32));
        }
        if (bytesPerPathState < 0 || bytesPerPathState > 1 << 16) {
            throw new IllegalArgumentException("bytes per path state must be 0 to " + (1 << 16));
        }
    }

    /** Pixels on the GPU at once for a {@code width x height} frame. */
    public long pixels(int width, int height) {
        long w = tileSize == 0 ? width : Math.min(width, tileSize);
        long h = tileSize == 0 ? height : Math.min(height, tileSize);
        return w * h;
    }

    public long renderBufferBytes(int width, int height) {
        return Bytes.mul(pixels(width, height), floatChannels * 4L);
    }

    public long pathStateBytes() {
        return Bytes.mul(pathStates, (long) bytesPerPathState);
    }
}
