package com.vramadvisor.cli;

import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionModel;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import com.vramadvisor.engine.ranking.DomainGuideScenario;
import com.vramadvisor.engine.ranking.SizeClass;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.engine.vision.VisionWorkload;
import com.vramadvisor.scene.ScenePresets;
import java.util.List;

/**
 * The guide's representative workloads beyond language models, built from the estimators' own presets and defaults:
 * ResNet-50 and ViT-B/16 training at their ImageNet recipes' batch of 256 (torchvision reference scripts), SD 1.5,
 * SDXL and FLUX.1 [dev] generation and LoRA fine-tuning at the diffusion estimator's defaults, three shipped scene
 * presets (a 4K game scene, a collaborative USD review, an offline film frame;
 * {@code catalog/scenes}, sources in {@code docs/estimation-render.md}) and three simulations with the defaults of
 * their LAMMPS benchmarks and the grid flags' defaults ({@code docs/estimation-hpc.md}).
 */
final class GuideDomainScenarios {

    private GuideDomainScenarios() {
    }

    static List<DomainGuideScenario> defaults() {
        return List.of(
                vision("vision-resnet50-train", VisionModel.RESNET_50, 256, VisionOptimizer.SGD_MOMENTUM,
                        "ResNet-50 training on ImageNet crops (224 x 224), batch 256, SGD with momentum, bf16 mixed"),
                vision("vision-vitb16-train", VisionModel.VIT_B_16, 256, VisionOptimizer.ADAMW,
                        "ViT-B/16 training at 224 x 224, batch 256, AdamW, bf16 mixed"),
                diffusion("diffusion-sd15-generate", SizeClass.MEDIUM_1B_TO_10B, DiffusionPresets.SD_15,
                        DiffusionMode.INFER, "Stable Diffusion 1.5 image generation"),
                diffusion("diffusion-sdxl-generate", SizeClass.MEDIUM_1B_TO_10B, DiffusionPresets.SDXL,
                        DiffusionMode.INFER, "Stable Diffusion XL image generation"),
                diffusion("diffusion-sdxl-lora", SizeClass.MEDIUM_1B_TO_10B, DiffusionPresets.SDXL,
                        DiffusionMode.LORA, "Stable Diffusion XL LoRA fine-tuning"),
                diffusion("diffusion-flux-generate", SizeClass.LARGE_OVER_10B, DiffusionPresets.FLUX_1_DEV,
                        DiffusionMode.INFER, "FLUX.1 [dev] image generation"),
                diffusion("diffusion-flux-lora", SizeClass.LARGE_OVER_10B, DiffusionPresets.FLUX_1_DEV,
                        DiffusionMode.LORA, "FLUX.1 [dev] LoRA fine-tuning"),
                scene("render-game-4k", "game-4k", "4K game scene (UE5 preset: render targets, textures, Nanite and"
                        + " virtual-texture pools)"),
                scene("render-usd-review", "usd-review", "Omniverse-style collaborative USD design review, 4 viewers at"
                        + " 2560 x 1440"),
                scene("render-film-frame", "film-offline", "Offline path-traced film frame at 4096 x 2160"),
                new DomainGuideScenario("md-lj-100m", SizeClass.SCIENTIFIC_COMPUTING,
                        "Molecular dynamics: 100M atoms, Lennard-Jones, mixed precision",
                        MdSystem.of(100_000_000L, Potential.LJ, SimPrecision.MIXED)),
                new DomainGuideScenario("md-reaxff-1m", SizeClass.SCIENTIFIC_COMPUTING,
                        "Molecular dynamics: 1M atoms, ReaxFF with charge equilibration, mixed precision",
                        MdSystem.of(1_000_000L, Potential.REAXFF, SimPrecision.MIXED)),
                new DomainGuideScenario("grid-1024x1024x512", SizeClass.SCIENTIFIC_COMPUTING,
                        "Structured grid: 1024 x 1024 x 512 cells, 5 fields, 2 halo layers, 2 time levels, double",
                        GridProblem.of(1024, 1024, 512, 5, 2, 2, SimPrecision.DOUBLE, Solver.NONE, 30, 7)));
    }

    private static DomainGuideScenario vision(String id, VisionModel model, long batch, VisionOptimizer optimizer,
                                              String description) {
        return new DomainGuideScenario(id, SizeClass.SMALL_UNDER_1B, description, new VisionWorkload(model, true,
                batch, 224, 224, VisionPrecision.BF16_MIXED, optimizer, false, true, false));
    }

    private static DomainGuideScenario diffusion(String id, SizeClass size, DiffusionModel model, DiffusionMode mode,
                                                 String description) {
        return new DomainGuideScenario(id, size, description, DiffusionWorkload.of(model, mode));
    }

    private static DomainGuideScenario scene(String id, String preset, String description) {
        return new DomainGuideScenario(id, SizeClass.RENDERING, description,
                new RenderWorkload(ScenePresets.load(preset)));
    }
}
