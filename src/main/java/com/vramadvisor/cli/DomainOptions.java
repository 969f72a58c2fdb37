package com.vramadvisor.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The workload kind and the flags of the workloads beyond language models. {@code --preset}, {@code --mode},
 * {@code --batch}, {@code --precision} and {@code --optimizer} are shared with the language-model flags; each kind
 * reads them as its documentation says (see {@link DomainRequest#given(String)}).
 */
final class DomainOptions {

    @Option(names = "--workload", paramLabel = "KIND",
            description = "llm (default), vision, diffusion, render, md or grid.")
    String workload = "llm";

    @Option(names = "--resolution", paramLabel = "R",
            description = "Vision and diffusion: image side (224) or width x height (1024x768); render: output"
                    + " resolution (3840x2160).")
    String resolution;

    @Option(names = "--scene", paramLabel = "FILE", description = "Render: a scene file (JSON, see docs).")
    Path scene;

    @Option(names = "--atoms", paramLabel = "N", description = "Molecular dynamics: atoms in the system (1e6, 32M).")
    String atoms;

    @Option(names = "--potential", paramLabel = "KIND",
            description = "Molecular dynamics: lj, eam, tersoff, reaxff, snap, ... (default lj).")
    String potential;

    @Option(names = "--cutoff", paramLabel = "A", description = "Molecular dynamics: pair cutoff in angstrom.")
    Double cutoff;

    @Option(names = "--cells", paramLabel = "N",
            description = "Grid: cells in total (1e9) or per axis (1024x1024x512).")
    String cells;

    @Option(names = "--fields", paramLabel = "N", description = "Grid: fields (variables) per cell.")
    Integer fields;

    @Option(names = "--halo", paramLabel = "N", description = "Grid: halo (ghost) cell layers per subdomain face.")
    Integer halo;

    @Option(names = "--offload", paramLabel = "WHERE",
            description = "Diffusion inference: none (default), model (diffusers enable_model_cpu_offload: one"
                    + " component on the GPU at a time) or sequential (enable_sequential_cpu_offload: one layer).")
    String offload;

    @Option(names = "--vae-slicing", description = "Diffusion inference: decode the images of a batch one at a time.")
    boolean vaeSlicing;

    @Option(names = "--vae-tiling",
            description = "Diffusion inference: decode in overlapping tiles (512 px for SD 1.5, 1024 px for SDXL"
                    + " and SD3).")
    boolean vaeTiling;

    @Option(names = "--attention-slice", paramLabel = "N",
            description = "Diffusion with --attention sliced: batch x head rows per slice (default half the heads,"
                    + " diffusers' \"auto\"; 1 is enable_attention_slicing(1)).")
    Integer attentionSlice;

    @Option(names = "--no-cfg",
            description = "Diffusion inference: no classifier-free guidance (the denoiser batch is not doubled).")
    boolean noCfg;

    @Option(names = "--no-safety-checker", description = "Diffusion inference: SD 1.5 without its safety checker.")
    boolean noSafetyChecker;

    @Option(names = "--gradient-checkpointing",
            description = "Diffusion training: keep block inputs only and recompute one block at a time.")
    boolean gradientCheckpointing;

    @Option(names = "--train-text-encoder", description = "Diffusion training: train the CLIP text encoders too.")
    boolean trainTextEncoder;

    @Option(names = "--ema", description = "Diffusion full training: keep an fp32 EMA copy of the trained weights.")
    boolean ema;
}
