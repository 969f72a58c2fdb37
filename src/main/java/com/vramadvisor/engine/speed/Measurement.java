package com.vramadvisor.engine.speed;

import java.util.Objects;

/**
 * One published speed measurement of the benchmark corpus ({@code catalog/benchmarks/README.md}, "Schema"): the
 * workload, the hardware, the figure and where in its source it stands. Numbers absent from the source are
 * {@code null}; nothing here is computed by this project.
 *
 * @param id            {@code <sourceId>/<model>/<count>x<gpuId>/<configuration>}
 * @param sourceId      the source file's id
 * @param kind          what is measured
 * @param model         a preset id of this project, or the Hugging Face repository id
 * @param modelName     the name the source uses
 * @param precision     weights and compute ({@code bf16}, {@code fp8}, {@code amp}, {@code q4_k_m}, ...)
 * @param kvDtype       the KV cache type when it differs from the weights
 * @param engine        the software that ran it ({@code vllm}, {@code megatron}, {@code pytorch}, ...)
 * @param engineVersion its version as the source gives it
 * @param backend       llama.cpp or MLX backend ({@code cuda}, {@code rocm}, {@code metal}, {@code vulkan},
 *                      {@code sycl})
 * @param gpuId         catalog GPU id
 * @param gpuCount      all GPUs of the measurement; 0 when the source does not give it (a model card's GPU-hours)
 * @param layout        the parallel layout
 * @param scenario      {@code offline}, {@code server}, {@code interactive}, {@code single-stream},
 *                      {@code concurrency}, {@code rate}
 * @param batch         fixed batch
 * @param concurrency   concurrent requests
 * @param requestRate   requests per second
 * @param inputTokens   prompt tokens per request
 * @param outputTokens  generated tokens per request
 * @param seq           training sequence length
 * @param resolution    image side in pixels
 * @param steps         denoising steps
 * @param images        images per prompt
 * @param tokens        pre-training tokens
 * @param metric        the figure's metric
 * @param value         the figure, in the metric's unit
 * @param statistic     how the source summarises it; {@code null} for a total (GPU-hours)
 * @param where         the table, figure, row or command in the source
 * @param notes         anything a reader needs
 * @param published     the source's publication date ({@code yyyy-mm-dd} or {@code yyyy-mm}); {@code null} when it
 *                      gives none
 */
public record Measurement(String id, String sourceId, BenchmarkKind kind, String model, String modelName,
                          String precision, String kvDtype, String engine, String engineVersion, String backend,
                          String gpuId, int gpuCount, MeasuredLayout layout, String scenario, Integer batch,
                          Integer concurrency, Double requestRate, Integer inputTokens, Integer outputTokens,
                          Integer seq, Integer resolution, Integer steps, Integer images, Double tokens,
                          Metric metric, double value, Statistic statistic, String where, String notes,
                          String published) {

    public Measurement {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(gpuId, "gpuId");
        Objects.requireNonNull(metric, "metric");
        layout = layout == null ? MeasuredLayout.NONE : layout;
        if (gpuCount < 0) {
            throw new IllegalArgumentException(id + ": GPU count must not be negative");
        }
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(id + ": value must be positive and finite");
        }
    }

    /** The part of the split this measurement is in ({@link BenchmarkSplit}). */
    public BenchmarkSplit.Part part() {
        return BenchmarkSplit.part(sourceId, id);
    }
}
