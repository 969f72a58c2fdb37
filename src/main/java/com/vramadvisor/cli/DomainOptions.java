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
            description = "llm (default), vision, diffusion, render, md or grid. With --scenario the file gives"
                    + " the kind; this may only repeat it.")
    String workload = "llm";

    @Option(names = "--resolution", paramLabel = "R",
            description = "Vision and diffusion: image side (224) or width x height (1024x768); render: output"
                    + " resolution (3840x2160).")
    String resolution;

    @Option(names = "--scene", paramLabel = "FILE|ID",
            description = "Render: a scene file (JSON, docs/scene-format.md) or a preset id from 'catalog list"
                    + " scenes' (game-4k).")
    Path scene;

    @Option(names = "--atoms", paramLabel = "N", description = "Molecular dynamics: atoms in the system (1e6, 32M).")
    String atoms;

    @Option(names = "--potential", paramLabel = "KIND",
            description = "Molecular dynamics: lj, eam, tersoff, reaxff, snap, ... (default lj).")
    String potential;

    @Option(names = "--cutoff", paramLabel = "A",
            description = "Molecular dynamics: pair cutoff (sigma for lj, angstrom otherwise).")
    Double cutoff;

    @Option(names = "--cells", paramLabel = "N",
            description = "Grid: cells in total (1e9) or per axis (1024x1024x512).")
    String cells;

    @Option(names = "--fields", paramLabel = "N", description = "Grid: fields (variables) per cell.")
    Integer fields;

    @Option(names = "--halo", paramLabel = "N", description = "Grid: halo (ghost) cell layers per subdomain face.")
    Integer halo;

    @Option(names = "--channels-last",
            description = "Vision: tensors in channels-last (NHWC) memory format; same bytes, stated in the output.")
    boolean channelsLast;

    @Option(names = "--viewers", paramLabel = "N",
            description = "Render: concurrent viewers of the scene on one GPU (collaborative review).")
    Integer viewers;

    @Option(names = "--density", paramLabel = "RHO",
            description = "Molecular dynamics: atoms per cubic length unit (per A^3; per sigma^3 for lj). Default:"
                    + " the potential's LAMMPS benchmark.")
    Double density;

    @Option(names = "--skin", paramLabel = "D",
            description = "Molecular dynamics: neighbour skin beyond the cutoff (default: the potential's benchmark).")
    Double skin;

    @Option(names = "--list", paramLabel = "KIND",
            description = "Molecular dynamics: full (default on GPUs) or half neighbour lists.")
    String neighbourList;

    @Option(names = "--kspace", paramLabel = "KIND",
            description = "Molecular dynamics: none (default) or pppm (a long-range grid).")
    String kspace;

    @Option(names = "--grid-spacing", paramLabel = "H",
            description = "Molecular dynamics: PPPM grid spacing in the length unit (default 1.2).")
    Double gridSpacing;

    @Option(names = "--time-levels", paramLabel = "N",
            description = "Grid: copies of the fields kept in time (default 2).")
    Integer timeLevels;

    @Option(names = "--solver", paramLabel = "KIND",
            description = "Grid: none (default), cg, gmres or hpcg (a sparse solve each step).")
    String solver;

    @Option(names = "--restart", paramLabel = "M", description = "Grid: GMRES restart length (default 30).")
    Integer restart;

    @Option(names = "--stencil", paramLabel = "N",
            description = "Grid: non-zeros per matrix row, 7 (default) or 27.")
    Integer stencil;

    @Option(names = "--offload", paramLabel = "WHAT",
            description = "Language-model training: none (default), optimizer (DeepSpeed ZeRO-Offload, ZeRO 1-3),"
                    + " parameters or all (ZeRO-3 offload_param; FSDP CPU offload with --implementation pytorch)."
                    + " Diffusion inference: none, model (diffusers enable_model_cpu_offload: one component on the"
                    + " GPU at a time) or sequential (enable_sequential_cpu_offload: one layer).")
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

    @Option(names = "--no-t5",
            description = "Diffusion inference: SD3 without its T5 text encoder (diffusers text_encoder_3=None).")
    boolean noT5;

    @Option(names = "--text-encoder-precision", paramLabel = "P",
            description = "Diffusion: the text encoders' type, fp32, fp16 or bf16 (default --precision).")
    String textEncoderPrecision;

    @Option(names = "--vae-precision", paramLabel = "P",
            description = "Diffusion: the VAE's type (default --precision; SDXL decodes an fp16 VAE in fp32).")
    String vaePrecision;

    @Option(names = "--box", paramLabel = "XxYxZ",
            description = "Molecular dynamics: the box's proportions (20x20x10 for a slab); default a cube.")
    String box;

    @Option(names = "--offload-to", paramLabel = "DEVICE",
            description = "Language-model training with --offload: cpu (default, pinned host memory) or nvme"
                    + " (ZeRO-Infinity, ZeRO-3).")
    String offloadTo;

    @Option(names = "--gpu-layers", paramLabel = "N",
            description = "Language-model inference with --engine llama.cpp: blocks on the GPU (-ngl); above the"
                    + " block count the output layer goes too. Default: the whole model on the GPU.")
    Integer gpuLayers;
}
