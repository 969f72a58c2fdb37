package com.vramadvisor.scenario;

import java.util.Objects;

/**
 * The inputs of every workload kind beyond language models, one record each. A scenario keeps all of them, so
 * switching the kind and back finds each form as it was left, and a file round-trips whatever kind it is.
 */
public record DomainInputs(VisionInputs vision, DiffusionInputs diffusion, RenderInputs render, MdInputs md,
                           GridInputs grid) {

    public DomainInputs {
        Objects.requireNonNull(vision, "vision");
        Objects.requireNonNull(diffusion, "diffusion");
        Objects.requireNonNull(render, "render");
        Objects.requireNonNull(md, "md");
        Objects.requireNonNull(grid, "grid");
    }

    /** Every kind at its own defaults. */
    public static DomainInputs defaults() {
        return new DomainInputs(VisionInputs.defaults(), DiffusionInputs.defaults(), RenderInputs.defaults(),
                MdInputs.defaults(), GridInputs.defaults());
    }

    public DomainInputs withVision(VisionInputs v) {
        return new DomainInputs(v, diffusion, render, md, grid);
    }

    public DomainInputs withDiffusion(DiffusionInputs v) {
        return new DomainInputs(vision, v, render, md, grid);
    }

    public DomainInputs withRender(RenderInputs v) {
        return new DomainInputs(vision, diffusion, v, md, grid);
    }

    public DomainInputs withMd(MdInputs v) {
        return new DomainInputs(vision, diffusion, render, v, grid);
    }

    public DomainInputs withGrid(GridInputs v) {
        return new DomainInputs(vision, diffusion, render, md, v);
    }
}
