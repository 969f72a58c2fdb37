package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.Interruption;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.plan.MemoryModel;
import com.vramadvisor.engine.plan.PlanCandidate;
import com.vramadvisor.engine.plan.Planner;
import com.vramadvisor.engine.plan.Rig;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the decision table for a workload of any kind: a row for every option of the hardware list, laid out by the
 * kind's {@link OptionPlacer} and built, filtered, ordered and summarised the same way for every kind.
 * <ul>
 *   <li>{@link HardwareKind#GPU}: every GPU on its own, bought with the host of its node class (GPUs sold only on
 *       baseboards have no such row).</li>
 *   <li>{@link HardwareKind#MULTI_GPU}: several cards of one model, bought in as many nodes of its class as they
 *       need (never more cards in a node than the class holds), where one card does not do the job; or whole
 *       baseboards.</li>
 *   <li>{@link HardwareKind#SYSTEM} (bought) and {@link HardwareKind#CLOUD} (rented): the fewest whole systems or
 *       instances that do the job.</li>
 * </ul>
 * Language models are laid out by {@link LlmPlacer} (the planner for training, the layout search and the serving
 * model for inference), the other kinds by {@link SizablePlacer} (GPU counts that hold the workload and meet the
 * deadline). Rows are built by {@link RowBuilder} (fit, notes, money), then filtered, sorted ({@link DecisionOrder})
 * and cut to the top N as {@link RankingOptions} says; see {@code docs/decision-table.md}. Stateless and thread-safe.
 *
 * <p>{@link RankingOptions#maxGpus()} caps the GPUs of every option: an option that would need more GPUs to fit is
 * laid out within the cap and marked {@link Reason#DOES_NOT_FIT} and {@link Reason#EXCEEDS_MAX_GPUS}. Rows that still
 * come with more GPUs (one system or instance larger than the cap, or the workload's own layout) are dropped, counted
 * in {@link Recommendation#optionsConsidered()} like the rows the budget and fits-only filters drop.
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
     * The table for a language model.
     *
     * @throws IllegalArgumentException when the workload cannot be estimated even on one GPU (bad input)
     */
    public Recommendation recommend(ModelSpec model, Workload workload, HardwareList hardware,
                                    RankingOptions options) {
        Estimate single = memory.estimate(model, workload.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
        Parallelism given = workload.parallelism();
        boolean asGiven = options.sharding() == ShardingSearch.AS_GIVEN
                || (options.sharding() == ShardingSearch.AUTOMATIC_UNLESS_GIVEN
                && (given.gpus() > 1 || given.zeroStage() > 0));
        LlmPlacer placer = new LlmPlacer(memory, model, workload, options, single, asGiven ? given : null);
        boolean training = workload.mode() != Mode.INFER;
        boolean fourBit = training ? workload.mode() == Mode.QLORA
                : workload.effectiveWeightType().bitsPerElement() <= 4.5;
        Table table = rank(placer, hardware, options, WorkloadKind.LLM, single.peakBytes(), training, !training,
                fourBit, true);
        return new Recommendation(table.shown, table.considered, table.fitting, options, table.bestPurchase,
                table.bestRental, WorkloadKind.LLM, single, null, true, false, null, RecommendationRow.TOKENS, true,
                options.ownership(hardware.money()), table.verdict, table.unsupported, table.nothingFits);
    }

    /** The table for a workload beyond language models and its default job ({@link Sizable#defaultJob}). */
    public Recommendation recommend(Sizable workload, HardwareList hardware, RankingOptions options) {
        return recommend(workload, hardware, options, null);
    }

    /**
     * The table for a workload beyond language models.
     *
     * @param job the job to time, or {@code null} for the workload's default; ignored without a throughput model
     * @throws IllegalArgumentException for a sort key that needs a speed the workload does not have
     */
    public Recommendation recommend(Sizable workload, HardwareList hardware, RankingOptions options, JobSize job) {
        Objects.requireNonNull(hardware, "hardware");
        Objects.requireNonNull(options, "options");
        SizablePlacer placer = new SizablePlacer(StreamedInstances.of(Objects.requireNonNull(workload, "workload")),
                options, job);
        DomainNeed need = placer.need();
        WorkloadKind kind = need.single.kind();
        DecisionOrder.check(options.sortKey(), kind, placer.timed());
        Table table = rank(placer, hardware, options, kind, need.single.peakBytes(), false, false, false,
                need.spreads);
        return new Recommendation(table.shown, table.considered, table.fitting, options, table.bestPurchase,
                table.bestRental, kind, null, need.single, need.spreads, need.copies, need.timing.job(),
                need.timing.itemUnit(), placer.timed(), options.ownership(hardware.money()), table.verdict,
                table.unsupported, table.nothingFits);
    }

    /** The rows of one table, before they become a {@link Recommendation}. */
    private record Table(List<RecommendationRow> shown, int considered, int fitting, RecommendationRow bestPurchase,
                         RecommendationRow bestRental, MoneyVerdict verdict, int unsupported,
                         NothingFits nothingFits) {
    }

    /**
     * Every option of the hardware list laid out by {@code placer}, built, filtered, ordered and cut; the flags say
     * which changes a table without a fitting row suggests ({@link NothingFits#of}).
     */
    private static Table rank(OptionPlacer placer, HardwareList hardware, RankingOptions options, WorkloadKind kind,
                              long singlePeakBytes, boolean training, boolean serving, boolean fourBit,
                              boolean spreads) {
        RowBuilder builder = rowBuilder(hardware, options);
        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : hardware.gpus()) {
            byId.putIfAbsent(g.id(), g);
        }
        List<Placement> placements = new ArrayList<>();
        List<RecommendationRow> rows = new ArrayList<>();
        boolean buys = wants(options, Acquisition.PURCHASE);
        for (GpuSpec g : hardware.gpus()) {
            if (buys && keepsGpu(g, options)
                    && (wants(options, HardwareKind.GPU) || wants(options, HardwareKind.MULTI_GPU))) {
                List<NodeSpec> classes = hardware.nodesFor(g);
                Rig rig = Rig.of(g, classes.get(classes.size() - 1), placer.capacityBytes(g));
                if (rig.unitGpus() > 1) {
                    placements.addAll(placer.units(gpuOffer(g, classes, rig, HardwareKind.MULTI_GPU)));
                } else {
                    placements.addAll(placer.cards(gpuOffer(g, classes, rig, HardwareKind.GPU),
                            gpuOffer(g, classes, rig, HardwareKind.MULTI_GPU)));
                }
            }
        }
        for (SystemSpec s : hardware.systems()) {
            GpuSpec g = byId.get(s.gpuId());
            if (buys && wants(options, HardwareKind.SYSTEM) && (g == null || keepsGpu(g, options))) {
                if (g == null) {
                    rows.add(RowBuilder.unknownGpu(s.id(), s.name(), HardwareKind.SYSTEM, Acquisition.PURCHASE,
                            singlePeakBytes));
                } else {
                    placements.addAll(placer.units(systemOffer(s, g, hardware.nodeFor(g), placer.capacityBytes(g))));
                }
            }
        }
        for (CloudOffer c : hardware.cloud()) {
            GpuSpec g = byId.get(c.gpuId());
            if (wants(options, Acquisition.RENTAL) && wants(options, HardwareKind.CLOUD)
                    && (g == null || keepsGpu(g, options))) {
                if (g == null) {
                    rows.add(RowBuilder.unknownGpu(c.id(), cloudName(c), HardwareKind.CLOUD, Acquisition.RENTAL,
                            singlePeakBytes));
                } else {
                    placements.addAll(placer.units(cloudOffer(c, g, hardware.nodeFor(g), placer.capacityBytes(g))));
                }
            }
        }
        // Rentals first: the cheapest steady rental per item of this job's work is what a purchase's break-even is
        // stated against where no steady rental of its own GPUs exists, or where another GPU does the work for less.
        Double rentPerItem = null;
        for (Placement p : placements) {
            if (p.offer().acquisition() == Acquisition.RENTAL) {
                RecommendationRow r = builder.build(p, null);
                rows.add(r);
                Double perItem = steadyUsdPerItem(r, p.offer(), options);
                if (perItem != null && (rentPerItem == null || perItem < rentPerItem)) {
                    rentPerItem = perItem;
                }
            }
        }
        for (Placement p : placements) {
            if (p.offer().acquisition() != Acquisition.RENTAL) {
                rows.add(builder.build(p, rentPerItem));
            }
        }
        int considered = rows.size();
        int fitting = (int) rows.stream().filter(RecommendationRow::fits).count();
        int unsupported = (int) rows.stream().filter(Recommender::unsupported).count();
        List<RecommendationRow> kept = new ArrayList<>();
        for (RecommendationRow r : rows) {
            if (keeps(r, options, placer.timed())) {
                kept.add(r);
            }
        }
        kept.sort(DecisionOrder.of(options, placer.timed()));
        List<RecommendationRow> shown = options.topN() > 0 && kept.size() > options.topN()
                ? kept.subList(0, options.topN()) : kept;
        return new Table(shown, considered, fitting, Recommendation.best(kept, Acquisition.PURCHASE),
                Recommendation.best(kept, Acquisition.RENTAL), Recommendation.verdict(kept, options), unsupported,
                NothingFits.of(rows, training, serving, fourBit, spreads,
                        r -> !training || byId.get(r.gpuId()) == null || Support.trainsOnSeveral(byId.get(r.gpuId()))));
    }

    /**
     * The row builder of one table: the hardware list's money facts under the options, and, by GPU, the cheapest
     * rental of one GPU-hour that a purchase's break-even is stated against: on demand or on a commitment no longer
     * than the break-even horizon, never spot or marketplace capacity, which can be taken back.
     */
    private static RowBuilder rowBuilder(HardwareList hardware, RankingOptions options) {
        Map<String, Double> rent = new HashMap<>();
        for (CloudOffer c : hardware.cloud()) {
            if (c.priceUsdPerHour() > 0 && c.gpuCount() > 0 && steadyRental(c, options.breakEvenYears())) {
                rent.merge(c.gpuId(), c.priceUsdPerHour() / c.gpuCount(), Math::min);
            }
        }
        return new RowBuilder(options, options.ownership(hardware.money()), rent);
    }

    /**
     * What a fitting rental that runs until the renter stops it, on a term no longer than the break-even horizon,
     * charges per item of this job's work (tokens, images, steps): its rent per hour over its items per hour;
     * {@code null} for other rows or where its speed or price is unknown.
     */
    private static Double steadyUsdPerItem(RecommendationRow r, Offer offer, RankingOptions options) {
        boolean interruptible = offer.reasons().contains(Reason.RECLAIMABLE)
                || offer.reasons().contains(Reason.HOST_DEPENDENT);
        boolean steady = steady(interruptible, offer.termYears(), options.breakEvenYears());
        Double perHour = r.rentalUsdPerHour();
        Double items = r.itemsPerSecond();
        return steady && r.fits() && perHour != null && perHour > 0 && items != null && items > 0
                ? perHour / (items * 3600.0) : null;
    }

    /** Whether an offer runs until the renter stops it, on a term no longer than {@code years}. */
    private static boolean steadyRental(CloudOffer c, double years) {
        return steady(c.interruption() != Interruption.NONE, c.market().termYears(), years);
    }

    /**
     * The one rule for a steady rental, whether read from the catalog's offer or from a row's notes: it runs until the
     * renter stops it (neither spot capacity nor a marketplace host's machine) on a term of at most {@code years}.
     */
    private static boolean steady(boolean interruptible, double termYears, double years) {
        return !interruptible && termYears <= years;
    }

    /** Whether no software runs the workload on the row's option as laid out ({@link Support}). */
    static boolean unsupported(RecommendationRow r) {
        return r.reasons().stream().anyMatch(Reason::unsupported);
    }

    /** The support, kind, fits-only, GPU-limit, budget, capital and power filters. */
    private static boolean keeps(RecommendationRow r, RankingOptions o, boolean timed) {
        if (!o.showUnsupported() && unsupported(r)) {
            return false;
        }
        if (!o.kinds().isEmpty() && !o.kinds().contains(r.kind())) {
            return false;
        }
        boolean bought = r.acquisition() == Acquisition.PURCHASE;
        if (o.maxCapitalUsd() > 0 && bought && (r.purchaseUsd() == null || r.purchaseUsd() > o.maxCapitalUsd())) {
            return false;
        }
        if (o.maxPowerKw() > 0 && bought && (r.money().powerWatts() == null
                || r.money().powerWatts() > o.maxPowerKw() * 1000)) {
            return false;
        }
        if (o.fitsOnly() && !r.fits()) {
            return false;
        }
        if (r.gpusBought() > o.maxGpus()) {
            return false;
        }
        if (o.maxBudgetUsd() > 0 && timed) {
            return r.jobCostUsd() != null && r.jobCostUsd() <= o.maxBudgetUsd();
        }
        if (o.maxBudgetUsd() > 0) {
            return r.acquisition() == Acquisition.PURCHASE && r.purchaseUsd() != null
                    && r.purchaseUsd() <= o.maxBudgetUsd();
        }
        return true;
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
        LlmPlacer placer = new LlmPlacer(memory, model, workload, options, single, null);
        Planner planner = placer.planner();
        Offer offer = offerFor(hardware, hardwareId, placer);
        Rig rig = offer.rig();
        Planner.Answer answer;
        if (gpus > 0) {
            int count = rig.count(Math.max(1, rig.index(gpus - 1) + 1));
            answer = planner.answerAt(rig, count, true, alternatives);
            if (answer != null && answer.chosen().hours() != null) {
                answer = new Planner.Answer(answer.chosen(), answer.chosen().hours() <= options.deadlineHours(),
                        answer.alternatives());
            }
        } else {
            answer = planner.plan(rig, options.maxGpus(), options.deadlineHours(), alternatives);
        }
        if (answer == null) {
            String none = gpus > 0 ? planner.noLayoutReasonAt(rig, rig.count(Math.max(1, rig.index(gpus - 1) + 1)))
                    : planner.noLayoutReason(rig, options.maxGpus());
            throw new IllegalArgumentException(none != null ? none : offer.name() + " has " + offer.rig().unitGpus()
                    + " GPUs, more than the GPU limit of " + options.maxGpus());
        }
        RowBuilder builder = rowBuilder(hardware, options);
        List<RecommendationRow> rows = new ArrayList<>();
        List<PlanCandidate> layouts = answer.alternatives().isEmpty() ? List.of(answer.chosen())
                : answer.alternatives();
        for (PlanCandidate c : layouts) {
            Offer o = c.gpus() > 1 && offer.kind() == HardwareKind.GPU ? offer.as(HardwareKind.MULTI_GPU) : offer;
            rows.add(builder.build(placer.training(o, c, !c.fits()), null));
        }
        return new Plan(hardwareId, offer.name(), offer.acquisition(), answer.meetsDeadline(), rows, single,
                options);
    }

    private static Offer offerFor(HardwareList hardware, String id, OptionPlacer placer) {
        for (GpuSpec g : hardware.gpus()) {
            if (g.id().equals(id)) {
                List<NodeSpec> classes = hardware.nodesFor(g);
                return gpuOffer(g, classes, Rig.of(g, classes.get(classes.size() - 1), placer.capacityBytes(g)),
                        HardwareKind.GPU);
            }
        }
        for (SystemSpec s : hardware.systems()) {
            if (s.id().equals(id)) {
                GpuSpec g = gpu(hardware, s.gpuId(), id);
                return systemOffer(s, g, hardware.nodeFor(g), placer.capacityBytes(g));
            }
        }
        for (CloudOffer c : hardware.cloud()) {
            if (c.id().equals(id)) {
                GpuSpec g = gpu(hardware, c.gpuId(), id);
                return cloudOffer(c, g, hardware.nodeFor(g), placer.capacityBytes(g));
            }
        }
        throw new IllegalArgumentException("unknown GPU, system or cloud offer '" + id + "'");
    }

    private static GpuSpec gpu(HardwareList hardware, String gpuId, String owner) {
        return hardware.gpus().stream().filter(g -> g.id().equals(gpuId)).findFirst().orElseThrow(() ->
                new IllegalArgumentException(owner + " names GPU '" + gpuId + "', which is not in the hardware list"));
    }

    /**
     * Loose cards (or whole boards) of a GPU, bought in its node classes: the smallest that holds them, whole machines
     * of the largest beyond one ({@link Offer#nodeFor}).
     */
    private static Offer gpuOffer(GpuSpec g, List<NodeSpec> classes, Rig rig, HardwareKind kind) {
        return new Offer(g.id(), g.name(), kind, Acquisition.PURCHASE, rig, g.interconnect(), classes, null, null,
                null, 0, Offer.PURCHASE, "", g.priceDate(), List.of());
    }

    private static Offer systemOffer(SystemSpec s, GpuSpec g, NodeSpec node, long capacity) {
        Rig rig = Rig.units(g, s.gpuCount(), s.network(), s.networkGbps(), node, capacity);
        return new Offer(s.id(), s.name(), HardwareKind.SYSTEM, Acquisition.PURCHASE, rig, s.interconnect(),
                List.of(node), s.priceUsd() > 0 ? s.priceUsd() : null, null,
                s.powerWatts() > 0 ? (double) s.powerWatts() : null, 0, Offer.PURCHASE, "", s.priceDate(),
                List.of());
    }

    /**
     * A cloud offer: its market's term (a commitment bills it whole), and a note on what the market means for the
     * job: spot capacity can be taken back, a marketplace host may go away, a commitment bills its term.
     */
    private static Offer cloudOffer(CloudOffer c, GpuSpec g, NodeSpec node, long capacity) {
        Rig rig = Rig.units(g, c.gpuCount(), c.network(), c.networkGbps(), node, capacity);
        List<Reason> notes = new ArrayList<>();
        if (c.interruption() == Interruption.RECLAIMABLE) {
            notes.add(Reason.RECLAIMABLE);
        } else if (c.interruption() == Interruption.HOST_DEPENDENT) {
            notes.add(Reason.HOST_DEPENDENT);
        }
        if (c.market().isCommitment()) {
            notes.add(Reason.COMMITMENT_TERM);
        }
        return new Offer(c.id(), cloudName(c), HardwareKind.CLOUD, Acquisition.RENTAL, rig,
                c.gpuCount() > 1 ? g.interconnect() : "", List.of(node), null,
                c.priceUsdPerHour() > 0 ? c.priceUsdPerHour() : null, null, c.market().termYears(),
                c.market().id(), c.provider(), c.priceDate(), notes);
    }

    private static String cloudName(CloudOffer c) {
        return c.displayName();
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
}
