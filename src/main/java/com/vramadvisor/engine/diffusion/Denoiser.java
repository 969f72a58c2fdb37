package com.vramadvisor.engine.diffusion;

/**
 * The network that runs once per sampling step: a UNet ({@link UNetConfig}) or a diffusion transformer
 * ({@link MmditConfig}, {@link FluxConfig}). Built from the model's published {@code unet/config.json} or
 * {@code transformer/config.json}.
 */
public sealed interface Denoiser permits UNetConfig, MmditConfig, FluxConfig {

    /** "UNet" or "MMDiT", for labels. */
    String kindLabel();

    /** Parameters, counted layer by layer from the config as diffusers builds the model. */
    long parameters();

    /** Parameters of the largest single leaf layer: what sequential CPU offload holds on the GPU at a time. */
    long largestLayerParameters();

    /** Parameters of LoRA adapters of {@code rank} on the attention projections the diffusers scripts target. */
    long loraParameters(int rank);

    /** Image side in pixels must be a multiple of this (VAE factor 8, times the patch size of a transformer). */
    int pixelMultiple();

    /**
     * Activations alive at the peak of one inference forward pass (no autograd): tensors are freed as soon as the
     * next layer has consumed them, so only skip connections and the working set of the busiest layer remain.
     *
     * @param batch      samples in the denoiser batch (already doubled for classifier-free guidance)
     * @param latentH    latent height (pixels / 8)
     * @param latentW    latent width
     * @param textTokens tokens of the text conditioning
     * @param sliceRows  rows of the batch x heads dimension computed at once with sliced attention
     * @param bytes      bytes per activation element
     */
    Activations inference(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                          int sliceRows, int bytes);

    /**
     * Activations saved for backward at the end of the forward pass of a training step, plus the working set of
     * the one block recomputed at a time when gradient checkpointing is on.
     */
    Activations training(int batch, int latentH, int latentW, int textTokens, AttentionKind attention,
                         boolean checkpointing, int bytes);

    /** The attention heads of the layer with the most tokens, for the "auto" attention slice (half of them). */
    int headsAtWidestAttention();
}
