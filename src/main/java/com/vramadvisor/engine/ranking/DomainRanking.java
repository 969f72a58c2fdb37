package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The decision table for a workload beyond language models ({@link Sizable}): a row for every GPU, system and cloud
 * offer of the hardware list, built as the language-model table builds its rows (node classes, whole boards, whole
 * machines, buy and rent apart; {@code docs/decision-table.md}) but without a speed model.
 * <ul>
 *   <li>Fit: the per-GPU peak against the GPU's usable memory ({@link GpuSpec#memoryBytesUsable}), in three states
 *       with the estimate's range ({@link DomainRow#verdict()}: tight when the capacity lies inside it); headroom is
 *       {@code usable - peak}.</li>
 *   <li>GPUs needed, for a workload that spreads ({@link Sizable#perGpu} present beyond one GPU: domain decomposition,
 *       a sharded batch): the fewest GPUs the option comes in ({@link Rig#count}: cards up to one machine of the
 *       GPU's node class, then whole machines; whole boards, systems or instances) whose per-GPU peak fits, found by
 *       bisection over those counts up to {@link RankingOptions#maxGpus()} (per-GPU memory never grows with the GPU
 *       count); when none fits, the largest count is shown, marked {@link Reason#EXCEEDS_MAX_GPUS}.</li>
 *   <li>For a workload that does not spread (a rendering scene), one GPU holds it all: 1 GPU when it fits, none when it
 *       does not ({@link Reason#DOES_NOT_SPREAD}); more GPUs do not pool memory. A workload that runs copies
 *       ({@link Sizable#copies}: diffusion) fits the same way, but is timed on every GPU the option buys, and adds
 *       GPUs for the deadline as a workload that spreads does.</li>
 *   <li>Money: capital of whole machines when bought (cards plus the node class's host per machine, or the systems'
 *       price), all instances' rent per hour when rented.</li>
 *   <li>Speed, where the workload has a throughput model ({@link Sizable#work};
 *       {@link com.vramadvisor.engine.speed.DomainStepTime}): items per second, hours for the job ({@link JobSize}:
 *       the workload's default or the one given) and the job's cost
 *       ({@link CostModel}: bought, the capital's share over the amortisation plus electricity; rented, rent x
 *       hours). As for language models, an option takes the fewest GPUs that fit <em>and</em> finish the job within
 *       the deadline ({@link RankingOptions#deadlineDays()}), searched over its counts up to the GPU limit; where none
 *       does, the largest count, marked {@link Reason#PAST_DEADLINE}. A multi-GPU row is built where one card does
 *       not fit or misses the deadline.</li>
 *   <li>Double precision ({@link Sizable#fp64Need}): a GPU without FP64 hardware ({@link GpuSpec#fp64Tflops} 0:
 *       Intel Arc A-series, Apple GPUs, Intel Gaudi) cannot run a workload that accumulates or computes in double;
 *       the row does not fit, {@link Reason#NO_FP64}. For a workload that computes in double
 *       ({@link Fp64Need#HEAVY}), a GPU whose FP64 rate is below 1/8 of its FP32 rate is marked
 *       {@link Reason#SLOW_FP64} and ranks after every row without that mark ({@link DomainOrder}). The 1/8 line
 *       separates the vendors' published FP64:FP32 ratios: data-centre parts run FP64 at 1/2 or 1/1 (A100 9.7 vs
 *       19.5 TFLOPS, H100 SXM 34 vs 67, MI300X 81.7 vs 163.4, Data Center GPU Max 1550 52 vs 52), GeForce and most
 *       workstation and inference parts at 1/64 or 1/32 (RTX 4090 1.29 vs 82.6, Ada whitepaper; GA10x 1/64, Ampere
 *       GA102 whitepaper; Radeon RDNA 3 1/32); a GPU without an FP32 figure is judged against
 *       {@link #SLOW_FP64_FLOOR_TFLOPS}. A GPU whose FP64 rate the catalog does not give is judged on memory
 *       alone and marked {@link Reason#FP64_UNKNOWN}.</li>
 * </ul>
 * Rows are filtered and sorted as {@link RankingOptions} says ({@link DomainOrder}); with a speed model the budget
 * bounds the job cost (rows whose job cost is unknown are left out), as for language models; without one it bounds
 * the capital of bought options, and rented ones, whose bill depends on a time no estimator gives, are left out.
 *
 * <p>Immutable inputs, no shared state: safe to call from any thread. Per-GPU memory does not depend on the GPU, so
 * each GPU count is estimated once per call and shared by every option; a catalog of about 150 entries ranks in well
 * under a millisecond plus the estimates (a dozen or so per count searched).
 */
public final class DomainRanking {

    private DomainRanking() {
    }

    /**
     * The table for the workload's default job ({@link Sizable#defaultJob}).
     *
     * @throws IllegalArgumentException for a sort key that needs a speed the workload does not have
     */
    public static DomainRecommendation rank(Sizable workload, HardwareList hardware, RankingOptions options) {
        return rank(workload, hardware, options, null);
    }

    /**
     * @param job the job to time, or {@code null} for the workload's default; ignored without a throughput model
     * @throws IllegalArgumentException for a sort key that needs a speed the workload does not have
     */
    public static DomainRecommendation rank(Sizable workload, HardwareList hardware, RankingOptions options,
                                            JobSize job) {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(hardware, "hardware");
        Objects.requireNonNull(options, "options");
        DomainNeed need = new DomainNeed(workload, new DomainTiming(workload, job, options));
        DomainOrder.check(options.sortKey(), need.timing.active());
        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : hardware.gpus()) {
            byId.putIfAbsent(g.id(), g);
        }
        List<DomainRow> rows = new ArrayList<>();
        boolean buys = wants(options, Acquisition.PURCHASE);
        for (GpuSpec g : hardware.gpus()) {
            if (buys && keepsGpu(g, options)) {
                addGpuRows(rows, need, g, hardware.nodeFor(g), options);
            }
        }
        for (SystemSpec s : hardware.systems()) {
            GpuSpec g = byId.get(s.gpuId());
            if (buys && wants(options, HardwareKind.SYSTEM) && (g == null || keepsGpu(g, options))) {
                rows.add(g == null ? unknownGpu(s.id(), s.name(), HardwareKind.SYSTEM, Acquisition.PURCHASE, need)
                        : unitRow(need, g, hardware.nodeFor(g), s.id(), s.name(), HardwareKind.SYSTEM,
                        Acquisition.PURCHASE, s.gpuCount(), s.network(), s.networkGbps(), s.interconnect(),
                        s.priceUsd() > 0 ? s.priceUsd() : null, s.powerWatts() > 0 ? (double) s.powerWatts() : null,
                        options));
            }
        }
        for (CloudOffer c : hardware.cloud()) {
            GpuSpec g = byId.get(c.gpuId());
            String name = c.provider() + " " + c.instanceType();
            if (wants(options, Acquisition.RENTAL) && wants(options, HardwareKind.CLOUD)
                    && (g == null || keepsGpu(g, options))) {
                rows.add(g == null ? unknownGpu(c.id(), name, HardwareKind.CLOUD, Acquisition.RENTAL, need)
                        : unitRow(need, g, hardware.nodeFor(g), c.id(), name, HardwareKind.CLOUD, Acquisition.RENTAL,
                        c.gpuCount(), c.network(), c.networkGbps(), c.gpuCount() > 1 ? g.interconnect() : "",
                        c.priceUsdPerHour() > 0 ? c.priceUsdPerHour() : null, null, options));
            }
        }
        int considered = rows.size();
        int fitting = (int) rows.stream().filter(DomainRow::fits).count();
        List<DomainRow> kept = new ArrayList<>();
        for (DomainRow r : rows) {
            if (keeps(r, options, need.timing.active())) {
                kept.add(r);
            }
        }
        kept.sort(DomainOrder.of(options, need.timing.active()));
        List<DomainRow> shown = options.topN() > 0 && kept.size() > options.topN()
                ? kept.subList(0, options.topN()) : kept;
        return new DomainRecommendation(shown, considered, fitting, need.single, need.spreads, need.copies, options,
                RankedOption.best(kept, Acquisition.PURCHASE), RankedOption.best(kept, Acquisition.RENTAL),
                need.timing.job(), need.timing.itemUnit());
    }

    /** One card where the GPU is sold loose; several cards, or whole boards, where one card does not do. */
    private static void addGpuRows(List<DomainRow> rows, DomainNeed need, GpuSpec g, NodeSpec node,
                                   RankingOptions o) {
        long usable = g.memoryBytesUsable();
        Rig rig = Rig.of(g, node, usable);
        Double host = node.hasHostPrice() ? node.hostPriceUsd() : null;
        Double hostPower = node.hasHostPower() ? (double) node.hostPowerWatts() : null;
        if (rig.unitGpus() == 1 && wants(o, HardwareKind.GPU)) {
            // Under a limit of one GPU, a card that does not hold a workload that spreads has exhausted the search.
            rows.add(build(need, g, rig, g.id(), g.name(), HardwareKind.GPU, Acquisition.PURCHASE, g.interconnect(),
                    new DomainNeed.Layout(1, o.maxGpus() < 2, false), host, null, hostPower, null, o));
        }
        boolean oneFits = need.peak(1) <= usable;
        boolean oneDoes = rig.unitGpus() == 1 && (oneFits && need.meetsDeadline(g, rig, 1) || !need.scales()
                || need.copies && !oneFits
                || o.maxGpus() < 2);
        if (!oneDoes && wants(o, HardwareKind.MULTI_GPU)) {
            DomainNeed.Layout l = need.inTime(g, rig, need.layout(rig, usable, o.maxGpus()), o.maxGpus());
            if (l.count() > 1 || rig.unitGpus() > 1) {
                rows.add(build(need, g, rig, g.id(), g.name(), HardwareKind.MULTI_GPU, Acquisition.PURCHASE,
                        g.interconnect(), l, host, null, hostPower, null, o));
            }
        }
    }

    /** The fewest whole systems or instances (one when the workload does not spread). */
    private static DomainRow unitRow(DomainNeed need, GpuSpec g, NodeSpec node, String id, String name,
                                     HardwareKind kind, Acquisition way, int gpuCount, String network,
                                     double networkGbps, String interconnect, Double unitPrice, Double unitPower,
                                     RankingOptions o) {
        long usable = g.memoryBytesUsable();
        Rig rig = Rig.units(g, gpuCount, network, networkGbps, node, usable);
        DomainNeed.Layout l = need.inTime(g, rig, need.layout(rig, usable, o.maxGpus()), o.maxGpus());
        Double hostPower = unitPower == null && node.hasHostPower() ? (double) node.hostPowerWatts() : null;
        return build(need, g, rig, id, name, kind, way, interconnect, l, null, unitPrice, hostPower, unitPower, o);
    }

    /**
     * @param layout    GPUs the workload is laid out on (a count of the rig; 1 for a workload that does not spread),
     *                  whether the memory search ran out, and whether the time search did
     * @param hostPrice cards: the node class's host price per machine, {@code null} when unknown
     * @param unitPrice systems: the price of one; cloud: the rent of one instance per hour; {@code null} unpriced
     * @param hostPower the node class's host power per machine, watts, {@code null} when unknown or not needed
     * @param unitPower systems: the power of one, watts, {@code null} when unknown (GPUs and hosts are added up)
     */
    private static DomainRow build(DomainNeed need, GpuSpec g, Rig rig, String id, String name, HardwareKind kind,
                                   Acquisition way, String interconnect, DomainNeed.Layout layout, Double hostPrice,
                                   Double unitPrice, Double hostPower, Double unitPower, RankingOptions o) {
        int count = layout.count();
        boolean exhausted = layout.exhausted();
        long usable = rig.capacityBytes();
        long perGpu = need.peak(need.scales() ? count : 1);
        boolean fits = perGpu <= usable;
        int bought = need.scales() ? count : rig.unitGpus();
        int units = bought / rig.unitGpus();
        int nodes = (bought + rig.gpusPerNode() - 1) / rig.gpusPerNode();
        boolean machines = kind == HardwareKind.SYSTEM || kind == HardwareKind.CLOUD;

        List<Reason> reasons = new ArrayList<>();
        boolean memoryFits = fits;
        Reason fp64 = fp64Reason(need.fp64, g);
        if (fp64 == Reason.NO_FP64) {
            fits = false;
        }
        if (!memoryFits) {
            reasons.add(Reason.DOES_NOT_FIT);
            if (need.spreads && exhausted) {
                reasons.add(Reason.EXCEEDS_MAX_GPUS);
            }
        } else if (usable - perGpu < o.tightFitFraction() * usable || need.high(need.spreads ? count : 1) > usable) {
            // Tight: small headroom, or the capacity lies inside the estimate's range (SizedEstimate#range).
            reasons.add(Reason.TIGHT_FIT);
        }
        if (fp64 != null) {
            reasons.add(fp64);
        }
        if (!need.spreads && (!memoryFits || bought > 1 && !need.copies)) {
            reasons.add(Reason.DOES_NOT_SPREAD);
        }
        if (!machines && rig.unitGpus() > 1) {
            reasons.add(Reason.WHOLE_BOARDS);
        }
        if (nodes > 1) {
            reasons.add(Reason.MULTI_NODE);
        }
        if (RowFactory.isUnifiedMemory(g)) {
            reasons.add(Reason.UNIFIED_MEMORY);
        }
        Double cards = way == Acquisition.PURCHASE && g.hasPrice() ? g.priceUsd() * bought : null;
        Double purchase = null;
        Double rent = null;
        if (way == Acquisition.RENTAL) {
            rent = unitPrice == null ? null : unitPrice * units;
        } else if (machines) {
            purchase = unitPrice == null ? null : unitPrice * units;
        } else {
            purchase = cards == null || hostPrice == null ? null : cards + hostPrice * nodes;
        }
        if ((way == Acquisition.RENTAL ? rent : purchase) == null) {
            reasons.add(Reason.NO_PRICE);
        }
        DomainTiming.Timing t = fits && need.timing.active() ? need.timing.at(g, rig, need.scales() ? count : 1)
                : null;
        CostModel.Costs costs = null;
        if (t != null) {
            if (layout.late() || !need.timing.meets(t)) {
                reasons.add(Reason.PAST_DEADLINE);
            }
            if (t.fallback()) {
                reasons.add(Reason.PRECISION_FALLBACK);
            }
            CostModel money = new CostModel(o);
            if (way == Acquisition.RENTAL) {
                costs = money.rental(rent, t.hours());
            } else {
                Double gpuPower = g.tdpWatts() > 0 ? (double) g.tdpWatts() * bought : null;
                Double power = unitPower != null ? Double.valueOf(unitPower * units)
                        : gpuPower == null || hostPower == null ? null : gpuPower + hostPower * nodes;
                costs = money.purchase(purchase, cards, power, t.hours());
                if (power == null) {
                    reasons.add(Reason.NO_POWER_FIGURE);
                }
            }
        } else if (fits && need.timing.active()) {
            reasons.add(Reason.NO_THROUGHPUT_FIGURES);
        }
        String label = units > 1 || kind == HardwareKind.MULTI_GPU
                ? (machines ? units + " x " + name : bought + " x " + g.name()) : name;
        int needed = fp64 == Reason.NO_FP64 ? 0 : need.spreads ? count : fits ? need.copies ? count : 1 : 0;
        return new DomainRow(id, label, kind, way, g.vendor(), g.formFactor(), g.id(), g.name(), fits, needed, bought,
                units, nodes, Math.min(bought, rig.gpusPerNode()), interconnect, nodes > 1 ? rig.network() : "",
                perGpu, usable, usable - perGpu, (double) (usable - perGpu) / usable, purchase, cards, rent,
                reasons, t == null ? null : t.itemsPerSecond(), t == null ? null : t.stepSeconds(),
                t == null ? null : t.hours(), costs == null ? null : costs.jobCostUsd(),
                costs == null ? null : costs.energyKWh(), t == null ? "" : t.bound().id());
    }

    /** Slower than this fraction of the FP32 rate, a double-precision workload is marked {@link Reason#SLOW_FP64}. */
    static final double SLOW_FP64_RATIO = 1.0 / 8;

    /**
     * For a GPU whose FP32 rate the catalog does not give, the FP64 rate below which it is marked
     * {@link Reason#SLOW_FP64}: the catalog's full- and half-rate FP64 parts all run 7 TFLOPS or more (V100 PCIe 7),
     * its rationed ones (1/16 to 1/64) 2 TFLOPS or less (RTX PRO 6000 Blackwell 1.95).
     */
    static final double SLOW_FP64_FLOOR_TFLOPS = 5;

    /** The FP64 note for {@code g} under {@code need}, or {@code null} when there is none. */
    static Reason fp64Reason(Fp64Need need, GpuSpec g) {
        if (!need.needsFp64()) {
            return null;
        }
        if (!g.fp64Known()) {
            return Reason.FP64_UNKNOWN;
        }
        if (g.fp64Tflops() == 0) {
            return Reason.NO_FP64;
        }
        if (need == Fp64Need.HEAVY && (g.fp32Tflops() > 0 ? g.fp64Tflops() < SLOW_FP64_RATIO * g.fp32Tflops()
                : g.fp64Tflops() < SLOW_FP64_FLOOR_TFLOPS)) {
            return Reason.SLOW_FP64;
        }
        return null;
    }

    private static DomainRow unknownGpu(String id, String name, HardwareKind kind, Acquisition way, DomainNeed need) {
        long peak = need.single.peakBytes();
        return new DomainRow(id, name, kind, way, "", "", "", "", false, 0, 0, 1, 1, 0, "", "", peak, 0, -peak, -1.0,
                null, null, null, List.of(Reason.UNKNOWN_GPU), null, null, null, null, null, "");
    }

    /** The budget, fits-only, kind and GPU-limit filters. */
    private static boolean keeps(DomainRow r, RankingOptions o, boolean timed) {
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
