package com.vramadvisor.engine.render;

import java.util.Objects;

/**
 * Render targets that follow the output resolution: the G-buffer, scene colour, depth, velocity, MSAA surfaces and
 * temporal history (TAA, upscalers). A target at {@code scale} of a {@code W x H} output is
 * {@code ceil(W x scale) x ceil(H x scale)} texels.
 *
 * <p>Bytes = {@code count x samples x} {@link PixelFormat#levelBytes}{@code (ceil(W x scale), ceil(H x scale))}: an
 * MSAA surface stores every sample (Direct3D 11 functional specification, multisample render
 * targets). A 3840 x 2160 RGBA8 target is 33,177,600 bytes.
 *
 * @param name    what the target holds ("GBufferA normals", "TSR history")
 * @param format  texel format (not block-compressed: block formats cannot be rendered to)
 * @param count   targets of this kind, at least 1
 * @param scale   fraction of the output resolution per side, above 0 and at most {@value #MAX_SCALE}
 *                (0.5 for a half-resolution buffer, 0.667 for a quality upscaler's internal resolution)
 * @param samples MSAA samples per texel: 1, 2, 4, 8 or 16
 */
public record RenderTarget(String name, PixelFormat format, int count, double scale, int samples) {

    /** Super-sampling beyond 4 x per side is not a render target size anyone allocates. */
    public static final double MAX_SCALE = 4.0;

    public RenderTarget {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        if (format.blockCompressed()) {
            throw new IllegalArgumentException(format.id() + " is block-compressed and cannot be a render target");
        }
        if (count < 1) {
            throw new IllegalArgumentException("render target count must be at least 1");
        }
        if (!(scale > 0 && scale <= MAX_SCALE)) {
            throw new IllegalArgumentException("render target scale must be above 0 and at most " + MAX_SCALE);
        }
        if (samples < 1 || samples > 16 || Integer.bitCount(samples) != 1) {
            throw new IllegalArgumentException("MSAA samples must be 1, 2, 4, 8 or 16, not " + samples);
        }
    }

    /** One full-resolution, single-sampled target. */
    public static RenderTarget of(String name, PixelFormat format) {
        return new RenderTarget(name, format, 1, 1.0, 1);
    }

    /** Bytes at an output of {@code width x height}. */
    public long bytes(int width, int height) {
        long w = (long) Math.ceil(width * scale - 1e-9);
        long h = (long) Math.ceil(height * scale - 1e-9);
        return Bytes.mul(format.levelBytes(Math.max(1, w), Math.max(1, h)), (long) count * samples);
    }

    String describe() {
        return count + " x " + name + " " + format.id() + (scale != 1.0 ? " at " + scale + " scale" : "")
                + (samples > 1 ? " x " + samples + " samples" : "");
    }
}
