package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.money.DepreciationClass;
import com.vramadvisor.engine.money.JobCostModel;
import com.vramadvisor.engine.money.OwnershipTerms;
import com.vramadvisor.engine.money.Purchase;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.speed.SpeedRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a {@link Placement} into a decision-table row, the same way for every workload kind: fit and tight fit,
 * whole boards and machines, unified memory, the deadline, and the money ({@link JobCostModel}: what the job costs
 * bought or rented under the options' usage, and, for a purchase, its break-even against renting the same work). The
 * kind's own notes come from its placer, between the fit and these.
 */
final class RowBuilder {

    private final RankingOptions options;
    private final JobCostModel money;
    private final Map<String, Double> rentPerGpuHour;

    /**
     * @param ownership      what owning hardware costs beside its price
     * @param rentPerGpuHour by GPU id, the cheapest rental of one GPU-hour without interruption and without a term
     *                       longer than the break-even horizon ({@link RankingOptions#breakEvenYears}): what a
     *                       purchase's break-even is stated against
     */
    RowBuilder(RankingOptions options, OwnershipTerms ownership, Map<String, Double> rentPerGpuHour) {
        this.options = options;
        this.money = new JobCostModel(ownership, options.usage());
        this.rentPerGpuHour = Map.copyOf(rentPerGpuHour);
    }

    /**
     * @param steadyRentUsdPerItem the cheapest steady rental's price per item of this job's work in the same table
     *                             (rentals first), or {@code null}: with the row's own speed, the rent of equal work
     *                             a purchase's break-even is stated against
     */
    RecommendationRow build(Placement p, Double steadyRentUsdPerItem) {
        Offer offer = p.offer();
        GpuSpec gpu = offer.gpu();
        Rig rig = offer.rig();
        long capacity = p.capacityBytes();
        long need = p.perGpuBytes();
        boolean memoryFits = p.memoryFits();
        boolean fits = memoryFits && p.runs();
        long headroom = capacity - need;
        int bought = p.gpusBought();
        int units = Math.max(1, bought / rig.unitGpus());
        int perNode = Math.min(bought, rig.gpusPerNode());
        int nodes = (bought + rig.gpusPerNode() - 1) / rig.gpusPerNode();

        List<Reason> reasons = new ArrayList<>(offer.reasons());
        if (!memoryFits) {
            reasons.add(Reason.DOES_NOT_FIT);
            if (p.exhausted()) {
                reasons.add(Reason.EXCEEDS_MAX_GPUS);
            }
        } else if (headroom < options.tightFitFraction() * capacity || p.highBytes() > capacity) {
            // Tight: the capacity lies inside the estimate's range (docs/verifying.md), or the headroom is small.
            reasons.add(Reason.TIGHT_FIT);
        }
        reasons.addAll(p.reasons());
        if (!offer.machines() && rig.unitGpus() > 1) {
            reasons.add(Reason.WHOLE_BOARDS);
        }
        if (nodes > 1) {
            reasons.add(Reason.MULTI_NODE);
        }
        if (isUnifiedMemory(gpu)) {
            reasons.add(Reason.UNIFIED_MEMORY);
        }
        Speed speed = p.speed();
        reasons.addAll(speed.reasons());
        Double hours = speed.hours();
        if (p.late() || hours != null && hours > options.deadlineHours()) {
            reasons.add(Reason.PAST_DEADLINE);
        }
        RowMoney rowMoney = offer.acquisition() == Acquisition.RENTAL ? rental(offer, units, hours, reasons)
                : purchase(offer, bought, units, nodes, hours, reasons,
                        equalWork(steadyRentUsdPerItem, speed.itemsPerSecond()));
        if (stale(offer.priceDate())) {
            reasons.add(Reason.STALE_PRICE);
        }
        String name = units > 1 || offer.kind() == HardwareKind.MULTI_GPU ? countLabel(offer, bought, units)
                : offer.name();
        Double gpuHours = hours == null ? null : hours * p.gpusNeeded();
        ServingFigures priced = p.serving() == null ? null
                : p.serving().priced(hourlyCost(offer, rowMoney, hours), bought);
        Double perWattHour = speed.itemsPerSecond() == null || gpu.tdpWatts() <= 0 || p.gpusNeeded() <= 0 ? null
                : speed.itemsPerSecond() * 3600.0 / ((double) gpu.tdpWatts() * p.gpusNeeded());
        RowRanges ranges = ranges(p, speed, gpuHours, rowMoney, units, bought, nodes).withLatencies(
                options.speed().table(), priced);
        return new RecommendationRow(offer.id(), name, offer.kind(), offer.acquisition(), gpu.vendor(),
                gpu.formFactor(), gpu.id(), gpu.name(), fits, p.gpusNeeded(), bought, units, nodes, perNode,
                offer.interconnect(), nodes > 1 ? rig.network() : "", p.replicas(), p.layout(), null, need,
                gpu.memoryBytesUsable(), capacity, headroom, (double) headroom / capacity, speed.itemsPerSecond(),
                speed.itemUnit(), speed.perSequence(), speed.prefill(), speed.stepSeconds(), hours, gpuHours,
                speed.mfu(), speed.bound(), perWattHour, offer.market(), offer.provider(), offer.priceDate(),
                rowMoney, priced, dedupe(reasons), ranges);
    }

    /**
     * The ranges of the placement's speed, time and cost ({@link RowRanges}): the rate and times from the held-out
     * residuals of the throughput's group, the job's cost from the money model at the hours' two ends.
     */
    private RowRanges ranges(Placement p, Speed speed, Double gpuHours, RowMoney rowMoney, int units, int bought,
                             int nodes) {
        boolean llmTraining = RecommendationRow.TOKENS.equals(speed.itemUnit()) && speed.perSequence() == null;
        RowRanges r = RowRanges.of(options.speed().table(), RowRanges.group(speed.itemUnit(), llmTraining),
                speed.itemsPerSecond(), speed.hours(), gpuHours, speed.mfu());
        if (r.hours() == null || rowMoney.jobCostUsd() == null) {
            return r;
        }
        Offer offer = p.offer();
        // Only the job's cost is read at the two ends: no break-even is asked for, and their notes are the row's.
        List<Reason> ignored = new ArrayList<>();
        RowMoney low = offer.acquisition() == Acquisition.RENTAL ? rental(offer, units, r.hours().low(), ignored)
                : purchase(offer, bought, units, nodes, r.hours().low(), ignored, null);
        RowMoney high = offer.acquisition() == Acquisition.RENTAL ? rental(offer, units, r.hours().high(), ignored)
                : purchase(offer, bought, units, nodes, r.hours().high(), ignored, null);
        if (low.jobCostUsd() == null || high.jobCostUsd() == null) {
            return r;
        }
        return r.withJobCost(new SpeedRange(Math.min(low.jobCostUsd(), high.jobCostUsd()),
                Math.max(low.jobCostUsd(), high.jobCostUsd())));
    }

    /** What renting this row's work costs an hour at {@code usdPerItem}; {@code null} where either is unknown. */
    private static Double equalWork(Double usdPerItem, Double itemsPerSecond) {
        return usdPerItem == null || itemsPerSecond == null ? null : usdPerItem * itemsPerSecond * 3600.0;
    }

    /** The smaller of two figures where both are known, else the one known, else {@code null}. */
    private static Double min(Double a, Double b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return Math.min(a, b);
    }

    /** A row for a system or instance whose GPU the hardware list does not have. */
    static RecommendationRow unknownGpu(String id, String name, HardwareKind kind, Acquisition acquisition,
                                        long singlePeakBytes) {
        return new RecommendationRow(id, name, kind, acquisition, "", "", "", "", false, 0, 0, 1, 1, 0, "", "", 1,
                null, null, singlePeakBytes, 0, 0, -singlePeakBytes, -1.0, null, "", null, null, null, null, null,
                null, null, null, "", "", "", RowMoney.UNKNOWN, null, List.of(Reason.UNKNOWN_GPU),
                RowRanges.NONE);
    }

    /** A rented option: the bill for the job, a commitment's whole term included. */
    private RowMoney rental(Offer offer, int units, Double hours, List<Reason> reasons) {
        Double perHour = offer.unitUsdPerHour() == null ? null : offer.unitUsdPerHour() * units;
        if (perHour == null) {
            reasons.add(Reason.NO_PRICE);
        }
        Double job = perHour == null ? null : money.rent(perHour, offer.termYears(), hours);
        return new RowMoney(null, null, perHour, job, null, null, null, null, null, null, null, null);
    }

    /**
     * A bought option: cards in the smallest node class that holds them (whole machines of the largest beyond one),
     * their hosts and, across machines, the cluster network; or whole systems. Then what owning it costs the job, and
     * its break-even against renting the same work.
     */
    private RowMoney purchase(Offer offer, int bought, int units, int nodes, Double hours, List<Reason> reasons,
                              Double equalWorkRentUsdPerHour) {
        GpuSpec gpu = offer.gpu();
        List<Purchase.Part> parts = new ArrayList<>();
        Double capital;
        Double cards = gpu.hasPrice() ? gpu.priceUsd() * bought : null;
        Double power;
        boolean dataCentre;
        NodeSpec node = nodes > 1 ? offer.nodeClasses().get(offer.nodeClasses().size() - 1)
                : offer.nodeFor(bought);
        if (offer.kind() == HardwareKind.SYSTEM) {
            capital = offer.unitPriceUsd() == null ? null : offer.unitPriceUsd() * units;
            if (capital != null) {
                parts.add(new Purchase.Part(gpu.depreciationClass(), capital));
            }
            Double gpuPower = gpu.tdpWatts() > 0 ? (double) gpu.tdpWatts() * bought : null;
            power = offer.unitPowerWatts() != null ? Double.valueOf(offer.unitPowerWatts() * units)
                    : sum(gpuPower, node.hasHostPower() ? (double) node.hostPowerWatts() * nodes : null);
            dataCentre = gpu.depreciationClass() == DepreciationClass.DATACENTER_GPU;
        } else {
            Double hosts = node.hasHostPrice() ? node.hostPriceUsd() * nodes : null;
            capital = sum(cards, hosts);
            if (capital != null) {
                parts.add(new Purchase.Part(gpu.depreciationClass(), cards));
                parts.add(new Purchase.Part(node.depreciationClass(), hosts));
            }
            Double gpuPower = gpu.tdpWatts() > 0 ? (double) gpu.tdpWatts() * bought : null;
            power = sum(gpuPower, node.hasHostPower() ? (double) node.hostPowerWatts() * nodes : null);
            dataCentre = node.depreciationClass() == DepreciationClass.SERVER_HOST;
        }
        if (capital == null) {
            reasons.add(Reason.NO_PRICE);
            return new RowMoney(null, cards, null, null, null, null, power, null, null, null, null, null);
        }
        if (nodes > 1) {
            Double perNode = money.terms().network().usdPerNode(node.id(), nodes);
            if (perNode == null) {
                reasons.add(Reason.NO_NETWORK_PRICE);
            } else {
                capital += perNode * nodes;
                parts.add(new Purchase.Part(DepreciationClass.SERVER_HOST, perNode * nodes));
            }
        }
        Purchase purchase = new Purchase(parts, power, dataCentre);
        JobCostModel.Owned owned = money.buy(purchase, hours);
        if (hours != null && power == null) {
            reasons.add(Reason.NO_POWER_FIGURE);
        } else if (hours != null && owned.hostingUsd() == null) {
            reasons.add(Reason.NO_HOSTING_PRICE);
        }
        Double breakEven = null;
        Double months = null;
        Double rentPerGpu = rentPerGpuHour.get(gpu.id());
        Double rent = min(rentPerGpu == null ? null : rentPerGpu * bought, equalWorkRentUsdPerHour);
        if (rent != null) {
            breakEven = money.breakEvenUtilization(purchase, rent, options.breakEvenYears());
            months = money.breakEvenMonths(purchase, rent, options.usage().utilization());
        }
        return new RowMoney(capital, cards, null, owned.jobCostUsd(), owned.energyKWh(), owned.energyUsd(), power,
                owned.resaleUsd(), owned.hostingUsd(), breakEven, months, rent);
    }

    /** Whether a price of {@code date} is older than {@link RankingOptions#STALE_PRICE_MONTHS} against the options. */
    private boolean stale(String date) {
        if (options.priceAsOf().isEmpty() || date == null || date.length() < 4) {
            return false;
        }
        int asOf = months(options.priceAsOf());
        int priced = months(date);
        return priced >= 0 && asOf - priced > RankingOptions.STALE_PRICE_MONTHS;
    }

    /** {@code YYYY}, {@code YYYY-MM} or {@code YYYY-MM-DD} as months since year 0 (a year alone: its January); -1 when unreadable. */
    private static int months(String date) {
        try {
            int year = Integer.parseInt(date.substring(0, 4));
            int month = date.length() >= 7 ? Integer.parseInt(date.substring(5, 7)) : 1;
            return year * 12 + month - 1;
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return -1;
        }
    }

    /**
     * What the option costs per hour of serving: the rent (a commitment's over its billed hours), or for a purchase
     * the job cost over its hours, so that bought and rented options meet in one unit; {@code null} when unknown.
     */
    private static Double hourlyCost(Offer offer, RowMoney m, Double hours) {
        if (offer.acquisition() == Acquisition.RENTAL && offer.termYears() <= 0) {
            return m.rentalUsdPerHour();
        }
        return m.jobCostUsd() == null || hours == null || !(hours > 0) ? null : m.jobCostUsd() / hours;
    }

    private static String countLabel(Offer offer, int bought, int units) {
        if (offer.machines()) {
            return units + " x " + offer.name();
        }
        return bought + " x " + offer.gpu().name();
    }

    /** {@code a + b}, or {@code null} when either is unknown. */
    private static Double sum(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    static boolean isUnifiedMemory(GpuSpec gpu) {
        String type = gpu.memoryType() == null ? "" : gpu.memoryType().toLowerCase(Locale.ROOT);
        return "apple".equalsIgnoreCase(gpu.vendor()) || type.contains("unified") || type.contains("lpddr");
    }

    private static List<Reason> dedupe(List<Reason> reasons) {
        List<Reason> out = new ArrayList<>();
        for (Reason r : reasons) {
            if (!out.contains(r)) {
                out.add(r);
            }
        }
        return out;
    }
}
