package com.vramadvisor.engine.core;

/**
 * What a workload needs a GPU's software to offer besides memory and arithmetic, so the decision table can leave out
 * GPUs on which no software runs it. The decision table's rules and their sources are in {@code docs/decision-table.md}
 * ("What runs where").
 */
public enum GpuFeature {
    /** Real-time rasterised or hybrid rendering: a graphics API (Vulkan or DirectX 12) from the vendor's driver. */
    GRAPHICS_API,
    /**
     * Offline GPU path tracing: one of the compute back-ends production path tracers run on (CUDA/OptiX, HIP,
     * oneAPI, Metal; Blender Cycles' list).
     */
    PATH_TRACING,
    /**
     * Streamed collaborative review of a USD stage in NVIDIA Omniverse: NVIDIA's RTX renderer, so an NVIDIA GPU with
     * a graphics driver, one stream per renderer instance.
     */
    RTX_STREAMING
}
