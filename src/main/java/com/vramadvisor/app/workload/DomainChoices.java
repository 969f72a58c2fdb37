package com.vramadvisor.app.workload;

import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.diffusion.AttentionKind;
import com.vramadvisor.engine.diffusion.DiffusionDtype;
import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionModel;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.Offload;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.scene.ScenePresets;
import java.util.Arrays;
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
        return Arrays.stream(VisionModel.values()).map(VisionModel::id).toList();
    }

    static List<String> visionModes() {
        return List.of("train", "infer");
    }

    /** The vision estimator's precisions, the default (bf16 mixed) first. */
    static List<String> visionPrecisions() {
        return List.of(VisionPrecision.BF16_MIXED, VisionPrecision.FP16_MIXED, VisionPrecision.TF32,
                VisionPrecision.FP32, VisionPrecision.INT8).stream().map(VisionPrecision::id).toList();
    }

    static List<String> visionOptimizers() {
        return Arrays.stream(VisionOptimizer.values()).map(VisionOptimizer::id).toList();
    }

    static List<String> diffusionPresets() {
        return DiffusionPresets.all().stream().map(DiffusionModel::id).toList();
    }

    static List<String> diffusionModes() {
        return Arrays.stream(DiffusionMode.values()).map(DiffusionMode::id).toList();
    }

    static List<String> diffusionPrecisions() {
        return Arrays.stream(DiffusionDtype.values()).map(DiffusionDtype::id).toList();
    }

    /** The memory-efficient kind first: it is the default of PyTorch 2 pipelines. */
    static List<String> diffusionAttention() {
        return List.of(AttentionKind.SDPA.id(), AttentionKind.SLICED.id(), AttentionKind.EAGER.id());
    }

    static List<String> diffusionOffload() {
        return Arrays.stream(Offload.values()).map(Offload::id).toList();
    }

    static List<String> scenePresets() {
        return ScenePresets.IDS;
    }

    static List<String> potentials() {
        return Arrays.stream(Potential.values()).map(Potential::id).toList();
    }

    static List<String> hpcPrecisions() {
        return Arrays.stream(SimPrecision.values()).map(SimPrecision::id).toList();
    }

    /** Grids store every value at one size: single or double. */
    static List<String> gridPrecisions() {
        return List.of(SimPrecision.SINGLE.id(), SimPrecision.DOUBLE.id());
    }

    static List<String> solvers() {
        return Arrays.stream(Solver.values()).map(Solver::id).toList();
    }

    /**
     * The architecture's or pipeline's own name for a preset id ("ResNet-50", "FLUX.1 [dev]"): proper names, the
     * same in every language, so presets added to an estimator show without a bundle entry.
     */
    static String presetName(String id) {
        for (VisionModel m : VisionModel.values()) {
            if (m.id().equals(id)) {
                return m.label();
            }
        }
        return DiffusionPresets.byId(id).map(DiffusionModel::name).orElse(id);
    }

    /** Every id a form may show besides presets, for the test that each has a name in every language. */
    public static List<String> allIds() {
        return java.util.stream.Stream.of(visionModes(), visionPrecisions(), visionOptimizers(), diffusionModes(),
                diffusionPrecisions(), diffusionAttention(), diffusionOffload(), scenePresets(), potentials(),
                hpcPrecisions(), solvers()).flatMap(List::stream).distinct().toList();
    }
}
