package com.vramadvisor.engine.diffusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The per-network FLOPs of {@link DiffusionFlops} against the figures published for Stable Diffusion 1.x at 512 x 512
 * (latent 64 x 64) in the TensorRT talk "Stable Diffusion 推理加速技巧解析" (slides, TensorRT 8.5.2.2; as hosted at
 * https://www.sgpjbg.com/bgdown/155314.html, read 2026-12): "Floating point operations measured under B=1, H=W=64,
 * negative prompt: empty token if not provided", CLIP text encoder 0.02714 x 10^12 and UNet 1.67952 x 10^12 (both
 * over the 2B = 2 inputs of classifier-free guidance: "2Bx77x768 text embeddings", 50 steps = 83.976 x 10^12), VAE
 * decoder 2.53933 x 10^12 (B = 1). SD 1.5 has SD 1.4's architecture. The model gives 26.6 x 10^9 (-2 %),
 * 1.606 x 10^12 (-4 %) and 2.515 x 10^12 (-1 %): it leaves out the time embedding, the norms' and activations' few
 * FLOPs and the attention softmax. Tolerance 6 %.
 */
class DiffusionFlopsTest {

    private static final DiffusionModel SD = DiffusionPresets.SD_15;

    @Test
    void sd15UnetStepWithGuidanceMatchesThePublishedFlops() {
        double flops = DiffusionFlops.denoiser(SD.denoiser(), 64, 64, 77, AttentionKind.SDPA).times(2).flops();
        assertThat(flops).isCloseTo(1.67952e12, within(0.06 * 1.67952e12));
    }

    @Test
    void sd15VaeDecoderMatchesThePublishedFlops() {
        assertThat(DiffusionFlops.vaeDecoder(SD.vae(), 64, 64, false).flops())
                .isCloseTo(2.53933e12, within(0.06 * 2.53933e12));
    }

    @Test
    void clipTextEncoderForPromptAndNegativePromptMatchesThePublishedFlops() {
        double flops = DiffusionFlops.textEncoder(SD.textEncoders().get(0)).times(2).flops();
        assertThat(flops).isCloseTo(27.14e9, within(0.06 * 27.14e9));
    }

    @Test
    void eagerAttentionMovesTheScoreMatricesThroughMemoryAndSdpaDoesNot() {
        DiffusionFlops.Cost sdpa = DiffusionFlops.denoiser(SD.denoiser(), 64, 64, 77, AttentionKind.SDPA);
        DiffusionFlops.Cost eager = DiffusionFlops.denoiser(SD.denoiser(), 64, 64, 77, AttentionKind.EAGER);
        assertThat(eager.flops()).isEqualTo(sdpa.flops());
        // 4096 tokens x 8 heads at the first level alone: 4 x 8 x 4096^2 elements per attention.
        assertThat(eager.elements() - sdpa.elements()).isGreaterThan(4.0 * 8 * 4096 * 4096);
    }

    @Test
    void doublingTheSideMoreThanQuadruplesTheFlopsBecauseSelfAttentionSpansTheImage() {
        Denoiser unet = DiffusionPresets.SDXL.denoiser();
        double side1024 = DiffusionFlops.denoiser(unet, 128, 128, 77, AttentionKind.SDPA).flops();
        double side2048 = DiffusionFlops.denoiser(unet, 256, 256, 77, AttentionKind.SDPA).flops();
        assertThat(side2048).isGreaterThan(4 * side1024);
    }

    @Test
    void guidanceDistilledFluxRunsOneDenoiserPassPerStepAndSdxlTwo() {
        DiffusionWorkload flux = DiffusionWorkload.of(DiffusionPresets.FLUX_1_DEV, DiffusionMode.INFER);
        DiffusionWorkload noCfg = flux.withPipeline(Offload.NONE, false, false);
        assertThat(flux.guidance()).isFalse();
        assertThat(flux.work(1).orElseThrow().computeFlops()).isEqualTo(noCfg.work(1).orElseThrow().computeFlops());
        DiffusionWorkload xl = DiffusionWorkload.of(DiffusionPresets.SDXL, DiffusionMode.INFER);
        double with = xl.work(1).orElseThrow().computeFlops();
        double without = xl.withPipeline(Offload.NONE, false, false).work(1).orElseThrow().computeFlops();
        assertThat(with / without).isCloseTo(2.0, within(0.01));
    }

    @Test
    void samplingStepsScaleTheDenoiserAndNotTheDecode() {
        DiffusionWorkload xl = DiffusionWorkload.of(DiffusionPresets.SDXL, DiffusionMode.INFER);
        assertThat(xl.effectiveSamplingSteps()).isEqualTo(50);
        double fifty = xl.work(1).orElseThrow().computeFlops();
        double twentyFive = xl.withSamplingSteps(25).work(1).orElseThrow().computeFlops();
        assertThat(fifty / twentyFive).isCloseTo(2.0, within(0.01));
        assertThat(xl.work(1).orElseThrow().secondFlops())
                .isEqualTo(xl.withSamplingSteps(25).work(1).orElseThrow().secondFlops()).isPositive();
    }

    @Test
    void copiesOnMoreGpusMultiplyTheImagesPerStepAndMemoryDoesNotSpread() {
        DiffusionWorkload xl = DiffusionWorkload.of(DiffusionPresets.SDXL, DiffusionMode.INFER);
        assertThat(xl.work(4).orElseThrow().itemsPerStep()).isEqualTo(4);
        assertThat(xl.copies()).isTrue();
        assertThat(xl.perGpu(4)).isEmpty();
    }

    @Test
    void trainingCostsThreeForwardsAndLoraTwoAndOnlyTrainingAllReduces() {
        DiffusionWorkload full = DiffusionWorkload.of(DiffusionPresets.SD_15, DiffusionMode.TRAIN);
        DiffusionWorkload lora = DiffusionWorkload.of(DiffusionPresets.SD_15, DiffusionMode.LORA);
        double fwd = DiffusionFlops.denoiser(SD.denoiser(), 64, 64, 77, AttentionKind.SDPA).flops();
        double encode = DiffusionFlops.vaeEncoder(SD.vae(), 512, 512, false).flops()
                + DiffusionFlops.textEncoder(SD.textEncoders().get(0)).flops();
        assertThat(full.work(1).orElseThrow().computeFlops()).isCloseTo(3 * fwd + encode, within(1e-6 * fwd));
        assertThat(lora.work(1).orElseThrow().computeFlops()).isCloseTo(2 * fwd + encode, within(1e-6 * fwd));
        assertThat(full.work(8).orElseThrow().allReduceBytes()).isEqualTo(4.0 * SD.denoiser().parameters());
        assertThat(lora.work(8).orElseThrow().allReduceBytes()).isLessThan(full.work(8).orElseThrow()
                .allReduceBytes() / 100);
        assertThat(DiffusionWorkload.of(SD, DiffusionMode.INFER).work(8).orElseThrow().allReduceBytes()).isZero();
    }

    @Test
    void anOffloadedPipelineIsNotTimed() {
        DiffusionWorkload w = DiffusionWorkload.of(DiffusionPresets.SDXL, DiffusionMode.INFER)
                .withPipeline(Offload.MODEL, true, false);
        assertThat(w.work(1)).isEmpty();
        assertThat(w.defaultJob()).isEmpty();
    }

    @Test
    void defaultJobsAreMlperfsFiveThousandImagesAndTheDiffusersExamplesSteps() {
        assertThat(DiffusionWorkload.of(SD, DiffusionMode.INFER).defaultJob().orElseThrow().items()).isEqualTo(5_000);
        assertThat(DiffusionWorkload.of(SD, DiffusionMode.TRAIN).withBatch(4).defaultJob().orElseThrow().items())
                .isEqualTo(40_000);
        assertThat(DiffusionWorkload.of(SD, DiffusionMode.LORA).defaultJob().orElseThrow().items()).isEqualTo(500);
    }
}
