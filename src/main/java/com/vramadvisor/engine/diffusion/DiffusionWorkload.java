package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.CudaLibraries;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.StepWork;
import java.util.Objects;
import java.util.Optional;

/**
 * A diffusion pipeline run as described: generation ({@link DiffusionMode#INFER}) or a fine-tuning step, at a batch
 * and an image size, with the memory switches of diffusers and its training scripts. {@code fit} grows the square
 * image side ({@code maxResolution}, in pixels, a multiple of the model's {@link Denoiser#pixelMultiple()}).
 *
 * @param model                 the pipeline
 * @param mode                  inference or one of the training modes
 * @param batch                 images per prompt (inference) or per training step before prior preservation
 * @param width                 image width in pixels
 * @param height                image height in pixels
 * @param dtype                 the pipeline's {@code torch_dtype}, or the training {@code --mixed_precision}: the
 *                              denoiser's type
 * @param textDtype             the text encoders' type (loaded separately with their own {@code torch_dtype})
 * @param vaeDtype              the VAE's type; an fp16 VAE is decoded in fp32 where the pipeline upcasts it
 * @param attention             eager, sliced or SDPA attention
 * @param sliceRows             sliced attention: batch x heads rows per slice; 0 for diffusers' "auto" (half the
 *                              heads of one sample)
 * @param vaeSlicing            {@code enable_vae_slicing}: decode one image at a time
 * @param vaeTiling             {@code enable_vae_tiling}: decode overlapping tiles of {@code vae.sampleSize} pixels
 * @param offload               CPU offload of weights
 * @param guidance              classifier-free guidance (the denoiser runs prompt and negative prompt: 2 x batch)
 * @param safetyChecker         whether the pipeline's safety checker is loaded (SD 1.5 only)
 * @param gradientCheckpointing training: {@code --gradient_checkpointing}
 * @param optimizer             training: the optimizer
 * @param loraRank              LoRA rank (diffusers scripts default to 4)
 * @param trainTextEncoder      training: {@code --train_text_encoder} (the CLIP encoders become trainable)
 * @param ema                   training: {@code --use_ema} (an fp32 copy of the trained weights)
 * @param runtimeOverhead       whether to add the CUDA context and allocator reserve
 * @param withoutT5             inference: the pipeline loaded with {@code text_encoder_3=None} (SD3: the prompt's
 *                              T5 embeddings are zeros of the same shape)
 * @param samplingSteps         inference: denoising steps per image ({@code num_inference_steps}); 0 for the
 *                              pipeline's default ({@link DiffusionModel#defaultSamplingSteps()}); only the speed
 *                              depends on it
 */
public record DiffusionWorkload(DiffusionModel model, DiffusionMode mode, int batch, int width, int height,
                                DiffusionDtype dtype, DiffusionDtype textDtype, DiffusionDtype vaeDtype,
                                AttentionKind attention, int sliceRows, boolean vaeSlicing,
                                boolean vaeTiling, Offload offload, boolean guidance, boolean safetyChecker,
                                boolean gradientCheckpointing, DiffusionOptimizer optimizer, int loraRank,
                                boolean trainTextEncoder, boolean ema, boolean runtimeOverhead,
                                boolean withoutT5, int samplingSteps) implements Sizable {

    /** Largest image side {@code fit} considers, in pixels. */
    public static final int MAX_SIDE = 16_384;
    /**
     * CUDA context with cuDNN and cuBLAS loaded ({@link CudaLibraries#TORCH_CUDNN}: 1 GiB); the estimate's range
     * spans that set's measured contexts and the reserve from none to twice {@link #ALLOCATOR_FRACTION}.
     */
    public static final long CUDA_CONTEXT_BYTES = CudaLibraries.TORCH_CUDNN.contextBytes();
    /** The most sampling steps accepted, a bound on untrusted input. */
    public static final int MAX_SAMPLING_STEPS = 10_000;
    /** Caching-allocator reserve over the allocated tensors: 5 % of the tensor peak. */
    public static final double ALLOCATOR_FRACTION = 0.05;

    public DiffusionWorkload {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(textDtype, "textDtype");
        Objects.requireNonNull(vaeDtype, "vaeDtype");
        Objects.requireNonNull(attention, "attention");
        Objects.requireNonNull(offload, "offload");
        Objects.requireNonNull(optimizer, "optimizer");
        if (batch < 1 || batch > 4_096) {
            throw new IllegalArgumentException("batch must be 1 to 4096, got " + batch);
        }
        int multiple = model.denoiser().pixelMultiple();
        if (width < multiple || height < multiple || width > MAX_SIDE || height > MAX_SIDE
                || width % multiple != 0 || height % multiple != 0) {
            throw new IllegalArgumentException("image sides must be multiples of " + multiple + " from " + multiple
                    + " to " + MAX_SIDE + " pixels for " + model.id() + ", got " + width + " x " + height);
        }
        if (samplingSteps < 0 || samplingSteps > MAX_SAMPLING_STEPS) {
            throw new IllegalArgumentException("sampling steps must be 1 to " + MAX_SAMPLING_STEPS + ", got "
                    + samplingSteps);
        }
        if (sliceRows < 0 || loraRank < 1 || loraRank > 4_096) {
            throw new IllegalArgumentException("slice size must be at least 0 and the LoRA rank 1 to 4096");
        }
    }

    /**
     * The model's default resolution, batch 1, fp16, SDPA, classifier-free guidance where the pipeline uses it,
     * nothing offloaded.
     */
    public static DiffusionWorkload of(DiffusionModel model, DiffusionMode mode) {
        int side = model.defaultResolution();
        return new DiffusionWorkload(model, mode, 1, side, side, DiffusionDtype.FP16,
                DiffusionDtype.FP16, DiffusionDtype.FP16, AttentionKind.SDPA, 0, false,
                false, Offload.NONE, model.classifierFreeGuidance(), model.safetyCheckerParameters() > 0, false,
                DiffusionOptimizer.ADAMW, 4,
                false, false, true, false, 0);
    }

    public DiffusionWorkload withBatch(int b) {
        return new DiffusionWorkload(model, mode, b, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    public DiffusionWorkload withSize(int w, int h) {
        return new DiffusionWorkload(model, mode, batch, w, h, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    public DiffusionWorkload withDtype(DiffusionDtype d) {
        return new DiffusionWorkload(model, mode, batch, width, height, d, d, d, attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    /** Text encoders and VAE in types of their own (the denoiser keeps {@link #dtype()}). */
    public DiffusionWorkload withComponentDtypes(DiffusionDtype text, DiffusionDtype vae) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, text, vae, attention, sliceRows,
                vaeSlicing, vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    /** The type the VAE decodes in: fp32 when the pipeline upcasts an fp16 VAE (SDXL's force_upcast). */
    DiffusionDtype vaeDecodeDtype() {
        return model.vaeUpcast() && vaeDtype == DiffusionDtype.FP16 ? DiffusionDtype.FP32 : vaeDtype;
    }

    public DiffusionWorkload withAttention(AttentionKind a, int rows) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype, a, rows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    public DiffusionWorkload withVae(boolean slicing, boolean tiling) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, slicing,
                tiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    public DiffusionWorkload withPipeline(Offload o, boolean cfg, boolean checker) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, o, cfg, checker && model.safetyCheckerParameters() > 0, gradientCheckpointing, optimizer,
                loraRank, trainTextEncoder, ema, runtimeOverhead, withoutT5, samplingSteps);
    }

    public DiffusionWorkload withTraining(boolean checkpointing, DiffusionOptimizer opt, int rank,
                                          boolean textEncoder, boolean useEma) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, checkpointing, opt, rank, textEncoder, useEma,
                runtimeOverhead, withoutT5, samplingSteps);
    }

    /** The pipeline without its T5 encoder ({@code text_encoder_3=None}); only for models that have one. */
    public DiffusionWorkload withoutT5(boolean drop) {
        if (drop && model.textEncoders().stream().noneMatch(TextEncoderConfig::t5)) {
            throw new IllegalArgumentException(model.id() + " has no T5 text encoder");
        }
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, drop, samplingSteps);
    }

    public DiffusionWorkload withRuntimeOverhead(boolean on) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, on, withoutT5, samplingSteps);
    }

    /** The same pipeline run for {@code steps} denoising steps per image (0: the pipeline's default). */
    public DiffusionWorkload withSamplingSteps(int steps) {
        return new DiffusionWorkload(model, mode, batch, width, height, dtype, textDtype, vaeDtype,
                attention, sliceRows, vaeSlicing,
                vaeTiling, offload, guidance, safetyChecker, gradientCheckpointing, optimizer, loraRank,
                trainTextEncoder, ema, runtimeOverhead, withoutT5, steps);
    }

    /** Denoising steps per image: the given count, or the pipeline's default. */
    public int effectiveSamplingSteps() {
        return samplingSteps > 0 ? samplingSteps : model.defaultSamplingSteps();
    }

    /** Latent height: pixels / the VAE's scale factor (8). */
    int latentHeight() {
        return (int) VaeConfig.ceilDiv(height, model.vae().scaleFactor());
    }

    int latentWidth() {
        return (int) VaeConfig.ceilDiv(width, model.vae().scaleFactor());
    }

    @Override
    public SizedEstimate estimate() {
        return mode == DiffusionMode.INFER ? InferenceMemory.estimate(this) : TrainingMemory.estimate(this);
    }

    /**
     * Generation runs a whole copy of the pipeline on each GPU, and the diffusers training scripts'
     * {@code --train_batch_size} is per GPU: more GPUs add throughput, not memory relief.
     */
    @Override
    public boolean copies() {
        return true;
    }

    /** {@link DiffusionThroughput}; empty for an offloaded pipeline. */
    @Override
    public Optional<StepWork> work(int gpus) {
        return DiffusionThroughput.work(this, gpus);
    }

    /**
     * Generation: 5,000 images (MLPerf Inference's text-to-image set); fine-tuning: 10,000 optimizer steps (full) or
     * 500 (LoRA, DreamBooth), the diffusers SDXL examples' {@code --max_train_steps}.
     */
    @Override
    public Optional<JobSize> defaultJob() {
        return DiffusionThroughput.defaultJob(this);
    }

    /** Generation of {@code images} images. */
    public JobSize imagesJob(long images) {
        return DiffusionThroughput.images(images, effectiveSamplingSteps());
    }

    /** Fine-tuning for {@code steps} optimizer steps of this batch. */
    public JobSize stepsJob(long steps) {
        return DiffusionThroughput.trainingSteps(steps, batch);
    }

    /** Fine-tuning for {@code epochs} passes over {@code datasetImages} images. */
    public JobSize epochsJob(int epochs, long datasetImages) {
        return DiffusionThroughput.epochs(epochs, datasetImages);
    }

    @Override
    public SizingAxis axis() {
        int multiple = model.denoiser().pixelMultiple();
        return new SizingAxis("maxResolution", "square image side (pixels)", multiple, MAX_SIDE);
    }

    @Override
    public long axisValue() {
        return Math.max(width, height);
    }

    /**
     * A square image of side {@code value} rounded up to the model's pixel multiple, so the largest side that fits is
     * itself a multiple (clamped to the axis range).
     */
    @Override
    public Sizable withAxisValue(long value) {
        int multiple = model.denoiser().pixelMultiple();
        long v = Math.max(multiple, Math.min(MAX_SIDE, value));
        int side = (int) (VaeConfig.ceilDiv(v, multiple) * multiple);
        return withSize(side, side);
    }
}
