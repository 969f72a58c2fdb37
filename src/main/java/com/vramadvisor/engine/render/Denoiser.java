package com.vramadvisor.engine.render;

/**
 * An image denoiser run on the GPU after path tracing (Intel Open Image Denoise-style): its full-frame float3 images
 * (noisy colour, albedo, normal and the output: 4 x 12 bytes per pixel, OIDN's {@code OIDN_FORMAT_FLOAT3}) and the
 * network's scratch memory, which OIDN caps by denoising in tiles: "Reduced the default maximum memory consumption to
 * 3000 MB" (OIDN 1.4.0 release notes, filter parameter {@code maxMemoryMB}). The scratch is counted at the cap,
 * an upper bound at small resolutions. Real-time denoisers (NRD, DLSS Ray Reconstruction) keep their history as
 * render targets instead.
 *
 * @param enabled    whether a denoiser runs
 * @param images     full-frame float3 images, 1 to 64
 * @param scratchMiB scratch memory in MiB, 0 to 1 TiB
 */
public record Denoiser(boolean enabled, int images, long scratchMiB) {

    public static final int FLOAT3_BYTES = 12;
    public static final int OIDN_IMAGES = 4;
    public static final long OIDN_MAX_MEMORY_MIB = 3000;

    public static final Denoiser OFF = new Denoiser(false, OIDN_IMAGES, 0);
    public static final Denoiser OIDN = new Denoiser(true, OIDN_IMAGES, OIDN_MAX_MEMORY_MIB);

    public Denoiser {
        if (images < 1 || images > 64) {
            throw new IllegalArgumentException("denoiser images must be 1 to 64");
        }
        if (scratchMiB < 0 || scratchMiB > StreamingPools.MAX_MIB) {
            throw new IllegalArgumentException("denoiser scratch must be 0 to " + StreamingPools.MAX_MIB + " MiB");
        }
    }

    public long imageBytes(int width, int height) {
        return Bytes.mul((long) width * height, (long) images * FLOAT3_BYTES);
    }
}
