package com.vramadvisor.engine.diffusion;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The shipped pipelines, each built from the configs published with its weights on the Hugging Face Hub (diffusers
 * layout: {@code unet/config.json} or {@code transformer/config.json}, {@code vae/config.json},
 * {@code text_encoder/config.json (and text_encoder_2, text_encoder_3)}).
 */
public final class DiffusionPresets {

    /** CLIP ViT-L/14 text tower (openai/clip-vit-large-patch14): 49,408 tokens, 77 positions, 768 wide, 12 layers. */
    static TextEncoderConfig clipL(boolean projection) {
        return new TextEncoderConfig("CLIP ViT-L/14", false, 49_408, 77, 768, 12, 3_072, 12, 64, projection, 77);
    }

    /** OpenCLIP ViT-bigG/14 text tower with projection (SDXL/SD3 text_encoder_2): 1280 wide, 32 layers, 20 heads. */
    static TextEncoderConfig clipBigG() {
        return new TextEncoderConfig("OpenCLIP ViT-bigG/14", false, 49_408, 77, 1_280, 32, 5_120, 20, 64, true, 77);
    }

    /** T5 v1.1 XXL encoder (google/t5-v1_1-xxl): 32,128 tokens, d 4096, 24 layers, 64 heads of 64, ff 10,240. */
    static TextEncoderConfig t5Xxl() {
        return new TextEncoderConfig("T5 v1.1 XXL encoder", true, 32_128, 0, 4_096, 24, 10_240, 64, 64, false, 256);
    }

    /**
     * The safety checker SD 1.5 pipelines load by default (CompVis/stable-diffusion-safety-checker): a CLIP ViT-L/14
     * vision tower (patch 14 at 224 px, 1024 wide, 24 layers, MLP 4096: patch conv without bias {@code 3 x 14^2 x d},
     * class and 257 position embeddings, pre and post LayerNorms, 24 layers of {@code 4d + 4(d^2 + d) + 2 d ff + ff +
     * d}) plus a 1024 x 768 projection without bias and 17 + 3 concept embeddings of 768 with one weight each.
     */
    static long safetyCheckerParameters() {
        long d = 1_024;
        long ff = 4_096;
        long vision = 3 * d * 14 * 14 + d + 257 * d + 2 * d + 24 * (4 * d + 4 * (d * d + d) + 2 * d * ff + ff + d)
                + 2 * d;
        return vision + d * 768 + 20 * 768 + 20;
    }

    /**
     * Stable Diffusion 1.5 (stable-diffusion-v1-5/stable-diffusion-v1-5): unet/config.json block_out_channels
     * [320, 640, 1280, 1280], layers_per_block 2, three CrossAttnDownBlock2D and a DownBlock2D, attention_head_dim 8,
     * cross_attention_dim 768; vae/config.json block_out_channels [128, 256, 512, 512], latent_channels 4,
     * sample_size 512; text_encoder CLIPTextModel (ViT-L/14).
     */
    public static final DiffusionModel SD_15 = new DiffusionModel("sd-1.5", "Stable Diffusion 1.5",
            new UNetConfig(4, List.of(320, 640, 1_280, 1_280), 2, List.of(true, true, true, false),
                    List.of(8, 8, 8, 8), List.of(1, 1, 1, 1), 768, 0),
            new VaeConfig(List.of(128, 256, 512, 512), 2, 4, true, 512),
            List.of(clipL(false)), false, safetyCheckerParameters(), 512, false,
            "huggingface.co/stable-diffusion-v1-5/stable-diffusion-v1-5: unet/, vae/, text_encoder/, safety_checker/"
                    + " config.json");

    /**
     * Stable Diffusion XL base 1.0 (stabilityai/stable-diffusion-xl-base-1.0): unet/config.json block_out_channels
     * [320, 640, 1280], DownBlock2D then two CrossAttnDownBlock2D, attention_head_dim [5, 10, 20],
     * transformer_layers_per_block [1, 2, 10], cross_attention_dim 2048, addition_embed_type text_time with
     * projection_class_embeddings_input_dim 2816, sample_size 128; vae/config.json as SD 1.5 but sample_size 1024
     * and force_upcast true; text_encoder CLIPTextModel (ViT-L/14), text_encoder_2 CLIPTextModelWithProjection
     * (OpenCLIP bigG/14).
     */
    public static final DiffusionModel SDXL = new DiffusionModel("sdxl", "Stable Diffusion XL base 1.0",
            new UNetConfig(4, List.of(320, 640, 1_280), 2, List.of(false, true, true), List.of(5, 10, 20),
                    List.of(1, 2, 10), 2_048, 2_816),
            new VaeConfig(List.of(128, 256, 512, 512), 2, 4, true, 1_024),
            List.of(clipL(false), clipBigG()), true, 0, 1_024, true,
            "huggingface.co/stabilityai/stable-diffusion-xl-base-1.0: unet/, vae/, text_encoder/, text_encoder_2/"
                    + " config.json");

    /**
     * Stable Diffusion 3 Medium (stabilityai/stable-diffusion-3-medium-diffusers): transformer/config.json
     * SD3Transformer2DModel with in_channels 16, patch_size 2, num_layers 24, num_attention_heads 24,
     * attention_head_dim 64, joint_attention_dim 4096, pooled_projection_dim 2048; vae/config.json latent_channels 16,
     * use_quant_conv and use_post_quant_conv false, sample_size 1024; text_encoder and text_encoder_2
     * CLIPTextModelWithProjection (ViT-L/14, bigG/14), text_encoder_3 T5EncoderModel (t5-v1_1-xxl); the pipeline pads
     * T5 prompts to max_sequence_length 256 and does not upcast the VAE.
     */
    public static final DiffusionModel SD3_MEDIUM = new DiffusionModel("sd3-medium", "Stable Diffusion 3 Medium",
            new MmditConfig(16, 2, 24, 24, 64, 4_096, 2_048),
            new VaeConfig(List.of(128, 256, 512, 512), 2, 16, false, 1_024),
            List.of(clipL(true), clipBigG(), t5Xxl()), false, 0, 1_024, true,
            "huggingface.co/stabilityai/stable-diffusion-3-medium-diffusers: transformer/, vae/, text_encoder/,"
                    + " text_encoder_2/, text_encoder_3/ config.json");

    /**
     * FLUX.1 [dev] (black-forest-labs/FLUX.1-dev): transformer/config.json FluxTransformer2DModel with in_channels 64,
     * num_layers 19, num_single_layers 38, num_attention_heads 24, attention_head_dim 128, joint_attention_dim 4096,
     * pooled_projection_dim 768, guidance_embeds true; vae/config.json as SD3's (16 latent channels, no quant
     * convolutions, sample_size 1024); text_encoder CLIPTextModel (ViT-L/14), text_encoder_2 T5EncoderModel
     * (t5-v1_1-xxl) with max_sequence_length 512.
     */
    public static final DiffusionModel FLUX_1_DEV = new DiffusionModel("flux.1-dev", "FLUX.1 [dev]",
            new FluxConfig(64, 19, 38, 24, 128, 4_096, 768, true),
            new VaeConfig(List.of(128, 256, 512, 512), 2, 16, false, 1_024),
            List.of(clipL(false), new TextEncoderConfig("T5 v1.1 XXL encoder", true, 32_128, 0, 4_096, 24, 10_240,
                    64, 64, false, 512)), false, 0, 1_024, true,
            "huggingface.co/black-forest-labs/FLUX.1-dev: transformer/, vae/, text_encoder/, text_encoder_2/"
                    + " config.json");

    private static final List<DiffusionModel> ALL = List.of(SD_15, SDXL, SD3_MEDIUM, FLUX_1_DEV);

    private DiffusionPresets() {
    }

    public static List<DiffusionModel> all() {
        return ALL;
    }

    /** The preset with this id (case-insensitive; "sd15", "sd-15" and "sd3" are accepted too). */
    public static Optional<DiffusionModel> byId(String id) {
        String t = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        String canonical = switch (t) {
            case "sd15", "sd-15", "sd1.5", "stable-diffusion-1.5" -> "sd-1.5";
            case "sdxl-base", "sdxl-1.0" -> "sdxl";
            case "sd3", "sd-3-medium", "sd3-m" -> "sd3-medium";
            case "flux", "flux-dev", "flux1-dev", "flux.1", "flux-1-dev" -> "flux.1-dev";
            default -> t;
        };
        return ALL.stream().filter(m -> m.id().equals(canonical)).findFirst();
    }

    /** The ids, comma-separated, for messages. */
    public static String ids() {
        return String.join(", ", ALL.stream().map(DiffusionModel::id).toList());
    }
}
