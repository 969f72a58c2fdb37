package com.vramadvisor.engine.speed;

import java.util.Optional;

/**
 * The figure a measurement gives, in the unit its name says ({@code catalog/benchmarks/README.md}, field
 * {@code metric}).
 */
public enum Metric {
    OUTPUT_TOKENS_PER_SECOND("outputTokensPerSecond", true),
    TOTAL_TOKENS_PER_SECOND("totalTokensPerSecond", true),
    TOKENS_PER_SECOND_PER_GPU("tokensPerSecondPerGpu", true),
    REQUESTS_PER_SECOND("requestsPerSecond", true),
    TPOT_MS("tpotMs", false),
    TTFT_MS("ttftMs", false),
    ITL_MS("itlMs", false),
    E2E_LATENCY_SECONDS("e2eLatencySeconds", false),
    IMAGES_PER_SECOND("imagesPerSecond", true),
    SECONDS_PER_IMAGE("secondsPerImage", false),
    STEP_SECONDS("stepSeconds", false),
    MFU("mfu", true),
    GPU_HOURS("gpuHours", false);

    private final String id;
    private final boolean higherIsFaster;

    Metric(String id, boolean higherIsFaster) {
        this.id = id;
        this.higherIsFaster = higherIsFaster;
    }

    /** The name the corpus files use. */
    public String id() {
        return id;
    }

    /** Whether a larger value means faster (a rate) rather than slower (a time). */
    public boolean higherIsFaster() {
        return higherIsFaster;
    }

    /** The metric a corpus file names (exact, case-sensitive as the schema spells it), empty when unknown. */
    public static Optional<Metric> of(String id) {
        for (Metric m : values()) {
            if (m.id.equals(id)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
