package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Recompute;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.MemoryModel;
import com.vramadvisor.engine.plan.PlanCandidate;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.plan.Planner;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.plan.StepTime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the decision table: for one model and workload, a row for every option of the hardware list.
 * <ul>
 *   <li>{@link HardwareKind#GPU}: every GPU on its own, bought with the host of its node class (GPUs sold only on
 *       baseboards have no such row).</li>
 *   <li>{@link HardwareKind#MULTI_GPU}: several cards of one model, bought in as many nodes of its class as they
 *       need (never more cards in a node than the class holds). Training uses the fewest that fit and finish within
 *       the deadline, at the layout the {@link Planner} finds fastest; inference the fewest that hold one copy
 *       ({@link LayoutSearch}), whole baseboards filled with copies.</li>
 *   <li>{@link HardwareKind#SYSTEM} (bought) and {@link HardwareKind#CLOUD} (rented): the fewest whole systems or
 *       instances, chosen the same way over their own GPU counts.</li>
 * </ul>
 * With {@link ShardingSearch#AS_GIVEN} the workload's own layout is used instead of the search. Speed comes from the
 * {@link com.vramadvisor.engine.plan.StepTimeModel} (training) and the decode roofline with its communication
 * (inference), cost from {@link CostModel}; see {@code docs/decision-table.md}. Rows are then filtered, sorted and
 * cut to the top N as {@link RankingOptions} says. Stateless and thread-safe.
 *
 * <p>{@link RankingOptions#maxGpus()} caps the GPUs of every option: an option that would need more GPUs to fit is
 * laid out within the cap and marked {@link Reason#DOES_NOT_FIT} and {@link Reason#EXCEEDS_MAX_GPUS}. Only rows that
 * cannot be laid out within the cap at all (one system or instance with more GPUs than it, or the workload's own
 * layout over more GPUs) are dropped, counted in {@link Recommendation#optionsConsidered()} like the rows the budget
 * and fits-only filters drop.
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

    /** {@link #recommend(ModelSpec, Workload, HardwareList, RankingOptions)} with the fallback node classes. */
    public Recommendation recommend(ModelSpec model, Workload workload, List<GpuSpec> gpus, List<SystemSpec> systems,
                                    List<CloudOffer> cloud, RankingOptions options) {
        return recommend(model, workload, HardwareList.of(gpus, systems, cloud), options);
    }

    /**
     * @throws IllegalArgumentException when the workload cannot be estimated even on one GPU (bad input)
     */
    public Recommendation recommend(ModelSpec model, Workload workload, HardwareList hardware,
                                    RankingOptions options) {
        Estimate single = memory.estimate(model, workload.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
        Parallelism given = workload.parallelism();
        boolean asGiven = options.sharding() == ShardingSearch.AS_GIVEN
                || (options.sharding() == ShardingSearch.AUTOMATIC_UNLESS_GIVEN
                && (given.gpus() > 1 || given.zeroStage() > 0));
        Table table = new Table(memory, model, workload, options, single, asGiven ? given : null);

        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : hardware.gpus()) {
            byId.putIfAbsent(g.id(), g);
        }
        List<RecommendationRow> rows = new ArrayList<>();
        boolean buys = wants(options, Acquisition.PURCHASE);
        for (GpuSpec g : hardware.gpus()) {
            if (buys && keepsGpu(g, options)
                    && (wants(options, HardwareKind.GPU) || wants(options, HardwareKind.MULTI_GPU))) {
                table.addGpuRows(rows, g, hardware.nodeFor(g));
            }
        }
        for (SystemSpec s : hardware.systems()) {
            GpuSpec g = byId.get(s.gpuId());
            if (buys && wants(options, HardwareKind.SYSTEM) && (g == null || keepsGpu(g, options))) {
                if (g == null) {
                    rows.add(unknownGpuRow(s.id(), s.name(), HardwareKind.SYSTEM, Acquisition.PURCHASE, single));
                } else {
                    table.addUnitRow(rows, systemOffer(s, g, hardware.nodeFor(g), table.factory.capacityBytes(g)));
                }
            }
        }
        for (CloudOffer c : hardware.cloud()) {
            GpuSpec g = byId.get(c.gpuId());
            if (wants(options, Acquisition.RENTAL) && wants(options, HardwareKind.CLOUD)
                    && (g == null || keepsGpu(g, options))) {
                if (g == null) {
                    rows.add(unknownGpuRow(c.id(), cloudName(c), HardwareKind.CLOUD, Acquisition.RENTAL, single));
                } else {
                    table.addUnitRow(rows, cloudOffer(c, g, hardware.nodeFor(g), table.factory.capacityBytes(g)));
                }
            }
        }
        int considered = rows.size();
        List<RecommendationRow> sorted = filterAndSort(rows, options);
        List<RecommendationRow> shown = options.topN() > 0 && sorted.size() > options.topN()
                ? sorted.subList(0, options.topN()) : sorted;
        int fitting = (int) rows.stream().filter(RecommendationRow::fits).count();
        return new Recommendation(shown, considered, single, options, RankedOption.best(sorted,
                Acquisition.PURCHASE), RankedOption.best(sorted, Acquisition.RENTAL), fitting);
    }

    /**
     * The training plan for one option of the hardware list (a GPU id, bought in its node class; a system id; or a
     * cloud offer id): the fewest GPUs of it that fit and finish within the deadline, and the best layouts there,
     * each as a decision-table row with its memory, speed, MFU, time and cost.
     *
     * @param alternatives how many layouts to return at most, fastest first
     * @throws IllegalArgumentException for an unknown id, an option whose GPU is unknown, or an inference workload
     */
    public Plan plan(ModelSpec model, Workload workload, HardwareList hardware, String hardwareId,
                     RankingOptions options, int alternatives) {
        return plan(model, workload, hardware, hardwareId, options, 0, alternatives);
    }

    /**
     * The training plan on exactly {@code gpus} GPUs of one option (rounded up to whole systems, instances, boards
     * or nodes), or, with {@code gpus} 0, on the fewest that meet the deadline as
     * {@link #plan(ModelSpec, Workload, HardwareList, String, RankingOptions, int)} does.
     *
     * @throws IllegalArgumentException as the other overload, or for a negative count
     */
    public Plan plan(ModelSpec model, Workload workload, HardwareList hardware, String hardwareId,
                     RankingOptions options, int gpus, int alternatives) {
        if (workload.mode() == Mode.INFER) {
            throw new IllegalArgumentException("the planner lays out training runs; for serving use recommend");
        }
        if (gpus < 0) {
            throw new IllegalArgumentException("the GPU count must be positive, got " + gpus);
        }
        Estimate single = memory.estimate(model, workload.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
        Table table = new Table(memory, model, workload, options, single, null);
        RowFactory.Offer offer = offerFor(hardware, hardwareId, table.factory);
        Rig rig = offer.rig();
        Planner.Answer answer;
        if (gpus > 0) {
            int count = rig.count(Math.max(1, rig.index(gpus - 1) + 1));
            answer = table.planner.answerAt(rig, count, true, alternatives);
            if (answer != null && answer.chosen().hours() != null) {
                answer = new Planner.Answer(answer.chosen(), answer.chosen().hours() <= options.deadlineHours(),
                        answer.alternatives());
            }
        } else {
            answer = table.planner.plan(rig, options.maxGpus(), options.deadlineHours(), alternatives);
        }
        if (answer == null) {
            String none = gpus > 0
                    ? table.planner.noLayoutReasonAt(rig, rig.count(Math.max(1, rig.index(gpus - 1) + 1)))
                    : table.planner.noLayoutReason(rig, options.maxGpus());
            throw new IllegalArgumentException(none != null ? none : offer.name() + " has " + offer.rig().unitGpus()
                    + " GPUs, more than the GPU limit of " + options.maxGpus());
        }
        List<RecommendationRow> rows = new ArrayList<>();
        List<PlanCandidate> layouts = answer.alternatives().isEmpty() ? List.of(answer.chosen())
                : answer.alternatives();
        for (PlanCandidate c : layouts) {
            RowFactory.Offer o = c.gpus() > 1 && offer.kind() == HardwareKind.GPU ? offer.as(HardwareKind.MULTI_GPU)
                    : offer;
            rows.add(table.trainingRow(o, c, !c.fits()));
        }
        return new Plan(hardwareId, offer.name(), offer.acquisition(), answer.meetsDeadline(), rows, single,
                options);
    }

    private static RowFactory.Offer offerFor(HardwareList hardware, String id, RowFactory factory) {
        for (GpuSpec g : hardware.gpus()) {
            if (g.id().equals(id)) {
                NodeSpec node = hardware.nodeFor(g);
                return gpuOffer(g, node, Rig.of(g, node, factory.capacityBytes(g)), HardwareKind.GPU, List.of());
            }
        }
        for (SystemSpec s : hardware.systems()) {
            if (s.id().equals(id)) {
                GpuSpec g = gpu(hardware, s.gpuId(), id);
                return systemOffer(s, g, hardware.nodeFor(g), factory.capacityBytes(g));
            }
        }
        for (CloudOffer c : hardware.cloud()) {
            if (c.id().equals(id)) {
                GpuSpec g = gpu(hardware, c.gpuId(), id);
                return cloudOffer(c, g, hardware.nodeFor(g), factory.capacityBytes(g));
            }
        }
        throw new IllegalArgumentException("unknown GPU, system or cloud offer '" + id + "'");
    }

    private static GpuSpec gpu(HardwareList hardware, String gpuId, String owner) {
        return hardware.gpus().stream().filter(g -> g.id().equals(gpuId)).findFirst().orElseThrow(() ->
                new IllegalArgumentException(owner + " names GPU '" + gpuId + "', which is not in the hardware list"));
    }

    /** Loose cards (or whole boards) of a GPU bought in its node class, with the class's host price and power. */
    private static RowFactory.Offer gpuOffer(GpuSpec g, NodeSpec node, Rig rig, HardwareKind kind,
                                             List<Reason> reasons) {
        return new RowFactory.Offer(g.id(), g.name(), kind, Acquisition.PURCHASE, rig, g.interconnect(), null, null,
                null, node.hasHostPrice() ? node.hostPriceUsd() : null,
                node.hasHostPower() ? (double) node.hostPowerWatts() : null, reasons);
    }

    private static RowFactory.Offer systemOffer(SystemSpec s, GpuSpec g, NodeSpec node, long capacity) {
        Rig rig = Rig.units(g, s.gpuCount(), s.network(), s.networkGbps(), node, capacity);
        return new RowFactory.Offer(s.id(), s.name(), HardwareKind.SYSTEM, Acquisition.PURCHASE, rig,
                s.interconnect(), s.priceUsd() > 0 ? s.priceUsd() : null, null,
                s.powerWatts() > 0 ? (double) s.powerWatts() : null, null,
                node.hasHostPower() ? (double) node.hostPowerWatts() : null, List.of());
    }

    private static RowFactory.Offer cloudOffer(CloudOffer c, GpuSpec g, NodeSpec node, long capacity) {
        Rig rig = Rig.units(g, c.gpuCount(), c.network(), c.networkGbps(), node, capacity);
        return new RowFactory.Offer(c.id(), cloudName(c), HardwareKind.CLOUD, Acquisition.RENTAL, rig,
                c.gpuCount() > 1 ? g.interconnect() : "", null,
                c.priceUsdPerHour() > 0 ? c.priceUsdPerHour() : null, null, null, null, List.of());
    }

    private static String cloudName(CloudOffer c) {
        return c.provider() + " " + c.instanceType();
    }

    /** The per-recommendation state: one planner and one inference search shared by every option. */
    private static final class Table {
        private final MemoryModel memory;
        private final ModelSpec model;
        private final RankingOptions options;
        private final Parallelism given;
        private final PlanLayout givenLayout;
        private final RowFactory factory;
        private final Planner planner;
        private final LayoutSearch search;
        private final ServingLayouts serving;
        private final boolean training;

        Table(MemoryModel memory, ModelSpec model, Workload workload, RankingOptions options, Estimate single,
              Parallelism given) {
            this.memory = memory;
            this.model = model;
            this.options = options;
            this.given = given;
            this.givenLayout = given == null ? null
                    : new PlanLayout(given, workload.recompute(), workload.gradientAccumulation());
            this.training = workload.mode() != Mode.INFER;
            this.factory = new RowFactory(model, workload, options);
            this.search = new LayoutSearch(memory, model, workload);
            search.remember(Parallelism.SINGLE_GPU, single);
            this.serving = new ServingLayouts(model, options, search, factory);
            this.planner = new Planner(memory, model, workload, single, new Planner.Settings(
                    options.computeEfficiency(), options.decodeBandwidthEfficiency(), options.tokenBudget(),
                    options.globalBatchTokens(), options.fixedRecompute(), options.tightFitFraction()));
        }

        /** The single card and, where it does not do the job alone, the several-card option. */
        void addGpuRows(List<RecommendationRow> rows, GpuSpec g, NodeSpec node) {
            Rig rig = Rig.of(g, node, factory.capacityBytes(g));
            if (rig.unitGpus() > 1) {
                addUnitRow(rows, gpuOffer(g, node, rig, HardwareKind.MULTI_GPU, List.of()));
                return;
            }
            RowFactory.Offer one = gpuOffer(g, node, rig, HardwareKind.GPU,
                    given != null && given.gpus() > 1 ? List.of(Reason.PARALLELISM_NEEDS_MORE_GPUS) : List.of());
            RowFactory.Offer many = gpuOffer(g, node, rig, HardwareKind.MULTI_GPU, List.of());
            if (given != null) {
                rows.add(fixedRow(one, new PlanLayout(Parallelism.SINGLE_GPU, givenLayout.recompute(),
                        givenLayout.microBatches()), 1, false));
                if (given.gpus() > 1) {
                    rows.add(fixedRow(many, givenLayout, 1, false));
                }
                return;
            }
            if (training) {
                Planner.Answer single = planner.answerAt(rig, 1, true, 1);
                if (single == null) {
                    return;
                }
                RecommendationRow first = trainingRow(one, single.chosen(),
                        !single.chosen().fits() && options.maxGpus() == 1);
                rows.add(first);
                boolean enough = first.fits() && !first.reasons().contains(Reason.PAST_DEADLINE);
                if (!enough && options.maxGpus() > 1) {
                    Planner.Answer plan = planner.plan(rig, options.maxGpus(), options.deadlineHours(), 1);
                    if (plan != null && plan.chosen().gpus() > 1) {
                        rows.add(trainingRow(many, plan.chosen(), !plan.chosen().fits()));
                    }
                }
                return;
            }
            LayoutSearch.Layout copy = search.exactly(Parallelism.SINGLE_GPU, rig.capacityBytes())
                    .orElseThrow(() -> new IllegalArgumentException("the workload cannot be estimated on one GPU"));
            RecommendationRow first = inferenceRow(one, copy, 1, !copy.fits() && options.maxGpus() == 1);
            rows.add(first);
            if (!first.fits() && options.maxGpus() > 1) {
                LayoutSearch.Layout several = search.fewest(rig.capacityBytes(), rig.gpusPerNode(),
                        options.maxGpus());
                if (several != null && several.fits() && options.servingTargets().hasLatencyTarget()) {
                    several = serving.fastEnough(one, several, rig.gpusPerNode());
                }
                if (several != null && several.gpus() > 1) {
                    rows.add(inferenceRow(many, several, 1, !several.fits()));
                }
            }
        }

        /**
         * Whole systems, instances or baseboards: training on the fewest that fit and meet the deadline, all their
         * GPUs used; inference with as many copies as fill them.
         */
        void addUnitRow(List<RecommendationRow> rows, RowFactory.Offer offer) {
            Rig rig = offer.rig();
            int unit = rig.unitGpus();
            if (given != null) {
                int units = (int) ((given.gpus() + unit - 1) / unit);
                int replicas = training ? 1 : (int) Math.max(1, (long) units * unit / given.gpus());
                rows.add(fixedRow(offer, givenLayout, replicas, false));
                return;
            }
            if (training) {
                // A unit larger than the GPU limit is still laid out, on one unit, so that the filter can drop it
                // and count it among the options considered.
                Planner.Answer plan = unit > options.maxGpus() ? planner.answerAt(rig, unit, false, 1)
                        : planner.plan(rig, options.maxGpus(), options.deadlineHours(), 1);
                if (plan != null) {
                    rows.add(trainingRow(offer, plan.chosen(), !plan.chosen().fits()));
                }
                return;
            }
            int maxUnits = Math.max(1, options.maxGpus() / unit);
            LayoutSearch.Layout copy = search.fewest(rig.capacityBytes(), rig.gpusPerNode(), maxUnits * unit);
            if (copy == null) {
                return;
            }
            int units = (copy.gpus() + unit - 1) / unit;
            if (copy.fits() && options.servingTargets().hasLatencyTarget()) {
                copy = serving.mostUsers(offer, copy, units * unit);
            }
            int replicas = Math.max(1, units * unit / copy.gpus());
            rows.add(inferenceRow(offer, copy, replicas, !copy.fits()));
        }

        RecommendationRow trainingRow(RowFactory.Offer offer, PlanCandidate c, boolean exhausted) {
            Estimate e = memory.estimate(model, planner.workloadFor(c.layout()));
            RowFactory.Speed speed = c.fits() ? factory.trainingSpeed(c.step(), offer.gpu(), c.gpus())
                    : RowFactory.Speed.NONE;
            return factory.build(offer, c.gpus(), 1, c.layout(), e, speed, null, exhausted);
        }

        private RecommendationRow inferenceRow(RowFactory.Offer offer, LayoutSearch.Layout copy, int replicas,
                                               boolean exhausted) {
            Estimate e = search.estimate(copy.parallelism()).orElseThrow(() -> new IllegalStateException(
                    "the estimator gave a peak but no estimate for " + copy.parallelism()));
            Fabric fabric = offer.rig().fabric(copy.gpus());
            RowFactory.Speed speed = copy.fits() ? factory.inferenceSpeed(offer.gpu(), fabric, copy.parallelism(), e,
                    replicas) : RowFactory.Speed.NONE;
            ServingFigures serving = copy.fits() ? factory.serving(offer.gpu(), fabric, copy.parallelism(), replicas)
                    : null;
            return factory.build(offer, copy.gpus() * replicas, replicas,
                    new PlanLayout(copy.parallelism(), Recompute.NONE, 1), e, speed, serving, exhausted);
        }

        /** A row at the workload's own layout (or one GPU of it). */
        private RecommendationRow fixedRow(RowFactory.Offer offer, PlanLayout layout, int replicas,
                                           boolean exhausted) {
            Estimate e;
            try {
                e = memory.estimate(model, planner.workloadFor(layout));
            } catch (IllegalArgumentException rejected) {
                e = memory.estimate(model, planner.workloadFor(new PlanLayout(Parallelism.SINGLE_GPU,
                        layout.recompute(), layout.microBatches())));
            }
            boolean fits = e.peakBytes() <= offer.rig().capacityBytes();
            RowFactory.Speed speed = RowFactory.Speed.NONE;
            ServingFigures serving = null;
            if (fits) {
                if (training) {
                    StepTime step = planner.stepTimeModel().training(offer.gpu(), offer.rig().fabric(layout.gpus()),
                            layout);
                    speed = factory.trainingSpeed(step, offer.gpu(), layout.gpus());
                } else {
                    Fabric fabric = offer.rig().fabric(layout.gpus());
                    speed = factory.inferenceSpeed(offer.gpu(), fabric, layout.parallelism(), e, replicas);
                    serving = factory.serving(offer.gpu(), fabric, layout.parallelism(), replicas);
                }
            }
            return factory.build(offer, layout.gpus() * replicas, replicas, layout, e, speed, serving, exhausted);
        }
    }

    /** Whether the kind filter keeps rows of this kind; rows it drops are not built at all. */
    private static boolean wants(RankingOptions o, HardwareKind kind) {
        return o.kinds().isEmpty() || o.kinds().contains(kind);
    }

    private static boolean wants(RankingOptions o, Acquisition a) {
        return o.acquisitions().isEmpty() || o.acquisitions().contains(a);
    }

    private static boolean keepsGpu(GpuSpec g, RankingOptions o) {
        return (o.vendors().isEmpty() || o.vendors().contains(lower(g.vendor())))
                && (o.formFactors().isEmpty() || o.formFactors().contains(lower(g.formFactor())))
                && g.memoryGbNominal() >= o.minMemoryGbPerGpu();
    }

    private static String lower(String s) {
        return s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    }

    private static RecommendationRow unknownGpuRow(String id, String name, HardwareKind kind, Acquisition acquisition,
                                                   Estimate single) {
        return new RecommendationRow(id, name, kind, acquisition, "", "", "", "", false, 0, 1, 1, 0, "", "", 1,
                new PlanLayout(Parallelism.SINGLE_GPU, Recompute.NONE, 1), null,
                single.peakBytes(), 0, 0, -single.peakBytes(), -1.0, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, List.of(Reason.UNKNOWN_GPU));
    }

    /** The rows the filters keep, in the table's order (the top-N cut comes after). */
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
            if (o.maxBudgetUsd() > 0 && (r.jobCostUsd() == null || r.jobCostUsd() > o.maxBudgetUsd())) {
                continue;
            }
            kept.add(r);
        }
        Comparator<RecommendationRow> order = o.sortKey().comparator(o.descending());
        if (o.fitsFirst()) {
            // Ranked by users served, the deadline of the token budget does not order the rows: serving has none.
            // A row without a time is not known to meet the deadline, so it ranks with those past it.
            Comparator<RecommendationRow> fitting = Comparator.comparing((RecommendationRow r) -> !r.fits());
            order = o.sortKey().higherIsBetter() ? fitting.thenComparing(order)
                    : fitting.thenComparing(r -> r.hours() == null || r.reasons().contains(Reason.PAST_DEADLINE))
                    .thenComparing(order);
        }
        order = order.thenComparing(RecommendationRow::hardwareId).thenComparing(RecommendationRow::kind);
        kept.sort(order);
        return kept;
    }
}
