package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.diffusion.AttentionKind;
import com.vramadvisor.engine.diffusion.DiffusionDtype;
import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionModel;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.diffusion.TextEncoderConfig;
import com.vramadvisor.engine.diffusion.UNetConfig;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.speed.DomainStepTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The diffusion speed model against published end-to-end generation times, with the shipped catalog's GPU figures
 * and the default efficiencies of every kind (0.50 of the dense peak, 0.60 of the memory bandwidth); nothing here is
 * fitted to these figures. The errors are recorded in {@code docs/estimation-diffusion.md}.
 */
class DiffusionSpeedPublishedTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final RankingOptions DEFAULTS = RankingOptions.defaults();

    /** Seconds per image of {@code w} on one GPU {@code gpuId} (one image per call). */
    private static double secondsPerImage(String gpuId, DiffusionWorkload w) {
        GpuSpec g = CATALOG.gpu(gpuId).orElseThrow();
        StepWork work = w.work(1).orElseThrow();
        Rig rig = Rig.units(g, 1, "", 0, CATALOG.hardware().nodeFor(g), g.memoryBytesUsable());
        DomainStepTime.Step s = DomainStepTime.of(work, g, rig.fabric(1), 1, DEFAULTS.speed().forGpu(g, work.framework()));
        return s.seconds() / work.itemsPerStep();
    }

    private static DiffusionWorkload sdxl() {
        return DiffusionWorkload.of(DiffusionPresets.SDXL, DiffusionMode.INFER);
    }

    /**
     * fal.ai, github.com/fal-ai/stable-diffusion-benchmarks, README at commit 0490f695 ("SDXL (End-to-end)
     * Benchmarks", A100 80G SXM, diffusers with torch 2.1 and SDPA, fp16 weights, 1024 x 1024, 50 steps, the
     * pipeline's defaults, so classifier-free guidance and the fp32-upcast VAE): mean 5.933 s. The model gives 5.47 s
     * (-8 %); tolerance 15 %.
     */
    @Test
    void sdxlFiftyStepsInFp16OnAnA100MatchesFalsPublishedTime() {
        assertThat(secondsPerImage("a100-sxm-80gb", sdxl())).isCloseTo(5.933, within(0.15 * 5.933));
    }

    /**
     * Hugging Face diffusers tutorial "Accelerate inference of text-to-image diffusion models"
     * (huggingface.co/docs/diffusers/tutorials/fast_diffusion: "an 80GB 400W A100", SDXL, 30 steps, batch 1) and its
     * results file huggingface.co/datasets/sayakpaul/sample-datasets, collated_results_sdxl.csv: bf16 with SDPA
     * 3.315 s, bf16 with the default (eager) attention 4.626 s. In bf16 the pipeline does not upcast the VAE. The
     * model gives 3.27 s (-1 %) and 4.46 s (-4 %): the eager attention's score matrices through memory account for
     * the difference. Tolerance 10 %.
     */
    @Test
    void sdxlThirtyStepsInBf16OnAnA100MatchesHuggingFacesTimesWithAndWithoutSdpa() {
        DiffusionWorkload bf16 = sdxl().withDtype(DiffusionDtype.BF16).withSamplingSteps(30);
        double sdpa = secondsPerImage("a100-sxm-80gb", bf16);
        double eager = secondsPerImage("a100-sxm-80gb", bf16.withAttention(AttentionKind.EAGER, 0));
        assertThat(sdpa).isCloseTo(3.315, within(0.10 * 3.315));
        assertThat(eager).isCloseTo(4.626, within(0.10 * 4.626));
    }

    /**
     * The same fal.ai README, "SD1.5 (End-to-end) Benchmarks": TensorRT 9.0 with CUDA graphs and static shapes,
     * 512 x 512, 50 steps, fp16: 0.819 s; diffusers (torch 2.1, SDPA) 1.591 s. The model gives 0.73 s: within 11 % of
     * TensorRT, which keeps the GPU busy; eager PyTorch spends half of SD 1.5's small steps launching kernels, which
     * the model does not count (docs/estimation-diffusion.md). Tolerance 15 % of the TensorRT figure.
     */
    @Test
    void sd15FiftyStepsOnAnA100MatchesTensorRtAndIsOptimisticForEagerPyTorch() {
        DiffusionWorkload sd = DiffusionWorkload.of(DiffusionPresets.SD_15, DiffusionMode.INFER);
        double modelled = secondsPerImage("a100-sxm-80gb", sd);
        assertThat(modelled).isCloseTo(0.819, within(0.15 * 0.819)).isLessThan(1.591);
    }

    /**
     * FLUX.1-dev, 1024 x 1024, 28 steps, batch 1, guidance scale 3.5 (distilled: one transformer pass per step),
     * diffusers end to end in bf16: github.com/varadrane1707/BenchmarkFlux, README at commit 35368dfb, "A100 GPU
     * Performance" 15.65 s and "H100 GPU Performance" 7.11 s (BF16 rows). The README names neither the A100's memory
     * nor the H100's form factor. The model gives 15.3 s on the A100 80GB SXM (-2 %; 15.8 s on the 40 GB part) and
     * 5.36 s on the H100 SXM, 7.40 s on the H100 PCIe: the published H100 time lies between the two parts'.
     * Tolerance 10 % on the A100.
     */
    @Test
    void fluxDevOnAnA100MatchesThePublishedTimeAndTheH100TimeLiesBetweenItsTwoFormFactors() {
        DiffusionWorkload flux = DiffusionWorkload.of(DiffusionPresets.FLUX_1_DEV, DiffusionMode.INFER)
                .withDtype(DiffusionDtype.BF16);
        assertThat(flux.effectiveSamplingSteps()).isEqualTo(28);
        assertThat(secondsPerImage("a100-sxm-80gb", flux)).isCloseTo(15.65, within(0.10 * 15.65));
        assertThat(secondsPerImage("a100-sxm-40gb", flux)).isCloseTo(15.65, within(0.10 * 15.65));
        assertThat(7.11).isBetween(secondsPerImage("h100-sxm-80gb", flux), secondsPerImage("h100-pcie-80gb", flux));
    }

    /**
     * Stable Diffusion 3 Medium with TensorRT 10.1, "Timings for 50 steps at 1024x1024", A100: total 5,622.47 ms
     * (MMDiT 5,468.17 ms, VAE decoder 72.25 ms, T5-XXL 21.39 ms): the model card of
     * stabilityai/stable-diffusion-3-medium-tensorrt, "Performance using TensorRT 10.1" (read at its copy
     * huggingface.co/ckpt/stable-diffusion-3-medium-stable-diffusion-3-medium-tensorrt, 2026-12). The card does not
     * say which A100; the model gives 6.65 s on the 80 GB SXM (+18 %): TensorRT fuses the element-wise ops the model
     * times as separate passes. Tolerance 20 %.
     */
    @Test
    void sd3MediumFiftyStepsOnAnA100IsWithinAFifthOfTensorRt() {
        DiffusionWorkload sd3 = DiffusionWorkload.of(DiffusionPresets.SD3_MEDIUM, DiffusionMode.INFER)
                .withSamplingSteps(50);
        assertThat(secondsPerImage("a100-sxm-80gb", sd3)).isCloseTo(5.622, within(0.20 * 5.622));
    }

    /**
     * Deci's model card for DeciDiffusion 1.0 (huggingface.co/Deci/DeciDiffusion-v1-0, README commit d204b622,
     * "DeciDiffusion 1.0 vs. Stable Diffusion v1.5 at FP16 precision", A10, seconds per image): Stable Diffusion v1.5,
     * 50 iterations, 2.08 s with Deci's Infery engine, 2.95 s in PyTorch. The model gives 2.00 s: within 4 % of the
     * compiled engine, and below eager PyTorch as on the A100 (kernel launches not counted). Tolerance 10 %.
     */
    @Test
    void sd15OnAnA10MatchesACompiledEngineAndIsOptimisticForEagerPyTorch() {
        DiffusionWorkload sd = DiffusionWorkload.of(DiffusionPresets.SD_15, DiffusionMode.INFER);
        assertThat(secondsPerImage("a10", sd)).isCloseTo(2.08, within(0.10 * 2.08)).isLessThan(2.95);
    }

    /**
     * Stable Diffusion 2 base (stabilityai/stable-diffusion-2-base unet/config.json: SD 1.5's blocks with
     * attention_head_dim [5, 10, 20, 20] and cross_attention_dim 1024; text_encoder OpenCLIP ViT-H/14, 1024 wide,
     * 23 layers), as MosaicML trained it: github.com/mosaicml/diffusion, README at commit 066e68fa, "How many GPUs do I
     * need?": 8 x A100, U-Net throughput 1,100 images/s at 256 x 256 and 290 at 512 x 512 with the VAE and CLIP
     * latents precomputed, "if you are computing VAE and CLIP latents while training, expect a 1.4x increase in
     * time", so 786 and 207 images/s as the model counts the step (the VAE encodes every batch). Batch 2,048 (256 per
     * GPU, SD-2-base-256.yaml). The README does not give the A100's memory; the model takes the 40 GB SXM part, the
     * slower of the two, and gives 1,090 (+39 %) and 261 (+26 %) images/s: optimistic, as the vision model's
     * multi-GPU training is (ADR 22), because it counts no data loading, EMA update or launch gaps. The test bounds
     * that error: at least the published figure, at most 45 % above it.
     */
    @ParameterizedTest(name = "{0} px: {1} images/s")
    @CsvSource({"256, 786", "512, 207"})
    void sd2TrainingOnEightA100sIsWithinTheBoundedOptimismOfMosaicMlsPublishedThroughput(int side, double published) {
        DiffusionModel sd15 = DiffusionPresets.SD_15;
        TextEncoderConfig vitH = new TextEncoderConfig("OpenCLIP ViT-H/14", false, 49_408, 77, 1_024, 23, 4_096, 16,
                64, false, 77);
        DiffusionModel sd2 = new DiffusionModel("sd-2-base", "Stable Diffusion 2 base",
                new UNetConfig(4, List.of(320, 640, 1_280, 1_280), 2, List.of(true, true, true, false),
                        List.of(5, 10, 20, 20), List.of(1, 1, 1, 1), 1_024, 0),
                sd15.vae(), List.of(vitH), false, 0, 512, true, "stabilityai/stable-diffusion-2-base");
        DiffusionWorkload w = DiffusionWorkload.of(sd2, DiffusionMode.TRAIN).withBatch(256).withSize(side, side);
        GpuSpec g = CATALOG.gpu("a100-sxm-40gb").orElseThrow();
        Rig rig = Rig.units(g, 8, "", 0, CATALOG.hardware().nodeFor(g), g.memoryBytesUsable());
        StepWork work = w.work(8).orElseThrow();
        DomainStepTime.Step s = DomainStepTime.of(work, g, rig.fabric(8), 8, DEFAULTS.speed().forGpu(g, work.framework()));
        double modelled = work.itemsPerStep() / s.seconds();
        assertThat(modelled).isGreaterThan(published).isLessThan(1.45 * published);
    }
}
