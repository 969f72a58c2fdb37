package com.vramadvisor.engine.speed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Which part of the benchmark corpus a measurement is in, decided by its identifiers alone, exactly as
 * {@code catalog/benchmarks/README.md} ("The split") states it, before any fitting:
 * <ol>
 *   <li>a whole source is held out when the first byte of SHA-256 of its {@code sourceId} (UTF-8), read as an unsigned
 *       number 0-255, is divisible by {@value #SOURCE_DIVISOR};</li>
 *   <li>in the other sources a measurement is held out when the first byte of SHA-256 of its {@code id} (UTF-8) is
 *       divisible by {@value #POINT_DIVISOR}; otherwise it is in the fit part.</li>
 * </ol>
 * Fitting reads only {@link Part#FIT} points.
 */
public final class BenchmarkSplit {

    /** Rule 1: a source whose hash's first byte is divisible by this is held out whole (about one in six). */
    public static final int SOURCE_DIVISOR = 6;
    /** Rule 2: a point whose hash's first byte is divisible by this is held out (about one in three). */
    public static final int POINT_DIVISOR = 3;

    /** The two parts. */
    public enum Part {
        FIT("fit"), HELD_OUT("held-out");

        private final String id;

        Part(String id) {
            this.id = id;
        }

        /** As the corpus README writes it. */
        public String id() {
            return id;
        }
    }

    private BenchmarkSplit() {
    }

    /** The part of the measurement {@code id} of source {@code sourceId}. */
    public static Part part(String sourceId, String id) {
        if (sourceHeldOut(sourceId)) {
            return Part.HELD_OUT;
        }
        return firstByte(id) % POINT_DIVISOR == 0 ? Part.HELD_OUT : Part.FIT;
    }

    /** Whether the whole source {@code sourceId} is held out (rule 1). */
    public static boolean sourceHeldOut(String sourceId) {
        return firstByte(sourceId) % SOURCE_DIVISOR == 0;
    }

    /** The first byte of SHA-256 of {@code text} in UTF-8, as an unsigned number 0-255. */
    public static int firstByte(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return digest[0] & 0xff;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
