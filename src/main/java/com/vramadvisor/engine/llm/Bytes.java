package com.vramadvisor.engine.llm;

/** Element sizes and the double-to-long conversion the engine uses. Internally all sizes are doubles. */
final class Bytes {

    private Bytes() {
    }

    /** Rounds a non-negative byte count up to a whole byte, saturating at {@link Long#MAX_VALUE}; NaN/negative = 0. */
    static long saturate(double bytes) {
        if (!(bytes > 0)) {
            return 0;
        }
        if (bytes >= 9.2e18) {
            return Long.MAX_VALUE;
        }
        return (long) Math.ceil(bytes);
    }

    /**
     * Bytes of one saved activation element: 4 for fp32/tf32 training, otherwise 2. FP8 training keeps its
     * activations at 16 bits here (Transformer Engine saves fp8 copies of some GEMM inputs; counting them at 16 bits
     * is the conservative choice).
     */
    static double activationBytes(Precision p) {
        return p.compute() == DataType.FP32 ? 4 : 2;
    }

    /** Whether a weight type is an integer, fp8 or block format rather than a plain 16/32-bit float. */
    static boolean quantized(DataType d) {
        return d != DataType.FP32 && d != DataType.TF32 && d != DataType.FP16 && d != DataType.BF16;
    }
}
