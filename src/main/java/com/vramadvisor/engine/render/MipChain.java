package com.vramadvisor.engine.render;

/**
 * The mip chain of a 2D image: level {@code i} is {@code max(1, w >> i) x max(1, h >> i)}, and a full chain runs down
 * to 1 x 1, {@code floor(log2(max(w, h))) + 1} levels (Direct3D 11 functional specification, "Mipmaps"; Vulkan
 * specification, "Image Mip Level Sizing"). Each level is rounded up to whole blocks of its format, so the
 * total is exact rather than the textbook {@code 4/3} of the top level: a 4096 x 4096 BC7 texture with all 13 levels
 * takes 22,369,648 bytes, 27 more than its 22,369,621 texels at one byte each, because the 2 x 2 and 1 x 1 levels each
 * fill a whole 16-byte 4 x 4 block.
 */
public final class MipChain {

    private MipChain() {
    }

    /** Levels of a full chain for an image whose larger side is {@code max(width, height)}. */
    public static int fullLevels(long width, long height) {
        long side = Math.max(width, height);
        if (side < 1) {
            throw new IllegalArgumentException("image sides must be at least 1");
        }
        return 64 - Long.numberOfLeadingZeros(side);
    }

    /**
     * Bytes of the first {@code levels} levels of one layer.
     *
     * @param levels 1 to {@link #fullLevels(long, long)}
     */
    public static long bytes(PixelFormat format, long width, long height, int levels) {
        int full = fullLevels(width, height);
        if (levels < 1 || levels > full) {
            throw new IllegalArgumentException("a " + width + " x " + height + " image has 1 to " + full
                    + " mip levels, not " + levels);
        }
        long sum = 0;
        for (int i = 0; i < levels; i++) {
            sum = Bytes.add(sum, format.levelBytes(Math.max(1, width >> i), Math.max(1, height >> i)));
        }
        return sum;
    }
}
