package com.vramadvisor.engine;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

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
 */
public record Estimate(long parameters, long activeParameters, long trainableParameters,
                       Map<Component, Long> components, List<PhaseBreakdown> phases, long peakBytes, Phase peakPhase,
                       List<String> assumptions) {

    public Estimate {
        components = Collections.unmodifiableMap(new EnumMap<>(components));
        phases = List.copyOf(phases);
        assumptions = List.copyOf(assumptions);
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
