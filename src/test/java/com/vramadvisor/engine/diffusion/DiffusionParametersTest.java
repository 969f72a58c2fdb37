package com.vramadvisor.engine.diffusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

/** Parameter counts built from the published configs, against independently published totals. */
class DiffusionParametersTest {

    @Test
    void stableDiffusion15UNetMatchesTheCountDiffusersDocuments() {
        // diffusers src/diffusers/models/modeling_utils.py, ModelMixin.num_parameters docstring:
        // UNet2DConditionModel.from_pretrained("stable-diffusion-v1-5/stable-diffusion-v1-5", subfolder="unet")
        //     .num_parameters(only_trainable=True) -> 859520964
        assertThat(DiffusionPresets.SD_15.denoiser().parameters()).isEqualTo(859_520_964L);
    }

    @Test
    void clipViTL14TextTowerAndSafetyCheckerTowerAddUpToOpenAIsClipTotal() {
        // openai/clip-vit-large-patch14 (CLIPModel) has 427,616,513 parameters (keras-hub CLIP presets "params",
        // MTEB model metadata n_parameters): text tower 123,060,480 + vision tower + the 768 x 768 text and
        // 1024 x 768 visual projections + logit_scale.
        long text = DiffusionPresets.clipL(false).parameters();
        assertThat(text).isEqualTo(123_060_480L);
        long safety = DiffusionPresets.safetyCheckerParameters();
        long visionTower = safety - 1_024L * 768 - 20L * 768 - 20;
        assertThat(text + visionTower + 768L * 768 + 1_024L * 768 + 1).isEqualTo(427_616_513L);
    }

    @Test
    void stableDiffusion3MediumComponentsMatchAPublishedModuleSummary() {
        // ai-dynamo/aitune docs/guides/aot_inspect.md, module summary of stable-diffusion-3-medium-diffusers:
        // text_encoder 123650304, text_encoder_2 694659840, text_encoder_3 4762310656, transformer 2028328000,
        // decoder 49545475.
        DiffusionModel sd3 = DiffusionPresets.SD3_MEDIUM;
        assertThat(sd3.textEncoders().get(0).parameters()).isEqualTo(123_650_304L);
        assertThat(sd3.textEncoders().get(1).parameters()).isEqualTo(694_659_840L);
        assertThat(sd3.textEncoders().get(2).parameters()).isEqualTo(4_762_310_656L);
        assertThat(sd3.denoiser().parameters()).isEqualTo(2_028_328_000L);
        assertThat(sd3.vae().decoderParameters()).isEqualTo(49_545_475L);
    }

    @Test
    void flux1DevTransformerMatchesTheHubsSafetensorsCount() {
        // black-forest-labs/FLUX.1-dev: the Hub's safetensors metadata for the transformer, total 11,901,408,320
        // parameters (BF16), as public model registries reproduce it ("totalParams: 11901408320"; unsloth's
        // FLUX.1-dev GGUF conversion reports the same total). Its VAE has SD3's layout; its T5 is SD3's encoder.
        DiffusionModel flux = DiffusionPresets.FLUX_1_DEV;
        assertThat(flux.denoiser().parameters()).isEqualTo(11_901_408_320L);
        assertThat(flux.vae().parameters()).isEqualTo(DiffusionPresets.SD3_MEDIUM.vae().parameters());
        assertThat(flux.textEncoders().get(1).parameters()).isEqualTo(4_762_310_656L);
        assertThat(flux.textTokens()).isEqualTo(512);
        assertThat(flux.classifierFreeGuidance()).isFalse();
    }

    @Test
    void sdxlComponentsMatchTheirPublishedCountsAndFp16FileSizes() {
        // Stable Diffusion XL base 1.0: UNet 2,567,463,684 and VAE 83,653,863 parameters; OpenCLIP bigG/14 with
        // projection 694,659,840 (also in the SD3 summary above). The fp16 files on the Hub
        // (stabilityai/stable-diffusion-xl-base-1.0, variant fp16) are listed as 5.14 GB (unet), 167 MB (vae),
        // 1.39 GB (text_encoder_2) and 246 MB (text_encoder): 2 bytes per parameter plus a small header.
        DiffusionModel xl = DiffusionPresets.SDXL;
        assertThat(xl.denoiser().parameters()).isEqualTo(2_567_463_684L);
        assertThat(xl.vae().parameters()).isEqualTo(83_653_863L);
        assertThat(xl.textEncoders().get(1).parameters()).isEqualTo(694_659_840L);
        // The listed sizes have three significant digits and include the file header: within 0.5 %.
        assertThat(xl.denoiser().parameters() * 2.0).isCloseTo(5.14e9, withinPercentage(0.5));
        assertThat(xl.vae().parameters() * 2.0).isCloseTo(167e6, withinPercentage(0.5));
        assertThat(xl.textEncoders().get(1).parameters() * 2.0).isCloseTo(1.39e9, withinPercentage(0.5));
        assertThat(xl.textEncoders().get(0).parameters() * 2.0).isCloseTo(246e6, withinPercentage(0.5));
    }

    @Test
    void theStableDiffusionVaeIsSharedBySd15AndSdxlAndSd3sDiffersOnlyInItsLatentLayers() {
        assertThat(DiffusionPresets.SD_15.vae().parameters()).isEqualTo(83_653_863L);
        // 16 latent channels instead of 4 and no quant convolutions: conv_out 512 -> 32, conv_in 16 -> 512.
        long sd3 = DiffusionPresets.SD3_MEDIUM.vae().parameters();
        long expected = 83_653_863L
                - (512L * 8 * 9 + 8) - (8L * 8 + 8) - (4L * 4 + 4) - (4L * 512 * 9 + 512)
                + (512L * 32 * 9 + 32) + (16L * 512 * 9 + 512);
        assertThat(sd3).isEqualTo(expected);
    }

    @Test
    void loraAdaptersCountRankTimesInPlusOutOfEachTargetedProjection() {
        // SD 1.5 at rank 4: 16 transformer blocks (3 levels x (2 down + 3 up) + mid); per block self-attention
        // q, k, v, out (4 x (C + C)) and cross-attention q, out (2 x (C + C)) plus k, v (2 x (768 + C)).
        long expected = 0;
        int[][] levels = {{320, 5}, {640, 5}, {1_280, 6}};
        for (int[] l : levels) {
            long c = l[0];
            expected += l[1] * (4 * 2 * c + 2 * 2 * c + 2 * (768 + c));
        }
        assertThat(DiffusionPresets.SD_15.denoiser().loraParameters(4)).isEqualTo(4 * expected);
        assertThat(DiffusionPresets.SD_15.denoiser().loraParameters(8))
                .isEqualTo(2 * DiffusionPresets.SD_15.denoiser().loraParameters(4));
    }
}
