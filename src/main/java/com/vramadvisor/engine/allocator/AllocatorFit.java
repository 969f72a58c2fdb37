package com.vramadvisor.engine.allocator;

import com.vramadvisor.engine.core.CudaContext;

/**
 * Fits the CUDA context and the allocator's fragmentation to one measured figure, keeping the tensor estimate as it
 * is. One figure cannot separate two unknowns, so the residual is given to the one whose documented uncertainty is
 * larger for that figure:
 * <ul>
 *   <li>{@link MeasurementSource#NVIDIA_SMI}: the context first, within the range measured for either module
 *       loading mode ({@link CudaContext#LAZY} low end to {@link CudaContext#EAGER} high end, the gap between the two
 *       is the largest single uncertainty of a process total), the rest to the fragmentation;</li>
 *   <li>{@link MeasurementSource#RESERVED}: all to the fragmentation (a reserved figure holds no context);</li>
 *   <li>{@link MeasurementSource#ALLOCATED}: nothing; an allocated figure checks the tensor estimate, which
 *       calibration does not change.</li>
 * </ul>
 * Fragmentation stays within 0-1 of the transient peak; what neither can absorb is left as the fit's error.
 *
 * @param contextBytes   the fitted context
 * @param fragmentation  the fitted fraction of the transient peak
 * @param predictedBytes the estimate of the measured figure after the fit
 */
public record AllocatorFit(long contextBytes, double fragmentation, long predictedBytes) {

    /** A calibrated context is known to about this much either way: libraries loaded by other runs. */
    public static final long CALIBRATED_CONTEXT_SLACK_BYTES = 256L << 20;

    /**
     * Fits {@code measuredBytes}.
     *
     * @param allocatedBytes the estimate's allocated peak (live tensors)
     * @param transientBytes the estimate's transient peak (tensors freed and allocated again within a step)
     * @param contextBytes   the context before the fit
     * @param fragmentation  the fragmentation before the fit
     * @throws IllegalArgumentException for an {@link MeasurementSource#ALLOCATED} figure or negative inputs
     */
    public static AllocatorFit fit(MeasurementSource source, long measuredBytes, long allocatedBytes,
                                   double transientBytes, long contextBytes, double fragmentation) {
        if (measuredBytes <= 0 || allocatedBytes < 0 || transientBytes < 0 || contextBytes < 0 || fragmentation < 0) {
            throw new IllegalArgumentException("measured and estimated bytes must be positive");
        }
        double context = contextBytes;
        double f = fragmentation;
        switch (source) {
            case ALLOCATED -> throw new IllegalArgumentException("an allocated figure holds neither the allocator's"
                    + " cache nor the context, so it cannot calibrate them; measure reserved or nvidia-smi");
            case RESERVED -> f = fragmentationFor(measuredBytes - allocatedBytes, transientBytes, f);
            case NVIDIA_SMI -> {
                double residual = measuredBytes - (contextBytes + allocatedBytes + f * transientBytes);
                context = clamp(contextBytes + residual, CudaContext.LAZY.lowBytes(), CudaContext.EAGER.highBytes());
                f = fragmentationFor(measuredBytes - context - allocatedBytes, transientBytes, f);
            }
            default -> throw new IllegalStateException(source.toString());
        }
        long predicted = switch (source) {
            case RESERVED -> Math.round(allocatedBytes + f * transientBytes);
            default -> Math.round(context + allocatedBytes + f * transientBytes);
        };
        return new AllocatorFit(Math.round(context), f, predicted);
    }

    private static double fragmentationFor(double reserveBytes, double transientBytes, double previous) {
        if (transientBytes < 1) {
            return previous;
        }
        return clamp(reserveBytes / transientBytes, 0, 1);
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
