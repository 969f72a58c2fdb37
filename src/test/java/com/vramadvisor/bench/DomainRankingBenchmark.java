package com.vramadvisor.bench;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.scene.ScenePresets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * One full decision table beyond language models ({@link Recommender}) over the shipped catalog: a 100M-atom
 * Lennard-Jones system and a 1024 x 1024 x 512 grid (both spread over GPUs: a bisection over each option's counts),
 * and the 4K game scene (one GPU holds it). Sampled time per call. Run:
 * {@code ./mvnw -B -Pbench test-compile exec:exec -Dbench.args="DomainRankingBenchmark -f1 -wi 3 -i 5"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class DomainRankingBenchmark {

    /** The workload. */
    @Param({"md-lj-100m", "grid-1024x1024x512", "render-game-4k"})
    public String workload;

    private final RankingOptions options = RankingOptions.defaults();
    private HardwareList list;
    private Sizable work;

    @Setup
    public void setUp() {
        Catalog c = CatalogLoader.shippedOnly().load();
        if (c.gpus().isEmpty()) {
            throw new IllegalStateException("the shipped catalog has no GPUs: " + c.problems());
        }
        list = c.hardware();
        work = switch (workload) {
            case "md-lj-100m" -> MdSystem.of(100_000_000L, Potential.LJ, SimPrecision.MIXED);
            case "grid-1024x1024x512" -> GridProblem.of(1024, 1024, 512, 5, 2, 2, SimPrecision.DOUBLE, Solver.NONE,
                    30, 7);
            default -> new RenderWorkload(ScenePresets.load("game-4k"));
        };
    }

    @Benchmark
    public Recommendation rank() {
        return new Recommender().recommend(work, list, options);
    }
}
