package com.vramadvisor.engine.speed;

/**
 * The parallel layout a measurement ran with, as its source gives it ({@code catalog/benchmarks/README.md}, field
 * {@code layout}); {@code null} components are not given by the source.
 *
 * @param tp          tensor-parallel size
 * @param pp          pipeline-parallel size
 * @param dp          data-parallel size (independent copies, for inference)
 * @param ep          expert-parallel size
 * @param cp          context-parallel size
 * @param zero        ZeRO stage 0-3
 * @param fsdp        whether PyTorch FSDP shards the model
 * @param microBatch  sequences (or images) per micro-batch and GPU
 * @param globalBatch sequences (or images) per optimizer step over all GPUs
 * @param recompute   activation recomputation: {@code none}, {@code selective} or {@code full}
 */
public record MeasuredLayout(Integer tp, Integer pp, Integer dp, Integer ep, Integer cp, Integer zero, Boolean fsdp,
                             Integer microBatch, Integer globalBatch, String recompute) {

    /** A layout the source does not give. */
    public static final MeasuredLayout NONE = new MeasuredLayout(null, null, null, null, null, null, null, null, null,
            null);

    /** Tensor-parallel size, 1 when not given. */
    public int tpOr1() {
        return tp == null ? 1 : tp;
    }

    /** Pipeline-parallel size, 1 when not given. */
    public int ppOr1() {
        return pp == null ? 1 : pp;
    }

    /** Expert-parallel size, 1 when not given. */
    public int epOr1() {
        return ep == null ? 1 : ep;
    }

    /** Context-parallel size, 1 when not given. */
    public int cpOr1() {
        return cp == null ? 1 : cp;
    }
}
