package com.vramadvisor.engine.diffusion;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.core.SizedEstimate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Generation peaks against hand-worked formulas and against the peaks diffusers publishes. The published figures
 * are {@code torch.cuda.max_memory_allocated()}, so they are compared with the tensor parts alone (runtime overhead
 * off). The estimate leaves out cuDNN convolution workspaces and allocator rounding; at 1024 px those add 5-15 %
 * to a published peak, so an estimate must land between 80 % and 105 % of it: low by what is not modelled, never
 * high.
 */
class DiffusionInferenceTest {

    private static final double GIB = 1L << 30;

    private static DiffusionWorkload infer(DiffusionModel m) {
        return DiffusionWorkload.of(m, DiffusionMode.INFER).withRuntimeOverhead(false);
    }

    private static long peak(DiffusionWorkload w) {
        return w.estimate().peakBytes();
    }

    private static void assertWithinPublished(long estimate, double publishedBytes) {
        assertThat(estimate / publishedBytes).as("estimate %.2f GiB vs published %.2f GiB", estimate / GIB,
                publishedBytes / GIB).isBetween(0.80, 1.05);
    }

    @Test
    void eagerAttentionInSd15At512HoldsEightHeadsOf4096SquaredScoresPerSample() {
        // 512 px -> 64 x 64 latents -> 4096 tokens at the first level, 8 heads, fp16; classifier-free guidance
        // makes 2 samples; the baddbmm scores and the softmax probabilities are alive together; the cross-attention
        // matrices over 77 text tokens ride along: 2 x samples x heads x N x (N + 77) x 2 bytes.
        SizedEstimate e = infer(DiffusionPresets.SD_15).withAttention(AttentionKind.EAGER, 0).estimate();
        long expected = 2L * 2 * 8 * 4_096 * (4_096 + 77) * 2;
        assertThat(e.part("attentionScores")).isEqualTo(expected);
        assertThat(e.peakPhase()).contains("UNet");
    }

    @Test
    void slicedAttentionComputesHalfTheHeadsOfOneSampleAtATimeAndSdpaNone() {
        long eager = infer(DiffusionPresets.SD_15).withAttention(AttentionKind.EAGER, 0).estimate()
                .part("attentionScores");
        DiffusionWorkload sliced = infer(DiffusionPresets.SD_15).withAttention(AttentionKind.SLICED, 0);
        // diffusers "auto" slice: attention_head_dim // 2 = 4 of the 2 x 8 batch x head rows at once.
        long slicedScores = DiffusionPresets.SD_15.denoiser().inference(2, 64, 64, 77, AttentionKind.SLICED, 4, 2)
                .attentionScoreBytes();
        assertThat(slicedScores).isEqualTo(eager / 4);
        assertThat(peak(sliced)).isLessThan(peak(infer(DiffusionPresets.SD_15).withAttention(AttentionKind.EAGER,
                0)));
        assertThat(infer(DiffusionPresets.SD_15).estimate().part("attentionScores")).isZero();
    }

    @Test
    void sd15WithAttentionSlicingNeedsAboutThePublished3Point2Gb() {
        // diffusers docs, optimization/fp16 (2023-07): "this method allows you to use Stable Diffusion in as
        // little as 3.2 GB of VRAM" -- runwayml/stable-diffusion-v1-5, torch_dtype fp16,
        // enable_attention_slicing(), 512 x 512, one image, safety checker loaded.
        assertWithinPublished(peak(infer(DiffusionPresets.SD_15).withAttention(AttentionKind.SLICED, 0)), 3.2e9);
    }

    @Test
    void sd15WithSequentialOffloadStaysUnderThePublishedBounds() {
        // Same page: enable_sequential_cpu_offload() "And you can get the memory consumption to < 3GB"; "chain
        // offloading with attention slicing for minimal memory consumption (< 2GB)" with enable_attention_slicing(1).
        DiffusionWorkload offload = infer(DiffusionPresets.SD_15).withAttention(AttentionKind.EAGER, 0)
                .withPipeline(Offload.SEQUENTIAL, true, true);
        assertThat(peak(offload)).isLessThan(3_000_000_000L);
        assertThat(peak(offload.withAttention(AttentionKind.SLICED, 1))).isLessThan(2_000_000_000L);
        assertThat(peak(offload.withAttention(AttentionKind.SLICED, 1))).isLessThan(peak(offload));
    }

    @Test
    void sdxlFourImagesAt1024MatchTheDiffusersBlogPeaks() {
        // "Exploring simple optimizations for SDXL" (huggingface.co/blog/simple_sdxl_optimizations, 2023-10-24),
        // A100 40 GB, num_images_per_prompt=4, 1024 x 1024, max_memory_allocated / 1024^3:
        // unoptimized (fp32, default attention) 28.09, fp16 21.72, fp16 + SDPA 21.72. The VAE decode of four
        // images in fp32 (force_upcast) sets every one of these peaks.
        DiffusionWorkload four = infer(DiffusionPresets.SDXL).withBatch(4);
        assertWithinPublished(peak(four), 21.72 * GIB);
        assertWithinPublished(peak(four.withAttention(AttentionKind.EAGER, 0)), 21.72 * GIB);
        assertWithinPublished(peak(four.withAttention(AttentionKind.EAGER, 0).withDtype(DiffusionDtype.FP32)),
                28.09 * GIB);
        assertThat(four.estimate().peakPhase()).isEqualTo("VAE decode");
    }

    @Test
    void sd3MediumMatchesTheDiffusersSd3BlogPeaks() {
        // "Diffusers welcomes Stable Diffusion 3" (huggingface.co/blog/sd3, 2024-06-12), A100 80 GB, fp16,
        // default arguments (1024 x 1024, one image, guidance 7.0, T5 prompts of 256 tokens): default 18.765 GB,
        // model offloading 12.0645 GB (read as GiB, max_memory_allocated / 1024^3 as in the SDXL blog).
        DiffusionWorkload sd3 = infer(DiffusionPresets.SD3_MEDIUM);
        assertWithinPublished(peak(sd3), 18.765 * GIB);
        assertWithinPublished(peak(sd3.withPipeline(Offload.MODEL, true, false)), 12.0645 * GIB);
        // "Offloading + no T5" 4.266: the transformer's weights and one denoising step set the peak.
        DiffusionWorkload noT5 = sd3.withPipeline(Offload.MODEL, true, false).withoutT5(true);
        assertWithinPublished(peak(noT5), 4.266 * GIB);
        assertThat(noT5.estimate().peakPhase()).contains("MMDiT");
    }

    @Test
    void theVaeDecodeAt1024HoldsThreePlanesOfTheWidestFullResolutionInput() {
        // Decoder channels reversed: 512, 512, 256, 128; the first full-resolution ResNet takes the 256-channel
        // upsampler output and holds its input, GroupNorm and SiLU outputs: 3 x 256 x 1024 x 1024, plus the RGB
        // output; SD3's VAE is not upcast, so fp16.
        SizedEstimate e = infer(DiffusionPresets.SD3_MEDIUM).estimate();
        assertThat(e.part("vaeDecode")).isEqualTo((3L * 256 + 3) * 1_024 * 1_024 * 2);
        // SDXL decodes in fp32.
        assertThat(infer(DiffusionPresets.SDXL).estimate().part("vaeDecode"))
                .isEqualTo((3L * 256 + 3) * 1_024 * 1_024 * 4);
    }

    @Test
    void componentsKeepTheirOwnTypes() {
        // fp32 text encoders beside an fp16 transformer; SD3's T5 in fp32 is 4 bytes per parameter throughout.
        DiffusionWorkload sd3 = infer(DiffusionPresets.SD3_MEDIUM)
                .withComponentDtypes(DiffusionDtype.FP32, DiffusionDtype.FP16);
        long text = DiffusionPresets.SD3_MEDIUM.textEncoderParameters();
        assertThat(sd3.estimate().part("textEncoders")).isEqualTo(text * 4);
        assertThat(sd3.estimate().part("denoiserWeights")).isEqualTo(2_028_328_000L * 2);
        // An fp32 VAE in an fp16 SDXL pipeline decodes in fp32 as the upcast would; a bf16 VAE is not upcast.
        DiffusionWorkload xl = infer(DiffusionPresets.SDXL);
        assertThat(xl.withComponentDtypes(DiffusionDtype.FP16, DiffusionDtype.BF16).estimate().part("vaeDecode"))
                .isEqualTo(xl.estimate().part("vaeDecode") / 2);
    }

    @Test
    void eagerAttentionInTheVaeMidBlockOvertakesTheConvolutionsAt2048() {
        // 2048 px -> 256 x 256 latents -> 65,536 tokens in one head: 2 x N^2 fp16 elements (8 GiB) outgrow the
        // 3 x 256 x 2048^2 elements of the full-resolution ResNet; at 1024 px the convolutions still lead.
        VaeConfig vae = DiffusionPresets.SD3_MEDIUM.vae();
        Activations at2048 = vae.decode(1, 2_048, 2_048, true, false, 2);
        assertThat(at2048.attentionScoreBytes()).isEqualTo(2L * 65_536 * 65_536 * 2);
        assertThat(at2048.otherBytes()).isEqualTo((4L * 512 * 65_536 + 3L * 2_048 * 2_048) * 2);
        Activations at1024 = vae.decode(1, 1_024, 1_024, true, false, 2);
        assertThat(at1024.attentionScoreBytes()).isZero();
        assertThat(at1024.otherBytes()).isEqualTo((3L * 256 + 3) * 1_024 * 1_024 * 2);
    }

    @Test
    void vaeTilingBoundsTheDecodeByTheTileAndChangesNothingBelowOneTile() {
        DiffusionWorkload big = infer(DiffusionPresets.SD_15).withSize(2_048, 2_048);
        long plain = big.estimate().part("vaeDecode");
        long tiled = big.withVae(false, true).estimate().part("vaeDecode");
        assertThat(tiled).isLessThan(plain / 4);
        DiffusionWorkload small = infer(DiffusionPresets.SD_15);
        assertThat(small.withVae(false, true).estimate().part("vaeDecode"))
                .isEqualTo(small.estimate().part("vaeDecode"));
    }

    @Test
    void tiledDecodingMakesA4kImageFitEightGigabytes() {
        // diffusers docs, optimization/fp16 (2023): "Tiled VAE processing makes it possible to work with large
        // images on limited VRAM. For example, generating 4k images in 8GB of VRAM", with the example
        // enable_vae_tiling() + enable_xformers_memory_efficient_attention(), width=3840, height=2224, fp16 SD 1.5.
        // A claim about a card, so the whole estimate counts, runtime overhead included.
        DiffusionWorkload fourK = DiffusionWorkload.of(DiffusionPresets.SD_15, DiffusionMode.INFER)
                .withSize(3_840, 2_224);
        assertThat(fourK.withVae(false, true).estimate().peakBytes()).isLessThanOrEqualTo(8L << 30);
        assertThat(fourK.estimate().peakBytes()).isGreaterThan(8L << 30);
    }

    @Test
    void vaeSlicingDecodesOneImageOfABatchAtATime() {
        DiffusionWorkload four = infer(DiffusionPresets.SDXL).withBatch(4);
        assertThat(four.withVae(true, false).estimate().part("vaeDecode"))
                .isEqualTo(infer(DiffusionPresets.SDXL).estimate().part("vaeDecode"));
    }

    @Test
    void offloadingNeverNeedsMoreAndSequentialLeastOfAll() {
        for (DiffusionModel m : DiffusionPresets.all()) {
            DiffusionWorkload w = infer(m);
            long none = peak(w);
            long model = peak(w.withPipeline(Offload.MODEL, true, true));
            long sequential = peak(w.withPipeline(Offload.SEQUENTIAL, true, true));
            assertThat(model).as(m.id()).isLessThan(none);
            assertThat(sequential).as(m.id()).isLessThan(model);
        }
    }

    @ParameterizedTest
    @EnumSource(AttentionKind.class)
    void memoryGrowsWithResolutionAndBatch(AttentionKind attention) {
        for (DiffusionModel m : DiffusionPresets.all()) {
            DiffusionWorkload w = infer(m).withAttention(attention, 0);
            long previous = 0;
            for (int side = 256; side <= 2_048; side += 256) {
                long p = peak(w.withSize(side, side));
                assertThat(p).as(m.id() + " at " + side).isGreaterThan(previous);
                previous = p;
            }
            assertThat(peak(w.withBatch(2))).isGreaterThan(peak(w));
        }
    }

    @Test
    void absurdSizesSaturateInsteadOfOverflowing() {
        // 4096 images at 16384 px in fp32 with eager attention: the score matrices alone pass 2^63 bytes.
        for (DiffusionModel m : DiffusionPresets.all()) {
            for (DiffusionMode mode : DiffusionMode.values()) {
                DiffusionWorkload w = DiffusionWorkload.of(m, mode).withBatch(4_096).withSize(16_384, 16_384)
                        .withDtype(DiffusionDtype.FP32).withAttention(AttentionKind.EAGER, 0);
                assertThat(w.estimate().peakBytes()).as(m.id() + " " + mode).isGreaterThan(1L << 50);
            }
        }
    }

    @Test
    void theRuntimeOverheadAddsAContextAndAnAllocatorReserve() {
        DiffusionWorkload w = infer(DiffusionPresets.SDXL);
        long tensors = peak(w);
        long withOverhead = peak(w.withRuntimeOverhead(true));
        assertThat(withOverhead - tensors).isEqualTo((1L << 30) + Math.round(tensors * 0.05));
    }
}
