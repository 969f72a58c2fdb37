package com.vramadvisor.scenario;

import java.util.Objects;

/**
 * The inputs of every workload kind beyond language models, one record each. A scenario keeps all of them, so
 * switching the kind and back finds each form as it was left, and a file round-trips whatever kind it is. The
 * {@link DomainJob job} is what the decision table times for the kinds with a speed model.
 */
public record DomainInputs(VisionInputs vision, DiffusionInputs diffusion, RenderInputs render, MdInputs md,
                           GridInputs grid, DomainJob job) {

    public DomainInputs {
        Objects.requireNonNull(vision, "vision");
        Objects.requireNonNull(diffusion, "diffusion");
        Objects.requireNonNull(render, "render");
        Objects.requireNonNull(md, "md");
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(job, "job");
    }

    /** The inputs with the default job. */
    public DomainInputs(VisionInputs vision, DiffusionInputs diffusion, RenderInputs render, MdInputs md,
                        GridInputs grid) {
        this(vision, diffusion, render, md, grid, DomainJob.defaults());
    }

    /** Every kind at its own defaults. */
    public static DomainInputs defaults() {
        return new DomainInputs(VisionInputs.defaults(), DiffusionInputs.defaults(), RenderInputs.defaults(),
                MdInputs.defaults(), GridInputs.defaults());
    }

    public DomainInputs withVision(VisionInputs v) {
        return new DomainInputs(v, diffusion, render, md, grid, job);
    }

    public DomainInputs withDiffusion(DiffusionInputs v) {
        return new DomainInputs(vision, v, render, md, grid, job);
    }

    public DomainInputs withRender(RenderInputs v) {
        return new DomainInputs(vision, diffusion, v, md, grid, job);
    }

    public DomainInputs withMd(MdInputs v) {
        return new DomainInputs(vision, diffusion, render, v, grid, job);
    }

    public DomainInputs withGrid(GridInputs v) {
        return new DomainInputs(vision, diffusion, render, md, v, job);
    }

    public DomainInputs withJob(DomainJob v) {
        return new DomainInputs(vision, diffusion, render, md, grid, v);
    }
}
