package com.vramadvisor.cli;

import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import com.vramadvisor.engine.ranking.DomainGuideScenario;
import com.vramadvisor.engine.ranking.SizeClass;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.scene.ScenePresets;
import java.util.List;

/**
 * The guide's representative workloads beyond language models, built from the estimators' own presets and defaults:
 * three shipped scene presets (a 4K game scene, a collaborative USD review, an offline film frame;
 * {@code catalog/scenes}, sources in {@code docs/estimation-render.md}) and three simulations with the defaults of
 * their LAMMPS benchmarks and the grid flags' defaults ({@code docs/estimation-hpc.md}).
 */
final class GuideDomainScenarios {

    private GuideDomainScenarios() {
    }

    static List<DomainGuideScenario> defaults() {
        return List.of(
                scene("render-game-4k", "game-4k", "4K game scene (UE5 preset: render targets, textures, Nanite and"
                        + " virtual-texture pools)"),
                scene("render-usd-review", "usd-review", "Collaborative USD design review, 4 viewers at 2560 x 1440"),
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

    private static DomainGuideScenario scene(String id, String preset, String description) {
        return new DomainGuideScenario(id, SizeClass.RENDERING, description,
                new RenderWorkload(ScenePresets.load(preset)));
    }
}
