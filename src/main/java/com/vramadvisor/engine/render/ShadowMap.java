package com.vramadvisor.engine.render;

import java.util.Objects;

/**
 * Fixed-size shadow maps (cascades of a directional light, cube faces of point lights). They do not follow the
 * output resolution but are rendered per view, so each viewer has its own.
 *
 * <p>Bytes = {@code count x} {@link PixelFormat#levelBytes}{@code (size, size)}. UE5's virtual shadow maps are a
 * page pool instead ({@link StreamingPools#virtualShadowMapPages()}).
 *
 * @param name   what the maps are ("sun cascades")
 * @param size   side in texels, 1 to {@value Texture#MAX_SIDE}
 * @param format depth format, usually {@link PixelFormat#D32F} or {@link PixelFormat#D16}
 * @param count  maps of this size, at least 1
 */
public record ShadowMap(String name, int size, PixelFormat format, int count) {

    public ShadowMap {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        if (size < 1 || size > Texture.MAX_SIDE) {
            throw new IllegalArgumentException("shadow map size must be 1 to " + Texture.MAX_SIDE);
        }
        if (count < 1) {
            throw new IllegalArgumentException("shadow map count must be at least 1");
        }
    }

    public long bytes() {
        return Bytes.mul(format.levelBytes(size, size), (long) count);
    }

    String describe() {
        return count + " x " + name + " " + size + " x " + size + " " + format.id();
    }
}
