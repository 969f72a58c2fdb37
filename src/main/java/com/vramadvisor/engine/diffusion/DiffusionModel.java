package com.vramadvisor.engine.diffusion;

import java.util.List;
import java.util.Objects;

/**
 * A text-to-image diffusion pipeline: the denoiser, the VAE, the text encoders and what the diffusers pipeline does
 * with them.
 *
 * @param id                      preset id ({@code sd-1.5}, {@code sdxl}, {@code sd3-medium})
 * @param name                    display name
 * @param denoiser                the UNet or MMDiT
 * @param vae                     the autoencoder
 * @param textEncoders            the text encoders in pipeline order
 * @param vaeUpcast               whether the pipeline decodes in fp32 when loaded in fp16 (SDXL's
 *                                {@code force_upcast}: {@code StableDiffusionXLPipeline.upcast_vae})
 * @param safetyCheckerParameters parameters of the safety checker the pipeline loads by default (SD 1.5's
 *                                {@code StableDiffusionSafetyChecker}), 0 when none
 * @param defaultResolution       the pipeline's default image side in pixels ({@code sample_size x 8})
 * @param precomputesText         whether the model's diffusers training scripts encode the prompts once before
 *                                training and free the frozen text encoders ({@code train_dreambooth_lora_sdxl.py},
 *                                {@code train_text_to_image_sdxl.py}, {@code train_dreambooth_lora_sd3.py} do; the
 *                                SD 1.x scripts keep the text encoder and encode every batch)
 * @param source                  where the configs come from
 */
public record DiffusionModel(String id, String name, Denoiser denoiser, VaeConfig vae,
                             List<TextEncoderConfig> textEncoders, boolean vaeUpcast, long safetyCheckerParameters,
                             int defaultResolution, boolean precomputesText, String source) {

    public DiffusionModel {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(denoiser, "denoiser");
        Objects.requireNonNull(vae, "vae");
        Objects.requireNonNull(source, "source");
        textEncoders = List.copyOf(textEncoders);
        if (safetyCheckerParameters < 0 || defaultResolution < 8) {
            throw new IllegalArgumentException("bad pipeline description " + id);
        }
    }

    /** Parameters of the text encoders together. */
    public long textEncoderParameters() {
        return textEncoders.stream().mapToLong(TextEncoderConfig::parameters).sum();
    }

    /** Every parameter the pipeline loads: denoiser, text encoders, VAE and safety checker. */
    public long parameters() {
        return denoiser.parameters() + textEncoderParameters() + vae.parameters() + safetyCheckerParameters;
    }

    /**
     * Width of the prompt embedding the denoiser receives: the CLIP hidden states concatenated (768 for SD 1.5, 2048
     * for SDXL), or the T5 width where the CLIP states are padded to it (SD3's joint_attention_dim 4096).
     */
    public long textEmbeddingWidth() {
        long clip = textEncoders.stream().filter(t -> !t.t5()).mapToLong(TextEncoderConfig::width).sum();
        long t5 = textEncoders.stream().filter(TextEncoderConfig::t5).mapToLong(TextEncoderConfig::width).max()
                .orElse(0);
        return Math.max(clip, t5);
    }

    /**
     * Whether the pipeline runs a negative prompt beside the prompt by default (classifier-free guidance, doubling
     * the denoiser batch): SD 1.5, SDXL and SD3 do; FLUX.1-dev's guidance is distilled into an embedding instead.
     */
    public boolean classifierFreeGuidance() {
        return !(denoiser instanceof FluxConfig f && f.guidanceEmbeds());
    }

    /**
     * Text tokens the denoiser attends to: the CLIP 77 plus the T5 tokens where a T5 encoder is present; FLUX's
     * sequence holds the T5 tokens only (CLIP gives its pooled vector).
     */
    public int textTokens() {
        if (denoiser instanceof FluxConfig) {
            return textEncoders.stream().filter(TextEncoderConfig::t5).mapToInt(TextEncoderConfig::tokens).sum();
        }
        int clip = 0;
        int t5 = 0;
        for (TextEncoderConfig t : textEncoders) {
            if (t.t5()) {
                t5 += t.tokens();
            } else {
                clip = Math.max(clip, t.tokens());
            }
        }
        return clip + t5;
    }

    /**
     * Sampling steps the diffusers pipeline runs when none is given ({@code num_inference_steps}): 50 for
     * {@code StableDiffusionPipeline} and {@code StableDiffusionXLPipeline}, 28 for {@code StableDiffusion3Pipeline}
     * and {@code FluxPipeline}.
     */
    public int defaultSamplingSteps() {
        return denoiser instanceof UNetConfig ? 50 : 28;
    }
}
