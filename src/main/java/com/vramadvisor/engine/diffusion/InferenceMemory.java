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
 * Peak GPU memory of generating images with a diffusers text-to-image pipeline: the largest of three phases, each
 * the weights resident during it plus its activations.
 * <ol>
 *   <li>Text encoding: the text encoders run once on 77 (CLIP) or 256 (T5) tokens; their activations are a few MiB
 *   and are not counted.</li>
 *   <li>Denoising: one denoiser forward per step on {@code batch x 2} samples with classifier-free guidance (the
 *   pipelines concatenate the negative prompt), activations from {@link Denoiser#inference}.</li>
 *   <li>VAE decode: {@link VaeConfig#decode}, in fp32 when the pipeline upcasts the VAE (SDXL), one image at a time
 *   with VAE slicing, tile by tile with VAE tiling.</li>
 * </ol>
 * Resident weights: everything without offload; only the running component with model offload; only the largest
 * leaf layer of the running component with sequential offload (accelerate's {@code cpu_offload} hooks). A CUDA
 * context of {@link DiffusionWorkload#CUDA_CONTEXT_BYTES} and an allocator reserve of
 * {@link DiffusionWorkload#ALLOCATOR_FRACTION} of the tensors are added when the runtime overhead is on.
 */
final class InferenceMemory {

    private InferenceMemory() {
    }

    /** Bytes of one phase, by part, with the formulas. */
    private record Phase(Sentence name, long denoiser, long text, long vae, long checker, long latents,
                         long scores, long activations, long decode, Sentence activationFormula) {
        long tensors() {
            return denoiser + text + vae + checker + latents + scores + activations + decode;
        }
    }

    static SizedEstimate estimate(DiffusionWorkload w) {
        DiffusionModel m = w.model();
        DiffusionDtype dt = w.dtype();
        int bytes = dt.bytes();
        DiffusionDtype vd = w.vaeDecodeDtype();
        boolean upcast = vd != w.vaeDtype();
        int vaeBytes = vd.bytes();
        DiffusionDtype td = w.textDtype();
        int samples = w.batch() * (w.guidance() ? 2 : 1);
        int lh = w.latentHeight();
        int lw = w.latentWidth();
        int latentChannels = m.vae().latentChannels();

        long denoiserW = m.denoiser().parameters() * bytes;
        List<TextEncoderConfig> loaded = m.textEncoders().stream().filter(t -> !(w.withoutT5() && t.t5())).toList();
        long textW = loaded.stream().mapToLong(t -> t.weightBytes(td)).sum();
        long vaeW = m.vae().parameters() * w.vaeDtype().bytes();
        long vaeDecodeW = m.vae().parameters() * vaeBytes;
        long checkerW = w.safetyChecker() ? m.safetyCheckerParameters() * bytes : 0;
        long largestText = loaded.stream().mapToLong(t -> t.weightBytes(td)).max().orElse(0);
        long largestTextLayer = loaded.stream().mapToLong(TextEncoderConfig::largestLayerParameters)
                .max().orElse(0) * td.bytes();

        int sliceRows = w.sliceRows() > 0 ? w.sliceRows()
                : Math.max(1, m.denoiser().headsAtWidestAttention() / 2);
        Activations unet = m.denoiser().inference(samples, lh, lw, m.textTokens(), w.attention(), sliceRows, bytes);
        long embedWidth = m.textEmbeddingWidth();
        long latents = ((long) w.batch() + 2L * samples) * latentChannels * lh * lw * bytes
                + (long) samples * m.textTokens() * embedWidth * bytes;
        Activations decode = m.vae().decode(w.vaeSlicing() ? 1 : w.batch(), w.height(), w.width(),
                w.attention() == AttentionKind.EAGER, w.vaeTiling(), vaeBytes);
        long decodeLatents = (long) w.batch() * latentChannels * lh * lw * vaeBytes;

        Offload o = w.offload();
        Phase text = new Phase(Sentence.of("diffusion.phase.text", "text encoding"),
                o == Offload.NONE ? denoiserW : 0,
                switch (o) {
                    case NONE -> textW;
                    case MODEL -> largestText;
                    case SEQUENTIAL -> largestTextLayer;
                },
                o == Offload.NONE ? vaeW : 0, o == Offload.NONE ? checkerW : 0, 0, 0, 0, 0, Sentence.plain(""));
        Phase denoise = new Phase(Sentence.of("diffusion.phase.denoise", "%s forward of a denoising step",
                m.denoiser().kindLabel()),
                o == Offload.SEQUENTIAL ? m.denoiser().largestLayerParameters() * bytes : denoiserW,
                o == Offload.NONE ? textW : 0, o == Offload.NONE ? vaeW : 0, o == Offload.NONE ? checkerW : 0,
                latents, unet.attentionScoreBytes(), unet.otherBytes(), 0, unet.formula());
        Phase dec = new Phase(Sentence.of("diffusion.phase.decode",
                "VAE decode"), o == Offload.NONE ? denoiserW : 0, o == Offload.NONE ? textW : 0,
                o == Offload.SEQUENTIAL ? m.vae().largestLayerParameters() * vaeBytes : vaeDecodeW,
                o == Offload.NONE ? checkerW : 0, decodeLatents, decode.attentionScoreBytes(), 0,
                decode.otherBytes(), decode.formula());
        Phase peak = text;
        for (Phase p : List.of(denoise, dec)) {
            if (p.tensors() > peak.tensors()) {
                peak = p;
            }
        }
        return build(w, peak, upcast, unet, decode, denoise, dec);
    }

    private static SizedEstimate build(DiffusionWorkload w, Phase p, boolean upcast, Activations unet,
                                       Activations decode, Phase denoise, Phase dec) {
        DiffusionModel m = w.model();
        String dt = w.dtype().id();
        Sentence resident = switch (w.offload()) {
            case NONE -> Sentence.of("diffusion.resident", "resident");
            case MODEL -> Sentence.of("diffusion.resident.model", "on the GPU only while it runs (model offload)");
            case SEQUENTIAL -> Sentence.of("diffusion.resident.sequential", "one leaf layer at a time (sequential"
                    + " offload)");
        };
        List<MemoryPart> parts = new ArrayList<>();
        parts.add(new MemoryPart("denoiserWeights", m.denoiser().kindLabel() + " weights", p.denoiser(),
                Sentence.of("diffusion.formula.weights", "%,d parameters x %d bytes (%s), %s",
                        m.denoiser().parameters(), w.dtype().bytes(), dt, resident)));
        parts.add(new MemoryPart("textEncoders", "text encoders", p.text(), w.withoutT5()
                ? Sentence.of("diffusion.formula.text.noT5", "%s; without the T5 encoder (text_encoder_3=None), %s",
                        textFormula(m, w.textDtype()), resident)
                : Sentence.of("diffusion.formula.text", "%s, %s", textFormula(m, w.textDtype()), resident)));
        parts.add(new MemoryPart("vae", "VAE weights", p.vae(), Sentence.of("diffusion.formula.vae",
                "%,d parameters x %d bytes%s, %s", m.vae().parameters(),
                p == dec ? w.vaeDecodeDtype().bytes() : w.vaeDtype().bytes(),
                upcast ? Sentence.of("diffusion.formula.vae.upcast", " (decoded in fp32: force_upcast)")
                        : Sentence.plain(""), resident)));
        if (m.safetyCheckerParameters() > 0) {
            parts.add(new MemoryPart("safetyChecker", "safety checker", p.checker(), Sentence.of(
                    "diffusion.formula.safetyChecker", "%,d parameters x %d bytes (CLIP ViT-L/14 vision tower)%s",
                    m.safetyCheckerParameters(), w.dtype().bytes(), w.safetyChecker() ? Sentence.plain("")
                            : Sentence.of("diffusion.formula.notLoaded", ", not loaded"))));
        }
        parts.add(new MemoryPart("latents", "latents and text embeddings", p.latents(), Sentence.of(
                "diffusion.formula.latents", "%d latent channels x %d x %d per image; %d denoiser samples%s",
                m.vae().latentChannels(), w.latentWidth(), w.latentHeight(), w.batch() * (w.guidance() ? 2 : 1),
                w.guidance() ? Sentence.of("diffusion.formula.cfg", " (classifier-free guidance doubles the batch)")
                        : Sentence.plain(""))));
        Sentence scoresFormula = p == dec
                ? Sentence.of("diffusion.formula.scores.vae", "VAE mid-block attention: %s", decode.formula())
                : p == denoise ? Sentence.of("diffusion.formula.scores.denoiser", "N x N score and probability"
                        + " matrices: %s", unet.formula())
                : Sentence.of("diffusion.formula.scores.none", "none while the text encoders run");
        parts.add(new MemoryPart("attentionScores", "attention scores", p.scores(), scoresFormula));
        parts.add(new MemoryPart("activations", "denoiser activations", p.activations(), p == denoise
                ? unet.formula() : elsewhere(p, Sentence.of("diffusion.where.denoise", "a denoising step"), unet)));
        parts.add(new MemoryPart("vaeDecode", "VAE decode activations", p.decode(), p == dec
                ? decode.formula() : elsewhere(p, Sentence.of("diffusion.where.decode", "the VAE decode"), decode)));
        long tensors = p.tensors();
        long reserve = w.runtimeOverhead() ? Math.round(tensors * DiffusionWorkload.ALLOCATOR_FRACTION) : 0;
        long overhead = w.runtimeOverhead() ? DiffusionWorkload.CUDA_CONTEXT_BYTES + reserve : 0;
        parts.add(new MemoryPart("runtimeOverhead", "runtime overhead", overhead, w.runtimeOverhead()
                ? Sentence.of("diffusion.formula.overhead", "CUDA context 1 GiB + %.0f %% allocator reserve of %,d"
                        + " tensor bytes", DiffusionWorkload.ALLOCATOR_FRACTION * 100, tensors)
                : Sentence.of("diffusion.formula.off", "off")));

        Sentence subject = Sentence.of(w.batch() == 1 ? "diffusion.subject.infer.one" : "diffusion.subject.infer",
                "%s, %d image" + (w.batch() == 1 ? "" : "s") + " at %d x %d, %s, %s attention%s", m.name(), w.batch(),
                w.width(), w.height(), dt, w.attention().id(), w.offload() == Offload.NONE ? Sentence.plain("")
                        : Sentence.of("diffusion.subject.offload", ", %s offload", w.offload().id()));
        SizedEstimate e = new SizedEstimate(WorkloadKind.DIFFUSION, subject, OptionalLong.of(m.parameters()), parts,
                p.name().english(), assumptions(w, upcast), caveats(w, p, denoise, dec));
        return w.runtimeOverhead()
                ? e.withRange(CudaLibraries.TORCH_CUDNN.range(e.peakBytes() - overhead, reserve)) : e;
    }

    private static Sentence elsewhere(Phase peak, Sentence where, Activations a) {
        return Sentence.of("diffusion.formula.elsewhere", "none at the peak (%s); %s holds %.2f GiB: %s", peak.name(),
                where, a.totalBytes() / (double) (1L << 30), a.formula());
    }

    static Sentence textFormula(DiffusionModel m, DiffusionDtype dtype) {
        Sentence all = null;
        for (TextEncoderConfig t : m.textEncoders()) {
            Sentence one = t.fp32KeptParameters() > 0 && dtype == DiffusionDtype.FP16
                    ? Sentence.of("diffusion.formula.encoder.fp32", "%s %,d parameters (%,d of them kept in fp32)",
                            t.name(), t.parameters(), t.fp32KeptParameters())
                    : Sentence.of("diffusion.formula.encoder", "%s %,d parameters", t.name(), t.parameters());
            all = all == null ? one : Sentence.of("diffusion.formula.plus", "%s + %s", all, one);
        }
        return Sentence.of("diffusion.formula.textEncoders", "%s x %d bytes", all == null ? Sentence.plain("")
                : all, dtype.bytes());
    }

    private static List<Sentence> assumptions(DiffusionWorkload w, boolean upcast) {
        List<Sentence> a = new ArrayList<>();
        a.add(Sentence.of("diffusion.assumption.pipeline", "diffusers pipeline loaded with torch_dtype %s; the peak is"
                + " the largest of text encoding, one denoising step and the VAE decode.", w.dtype().id()));
        if (w.guidance()) {
            a.add(Sentence.of("diffusion.assumption.cfg", "Classifier-free guidance: the denoiser runs on the prompt"
                    + " and the negative prompt together, %d samples per step.", 2 * w.batch()));
        }
        if (w.attention() == AttentionKind.SLICED) {
            a.add(w.sliceRows() > 0
                    ? Sentence.of("diffusion.assumption.sliced", "Sliced attention computes %d batch x head rows at a"
                            + " time (diffusers enable_attention_slicing).", w.sliceRows())
                    : Sentence.of("diffusion.assumption.slicedHalf", "Sliced attention computes half of one sample's"
                            + " heads batch x head rows at a time (diffusers enable_attention_slicing)."));
        }
        if (upcast) {
            a.add(Sentence.of("diffusion.assumption.upcast", "The VAE is cast to fp32 for the decode, as the SDXL"
                    + " pipeline does when force_upcast is set."));
        }
        if (w.vaeTiling()) {
            a.add(Sentence.of("diffusion.assumption.tiling", "VAE tiling decodes tiles of %d px with 25 %% overlap"
                    + " when the image is larger than one tile.", w.model().vae().sampleSize()));
        }
        a.add(Sentence.of("diffusion.assumption.textActivations", "Text-encoder activations (77 or 256 tokens) are a"
                + " few MiB and are not counted."));
        return a;
    }

    private static List<Sentence> caveats(DiffusionWorkload w, Phase p, Phase denoise, Phase dec) {
        List<Sentence> c = new ArrayList<>();
        if (p.scores() > p.tensors() / 4) {
            c.add(Sentence.of("diffusion.caveat.scores", "The attention score matrices are %.1f GiB of the peak:"
                    + " sliced or SDPA (memory-efficient) attention never holds them all.",
                    p.scores() / (double) (1L << 30)));
        }
        if (p == dec && w.batch() > 1 && !w.vaeSlicing()) {
            c.add(Sentence.of("diffusion.caveat.slicing", "The VAE decodes all %d images at once; VAE slicing decodes"
                    + " one at a time.", w.batch()));
        }
        if (p == dec && !w.vaeTiling() && w.model().vae().tiles(w.height(), w.width())) {
            c.add(Sentence.of("diffusion.caveat.tiling", "The full-resolution decoder convolutions set the peak; VAE"
                    + " tiling bounds them by the tile size."));
        }
        if (dec.tensors() > denoise.tensors() && p != dec) {
            c.add(Sentence.of("diffusion.caveat.decodeLarger", "The VAE decode would need more than the denoising"
                    + " step."));
        }
        long t5 = w.model().textEncoders().stream().filter(TextEncoderConfig::t5)
                .mapToLong(t -> t.weightBytes(w.dtype())).sum();
        if (t5 > 0 && !w.withoutT5() && w.offload() == Offload.NONE) {
            c.add(Sentence.of("diffusion.caveat.t5",
                    "The T5 encoder alone holds %.1f GiB: --offload model keeps it off the"
                    + " GPU while the transformer runs, --no-t5 drops it (text_encoder_3=None).",
                    t5 / (double) (1L << 30)));
        }
        c.add(Sentence.of("diffusion.caveat.workspaces", "Convolution workspaces (cuDNN) and the caching allocator's"
                + " rounding are not modelled; published diffusers peaks run up to about 15 %% above the tensor"
                + " figures here."));
        return c;
    }
}
