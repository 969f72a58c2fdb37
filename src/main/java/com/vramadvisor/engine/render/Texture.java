package com.vramadvisor.engine.render;

import java.util.Locale;
import java.util.Objects;

/**
 * A group of identical textures: {@code count} textures of {@code layers} layers each (6 for a cube map, N for an
 * array), each layer with {@code mipLevels} levels of its mip chain.
 *
 * <p>Bytes = {@code count x layers x} {@link MipChain#bytes} (exact per level, whole blocks).
 *
 * @param name      what the textures are, for formulas ("material albedo")
 * @param width     top-level width in texels, 1 to {@value #MAX_SIDE}
 * @param height    top-level height in texels, 1 to {@value #MAX_SIDE}
 * @param format    texel format
 * @param mipLevels levels kept, 1 to the full chain; {@link #FULL_CHAIN} (0) for the full chain
 * @param count     textures in the group, at least 1
 * @param layers    layers per texture, at least 1
 * @param residency where the engine keeps them: always resident, in the texture streaming pool, or paged through a
 *                  virtual-texture pool
 */
public record Texture(String name, int width, int height, PixelFormat format, int mipLevels, long count, int layers,
                      Residency residency) {

    /** Larger than any texture a current API creates (Direct3D 12 allows 16384; 65536 leaves room). */
    public static final int MAX_SIDE = 65_536;
    /** {@code mipLevels} value for the full chain down to 1 x 1. */
    public static final int FULL_CHAIN = 0;

    /** Where a texture's memory is counted. */
    public enum Residency {
        /** Every level always in memory: counted in full under textures. */
        RESIDENT,
        /** Streamed mips (UE texture streaming): counted against the texture streaming pool. */
        STREAMED,
        /** Paged through a virtual-texture physical pool: the pool's fixed size is counted, not the texture. */
        VIRTUAL;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Texture {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(residency, "residency");
        if (width < 1 || width > MAX_SIDE || height < 1 || height > MAX_SIDE) {
            throw new IllegalArgumentException("texture sides must be 1 to " + MAX_SIDE + ": " + width + " x "
                    + height);
        }
        int full = MipChain.fullLevels(width, height);
        if (mipLevels < 0 || mipLevels > full) {
            throw new IllegalArgumentException("a " + width + " x " + height + " texture has 1 to " + full
                    + " mip levels, not " + mipLevels);
        }
        if (count < 1 || layers < 1) {
            throw new IllegalArgumentException("texture count and layers must be at least 1");
        }
    }

    /** One resident texture with its full mip chain. */
    public static Texture of(String name, int width, int height, PixelFormat format, long count) {
        return new Texture(name, width, height, format, FULL_CHAIN, count, 1, Residency.RESIDENT);
    }

    /** Levels actually kept. */
    public int levels() {
        return mipLevels == FULL_CHAIN ? MipChain.fullLevels(width, height) : mipLevels;
    }

    /** Bytes of one texture (all its layers and levels). */
    public long bytesEach() {
        return Bytes.mul(MipChain.bytes(format, width, height, levels()), (long) layers);
    }

    /** Bytes of the whole group. */
    public long bytes() {
        return Bytes.mul(bytesEach(), count);
    }

    /** The arithmetic in words, for formulas. */
    String describe() {
        return count + " x " + name + " " + width + " x " + height + " " + format.id()
                + (layers > 1 ? " x " + layers + " layers" : "") + ", " + levels() + " mip levels";
    }
}
