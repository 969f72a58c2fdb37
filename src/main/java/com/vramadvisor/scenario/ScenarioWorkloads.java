package com.vramadvisor.scenario;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.diffusion.AttentionKind;
import com.vramadvisor.engine.diffusion.DiffusionDtype;
import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionModel;
import com.vramadvisor.engine.diffusion.DiffusionOptimizer;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.diffusion.Offload;
import com.vramadvisor.engine.diffusion.UNetConfig;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.engine.vision.VisionWorkload;
import com.vramadvisor.scene.SceneFileException;
import com.vramadvisor.scene.SceneFiles;
import com.vramadvisor.scene.ScenePresets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The workload a scenario describes, for the window and for the command line's {@code --scenario}: each kind's
 * inputs handed to its estimator's public API with the defaults the command line uses for what the window does not ask (documented in each {@code XxxCli} and
 * {@code docs/estimation-*.md}): vision with SDPA attention for ViTs and NCHW layout; molecular dynamics with the
 * potential's benchmark skin and density, full neighbour lists and no long-range solver; grids with two time levels,
 * GMRES(30) and a 7-point stencil (27 for HPCG).
 */
public final class ScenarioWorkloads {

    /** Time levels of a grid step from old to new, as {@code --time-levels} defaults. */
    static final int TIME_LEVELS = 2;
    /** GMRES restart length, as {@code --restart} defaults. */
    static final int GMRES_RESTART = 30;

    private ScenarioWorkloads() {
    }

    /**
     * @return the workload, or empty for a language-model scenario, which the language-model estimator sizes
     * @throws IllegalArgumentException with a one-line reason when the estimator refuses the inputs (an unknown
     *                                  preset, a scene file that cannot be read, a value out of its range)
     */
    public static Optional<Sizable> build(ScenarioInputs inputs) {
        return switch (inputs.kind()) {
            case LLM -> Optional.empty();
            case DIFFUSION -> Optional.of(diffusion(inputs.domain().diffusion()));
            case VISION -> Optional.of(vision(inputs.domain().vision()));
            case RENDER -> Optional.of(render(inputs.domain().render()));
            case MD -> Optional.of(md(inputs.domain().md()));
            case GRID -> Optional.of(grid(inputs.domain().grid()));
        };
    }

    /**
     * The job {@code w} (built by {@link #build}) is timed for with the scenario's {@code job}, as the window's job
     * fields give it: vision training's epochs over its dataset, vision inference's images, a simulation's or grid's
     * steps; {@code null} for the workload's default job (the counts are {@link DomainJob#defaults()}, or the
     * workload has no speed model, which ignores the job).
     *
     * @throws IllegalArgumentException with a one-line reason when the engine refuses the job (a total beyond its
     *                                  bound)
     */
    public static JobSize job(Sizable w, DomainJob job) {
        DomainJob d = DomainJob.defaults();
        if (w.defaultJob().isEmpty()) {
            return null;
        }
        Sizable base = SpreadWorkload.unspread(w);
        if (base instanceof VisionWorkload v) {
            if (v.training()) {
                return job.epochs() == d.epochs() && job.datasetSize() == d.datasetSize() ? null
                        : v.job(job.epochs(), job.datasetSize());
            }
            return job.images() == d.images() ? null : v.job(1, job.images());
        }
        if (base instanceof MdSystem md) {
            return job.mdSteps() == d.mdSteps() ? null : md.job(job.mdSteps());
        }
        if (base instanceof GridProblem g) {
            return job.gridSteps() == d.gridSteps() ? null : g.job(job.gridSteps());
        }
        return null;
    }

    static Sizable vision(VisionInputs v) {
        VisionModel model = VisionModel.parse(v.presetId());
        boolean training = !"infer".equals(v.mode());
        VisionPrecision precision = VisionPrecision.parse(v.precision());
        if (training && precision == VisionPrecision.INT8) {
            throw new IllegalArgumentException("int8 applies to inference; train in fp32, tf32, fp16 or bf16 mixed"
                    + " precision");
        }
        return new VisionWorkload(model, training, v.batch(), v.width(), v.height(), precision,
                VisionOptimizer.parse(v.optimizer()), training && v.recompute(), true, false);
    }

    /**
     * A pipeline as {@code DiffusionCli} builds it: fine-tuning with AdamW, LoRA rank 4 (the diffusers scripts'
     * default), no gradient checkpointing, frozen text encoders and no EMA; generation with classifier-free guidance
     * where the pipeline uses it and the safety checker where the pipeline loads one. Offload and VAE tiling apply to generation only.
     */
    static Sizable diffusion(DiffusionInputs f) {
        DiffusionModel model = DiffusionPresets.byId(f.presetId()).orElseThrow(() -> new IllegalArgumentException(
                "'" + f.presetId() + "' is no diffusion pipeline (" + DiffusionPresets.ids() + ")"));
        DiffusionMode mode = DiffusionMode.parse(f.mode());
        AttentionKind attention = AttentionKind.parse(f.attention());
        if (attention == AttentionKind.SLICED && (mode.isTraining() || !(model.denoiser() instanceof UNetConfig))) {
            throw new IllegalArgumentException("sliced attention is diffusers' enable_attention_slicing for UNet"
                    + " pipelines at inference; choose eager or memory-efficient attention here");
        }
        boolean generating = !mode.isTraining();
        return DiffusionWorkload.of(model, mode)
                .withBatch(f.batch())
                .withSize(f.width(), f.height())
                .withDtype(DiffusionDtype.parse(f.precision()))
                .withAttention(attention, 0)
                .withVae(false, generating && f.vaeTiling())
                .withPipeline(generating ? Offload.parse(f.offload()) : Offload.NONE, model.classifierFreeGuidance(),
                        true)
                .withTraining(false, DiffusionOptimizer.ADAMW, 4, false, false)
                .withRuntimeOverhead(true);
    }

    static Sizable render(RenderInputs r) {
        Scene scene;
        if (r.sceneFile().isEmpty()) {
            scene = ScenePresets.load(r.scenePresetId());
        } else {
            try {
                scene = SceneFiles.read(Path.of(r.sceneFile()));
            } catch (SceneFileException e) {
                throw new IllegalArgumentException(Path.of(r.sceneFile()).getFileName() + ": " + e.getMessage(), e);
            }
        }
        if (!r.sceneResolution()) {
            scene = scene.withResolution(r.width(), r.height());
        }
        return new RenderWorkload(scene.withViewers(r.viewers()));
    }

    static Sizable md(MdInputs m) {
        Potential potential = Potential.parse(m.potential());
        double cutoff = m.cutoffAngstrom() == 0 ? potential.defaultCutoff() : m.cutoffAngstrom();
        MdSystem system = new MdSystem(Math.min(m.atoms(), MdSystem.MAX_ATOMS), potential,
                SimPrecision.parse(m.precision()), cutoff, potential.defaultSkin(), potential.defaultDensity(), true,
                false, 1.2);
        return SpreadWorkload.over(system, m.gpus());
    }

    static Sizable grid(GridInputs g) {
        SimPrecision precision = SimPrecision.parse(g.precision());
        if (precision == SimPrecision.MIXED) {
            throw new IllegalArgumentException("grids store every value at one size: single or double");
        }
        Solver solver = Solver.parse(g.solver());
        GridProblem problem = new GridProblem(g.cells(), g.cellsX(), g.cellsY(), g.cellsZ(), g.fields(), g.halo(),
                TIME_LEVELS, precision, solver, GMRES_RESTART, solver == Solver.HPCG ? 27 : 7);
        return SpreadWorkload.over(problem, g.gpus());
    }
}
