package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.CudaLibraries;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Peak GPU memory of one training step of the diffusers example scripts ({@code train_text_to_image.py},
 * {@code train_dreambooth.py}, {@code train_text_to_image_lora.py}, {@code train_dreambooth_lora_sdxl.py},
 * {@code train_dreambooth_lora_sd3.py}).
 * <ul>
 *   <li>Trainable weights are fp32 whatever {@code --mixed_precision} says (the scripts refuse to train a half
 *   denoiser and cast LoRA parameters to fp32): 4 bytes, fp32 gradients 4 bytes, optimizer states
 *   ({@link DiffusionOptimizer}), and under mixed precision autocast's cached 16-bit copy of each trained weight
 *   (2 bytes; PyTorch {@code torch.autocast(cache_enabled=True)} keeps casts of leaf tensors for the region).</li>
 *   <li>Frozen parts (the denoiser under LoRA, the text encoders unless {@code --train_text_encoder}, the VAE) are
 *   held in {@code weight_dtype}: fp16/bf16 under mixed precision, fp32 otherwise; the SDXL scripts keep the VAE in
 *   fp32 (its fp16 weights overflow).</li>
 *   <li>{@code --use_ema} adds an fp32 copy of the trained weights.</li>
 *   <li>Activations saved for backward from {@link Denoiser#training}; DreamBooth's prior preservation concatenates
 *   one class image to each instance image, doubling the batch.</li>
 *   <li>Each step first encodes the images with the VAE (no autograd; gradients are None then, as
 *   {@code zero_grad(set_to_none=True)} leaves them); the peak is the larger of that encode and the backward pass,
 *   counted with every saved activation and every gradient at once (an upper bound: in reality gradients grow
 *   while activations are freed).</li>
 * </ul>
 */
final class TrainingMemory {

    /** Bytes of autocast's cached 16-bit copy of a trained fp32 weight. */
    static final int AUTOCAST_COPY_BYTES = 2;

    private TrainingMemory() {
    }

    /** When the training peak happens. */
    private enum Stage {
        STEP("backward pass of a training step"),
        ENCODE("VAE encode of the training images"),
        PRECOMPUTE("prompt encoding before training (every text encoder resident)");

        final String label;

        Stage(String label) {
            this.label = label;
        }
    }

    static SizedEstimate estimate(DiffusionWorkload w) {
        DiffusionModel m = w.model();
        DiffusionDtype dt = w.dtype();
        boolean mixed = dt.isHalf();
        int act = dt.bytes();
        int frozenBytes = dt.bytes();
        // The SDXL scripts keep that VAE in fp32 under fp16 and bf16 alike (its half weights overflow).
        int vaeBytes = m.vaeUpcast() && w.vaeDtype().isHalf() ? 4 : w.vaeDtype().bytes();
        boolean lora = w.mode() == DiffusionMode.LORA;
        int samples = w.batch() * (w.mode() == DiffusionMode.DREAMBOOTH ? 2 : 1);
        long denoiserParams = m.denoiser().parameters();
        long loraParams = lora ? m.denoiser().loraParameters(w.loraRank()) : 0;

        long trainedText = 0;
        long frozenText = 0;
        for (TextEncoderConfig t : m.textEncoders()) {
            if (w.trainTextEncoder() && !t.t5()) {
                trainedText += t.parameters();
            } else {
                frozenText += t.weightBytes(w.textDtype());
            }
        }
        long trained = (lora ? loraParams : denoiserParams) + trainedText;
        int state = w.optimizer().stateBytesPerParameter();

        long denoiserW = lora ? denoiserParams * frozenBytes : denoiserParams * 4;
        long textW = frozenText + trainedText * 4;
        long vaeW = m.vae().parameters() * vaeBytes;
        long loraW = loraParams * 4;
        long autocast = mixed ? trained * AUTOCAST_COPY_BYTES : 0;
        long grads = trained * 4;
        long states = trained * state;
        long emaW = w.ema() && !lora ? trained * 4 : 0;
        int lh = w.latentHeight();
        int lw = w.latentWidth();
        long latents = 4L * samples * m.vae().latentChannels() * lh * lw * 4
                + (long) samples * m.textTokens() * m.textEmbeddingWidth() * act;
        Activations a = m.denoiser().training(samples, lh, lw, m.textTokens(), w.attention(),
                w.gradientCheckpointing(), act);
        long encode = m.vae().encodeElements(w.height(), w.width()) * samples * vaeBytes;

        boolean precompute = m.precomputesText() && trainedText == 0;
        long stepText = precompute ? 0 : textW;
        long fixed = denoiserW + stepText + vaeW + loraW + states + emaW;
        long stepTensors = fixed + autocast + grads + latents + a.totalBytes();
        long encodeTensors = fixed + encode;
        // Before the first step: the prompts are encoded with every text encoder resident; no optimizer state yet.
        long precomputeTensors = precompute ? denoiserW + textW + vaeW + loraW + emaW : 0;
        Stage stage = stepTensors >= encodeTensors && stepTensors >= precomputeTensors ? Stage.STEP
                : encodeTensors >= precomputeTensors ? Stage.ENCODE : Stage.PRECOMPUTE;
        long tensors = Math.max(stepTensors, Math.max(encodeTensors, precomputeTensors));
        boolean step = stage == Stage.STEP;

        List<MemoryPart> parts = new ArrayList<>();
        Sentence trainedWhat = lora ? Sentence.of("diffusion.trained.lora", "%,d LoRA parameters (rank %d)",
                loraParams, w.loraRank()) : Sentence.of("diffusion.trained.denoiser", "%,d %s parameters",
                denoiserParams, m.denoiser().kindLabel());
        if (trainedText > 0) {
            trainedWhat = Sentence.of("diffusion.trained.text", "%s + %,d text-encoder parameters", trainedWhat,
                    trainedText);
        }
        Sentence none = Sentence.of("diffusion.formula.none", "none");
        parts.add(new MemoryPart("denoiserWeights", m.denoiser().kindLabel() + " weights", denoiserW, lora
                ? Sentence.of("diffusion.formula.weights.frozen", "%,d parameters x %d bytes (frozen, %s)",
                        denoiserParams, frozenBytes, dt.id())
                : Sentence.of("diffusion.formula.weights.trained", "%,d parameters x 4 bytes (trained, fp32)",
                        denoiserParams)));
        Sentence text = InferenceMemory.textFormula(m, w.textDtype());
        parts.add(new MemoryPart("textEncoders", "text encoders", stage == Stage.PRECOMPUTE ? textW : stepText,
                trainedText > 0 ? Sentence.of("diffusion.formula.text.trained", "%s; the CLIP encoders trained in"
                        + " fp32", text)
                        : precompute ? Sentence.of("diffusion.formula.text.precomputed", "%s, frozen; freed once the"
                        + " prompts are encoded", text)
                        : Sentence.of("diffusion.formula.text.frozen", "%s, frozen", text)));
        parts.add(new MemoryPart("vae", "VAE weights", vaeW, Sentence.of("diffusion.formula.vae.frozen",
                "%,d parameters x %d bytes, frozen", m.vae().parameters(), vaeBytes)));
        parts.add(new MemoryPart("loraAdapters", "LoRA adapters", loraW, lora ? Sentence.of("diffusion.formula.lora",
                "%,d parameters x 4 bytes: rank %d on the attention projections", loraParams, w.loraRank())
                : none));
        parts.add(new MemoryPart("autocastCopies", "autocast weight copies", step ? autocast : 0,
                mixed ? Sentence.of("diffusion.formula.times", "%s x %d bytes", trainedWhat, 2)
                        : Sentence.of("diffusion.formula.fp32Training", "none: fp32 training")));
        parts.add(new MemoryPart("gradients", "gradients", step ? grads : 0, Sentence.of("diffusion.formula.times",
                "%s x %d bytes", trainedWhat, 4)));
        parts.add(new MemoryPart("optimizerStates", "optimizer states", stage == Stage.PRECOMPUTE ? 0 : states,
                Sentence.of("diffusion.formula.optimizer", "%s x %d bytes (%s)", trainedWhat, state,
                        w.optimizer().id())));
        parts.add(new MemoryPart("emaWeights", "EMA weights", emaW, emaW > 0
                ? Sentence.of("diffusion.formula.times", "%s x %d bytes", trainedWhat, 4) : none));
        parts.add(new MemoryPart("latents", "latents and text embeddings", step ? latents : 0,
                Sentence.of("diffusion.formula.trainLatents", "latents, noise, noisy latents and target of %d samples"
                        + " at %d x %d x %d", samples, m.vae().latentChannels(), lw, lh)));
        parts.add(new MemoryPart("attentionScores", "attention scores", step ? a.attentionScoreBytes() : 0,
                a.formula()));
        parts.add(new MemoryPart("activations", "saved activations", step ? a.otherBytes() : 0, a.formula()));
        parts.add(new MemoryPart("vaeEncode", "VAE encode activations", stage == Stage.ENCODE ? encode : 0,
                Sentence.of("diffusion.formula.vaeEncode", "3 x %d channels x %d x %d per image, %d images, %d bytes",
                        m.vae().blockOutChannels().get(0), w.width(), w.height(), samples, vaeBytes)));
        long reserve = w.runtimeOverhead() ? Math.round(tensors * DiffusionWorkload.ALLOCATOR_FRACTION) : 0;
        long overhead = w.runtimeOverhead() ? DiffusionWorkload.CUDA_CONTEXT_BYTES + reserve : 0;
        parts.add(new MemoryPart("runtimeOverhead", "runtime overhead", overhead, w.runtimeOverhead()
                ? Sentence.of("diffusion.formula.overhead5", "CUDA context 1 GiB + 5 %% allocator reserve of %,d tensor"
                        + " bytes", tensors) : Sentence.of("diffusion.formula.off", "off")));

        Sentence subject = Sentence.of("diffusion.subject.train", "%s %s, batch %d at %d x %d, %s, %s attention%s",
                m.name(), w.mode().id(), w.batch(), w.width(), w.height(), mixed
                        ? Sentence.of("diffusion.subject.mixed", "%s mixed precision", dt.id()) : Sentence.plain("fp32"),
                w.attention().id(), w.gradientCheckpointing()
                        ? Sentence.of("diffusion.subject.checkpointing", ", gradient checkpointing")
                        : Sentence.plain(""));
        List<Sentence> assumptions = new ArrayList<>();
        assumptions.add(Sentence.of("diffusion.assumption.scripts", "diffusers example training scripts: trained"
                + " weights, gradients and optimizer states in fp32 (8-bit optimizer states where chosen), frozen"
                + " weights in %s.", dt.id()));
        if (w.mode() == DiffusionMode.DREAMBOOTH) {
            assumptions.add(Sentence.of("diffusion.assumption.dreambooth", "DreamBooth with prior preservation: each"
                    + " step trains %d images (instance + class).", samples));
        }
        assumptions.add(Sentence.of("diffusion.assumption.backwardPeak", "Backward peak counted with all saved"
                + " activations and all gradients at once."));
        if (precompute) {
            assumptions.add(Sentence.of("diffusion.assumption.precompute", "As the %s training scripts do, the"
                    + " prompts are encoded once and the frozen text encoders freed before the first step.", m.id()));
        }
        List<Sentence> caveats = new ArrayList<>();
        if (!w.gradientCheckpointing()) {
            caveats.add(Sentence.of("diffusion.caveat.checkpointing", "Gradient checkpointing keeps only block inputs"
                    + " and recomputes one block at a time."));
        }
        if (a.attentionScoreBytes() > tensors / 5) {
            caveats.add(Sentence.of("diffusion.caveat.eager", "Eager attention saves N x N probabilities for backward;"
                    + " memory-efficient attention (xFormers/SDPA) does not."));
        }
        caveats.add(Sentence.of("diffusion.caveat.cudnn", "Convolution workspaces (cuDNN) are not modelled."));
        SizedEstimate e = new SizedEstimate(WorkloadKind.DIFFUSION, subject, OptionalLong.of(m.parameters()), parts,
                stage.label, assumptions, caveats);
        return w.runtimeOverhead()
                ? e.withRange(CudaLibraries.TORCH_CUDNN.range(e.peakBytes() - overhead, reserve)) : e;
    }
}
