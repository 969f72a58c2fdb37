package com.vramadvisor.app.workload;

import com.vramadvisor.engine.core.WorkloadKind;
import java.util.List;

/**
 * The choices each kind's form offers, as the ids its estimator and the command line read. The names shown for them
 * come from the resource bundles ({@code domain.choice.<id>}), preset names are the architectures' own names.
 */
public final class DomainChoices {

    private DomainChoices() {
    }

    /** The kinds in the order the window offers them: language models first, as the panel always was. */
    public static List<WorkloadKind> kinds() {
        return List.of(WorkloadKind.LLM, WorkloadKind.VISION, WorkloadKind.DIFFUSION, WorkloadKind.RENDER,
                WorkloadKind.MD, WorkloadKind.GRID);
    }

    static List<String> visionPresets() {
        return List.of("resnet-18", "resnet-50", "resnet-101", "resnet-152", "vgg-16", "efficientnet-b0",
                "convnext-tiny", "vit-b-16", "vit-l-16");
    }

    static List<String> visionModes() {
        return List.of("train", "infer");
    }

    static List<String> visionPrecisions() {
        return List.of("bf16-mixed", "fp16-mixed", "tf32", "fp32", "int8");
    }

    static List<String> visionOptimizers() {
        return List.of("sgd-momentum", "adamw", "lamb");
    }

    static List<String> diffusionPresets() {
        return List.of("sd-1.5", "sdxl", "sd3-medium", "flux.1-dev");
    }

    static List<String> diffusionModes() {
        return List.of("infer", "train", "lora", "dreambooth");
    }

    static List<String> diffusionPrecisions() {
        return List.of("fp16", "bf16", "fp32", "fp16-mixed", "bf16-mixed");
    }

    static List<String> diffusionAttention() {
        return List.of("sdpa", "sliced", "eager");
    }

    static List<String> diffusionOffload() {
        return List.of("none", "model", "sequential");
    }

    static List<String> scenePresets() {
        return List.of("game-1080p", "game-1440p", "game-4k", "archviz-path-traced", "film-offline", "usd-review");
    }

    static List<String> potentials() {
        return List.of("lj", "eam", "tersoff", "reaxff", "snap");
    }

    static List<String> hpcPrecisions() {
        return List.of("single", "mixed", "double");
    }

    static List<String> solvers() {
        return List.of("none", "cg", "gmres");
    }

    /** Every id a form may show, for the test that each has a name in every language. */
    public static List<String> allIds() {
        return java.util.stream.Stream.of(visionPresets(), diffusionPresets(), visionModes(), visionPrecisions(), visionOptimizers(), diffusionModes(),
                diffusionPrecisions(), diffusionAttention(), diffusionOffload(), scenePresets(), potentials(),
                hpcPrecisions(), solvers()).flatMap(List::stream).distinct().toList();
    }
}
