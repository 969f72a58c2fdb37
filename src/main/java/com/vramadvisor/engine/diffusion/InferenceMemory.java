package com.vramadvisor.engine.diffusion;

import com.vramadvisor.engine.core.CudaLibraries;
import com.vramadvisor.engine.core.MemoryPart;
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
    private record Phase(String name, long denoiser, long text, long vae, long checker, long latents,
                         long scores, long activations, long decode, String activationFormula) {
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
        Phase text = new Phase("text encoding",
                o == Offload.NONE ? denoiserW : 0,
                switch (o) {
                    case NONE -> textW;
                    case MODEL -> largestText;
                    case SEQUENTIAL -> largestTextLayer;
                },
                o == Offload.NONE ? vaeW : 0, o == Offload.NONE ? checkerW : 0, 0, 0, 0, 0, "");
        Phase denoise = new Phase(m.denoiser().kindLabel() + " forward of a denoising step",
                o == Offload.SEQUENTIAL ? m.denoiser().largestLayerParameters() * bytes : denoiserW,
                o == Offload.NONE ? textW : 0, o == Offload.NONE ? vaeW : 0, o == Offload.NONE ? checkerW : 0,
                latents, unet.attentionScoreBytes(), unet.otherBytes(), 0, unet.formula());
        Phase dec = new Phase("VAE decode", o == Offload.NONE ? denoiserW : 0, o == Offload.NONE ? textW : 0,
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
        String resident = switch (w.offload()) {
            case NONE -> "resident";
            case MODEL -> "on the GPU only while it runs (model offload)";
            case SEQUENTIAL -> "one leaf layer at a time (sequential offload)";
        };
        List<MemoryPart> parts = new ArrayList<>();
        parts.add(new MemoryPart("denoiserWeights", m.denoiser().kindLabel() + " weights", p.denoiser(),
                String.format(Locale.ROOT, "%,d parameters x %d bytes (%s), %s", m.denoiser().parameters(),
                        w.dtype().bytes(), dt, resident)));
        parts.add(new MemoryPart("textEncoders", "text encoders", p.text(), textFormula(m, w.textDtype())
                + (w.withoutT5() ? "; without the T5 encoder (text_encoder_3=None)" : "") + ", " + resident));
        parts.add(new MemoryPart("vae", "VAE weights", p.vae(), String.format(Locale.ROOT,
                "%,d parameters x %d bytes%s, %s", m.vae().parameters(),
                p == dec ? w.vaeDecodeDtype().bytes() : w.vaeDtype().bytes(),
                upcast ? " (decoded in fp32: force_upcast)" : "",
                resident)));
        if (m.safetyCheckerParameters() > 0) {
            parts.add(new MemoryPart("safetyChecker", "safety checker", p.checker(), String.format(Locale.ROOT,
                    "%,d parameters x %d bytes (CLIP ViT-L/14 vision tower)%s", m.safetyCheckerParameters(),
                    w.dtype().bytes(), w.safetyChecker() ? "" : ", not loaded")));
        }
        parts.add(new MemoryPart("latents", "latents and text embeddings", p.latents(), String.format(Locale.ROOT,
                "%d latent channels x %d x %d per image; %d denoiser samples%s", m.vae().latentChannels(),
                w.latentWidth(), w.latentHeight(), w.batch() * (w.guidance() ? 2 : 1),
                w.guidance() ? " (classifier-free guidance doubles the batch)" : "")));
        String scoresFormula = p == dec ? "VAE mid-block attention: " + decode.formula()
                : p == denoise ? "N x N score and probability matrices: " + unet.formula()
                : "none while the text encoders run";
        parts.add(new MemoryPart("attentionScores", "attention scores", p.scores(), scoresFormula));
        parts.add(new MemoryPart("activations", "denoiser activations", p.activations(), p == denoise
                ? unet.formula() : elsewhere(p, "a denoising step", unet)));
        parts.add(new MemoryPart("vaeDecode", "VAE decode activations", p.decode(), p == dec
                ? decode.formula() : elsewhere(p, "the VAE decode", decode)));
        long tensors = p.tensors();
        long reserve = w.runtimeOverhead() ? Math.round(tensors * DiffusionWorkload.ALLOCATOR_FRACTION) : 0;
        long overhead = w.runtimeOverhead() ? DiffusionWorkload.CUDA_CONTEXT_BYTES + reserve : 0;
        parts.add(new MemoryPart("runtimeOverhead", "runtime overhead", overhead, w.runtimeOverhead()
                ? String.format(Locale.ROOT, "CUDA context 1 GiB + %.0f %% allocator reserve of %,d tensor bytes",
                DiffusionWorkload.ALLOCATOR_FRACTION * 100, tensors) : "off"));

        String subject = String.format(Locale.ROOT, "%s, %d image%s at %d x %d, %s, %s attention%s", m.name(),
                w.batch(), w.batch() == 1 ? "" : "s", w.width(), w.height(), dt, w.attention().id(),
                w.offload() == Offload.NONE ? "" : ", " + w.offload().id() + " offload");
        SizedEstimate e = new SizedEstimate(WorkloadKind.DIFFUSION, subject, OptionalLong.of(m.parameters()), parts,
                p.name(), assumptions(w, upcast), caveats(w, p, denoise, dec));
        return w.runtimeOverhead()
                ? e.withRange(CudaLibraries.TORCH_CUDNN.range(e.peakBytes() - overhead, reserve)) : e;
    }

    private static String elsewhere(Phase peak, String where, Activations a) {
        return String.format(Locale.ROOT, "none at the peak (%s); %s holds %.2f GiB: %s", peak.name(), where,
                a.totalBytes() / (double) (1L << 30), a.formula());
    }

    static String textFormula(DiffusionModel m, DiffusionDtype dtype) {
        StringBuilder sb = new StringBuilder();
        for (TextEncoderConfig t : m.textEncoders()) {
            if (!sb.isEmpty()) {
                sb.append(" + ");
            }
            sb.append(String.format(Locale.ROOT, "%s %,d parameters", t.name(), t.parameters()));
            if (t.fp32KeptParameters() > 0 && dtype == DiffusionDtype.FP16) {
                sb.append(String.format(Locale.ROOT, " (%,d of them kept in fp32)", t.fp32KeptParameters()));
            }
        }
        return sb.append(" x ").append(dtype.bytes()).append(" bytes").toString();
    }

    private static List<String> assumptions(DiffusionWorkload w, boolean upcast) {
        List<String> a = new ArrayList<>();
        a.add("diffusers pipeline loaded with torch_dtype " + w.dtype().id() + "; the peak is the largest of text"
                + " encoding, one denoising step and the VAE decode.");
        if (w.guidance()) {
            a.add("Classifier-free guidance: the denoiser runs on the prompt and the negative prompt together, "
                    + 2 * w.batch() + " samples per step.");
        }
        if (w.attention() == AttentionKind.SLICED) {
            a.add("Sliced attention computes " + (w.sliceRows() > 0 ? w.sliceRows() : "half of one sample's heads")
                    + " batch x head rows at a time (diffusers enable_attention_slicing).");
        }
        if (upcast) {
            a.add("The VAE is cast to fp32 for the decode, as the SDXL pipeline does when force_upcast is set.");
        }
        if (w.vaeTiling()) {
            a.add("VAE tiling decodes tiles of " + w.model().vae().sampleSize() + " px with 25 % overlap when the"
                    + " image is larger than one tile.");
        }
        a.add("Text-encoder activations (77 or 256 tokens) are a few MiB and are not counted.");
        return a;
    }

    private static List<String> caveats(DiffusionWorkload w, Phase p, Phase denoise, Phase dec) {
        List<String> c = new ArrayList<>();
        if (p.scores() > p.tensors() / 4) {
            c.add(String.format(Locale.ROOT, "The attention score matrices are %.1f GiB of the peak: sliced or SDPA"
                    + " (memory-efficient) attention never holds them all.", p.scores() / (double) (1L << 30)));
        }
        if (p == dec && w.batch() > 1 && !w.vaeSlicing()) {
            c.add("The VAE decodes all " + w.batch() + " images at once; VAE slicing decodes one at a time.");
        }
        if (p == dec && !w.vaeTiling() && w.model().vae().tiles(w.height(), w.width())) {
            c.add("The full-resolution decoder convolutions set the peak; VAE tiling bounds them by the tile size.");
        }
        if (dec.tensors() > denoise.tensors() && p != dec) {
            c.add("The VAE decode would need more than the denoising step.");
        }
        long t5 = w.model().textEncoders().stream().filter(TextEncoderConfig::t5)
                .mapToLong(t -> t.weightBytes(w.dtype())).sum();
        if (t5 > 0 && !w.withoutT5() && w.offload() == Offload.NONE) {
            c.add(String.format(Locale.ROOT, "The T5 encoder alone holds %.1f GiB: --offload model keeps it off the"
                    + " GPU while the transformer runs, --no-t5 drops it (text_encoder_3=None).",
                    t5 / (double) (1L << 30)));
        }
        c.add("Convolution workspaces (cuDNN) and the caching allocator's rounding are not modelled; published"
                + " diffusers peaks run up to about 15 % above the tensor figures here.");
        return c;
    }
}
