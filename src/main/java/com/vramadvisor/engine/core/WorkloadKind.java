package com.vramadvisor.engine.core;

import java.util.Locale;

/**
 * What is being sized. The language-model estimator (the engine's root package) answers {@link #LLM}; each other kind
 * has a package of its own ({@code engine.vision}, {@code engine.diffusion}, {@code engine.render},
 * {@code engine.hpc}) that speaks the types of this package only.
 */
public enum WorkloadKind {
    /** Transformer language models: training, fine-tuning and serving. */
    LLM("llm"),
    /** Image classifiers and encoders: CNNs and vision transformers. */
    VISION("vision"),
    /** Diffusion pipelines: denoiser (UNet or transformer), VAE and text encoders. */
    DIFFUSION("diffusion"),
    /** Real-time and offline rendering scenes. */
    RENDER("render"),
    /** Molecular dynamics (LAMMPS- and GROMACS-style). */
    MD("md"),
    /** Structured grids and sparse linear solvers. */
    GRID("grid");

    private final String id;

    WorkloadKind(String id) {
        this.id = id;
    }

    /** The id the command line and scenario files use ({@code --workload md}). */
    public String id() {
        return id;
    }

    /**
     * @throws IllegalArgumentException naming the accepted ids when {@code text} is none of them
     */
    public static WorkloadKind parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (WorkloadKind k : values()) {
            if (k.id.equals(t)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + text + "' (expected llm, vision, diffusion, render,"
                + " md or grid)");
    }
}
