package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds the decision table: for one model and workload, a row for every option of the hardware lists.
 * <ul>
 *   <li>{@link HardwareKind#GPU}: every GPU on its own.</li>
 *   <li>{@link HardwareKind#MULTI_GPU}: for every GPU that does not hold the job alone, the fewest cards that do,
 *       in nodes of {@link RankingOptions#gpusPerNode()} (see {@link LayoutSearch} for the layouts tried).</li>
 *   <li>{@link HardwareKind#SYSTEM} and {@link HardwareKind#CLOUD}: the fewest whole systems or instances; training
 *       uses all their GPUs (data parallel or ZeRO-3), inference places as many model copies as fit.</li>
 * </ul>
 * With {@link ShardingSearch#AS_GIVEN} the workload's own layout is used instead of the search. Memory comes from
 * the {@link MemoryModel}; speed, time and cost from {@link SpeedModel} and {@code docs/decision-table.md}. Rows are
 * then filtered, sorted and cut to the top N as {@link RankingOptions} says. Stateless and thread-safe.
 *
 * <p>{@link RankingOptions#maxGpus()} caps the GPUs of every option rather than hiding the options above it: an
 * option that would need more GPUs to fit is searched again within the cap, so the table still lists it, laid out on
 * at most that many GPUs and marked {@link Reason#DOES_NOT_FIT} and {@link Reason#EXCEEDS_MAX_GPUS}. A user who caps
 * a cluster at 8 GPUs thus sees that a single-GPU cloud instance would need more than 8 of them, instead of losing
 * the row or being offered 70. Only rows that cannot be laid out within the cap at all (one system or instance with
 * more GPUs than it, or the workload's own layout over more GPUs) are dropped, counted in
 * {@link Recommendation#optionsConsidered()} like the rows the budget and fits-only filters drop.
 */
public final class Recommender {

    private final MemoryModel memory;

    /** A recommender over the engine's {@link MemoryEstimator}. */
    public Recommender() {
        this(estimatorModel(new MemoryEstimator()));
    }

    /** The estimator as a memory model, with its record-free peak for the layout search. */
    public static MemoryModel estimatorModel(MemoryEstimator estimator) {
        return new MemoryModel() {
            @Override
            public Estimate estimate(ModelSpec model, Workload workload) {
                return estimator.estimate(model, workload);
            }

            @Override
            public long peakBytes(ModelSpec model, Workload workload) {
                return estimator.peakBytes(model, workload);
            }
        };
    }

    /** A recommender over another memory model (tests, or a caller that wraps the estimator). */
    public Recommender(MemoryModel memory) {
        this.memory = Objects.requireNonNull(memory, "memory");
    }

    /**
     * @throws IllegalArgumentException when the workload cannot be estimated even on one GPU (bad input)
     */
    public Recommendation recommend(ModelSpec model, Workload workload, List<GpuSpec> gpus, List<SystemSpec> systems,
                                    List<CloudOffer> cloud, RankingOptions options) {
        LayoutSearch search = new LayoutSearch(memory, model, workload, options.gpusPerNode());
        Estimate single = memory.estimate(model, workload.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
        search.remember(Parallelism.SINGLE_GPU, single);
        RowFactory factory = new RowFactory(model, workload, options);
        Parallelism given = workload.parallelism();
        boolean asGiven = options.sharding() == ShardingSearch.AS_GIVEN
                || (options.sharding() == ShardingSearch.AUTOMATIC_UNLESS_GIVEN
                && (given.gpus() > 1 || given.zeroStage() > 0));

        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : gpus) {
            byId.putIfAbsent(g.id(), g);
        }
        List<RecommendationRow> rows = new ArrayList<>();
        for (GpuSpec g : gpus) {
            if (keepsGpu(g, options) && (wants(options, HardwareKind.GPU) || wants(options, HardwareKind.MULTI_GPU))) {
                addGpuRows(rows, g, search, factory, options, asGiven ? given : null);
            }
        }
        for (SystemSpec s : systems) {
            GpuSpec g = byId.get(s.gpuId());
            if (wants(options, HardwareKind.SYSTEM) && (g == null || keepsGpu(g, options))) {
                RowFactory.Offer offer = g == null ? null : new RowFactory.Offer(s.id(), s.name(), HardwareKind.SYSTEM,
                        g, 1, 1, s.priceUsd() > 0 ? s.priceUsd() : null, null,
                        s.powerWatts() > 0 ? s.powerWatts() : (double) g.tdpWatts() * s.gpuCount(),
                        RowFactory.hasFastLinks(s.interconnect(), g.interconnect()), List.of());
                addUnitRow(rows, offer, s.id(), s.name(), HardwareKind.SYSTEM, s.gpuCount(), single, search, factory,
                        options, asGiven ? given : null);
            }
        }
        for (CloudOffer c : cloud) {
            GpuSpec g = byId.get(c.gpuId());
            if (wants(options, HardwareKind.CLOUD) && (g == null || keepsGpu(g, options))) {
                String name = c.provider() + " " + c.instanceType();
                RowFactory.Offer offer = g == null ? null : new RowFactory.Offer(c.id(), name, HardwareKind.CLOUD, g,
                        1, 1, null, c.priceUsdPerHour() > 0 ? c.priceUsdPerHour() : null,
                        (double) g.tdpWatts() * c.gpuCount(), RowFactory.hasFastLinks(g.interconnect()), List.of());
                addUnitRow(rows, offer, c.id(), name, HardwareKind.CLOUD, c.gpuCount(), single, search, factory,
                        options, asGiven ? given : null);
            }
        }
        int considered = rows.size();
        return new Recommendation(filterAndSort(rows, options), considered, single, options);
    }

    /** Whether the kind filter keeps rows of this kind; rows it drops are not built at all. */
    private static boolean wants(RankingOptions o, HardwareKind kind) {
        return o.kinds().isEmpty() || o.kinds().contains(kind);
    }

    private static boolean keepsGpu(GpuSpec g, RankingOptions o) {
        return (o.vendors().isEmpty() || o.vendors().contains(lower(g.vendor())))
                && (o.formFactors().isEmpty() || o.formFactors().contains(lower(g.formFactor())))
                && g.memoryGbNominal() >= o.minMemoryGbPerGpu();
    }

    private static String lower(String s) {
        return s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    }

    private static void addGpuRows(List<RecommendationRow> rows, GpuSpec g, LayoutSearch search,
                                   RowFactory factory, RankingOptions options, Parallelism given) {
        long capacity = factory.capacityBytes(g);
        boolean fast = RowFactory.hasFastLinks(g.interconnect());
        LayoutSearch.Layout one = search.exactly(Parallelism.SINGLE_GPU, capacity)
                .orElseThrow(() -> new IllegalArgumentException("the workload cannot be estimated on one GPU"));
        List<Reason> oneReasons = given != null && given.gpus() > 1
                ? List.of(Reason.PARALLELISM_NEEDS_MORE_GPUS) : List.of();
        // With a limit of one GPU the search for several cards has nowhere to go: a single card that does not fit
        // has exhausted it.
        boolean exhausted = given == null && !one.fits() && options.maxGpus() == 1;
        rows.add(build(factory, search, offer(g.id(), g.name(), HardwareKind.GPU, g, 1, 1, fast, oneReasons), one,
                exhausted));
        if (given != null && given.gpus() > 1) {
            search.exactly(given, capacity).ifPresent(l -> rows.add(build(factory, search,
                    offer(g.id(), l.gpus() + " x " + g.name(), HardwareKind.MULTI_GPU, g, l.gpus(), 1, fast,
                            List.of()), l, false)));
        } else if (given == null && !one.fits() && options.maxGpus() > 1) {
            LayoutSearch.Layout many = search.fewest(capacity, factory.gpusPerNode(g), options.maxGpus());
            if (many != null && many.gpus() > 1) {
                rows.add(build(factory, search, offer(g.id(), many.gpus() + " x " + g.name(), HardwareKind.MULTI_GPU,
                        g, many.gpus(), 1, fast, List.of()), many, !many.fits()));
            }
        }
    }

    private static RowFactory.Offer offer(String id, String name, HardwareKind kind, GpuSpec g, int gpus, int units,
                                          boolean fast, List<Reason> reasons) {
        Double price = g.hasPrice() ? g.priceUsd() * gpus : null;
        return new RowFactory.Offer(id, name, kind, g, units, 1, price, null, (double) g.tdpWatts() * gpus, fast,
                reasons);
    }

    /** A system or cloud row: the fewest whole units, all their GPUs used (training) or filled with replicas. */
    private static void addUnitRow(List<RecommendationRow> rows, RowFactory.Offer perUnit, String id, String name,
                                   HardwareKind kind, int unitGpus, Estimate single, LayoutSearch search,
                                   RowFactory factory, RankingOptions options, Parallelism given) {
        if (perUnit == null) {
            rows.add(unknownGpuRow(id, name, kind, single));
            return;
        }
        if (unitGpus < 1) {
            return;
        }
        long capacity = factory.capacityBytes(perUnit.gpu());
        int maxUnits = Math.max(1, options.maxGpus() / unitGpus);
        Optional<LayoutSearch.Layout> layout;
        int units;
        int replicas = 1;
        List<Reason> extra = new ArrayList<>();
        if (given != null) {
            layout = search.exactly(given, capacity);
            units = (int) ((given.gpus() + unitGpus - 1) / unitGpus);
            if (!search.training()) {
                replicas = (int) Math.max(1, (long) units * unitGpus / given.gpus());
            }
            if ((long) units * unitGpus > given.gpus() * replicas) {
                extra.add(Reason.IDLE_GPUS);
            }
        } else if (search.training()) {
            layout = search.trainingOnUnits(capacity, unitGpus, maxUnits);
            units = layout.map(l -> (l.gpus() + unitGpus - 1) / unitGpus).orElse(maxUnits);
        } else {
            LayoutSearch.Layout copy = search.fewest(capacity, unitGpus, maxUnits * unitGpus);
            layout = Optional.ofNullable(copy);
            units = copy == null ? maxUnits : (copy.gpus() + unitGpus - 1) / unitGpus;
            replicas = copy == null ? 1 : Math.max(1, units * unitGpus / copy.gpus());
        }
        if (layout.isEmpty()) {
            return;
        }
        boolean exhausted = given == null && !layout.get().fits();
        String label = units > 1 ? units + " x " + name : name;
        RowFactory.Offer offer = new RowFactory.Offer(id, label, kind, perUnit.gpu(), units, replicas,
                perUnit.priceUsd() == null ? null : perUnit.priceUsd() * units,
                perUnit.usdPerHour() == null ? null : perUnit.usdPerHour() * units, perUnit.powerWatts() * units,
                perUnit.fastLinks(), extra);
        rows.add(build(factory, search, offer, layout.get(), exhausted));
    }

    /** A row at a layout the search chose, with the full estimate of that layout. */
    private static RecommendationRow build(RowFactory factory, LayoutSearch search, RowFactory.Offer offer,
                                           LayoutSearch.Layout layout, boolean exhausted) {
        Estimate e = search.estimate(layout.parallelism()).orElseThrow(() -> new IllegalStateException(
                "the estimator gave a peak but no estimate for " + layout.parallelism()));
        return factory.build(offer, layout.parallelism(), e, exhausted);
    }

    private static RecommendationRow unknownGpuRow(String id, String name, HardwareKind kind, Estimate single) {
        return new RecommendationRow(id, name, kind, "", "", "", "", false, 0, 1, 1, Parallelism.SINGLE_GPU, null,
                single.peakBytes(), 0, 0, -single.peakBytes(), -1.0, null, null, null, null, null, null, null, null,
                List.of(Reason.UNKNOWN_GPU));
    }

    private static List<RecommendationRow> filterAndSort(List<RecommendationRow> rows, RankingOptions o) {
        List<RecommendationRow> kept = new ArrayList<>();
        for (RecommendationRow r : rows) {
            if (!o.kinds().isEmpty() && !o.kinds().contains(r.kind())) {
                continue;
            }
            if (o.fitsOnly() && !r.fits()) {
                continue;
            }
            if (r.gpusNeeded() > o.maxGpus()) {
                continue;
            }
            if (o.maxBudgetUsd() > 0 && (r.costUsd() == null || r.costUsd() > o.maxBudgetUsd())) {
                continue;
            }
            kept.add(r);
        }
        Comparator<RecommendationRow> order = o.sortKey().comparator(o.descending());
        if (o.fitsFirst()) {
            order = Comparator.comparing((RecommendationRow r) -> !r.fits()).thenComparing(order);
        }
        order = order.thenComparing(RecommendationRow::hardwareId).thenComparing(RecommendationRow::kind);
        kept.sort(order);
        if (o.topN() > 0 && kept.size() > o.topN()) {
            return kept.subList(0, o.topN());
        }
        return kept;
    }
}
