package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;

/**
 * Inference layouts chosen for serving within latency targets ({@link com.vramadvisor.engine.serving.ServingTargets}):
 * wider tensor parallelism shortens each decode step and, per GPU, leaves more memory to the KV cache, so the
 * fewest GPUs that hold a copy are not always the layout that serves users best. See {@code docs/decision-table.md},
 * "Users served".
 */
final class ServingLayouts {

    private final ModelSpec model;
    private final RankingOptions options;
    private final LayoutSearch search;
    private final LlmPlacer factory;

    ServingLayouts(ModelSpec model, RankingOptions options, LayoutSearch search, LlmPlacer factory) {
        this.model = model;
        this.options = options;
        this.search = search;
        this.factory = factory;
    }

    /**
     * Serving within latency targets: of the fewest-GPU layout and the wider tensor-parallel ones (twice, four
     * times ... its size, within a node and the GPUs the option has, the heads divisible), the one whose copies
     * together serve the most users; the fewest GPUs per copy on a tie. Wider tensor parallelism shortens each
     * decode step, so an option too slow for the targets with one GPU per copy may meet them with two.
     */
    LayoutSearch.Layout mostUsers(Offer offer, LayoutSearch.Layout fewest, int gpus) {
        Parallelism p = fewest.parallelism();
        LayoutSearch.Layout best = fewest;
        int bestUsers = usersServed(offer, fewest, gpus);
        for (int t = p.tensorParallel() * 2; t <= offer.rig().gpusPerNode() && t * p.pipelineParallel() <= gpus
                && gpus % (t * p.pipelineParallel()) == 0 && model.heads() % t == 0; t *= 2) {
            LayoutSearch.Layout wider = search.exactly(new Parallelism(t, p.pipelineParallel(), 1, 0, false),
                    offer.rig().capacityBytes()).orElse(null);
            if (wider == null || !wider.fits()) {
                continue;
            }
            int users = usersServed(offer, wider, gpus);
            if (users > bestUsers) {
                best = wider;
                bestUsers = users;
            }
        }
        return best;
    }

    private int usersServed(Offer offer, LayoutSearch.Layout copy, int gpus) {
        ServingFigures f = factory.serving(offer.gpu(), offer.rig().fabric(copy.gpus()), copy.parallelism(),
                Math.max(1, gpus / copy.gpus()));
        return f == null ? 0 : f.usersServed();
    }

    /**
     * Loose cards serving within latency targets: the fewest-GPU layout, or when it serves nobody within them the
     * first wider tensor-parallel layout (twice, four times ... its size, within a node and the GPU limit) that
     * serves someone; the fewest-GPU layout when none does.
     */
    LayoutSearch.Layout fastEnough(Offer offer, LayoutSearch.Layout fewest, int node) {
        Parallelism p = fewest.parallelism();
        if (usersServed(offer, fewest, fewest.gpus()) > 0) {
            return fewest;
        }
        for (int t = p.tensorParallel() * 2; t <= node && t * p.pipelineParallel() <= options.maxGpus()
                && model.heads() % t == 0; t *= 2) {
            LayoutSearch.Layout wider = search.exactly(new Parallelism(t, p.pipelineParallel(), 1, 0, false),
                    offer.rig().capacityBytes()).orElse(null);
            if (wider != null && wider.fits() && usersServed(offer, wider, wider.gpus()) > 0) {
                return wider;
            }
        }
        return fewest;
    }
}
