package com.vramadvisor.engine.speed;

/**
 * The groups of speed figures that carry one range each, from the held-out residuals of the measurements of the
 * group ({@link EfficiencyTable#residuals}). A measurement belongs to one group by its kind and metric
 * ({@link #of(BenchmarkKind, Metric)}); a figure shown to a user takes the range of its group.
 */
public enum SpeedFigure {
    /** Language-model inference throughput: tokens per second, requests per second, request latency. */
    LLM_THROUGHPUT("llmThroughput"),
    /** Time per output token (and inter-token latency). */
    TPOT("tpot"),
    /** Time to first token. */
    TTFT("ttft"),
    /** Images per second (or seconds per image) of classification and generation. */
    IMAGES("images"),
    /** Training: step time, training throughput, model FLOPs utilisation, GPU-hours of a run. */
    TRAINING("training");

    private final String id;

    SpeedFigure(String id) {
        this.id = id;
    }

    /** The name {@code catalog/efficiency.json} uses. */
    public String id() {
        return id;
    }

    /** The group of a measurement of {@code kind} giving {@code metric}. */
    public static SpeedFigure of(BenchmarkKind kind, Metric metric) {
        if (!kind.inference()) {
            return TRAINING;
        }
        return switch (metric) {
            case TPOT_MS, ITL_MS -> TPOT;
            case TTFT_MS -> TTFT;
            case IMAGES_PER_SECOND, SECONDS_PER_IMAGE -> IMAGES;
            default -> kind == BenchmarkKind.VISION_INFERENCE || kind == BenchmarkKind.DIFFUSION_INFERENCE
                    ? IMAGES : LLM_THROUGHPUT;
        };
    }
}
