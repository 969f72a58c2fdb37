package com.vramadvisor.engine.vision;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.StepWork;
import java.util.Objects;
import java.util.Optional;

/**
 * Training or inference of one vision model at a batch and resolution. It grows along the batch; data-parallel
 * training (PyTorch DDP) and inference spread the batch, {@code ceil(batch / n)} samples per GPU, each GPU holding
 * the whole model and its optimizer states.
 *
 * @param model        the preset
 * @param training     training (forward and backward) or inference (forward only, no saved tensors)
 * @param batch        images in the batch, at least 1
 * @param width        image width in pixels
 * @param height       image height in pixels
 * @param precision    numeric mode ({@link VisionPrecision#INT8} only for inference)
 * @param optimizer    training optimizer (ignored in inference)
 * @param recompute    training with {@code torch.utils.checkpoint} around every residual block
 * @param sdpa         vision transformers: attention through {@code scaled_dot_product_attention}
 * @param channelsLast tensors in {@code torch.channels_last} memory format (same bytes, other strides)
 */
public record VisionWorkload(VisionModel model, boolean training, long batch, int width, int height,
                             VisionPrecision precision, VisionOptimizer optimizer, boolean recompute, boolean sdpa,
                             boolean channelsLast) implements Sizable {

    /** The largest batch {@code fit} searches (2^24 images). */
    public static final long MAX_BATCH = 1L << 24;

    private static final SizingAxis AXIS = new SizingAxis("maxBatch", "batch", 1, MAX_BATCH);

    public VisionWorkload {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(precision, "precision");
        Objects.requireNonNull(optimizer, "optimizer");
        if (batch < 1 || batch > MAX_BATCH) {
            throw new IllegalArgumentException("batch must be 1 to " + MAX_BATCH + ", got " + batch);
        }
        if (width < VisionModel.MIN_SIDE || height < VisionModel.MIN_SIDE || width > VisionModel.MAX_SIDE
                || height > VisionModel.MAX_SIDE) {
            throw new IllegalArgumentException("resolution must be " + VisionModel.MIN_SIDE + " to "
                    + VisionModel.MAX_SIDE + " pixels a side, got " + width + "x" + height);
        }
        if (training && precision == VisionPrecision.INT8) {
            throw new IllegalArgumentException("int8 is an inference precision; train in fp32, tf32, fp16-mixed or"
                    + " bf16-mixed");
        }
    }

    @Override
    public SizedEstimate estimate() {
        return VisionEstimator.estimate(this);
    }

    @Override
    public SizingAxis axis() {
        return AXIS;
    }

    @Override
    public long axisValue() {
        return batch;
    }

    @Override
    public VisionWorkload withAxisValue(long value) {
        return withBatch(Math.max(AXIS.min(), Math.min(AXIS.max(), value)));
    }

    /** Data parallelism: every GPU holds the model and {@code ceil(batch / gpus)} images. */
    @Override
    public Optional<SizedEstimate> perGpu(int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1, got " + gpus);
        }
        return Optional.of(withBatch((batch + gpus - 1) / gpus).estimate());
    }

    /** One global batch on {@code gpus} GPUs ({@link VisionThroughput}). */
    @Override
    public Optional<StepWork> work(int gpus) {
        return Optional.of(VisionThroughput.work(this, gpus));
    }

    /** Training: 90 epochs of ImageNet-1k's 1,281,167 images; inference: its 50,000 validation images. */
    @Override
    public Optional<JobSize> defaultJob() {
        return Optional.of(VisionThroughput.defaultJob(training));
    }

    /**
     * A job of {@code epochs} passes over {@code datasetImages} in training, or {@code datasetImages} images in
     * inference (epochs ignored).
     */
    public JobSize job(int epochs, long datasetImages) {
        return VisionThroughput.job(training, epochs, datasetImages);
    }

    public VisionWorkload withBatch(long b) {
        return new VisionWorkload(model, training, b, width, height, precision, optimizer, recompute, sdpa,
                channelsLast);
    }

    /** The layer table this workload uses (autocast in mixed-precision training). */
    public LayerTable table() {
        return model.table(width, height, training && precision.autocast(), sdpa);
    }
}
