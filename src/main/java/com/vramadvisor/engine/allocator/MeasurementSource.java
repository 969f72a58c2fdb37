package com.vramadvisor.engine.allocator;

import java.util.Locale;

/** What a measured figure counts, and so which part of the estimate it is compared with. */
public enum MeasurementSource {
    /** {@code nvidia-smi} or NVML process memory: live tensors, the allocator's cache and the CUDA context. */
    NVIDIA_SMI("nvidia-smi"),
    /** {@code torch.cuda.max_memory_reserved()}: live tensors and the allocator's cache, no context. */
    RESERVED("reserved"),
    /** {@code torch.cuda.max_memory_allocated()}: live tensors only. */
    ALLOCATED("allocated");

    private final String id;

    MeasurementSource(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /**
     * The source {@code text} names ({@code nvidia-smi}, {@code reserved}, {@code allocated}; any case).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static MeasurementSource parse(String text) {
        String key = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (MeasurementSource s : values()) {
            if (s.id.equals(key)) {
                return s;
            }
        }
        throw new IllegalArgumentException("the source must be nvidia-smi, reserved or allocated, got '" + text + "'");
    }
}
