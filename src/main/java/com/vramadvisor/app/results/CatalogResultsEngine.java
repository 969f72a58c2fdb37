package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.InverseSolver;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.Recommender;
import java.util.List;
import java.util.Objects;

/**
 * The result views' engine: the memory estimator, the inverse solver and the recommender over one catalog, with its
 * node classes. Stateless, so the ranking may run on a worker thread while the charts estimate on the FX thread.
 */
public final class CatalogResultsEngine implements ResultsEngine {

    private final Catalog catalog;
    private final MemoryEstimator estimator = new MemoryEstimator();
    private final Recommender recommender = new Recommender();

    public CatalogResultsEngine(Catalog catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
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
        return catalog.gpus();
    }

    @Override
    public Recommendation recommend(ModelSpec model, Workload workload, RankingOptions options) {
        return recommender.recommend(model, workload, catalog.hardware(), options);
    }
}
