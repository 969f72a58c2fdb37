package com.vramadvisor.engine.llm;

import com.vramadvisor.engine.core.MemoryRange;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Per-GPU memory of one workload.
 *
 * @param parameters          total parameters of the model
 * @param activeParameters    parameters a token passes through (differs from the total for mixture-of-experts)
 * @param trainableParameters parameters that receive gradients (all for full training, the adapters for LoRA, none
 *                            for inference)
 * @param components          the largest size each component reaches during the step, in bytes
 * @param phases              live bytes per component at each phase evaluated
 * @param peakBytes           the largest phase total: what the GPU must hold
 * @param peakPhase           the phase that sets the peak
 * @param assumptions         human-readable statements of what the estimate assumes (English; the UI translates
 *                            the documented keys itself)
 * @param contextBytes        the CUDA context inside {@link Component#RUNTIME_OVERHEAD}
 * @param allocatorReserveBytes the caching allocator's reserve inside {@link Component#RUNTIME_OVERHEAD}
 *                            ({@link com.vramadvisor.engine.allocator.CachingAllocator})
 * @param range               the band the process total lies in, from the documented uncertainties (allocator
 *                            fragmentation, CUDA context and libraries); a single point when there are none
 * @param hostBytes           host memory one GPU's process needs for what offload moved off the GPU (pinned
 *                            DeepSpeed partitions, FSDP shards, llama.cpp blocks left on the CPU); 0 without offload
 * @param nvmeBytes           NVMe space one GPU's process needs under ZeRO-Infinity; 0 otherwise
 */
public record Estimate(long parameters, long activeParameters, long trainableParameters,
                       Map<Component, Long> components, List<PhaseBreakdown> phases, long peakBytes, Phase peakPhase,
                       List<String> assumptions, long contextBytes, long allocatorReserveBytes, MemoryRange range,
                       long hostBytes, long nvmeBytes) {

    public Estimate {
        if (hostBytes < 0 || nvmeBytes < 0) {
            throw new IllegalArgumentException("host and NVMe bytes cannot be negative");
        }
        components = Collections.unmodifiableMap(new EnumMap<>(components));
        phases = List.copyOf(phases);
        assumptions = List.copyOf(assumptions);
        if (contextBytes < 0 || allocatorReserveBytes < 0 || contextBytes + allocatorReserveBytes > peakBytes) {
            throw new IllegalArgumentException("context and allocator reserve must lie within the peak");
        }
        Objects.requireNonNull(range, "range");
    }

    /** An estimate without offload: nothing in host memory or on NVMe. */
    public Estimate(long parameters, long activeParameters, long trainableParameters,
                    Map<Component, Long> components, List<PhaseBreakdown> phases, long peakBytes, Phase peakPhase,
                    List<String> assumptions, long contextBytes, long allocatorReserveBytes, MemoryRange range) {
        this(parameters, activeParameters, trainableParameters, components, phases, peakBytes, peakPhase,
                assumptions, contextBytes, allocatorReserveBytes, range, 0, 0);
    }

    /**
     * An estimate whose runtime overhead is all context and whose range is its peak alone (for estimates made
     * without the allocator model).
     */
    public Estimate(long parameters, long activeParameters, long trainableParameters,
                    Map<Component, Long> components, List<PhaseBreakdown> phases, long peakBytes, Phase peakPhase,
                    List<String> assumptions) {
        this(parameters, activeParameters, trainableParameters, components, phases, peakBytes, peakPhase,
                assumptions, overheadAtPeak(phases, peakPhase), 0, MemoryRange.point(peakBytes), 0, 0);
    }

    /**
     * Whether the peak reached 2^63-1 bytes (8 EiB), where the byte counts saturate: the figures then say only "at
     * least this much", and no total may be read as exact. No GPU holds such a workload.
     */
    public boolean saturated() {
        return peakBytes == Long.MAX_VALUE;
    }

    /**
     * Peak bytes held by live tensors: what {@code torch.cuda.max_memory_allocated()} reports, the peak without the
     * runtime overhead; saturated with the peak ({@link #saturated()}).
     */
    public long allocatedPeakBytes() {
        return saturated() ? Long.MAX_VALUE : peakBytes - contextBytes - allocatorReserveBytes;
    }

    /**
     * Peak bytes the caching allocator holds: {@code torch.cuda.max_memory_reserved()}, the peak less the context;
     * saturated with the peak.
     */
    public long reservedPeakBytes() {
        return saturated() ? Long.MAX_VALUE : peakBytes - contextBytes;
    }

    /** The process total with the CUDA context, the figure {@code nvidia-smi} shows: {@link #peakBytes()}. */
    public long processPeakBytes() {
        return peakBytes;
    }

    private static long overheadAtPeak(List<PhaseBreakdown> phases, Phase peakPhase) {
        for (PhaseBreakdown p : phases) {
            if (p.phase() == peakPhase) {
                return p.get(Component.RUNTIME_OVERHEAD);
            }
        }
        return 0;
    }

    public long component(Component c) {
        return components.getOrDefault(c, 0L);
    }

    /** The breakdown at the peak phase; its total equals {@link #peakBytes()}. */
    public PhaseBreakdown peakBreakdown() {
        for (PhaseBreakdown p : phases) {
            if (p.phase() == peakPhase) {
                return p;
            }
        }
        throw new IllegalStateException("no breakdown for the peak phase " + peakPhase);
    }
}
