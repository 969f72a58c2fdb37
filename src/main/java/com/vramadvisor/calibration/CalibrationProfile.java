package com.vramadvisor.calibration;

import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.allocator.AllocatorFit;
import com.vramadvisor.engine.allocator.MeasurementSource;
import java.util.Objects;

/**
 * A runtime overhead fitted to one measured run on one GPU ({@code calibrate}), saved so that later estimates for
 * that GPU and framework start from it ({@code --calibration FILE}).
 *
 * @param name            the profile's name, for output
 * @param gpuId           the catalog GPU the run was measured on
 * @param source          what the measured figure counts
 * @param measuredBytes   the measured figure
 * @param estimatedBytes  the estimate of that figure before calibration
 * @param contextBytes    the fitted CUDA context
 * @param fragmentation   the fitted allocator fragmentation (fraction of the transient peak)
 */
public record CalibrationProfile(String name, String gpuId, MeasurementSource source, long measuredBytes,
                                 long estimatedBytes, long contextBytes, double fragmentation) {

    /** Profiles hold figures of one GPU: at most 1 PiB. */
    public static final long MAX_BYTES = 1L << 50;

    public CalibrationProfile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(gpuId, "gpuId");
        Objects.requireNonNull(source, "source");
        if (measuredBytes <= 0 || measuredBytes > MAX_BYTES || estimatedBytes < 0 || estimatedBytes > MAX_BYTES
                || contextBytes < 0 || contextBytes > MAX_BYTES) {
            throw new IllegalArgumentException("byte figures must be between 0 and 1 PiB");
        }
        if (!(fragmentation >= 0 && fragmentation <= 1)) {
            throw new IllegalArgumentException("fragmentation must be between 0 and 1, got " + fragmentation);
        }
    }

    /**
     * The runtime overhead this profile stands for: its context, known to
     * {@link AllocatorFit#CALIBRATED_CONTEXT_SLACK_BYTES} either way, and its fragmentation.
     */
    public RuntimeOverhead overhead() {
        long slack = AllocatorFit.CALIBRATED_CONTEXT_SLACK_BYTES;
        return new RuntimeOverhead(true, contextBytes, fragmentation, Math.max(0, contextBytes - slack),
                contextBytes + slack);
    }
}
