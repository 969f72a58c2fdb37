package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.InverseSolver;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.Recommender;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.speed.SpeedSettings;
import com.vramadvisor.engine.serving.ConcurrencyLimits;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.serving.ServingTargets;

/**
 * The result views' engine: the memory estimator, the inverse solver and the recommender over the catalog, with its
 * node classes. Holds no state of its own, so the ranking may run on a worker thread while the charts estimate on the
 * FX thread.
 */
public final class CatalogResultsEngine implements ResultsEngine {

    private final Supplier<Catalog> catalog;
    private final MemoryEstimator estimator = new MemoryEstimator();
    private final Recommender recommender = new Recommender();

    public CatalogResultsEngine(Catalog catalog) {
        Objects.requireNonNull(catalog, "catalog");
        this.catalog = () -> catalog;
    }

    /**
     * An engine over the catalog {@code source} gives at each call: the window's, which a reload of the catalog (the
     * user's own prices) replaces while the window runs.
     */
    public CatalogResultsEngine(Supplier<Catalog> source) {
        this.catalog = Objects.requireNonNull(source, "source");
    }

    @Override
    public Estimate estimate(ModelSpec model, Workload workload) {
        return estimator.estimate(model, workload);
    }

    @Override
    public int largestFitting(ModelSpec model, Workload workload, SweepAxis axis, long budgetBytes) {
        return switch (axis) {
            case BATCH -> InverseSolver.maxBatch(model, workload, budgetBytes);
            case SEQUENCE -> InverseSolver.maxSequenceLength(model, workload, budgetBytes);
            case CONTEXT -> InverseSolver.maxContext(model, workload, budgetBytes);
        };
    }

    @Override
    public List<GpuSpec> gpus() {
        return catalog.get().gpus();
    }

    @Override
    public Recommendation recommend(ModelSpec model, Workload workload, RankingOptions options) {
        return recommender.recommend(model, workload, catalog.get().hardware(), options);
    }

    @Override
    public Optional<ConcurrencyLimits> concurrencyLimits(ModelSpec model, Workload workload, GpuSpec gpu,
                                                         long budgetBytes, ServingTargets targets) {
        return Optional.of(ConcurrencyLimits.of(model, workload, gpu, budgetBytes, fabric(gpu, workload), targets,
                SpeedSettings.fitted()));
    }

    @Override
    public OptionalDouble tpotMs(ModelSpec model, Workload workload, GpuSpec gpu) {
        if (gpu.memoryBandwidthGBps() <= 0) {
            return OptionalDouble.empty();
        }
        return ServingLatency.of(model, workload, gpu, fabric(gpu, workload), SpeedSettings.fitted())
                .map(l -> OptionalDouble.of(l.tpotMs())).orElse(OptionalDouble.empty());
    }

    /** The wires between the tp x pp GPUs of one copy, in the GPU's catalog node class (as the command line). */
    private Fabric fabric(GpuSpec gpu, Workload workload) {
        var p = workload.parallelism();
        return Fabric.of(gpu, catalog.get().hardware().nodeFor(gpu), p.tensorParallel() * p.pipelineParallel());
    }
}
