package com.vramadvisor.engine.llm;

/**
 * The memory a serving engine lets itself use.
 *
 * <p>vLLM reserves {@code gpu_memory_utilization} (default 0.9) of the GPU memory CUDA reports for the whole
 * engine (weights, activation peak and the KV-cache blocks it pre-allocates into what is left) and leaves the rest
 * to other processes (vLLM docs, "Engine arguments", {@code --gpu-memory-utilization}). The estimate reports what the
 * workload needs as is; compare it with {@link #usableBudget(long, double)} to decide whether it fits.
 */
public final class Serving {

    private Serving() {
    }

    /**
     * Bytes the engine may use on a device of {@code deviceBytes}: {@code floor(deviceBytes * util)}, or all of it
     * when {@code util} is 0 (no reservation policy).
     *
     * @param deviceBytes  device memory in bytes
     * @param util         fraction in [0, 1]; 0 means no reservation
     * @return usable bytes
     */
    public static long usableBudget(long deviceBytes, double util) {
        if (deviceBytes < 0) {
            throw new IllegalArgumentException("device memory must not be negative, got " + deviceBytes);
        }
        if (!(util >= 0 && util <= 1)) {
            throw new IllegalArgumentException("GPU memory utilization must be between 0 and 1, got " + util);
        }
        if (util == 0) {
            return deviceBytes;
        }
        return (long) Math.floor(deviceBytes * util);
    }
}
