package com.vramadvisor.engine.core;

/**
 * The band an estimate's true value lies in, in bytes: its error bars. The low end takes every documented
 * uncertainty at its most favourable value (no allocator fragmentation, the smallest CUDA context measured), the
 * high end at its least favourable one; which uncertainties count is stated where the range is made (for language
 * models {@code com.vramadvisor.engine.allocator.CachingAllocator#range}).
 *
 * @param lowBytes  low end, at least 0
 * @param highBytes high end, at least {@code lowBytes}
 */
public record MemoryRange(long lowBytes, long highBytes) {

    public MemoryRange {
        if (lowBytes < 0 || highBytes < lowBytes) {
            throw new IllegalArgumentException("a range needs 0 <= low <= high, got " + lowBytes + ".." + highBytes);
        }
    }

    /** A range of one value: an estimate without documented uncertainty. */
    public static MemoryRange point(long bytes) {
        return new MemoryRange(bytes, bytes);
    }

    /** Whether {@code bytes} lies inside the band, ends included. */
    public boolean contains(long bytes) {
        return bytes >= lowBytes && bytes <= highBytes;
    }

    /**
     * The three-state answer against {@code capacityBytes}: {@link FitVerdict#FITS} when the high end fits,
     * {@link FitVerdict#TIGHT} when only the low end does, {@link FitVerdict#DOES_NOT_FIT} when not even the low end
     * does.
     */
    public FitVerdict verdict(long capacityBytes) {
        if (highBytes <= capacityBytes) {
            return FitVerdict.FITS;
        }
        return lowBytes <= capacityBytes ? FitVerdict.TIGHT : FitVerdict.DOES_NOT_FIT;
    }
}
