package com.vramadvisor.catalog.local;

/**
 * One GPU of this machine as its vendor's tool reports it.
 *
 * @param tool             the tool that listed it ({@code nvidia-smi}, {@code rocm-smi}, {@code system_profiler})
 * @param name             the name the tool prints ({@code NVIDIA H100 80GB HBM3}, {@code AMD Instinct MI300X})
 * @param memoryBytesTotal its total memory in bytes; for an Apple GPU the machine's unified memory
 *                         ({@code sysctl hw.memsize}); 0 when the tool did not say
 * @param busId            its PCI bus id where the tool gives one ({@code 00000000:18:00.0}), otherwise empty
 */
public record DetectedGpu(String tool, String name, long memoryBytesTotal, String busId) {

    /** Rejects nulls and negative sizes. */
    public DetectedGpu {
        if (tool == null || name == null || busId == null || memoryBytesTotal < 0) {
            throw new IllegalArgumentException(
                    "detected GPU needs a tool, a name, a bus id (may be empty), memory >= 0");
        }
    }
}
