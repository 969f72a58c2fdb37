package com.vramadvisor.engine.render;

import java.util.Locale;

/**
 * A texel format, described by its block: uncompressed formats are 1 x 1 blocks of their texel size, block-compressed
 * formats store a fixed number of bytes per block of texels. One level of a {@code w x h} image takes
 * {@code ceil(w / blockWidth) x ceil(h / blockHeight) x bytesPerBlock} bytes: a 1 x 1 mip of a BC7 texture still
 * fills a whole 16-byte 4 x 4 block.
 *
 * <p>Sources: BC1-BC7 block sizes from Microsoft, "Texture Block Compression in Direct3D 11" (BC1 and BC4: 8 bytes
 * per 4 x 4 block = 4 bits per texel; BC2, BC3, BC5, BC6H and BC7: 16 bytes = 8 bits per texel); ASTC from the
 * Khronos Data Format Specification 1.3, section 23 (every block is 128 bits, footprints 4 x 4 to 12 x 12);
 * uncompressed and depth sizes from the DXGI_FORMAT list (Microsoft Learn, "DXGI_FORMAT enumeration"), where
 * {@code D32_FLOAT_S8X24_UINT} occupies 64 bits per texel.
 */
public enum PixelFormat {
    R8(1, 1, 1), RG8(1, 1, 2), RGBA8(1, 1, 4), RGB10A2(1, 1, 4), R11G11B10F(1, 1, 4), RGB9E5(1, 1, 4),
    R16F(1, 1, 2), RG16F(1, 1, 4), RGBA16F(1, 1, 8), RGBA16(1, 1, 8),
    R32F(1, 1, 4), R32UI(1, 1, 4), RG32F(1, 1, 8), RGBA32F(1, 1, 16),
    D16(1, 1, 2), D24S8(1, 1, 4), D32F(1, 1, 4), D32F_S8(1, 1, 8),
    BC1(4, 4, 8), BC4(4, 4, 8), BC2(4, 4, 16), BC3(4, 4, 16), BC5(4, 4, 16), BC6H(4, 4, 16), BC7(4, 4, 16),
    ASTC_4X4(4, 4, 16), ASTC_5X4(5, 4, 16), ASTC_5X5(5, 5, 16), ASTC_6X5(6, 5, 16), ASTC_6X6(6, 6, 16),
    ASTC_8X5(8, 5, 16), ASTC_8X6(8, 6, 16), ASTC_8X8(8, 8, 16), ASTC_10X5(10, 5, 16), ASTC_10X6(10, 6, 16),
    ASTC_10X8(10, 8, 16), ASTC_10X10(10, 10, 16), ASTC_12X10(12, 10, 16), ASTC_12X12(12, 12, 16);

    private final int blockWidth;
    private final int blockHeight;
    private final int bytesPerBlock;

    PixelFormat(int blockWidth, int blockHeight, int bytesPerBlock) {
        this.blockWidth = blockWidth;
        this.blockHeight = blockHeight;
        this.bytesPerBlock = bytesPerBlock;
    }

    /** The id files and the command line use: lowercase with hyphens ({@code bc7}, {@code astc-6x6}, {@code d32f-s8}). */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public int blockWidth() {
        return blockWidth;
    }

    public int blockHeight() {
        return blockHeight;
    }

    public int bytesPerBlock() {
        return bytesPerBlock;
    }

    /** Whether texels are stored in blocks larger than one texel (BCn, ASTC): such formats cannot be rendered to. */
    public boolean blockCompressed() {
        return blockWidth > 1 || blockHeight > 1;
    }

    /** Bits per texel of a full block (BC7: 8, BC1: 4, ASTC 6 x 6: 3.56, RGBA8: 32). */
    public double bitsPerTexel() {
        return bytesPerBlock * 8.0 / (blockWidth * blockHeight);
    }

    /** Bytes of one {@code width x height} image (one mip level, one layer), whole blocks. */
    public long levelBytes(long width, long height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("image sides must be at least 1: " + width + " x " + height);
        }
        long blocksX = (width + blockWidth - 1) / blockWidth;
        long blocksY = (height + blockHeight - 1) / blockHeight;
        return Bytes.mul(Bytes.mul(blocksX, blocksY), (long) bytesPerBlock);
    }

    /**
     * The format with this id; case is ignored and underscores equal hyphens.
     *
     * @throws IllegalArgumentException naming the accepted ids
     */
    public static PixelFormat parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        StringBuilder ids = new StringBuilder();
        for (PixelFormat f : values()) {
            if (f.id().equals(t)) {
                return f;
            }
            ids.append(ids.length() == 0 ? "" : ", ").append(f.id());
        }
        throw new IllegalArgumentException("unknown format (expected one of " + ids + ")");
    }
}
