package com.vramadvisor.engine.render;

/**
 * Saturating byte arithmetic: a product or sum beyond {@link Long#MAX_VALUE} stays at {@link Long#MAX_VALUE}, which
 * fits no GPU, instead of overflowing or throwing. Scene files may describe absurd sizes (a billion 64K textures);
 * the estimate then says "does not fit" rather than failing.
 */
final class Bytes {

    private Bytes() {
    }

    static long mul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if (a < 0 || b < 0) {
            throw new IllegalArgumentException("negative byte arithmetic");
        }
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }

    static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
