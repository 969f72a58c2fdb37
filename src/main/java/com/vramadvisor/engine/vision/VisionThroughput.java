package com.vramadvisor.engine.vision;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.StepWork;

/**
 * The work of one step of vision training or inference on each GPU, from the layer table ({@link LayerTable}): a step
 * is one global batch, split over the GPUs as PyTorch DDP splits it ({@code ceil(batch / n)} images per GPU).
 * <ul>
 *   <li>Compute: the dense convolutions' and matrix multiplies' forward FLOPs ({@link LayerTable#tensorFlops}) per
 *       image, times 3 for training (the backward pass computes the gradients of the inputs and of the weights,
 *       each as much as the forward: Kaplan et al. 2020, section 2.1), 4 with recomputation (the forward runs again);
 *       at the tensor-core rate of the numeric mode (FP32 for {@code fp32}, TF32, FP16/BF16 for the mixed modes,
 *       INT8).</li>
 *   <li>Stream: the bytes the other ops read and write ({@link LayerTable#streamBytes}): once forward; backward
 *       reads each op's gradient and saved tensor and writes the input's gradient, 1.5 times the forward's two
 *       tensors, so 2.5 x forward in training and 3.5 x with recomputation. Inference holds activations in the
 *       mode's own width ({@link VisionPrecision#inferenceBytes}). The optimizer reads the float32 weights,
 *       gradients and states and writes the weights and states back: {@code (3 + 2 x states) x 4} bytes per
 *       parameter per step (torch.optim's update).</li>
 *   <li>Wire: DDP all-reduces the float32 gradients ({@code 4 x params} bytes) once per step in buckets of 25 MiB
 *       ({@code bucket_cap_mb}), launched while the backward pass runs, so the all-reduce hides behind the backward
 *       (2/3 of the computation, 3/4 with recomputation) except the last bucket, which starts when the backward
 *       ends (Li et al. 2020, "PyTorch Distributed", VLDB, sections 3.2.3 and 5).</li>
 * </ul>
 * <ul>
 *   <li>Host: eager PyTorch launches the operators one by one from the host, asynchronously (PyTorch documentation,
 *       "CUDA semantics", asynchronous execution): one kernel per operator of the layer table forward, and as many
 *       again per pass the backward and the recomputation repeat ({@code passes} launches per operator in training:
 *       3, or 4 with recomputation). At batch 1 the GPU's work per kernel is shorter than a launch and the step is the
 *       host's; at large batches the GPU's. The cost per launch is fitted per framework ({@code layerSeconds} of
 *       {@code catalog/efficiency.json}).</li>
 * </ul>
 * Input decoding and augmentation are assumed to keep up (NVIDIA DALI on the GPU or enough CPU workers).
 */
final class VisionThroughput {

    /** ImageNet-1k training images (ILSVRC 2012 train split), the default dataset. */
    static final long IMAGENET_TRAIN_IMAGES = 1_281_167;
    /** ImageNet-1k validation images, the default inference job. */
    static final long IMAGENET_VAL_IMAGES = 50_000;
    /** Epochs of torchvision's ResNet reference recipe ({@code references/classification}, {@code --epochs 90}). */
    static final int DEFAULT_EPOCHS = 90;
    /** PyTorch DDP's default gradient bucket, 25 MiB ({@code bucket_cap_mb=25}). */
    static final double DDP_BUCKET_BYTES = 25.0 * (1 << 20);

    private VisionThroughput() {
    }

    static StepWork work(VisionWorkload w, int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1, got " + gpus);
        }
        LayerTable t = w.table();
        double perGpu = Math.ceil((double) w.batch() / gpus);
        ComputeRate rate = switch (w.precision()) {
            case FP32 -> ComputeRate.FP32;
            case TF32 -> ComputeRate.TF32;
            case FP16_MIXED -> ComputeRate.FP16;
            case BF16_MIXED -> ComputeRate.BF16;
            case INT8 -> ComputeRate.INT8;
        };
        int ops = t.rows().size();
        if (!w.training()) {
            double stream = perGpu * t.streamBytes() * w.precision().inferenceBytes() / 4.0;
            return StepWork.local(perGpu * t.tensorFlops(), rate, stream, false, w.batch(), "images")
                    .withHostWork(1, ops, "pytorch");
        }
        double passes = w.recompute() ? 4 : 3;
        double streamPasses = w.recompute() ? 3.5 : 2.5;
        double optimizer = (3 + 2.0 * w.optimizer().states()) * 4 * t.params();
        double gradients = 4.0 * t.params();
        return new StepWork(perGpu * t.tensorFlops() * passes, rate,
                perGpu * t.streamBytes() * streamPasses + optimizer, false, gpus > 1 ? gradients : 0,
                (passes - 1) / passes, gpus > 1 ? Math.min(gradients, DDP_BUCKET_BYTES) : 0, 0, 0, w.batch(),
                "images").withHostWork(1, ops * passes, "pytorch");
    }

    /** Training: {@code epochs} passes over {@code datasetImages}; inference: {@code datasetImages} images. */
    static JobSize job(boolean training, int epochs, long datasetImages) {
        if (!training) {
            return JobSize.images(datasetImages);
        }
        return JobSize.epochsOfImages(epochs, datasetImages);
    }

    static JobSize defaultJob(boolean training) {
        return job(training, DEFAULT_EPOCHS, training ? IMAGENET_TRAIN_IMAGES : IMAGENET_VAL_IMAGES);
    }
}
