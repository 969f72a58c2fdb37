package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.List;

/**
 * The hardware side of one option of the decision table, priced per unit: loose cards of a GPU in its node class, a
 * system, or a cloud offer. Built by {@link Offers}; laid out by an {@link OptionPlacer}; turned into a row by
 * {@link RowBuilder}.
 *
 * @param id             row id
 * @param name           display name of one unit (a card, a system, an instance)
 * @param kind           row kind
 * @param acquisition    bought or rented
 * @param rig            the GPU, its unit size, node size and network
 * @param interconnect   the link between GPUs inside a node, in words
 * @param unitPriceUsd   purchase price of one system, {@code null} for cards (priced from the GPU and its node
 *                       class) and rentals
 * @param unitUsdPerHour rent of one instance per hour, {@code null} when bought or unpriced
 * @param unitPowerWatts power of one system, {@code null} where GPUs and hosts are added up instead
 * @param hostPriceUsd   price of one node's host for cards, {@code null} when unknown or not applicable
 * @param hostPowerWatts power of one node's host for cards, {@code null} when unknown
 * @param reasons        notes already known from the hardware side
 */
record Offer(String id, String name, HardwareKind kind, Acquisition acquisition, Rig rig, String interconnect,
             Double unitPriceUsd, Double unitUsdPerHour, Double unitPowerWatts, Double hostPriceUsd,
             Double hostPowerWatts, List<Reason> reasons) {

    Offer {
        reasons = List.copyOf(reasons);
    }

    GpuSpec gpu() {
        return rig.gpu();
    }

    /** Whether the option is a whole machine (a system or a cloud instance) rather than loose cards. */
    boolean machines() {
        return kind == HardwareKind.SYSTEM || kind == HardwareKind.CLOUD;
    }

    /** The same option as another row kind. */
    Offer as(HardwareKind other) {
        return new Offer(id, name, other, acquisition, rig, interconnect, unitPriceUsd, unitUsdPerHour,
                unitPowerWatts, hostPriceUsd, hostPowerWatts, reasons);
    }

    /** The same option with a further note. */
    Offer with(Reason reason) {
        List<Reason> more = new java.util.ArrayList<>(reasons);
        more.add(reason);
        return new Offer(id, name, kind, acquisition, rig, interconnect, unitPriceUsd, unitUsdPerHour,
                unitPowerWatts, hostPriceUsd, hostPowerWatts, more);
    }
}
