package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns a {@link Placement} into a decision-table row, the same way for every workload kind: fit and tight fit,
 * whole boards and machines, unified memory, the deadline, and the money ({@link CostModel}). The kind's own notes
 * come from its placer, between the fit and these.
 */
final class RowBuilder {

    private final RankingOptions options;
    private final CostModel costs;

    RowBuilder(RankingOptions options) {
        this.options = options;
        this.costs = new CostModel(options);
    }

    RecommendationRow build(Placement p) {
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

        CostModel.Costs money = offer.acquisition() == Acquisition.RENTAL
                ? costs.rental(offer.unitUsdPerHour() == null ? null : offer.unitUsdPerHour() * units, hours)
                : purchase(offer, bought, units, nodes, hours);
        if ((offer.acquisition() == Acquisition.RENTAL ? money.rentalUsdPerHour() : money.purchaseUsd()) == null) {
            reasons.add(Reason.NO_PRICE);
        }
        if (offer.acquisition() == Acquisition.PURCHASE && hours != null && money.energyKWh() == null) {
            reasons.add(Reason.NO_POWER_FIGURE);
        }
        String name = units > 1 || offer.kind() == HardwareKind.MULTI_GPU ? countLabel(offer, bought, units)
                : offer.name();
        Double gpuHours = hours == null ? null : hours * p.gpusNeeded();
        ServingFigures priced = p.serving() == null ? null
                : p.serving().priced(hourlyCost(offer, money, hours), bought);
        RowMoney rowMoney = new RowMoney(money.purchaseUsd(), money.cardsUsd(), money.rentalUsdPerHour(),
                money.jobCostUsd(), money.energyKWh(), money.energyCostUsd(), money.powerWatts(), null, null, null,
                null);
        return new RecommendationRow(offer.id(), name, offer.kind(), offer.acquisition(), gpu.vendor(),
                gpu.formFactor(), gpu.id(), gpu.name(), fits, p.gpusNeeded(), bought, units, nodes, perNode,
                offer.interconnect(), nodes > 1 ? rig.network() : "", p.replicas(), p.layout(), null, need,
                gpu.memoryBytesUsable(), capacity, headroom, (double) headroom / capacity, speed.itemsPerSecond(),
                speed.itemUnit(), speed.perSequence(), speed.prefill(), speed.stepSeconds(), hours, gpuHours,
                speed.mfu(), speed.bound(), rowMoney, priced, dedupe(reasons));
    }

    /** A row for a system or instance whose GPU the hardware list does not have. */
    static RecommendationRow unknownGpu(String id, String name, HardwareKind kind, Acquisition acquisition,
                                        long singlePeakBytes) {
        return new RecommendationRow(id, name, kind, acquisition, "", "", "", "", false, 0, 0, 1, 1, 0, "", "", 1,
                null, null, singlePeakBytes, 0, 0, -singlePeakBytes, -1.0, null, "", null, null, null, null, null,
                null, null, RowMoney.UNKNOWN, null, List.of(Reason.UNKNOWN_GPU));
    }

    /**
     * What the option costs per hour of serving: the rent, or for a purchase the job cost over its hours, so that
     * bought and rented options meet in one unit; {@code null} when unknown.
     */
    private static Double hourlyCost(Offer offer, CostModel.Costs money, Double hours) {
        if (offer.acquisition() == Acquisition.RENTAL) {
            return money.rentalUsdPerHour();
        }
        return money.jobCostUsd() == null || hours == null || !(hours > 0) ? null : money.jobCostUsd() / hours;
    }

    private static String countLabel(Offer offer, int bought, int units) {
        if (offer.machines()) {
            return units + " x " + offer.name();
        }
        return bought + " x " + offer.gpu().name();
    }

    /** Cards plus hosts for loose GPUs; the systems' price for systems. */
    private CostModel.Costs purchase(Offer offer, int bought, int units, int nodes, Double hours) {
        GpuSpec gpu = offer.gpu();
        Double cards = gpu.hasPrice() ? gpu.priceUsd() * bought : null;
        Double gpuPower = gpu.tdpWatts() > 0 ? (double) gpu.tdpWatts() * bought : null;
        if (offer.kind() == HardwareKind.SYSTEM) {
            Double price = offer.unitPriceUsd() == null ? null : offer.unitPriceUsd() * units;
            Double power = offer.unitPowerWatts() != null ? Double.valueOf(offer.unitPowerWatts() * units)
                    : cardsAndHosts(gpuPower, offer.hostPowerWatts(), nodes);
            return costs.purchase(price, cards, power, hours);
        }
        return costs.purchase(cardsAndHosts(cards, offer.hostPriceUsd(), nodes), cards,
                cardsAndHosts(gpuPower, offer.hostPowerWatts(), nodes), hours);
    }

    /** {@code cards + perHost x hosts}, or {@code null} when either is unknown. */
    private static Double cardsAndHosts(Double cards, Double perHost, int hosts) {
        return cards == null || perHost == null ? null : cards + perHost * hosts;
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
