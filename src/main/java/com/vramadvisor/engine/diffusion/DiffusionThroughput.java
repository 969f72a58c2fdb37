package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.StepWork;
import java.util.Optional;

/**
 * The work of one step of a diffusion pipeline on each GPU ({@link StepWork}), from the per-network counts of
 * {@link DiffusionFlops}.
 * <ul>
 *   <li>Generation: a step is one call of the pipeline on each GPU, {@code batch} images from one prompt; the GPUs
 *       run data-parallel copies (each holds the whole pipeline), so a step completes {@code batch x n} images. Per
 *       call: the text encoders once for the prompt and, with classifier-free guidance, once for the negative
 *       prompt; {@code samplingSteps} denoiser passes over {@code batch} latents, doubled by classifier-free
 *       guidance (FLUX.1-dev's guidance is an embedding: one pass); the VAE decodes {@code batch} latents.
 *       Stream: each pass's element-wise traffic in the pipeline's type plus the denoiser's weights once per pass;
 *       the text encoders' and the VAE's weights once per call.</li>
 *   <li>Fine-tuning (the diffusers example scripts): a step is one optimizer step of {@code batch} images per GPU
 *       ({@code --train_batch_size} is per device; DreamBooth's prior preservation doubles the denoiser's batch).
 *       The VAE encodes the images and, unless the script precomputes them, the frozen text encoders encode the
 *       captions, both forward only; the denoiser runs forward and backward: 3 x the forward FLOPs when its weights
 *       train (the backward computes input and weight gradients, each as much as the forward: Kaplan et al. 2020,
 *       section 2.1), 2 x for LoRA (the frozen weights need no weight gradient; the adapters' are negligible), one
 *       forward more with gradient checkpointing; trained text encoders likewise. Stream: the forward's elements
 *       once, the backward's 1.5 x (it reads each op's gradient and saved tensor and writes the input's gradient),
 *       the weights read forward and backward, and the optimizer's {@code 12 + 2 x state} bytes per trainable
 *       parameter (reads the float32 weights, gradients and states, writes the weights and states: torch.optim's
 *       update). DDP all-reduces the
 *       float32 gradients of the trainable parameters in 25 MiB buckets during the backward pass, the last bucket
 *       exposed (Li et al. 2020, VLDB).</li>
 *   <li>Rates: 16-bit networks at the FP16/BF16 tensor-core rate; float32 networks at the TF32 rate (PyTorch runs
 *       float32 convolutions on TF32 tensor cores by default, {@code torch.backends.cudnn.allow_tf32 = True}); a VAE
 *       that the pipeline upcasts (SDXL in fp16) decodes at the TF32 rate as the step's second compute term.</li>
 * </ul>
 * Host: each denoiser call of generation is one pass whose host-side cost the framework pays (diffusers runs the
 * pipeline eagerly; classifier-free guidance batches the two prompts into one call), fitted per framework
 * ({@code passSeconds} of {@code catalog/efficiency.json}); {@code samplingSteps} passes per image batch.
 * Offloaded pipelines are not timed: the PCIe transfers of CPU offload are outside this model.
 */
final class DiffusionThroughput {

    /** PyTorch DDP's default gradient bucket, 25 MiB ({@code bucket_cap_mb=25}). */
    static final double DDP_BUCKET_BYTES = 25.0 * (1 << 20);
    /**
     * Images of the default generation job: the 5,000 COCO-2014 captions of MLPerf Inference's text-to-image
     * benchmark (SDXL, from v4.0; mlcommons.org/2024/08/sdxl-mlperf-text-to-image-generation-benchmark).
     */
    static final long DEFAULT_IMAGES = 5_000;
    /** Optimizer steps of diffusers' SDXL text-to-image fine-tuning example ({@code --max_train_steps=10000}). */
    static final long DEFAULT_TRAIN_STEPS = 10_000;
    /** Optimizer steps of diffusers' DreamBooth (LoRA) SDXL example ({@code --max_train_steps=500}). */
    static final long DEFAULT_DREAMBOOTH_STEPS = 500;

    private DiffusionThroughput() {
    }

    static Optional<StepWork> work(DiffusionWorkload w, int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("gpus must be at least 1, got " + gpus);
        }
        if (w.offload() != Offload.NONE) {
            return Optional.empty();
        }
        return Optional.of(w.mode().isTraining() ? training(w, gpus) : inference(w, gpus));
    }

    private static ComputeRate rate(DiffusionDtype d) {
        return switch (d) {
            case FP32 -> ComputeRate.TF32;
            case FP16 -> ComputeRate.FP16;
            case BF16 -> ComputeRate.BF16;
        };
    }

    private static StepWork inference(DiffusionWorkload w, int gpus) {
        DiffusionModel m = w.model();
        int h = w.latentHeight();
        int wd = w.latentWidth();
        int prompts = w.guidance() ? 2 : 1;
        double denoised = (double) w.batch() * prompts;
        DiffusionFlops.Cost step = DiffusionFlops.denoiser(m.denoiser(), h, wd, m.textTokens(), w.attention())
                .times(denoised);
        int steps = w.effectiveSamplingSteps();
        DiffusionFlops.Cost text = text(w).times(prompts);
        DiffusionDtype vaeType = w.vaeDecodeDtype();
        DiffusionFlops.Cost vae = DiffusionFlops.vaeDecoder(m.vae(), h, wd, w.attention() != AttentionKind.SDPA)
                .times(w.batch());
        double bytes = w.dtype().bytes();
        double stream = steps * (step.elements() * bytes + (double) m.denoiser().parameters() * bytes)
                + text.elements() * w.textDtype().bytes() + textWeightBytes(w)
                + vae.elements() * vaeType.bytes() + (double) m.vae().decoderParameters() * vaeType.bytes();
        ComputeRate main = rate(w.dtype());
        ComputeRate textRate = rate(w.textDtype());
        ComputeRate vaeRate = rate(vaeType);
        double flops = steps * step.flops() + (textRate == main ? text.flops() : 0)
                + (vaeRate == main ? vae.flops() : 0);
        double second = (textRate == main ? 0 : text.flops()) + (vaeRate == main ? 0 : vae.flops());
        // The work not at the denoiser's rate runs at the other part's rate; where the text encoders and the VAE
        // each differ from the denoiser and from each other (rare: three types in one pipeline), at the rate of the
        // part with more work. With none at another rate, there is no second work and its rate is the VAE's, unused.
        ComputeRate other = textRate != main && (vaeRate == main || text.flops() >= vae.flops()) ? textRate : vaeRate;
        return new StepWork(flops, main, stream, false, 0, 0, 0, 0, 0, (double) w.batch() * gpus, "images",
                second, other, steps, 0, "diffusers");
    }

    private static StepWork training(DiffusionWorkload w, int gpus) {
        DiffusionModel m = w.model();
        int h = w.latentHeight();
        int wd = w.latentWidth();
        double samples = (double) w.batch() * (w.mode() == DiffusionMode.DREAMBOOTH ? 2 : 1);
        boolean lora = w.mode() == DiffusionMode.LORA;
        double recompute = w.gradientCheckpointing() ? 1 : 0;
        double passes = (lora ? 2 : 3) + recompute;
        DiffusionFlops.Cost fwd = DiffusionFlops.denoiser(m.denoiser(), h, wd, m.textTokens(), w.attention())
                .times(samples);
        DiffusionFlops.Cost encode = DiffusionFlops.vaeEncoder(m.vae(), w.height(), w.width(),
                w.attention() != AttentionKind.SDPA).times(samples);
        boolean textRuns = !(m.precomputesText() && !w.trainTextEncoder());
        double textPasses = w.trainTextEncoder() ? 3 + recompute : 1;
        DiffusionFlops.Cost text = textRuns ? text(w).times(samples * textPasses) : new DiffusionFlops.Cost(0, 0);
        double bytes = w.dtype().bytes();
        double trainable = lora ? m.denoiser().loraParameters(w.loraRank()) : m.denoiser().parameters();
        if (w.trainTextEncoder()) {
            trainable += m.textEncoders().stream().filter(t -> !t.t5()).mapToLong(TextEncoderConfig::parameters)
                    .sum();
        }
        double streamPasses = 2.5 + recompute;
        double weights = (double) m.denoiser().parameters() * bytes * (2 + recompute);
        double optimizer = (12 + 2.0 * w.optimizer().stateBytesPerParameter()) * trainable;
        double stream = fwd.elements() * bytes * streamPasses + weights + optimizer
                + encode.elements() * bytes + text.elements() * bytes * (w.trainTextEncoder() ? streamPasses : 1);
        double flops = fwd.flops() * passes + encode.flops() + text.flops();
        double gradients = 4 * trainable;
        return new StepWork(flops, rate(w.dtype()), stream, false, gpus > 1 ? gradients : 0, (passes - 1) / passes,
                gpus > 1 ? Math.min(gradients, DDP_BUCKET_BYTES) : 0, 0, 0, (double) w.batch() * gpus, "images")
                .withHostWork(1, 0, "diffusers");
    }

    /** One prompt through every text encoder the pipeline runs (T5 left out with {@code withoutT5}). */
    private static DiffusionFlops.Cost text(DiffusionWorkload w) {
        DiffusionFlops.Cost sum = new DiffusionFlops.Cost(0, 0);
        for (TextEncoderConfig t : w.model().textEncoders()) {
            if (!(t.t5() && w.withoutT5())) {
                sum = sum.plus(DiffusionFlops.textEncoder(t));
            }
        }
        return sum;
    }

    private static double textWeightBytes(DiffusionWorkload w) {
        return w.model().textEncoders().stream().filter(t -> !(t.t5() && w.withoutT5()))
                .mapToDouble(t -> t.weightBytes(w.textDtype())).sum();
    }

    /** Generation: {@code images} images. */
    static JobSize images(long images, int samplingSteps) {
        return JobSize.imagesWithSamplingSteps(images, samplingSteps);
    }

    /** Fine-tuning: {@code steps} optimizer steps of {@code batch} images (the same images on any GPU count). */
    static JobSize trainingSteps(long steps, int batch) {
        return JobSize.stepsOfImages(steps, batch);
    }

    /** Fine-tuning: {@code epochs} passes over {@code datasetImages}. */
    static JobSize epochs(int epochs, long datasetImages) {
        return JobSize.epochsOfImages(epochs, datasetImages);
    }

    static Optional<JobSize> defaultJob(DiffusionWorkload w) {
        if (w.offload() != Offload.NONE) {
            return Optional.empty();
        }
        if (!w.mode().isTraining()) {
            return Optional.of(images(DEFAULT_IMAGES, w.effectiveSamplingSteps()));
        }
        long steps = w.mode() == DiffusionMode.TRAIN ? DEFAULT_TRAIN_STEPS : DEFAULT_DREAMBOOTH_STEPS;
        return Optional.of(trainingSteps(steps, w.batch()));
    }
}
