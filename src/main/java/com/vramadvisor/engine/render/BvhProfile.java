package com.vramadvisor.engine.render;

import java.util.Locale;

/**
 * Compacted bottom-level acceleration structure (BLAS) bytes per triangle by GPU family. The layout of a BLAS is the
 * driver's own, so the figures are measurements: A. Kapoulkine, "Measuring acceleration structures" (zeux.io,
 * 31 March 2025), Amazon Lumberyard Bistro, 1.754 M triangles, fp16 positions, PREFER_FAST_TRACE, compacted, latest
 * drivers of March 2025: RTX 2080/3050/4090 45-46 MB (25.7-26.5 B/triangle), RTX 5070 33 MB (18.8), Radeon 7900 GRE
 * (RDNA3) 100 MB (57.0), Radeon 9070 (RDNA4) 84 MB (47.9), Arc B580 45.0 B/triangle.
 *
 * <p>Before compaction a BLAS is the size the driver reserves for the worst case; compaction "reduces the memory
 * footprint for a BLAS by at least 50%" for some games (NVIDIA, "Tips: Acceleration Structure Compaction", 2021) and
 * typically to "45-50% of the original size" (A. Tardif, "How to Compact Acceleration Structures in D3D12"), so the
 * uncompacted figure is taken as twice the compacted one ({@link #COMPACTED_FRACTION}).
 */
public enum BvhProfile {
    /** NVIDIA Turing, Ampere and Ada (RTX 20, 30, 40 series and their workstation and data-centre parts). */
    NVIDIA(25.7),
    /** NVIDIA Blackwell (RTX 50 series). */
    NVIDIA_BLACKWELL(18.8),
    /** AMD RDNA2 and RDNA3 with AMD's own driver. */
    AMD_RDNA3(57.0),
    /** AMD RDNA4. */
    AMD_RDNA4(47.9),
    /** Intel Xe2 (Arc B series). */
    INTEL(45.0);

    /** Compacted size as a fraction of the uncompacted build. */
    public static final double COMPACTED_FRACTION = 0.5;

    private final double compactedBytesPerTriangle;

    BvhProfile(double compactedBytesPerTriangle) {
        this.compactedBytesPerTriangle = compactedBytesPerTriangle;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public double compactedBytesPerTriangle() {
        return compactedBytesPerTriangle;
    }

    public double uncompactedBytesPerTriangle() {
        return compactedBytesPerTriangle / COMPACTED_FRACTION;
    }

    /** @throws IllegalArgumentException naming the accepted ids */
    public static BvhProfile parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (BvhProfile p : values()) {
            if (p.id().equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown GPU family (expected nvidia, nvidia-blackwell, amd-rdna3,"
                + " amd-rdna4 or intel)");
    }
}
