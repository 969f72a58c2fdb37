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

    @Option(names = "--scene", paramLabel = "FILE|ID",
            description = "Render: a scene file (JSON, docs/scene-format.md) or a preset id from 'catalog list"
                    + " scenes' (game-4k).")
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

    @Option(names = "--channels-last",
            description = "Vision: tensors in channels-last (NHWC) memory format; same bytes, stated in the output.")
    boolean channelsLast;

    @Option(names = "--viewers", paramLabel = "N",
            description = "Render: concurrent viewers of the scene on one GPU (collaborative review).")
    Integer viewers;
}
