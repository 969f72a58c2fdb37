package com.vramadvisor.engine.llm;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Bytes alive per component at one phase of a step, per GPU.
 *
 * @param phase  the moment
 * @param bytes  live bytes per component (absent components are 0)
 */
public record PhaseBreakdown(Phase phase, Map<Component, Long> bytes) {

    public PhaseBreakdown {
        EnumMap<Component, Long> copy = new EnumMap<>(Component.class);
        for (Component c : Component.values()) {
            long v = bytes.getOrDefault(c, 0L);
            if (v < 0) {
                throw new IllegalArgumentException(c + " must not be negative");
            }
            copy.put(c, v);
        }
        bytes = Collections.unmodifiableMap(copy);
    }

    /** Sum of all components, saturating at {@link Long#MAX_VALUE}. */
    public long totalBytes() {
        long sum = 0;
        for (long v : bytes.values()) {
            sum = sum > Long.MAX_VALUE - v ? Long.MAX_VALUE : sum + v;
        }
        return sum;
    }

    public long get(Component c) {
        return bytes.get(c);
    }
}
