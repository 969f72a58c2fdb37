package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.ArrayList;
import java.util.List;

/**
 * The hardware side of one option of the decision table, priced per unit: loose cards of a GPU in its node classes,
 * a system, or a cloud offer. Built by the {@link Recommender}; laid out by an {@link OptionPlacer}; turned into a row
 * by {@link RowBuilder}.
 *
 * @param id             row id
 * @param name           display name of one unit (a card, a system, an instance)
 * @param kind           row kind
 * @param acquisition    bought or rented
 * @param rig            the GPU, its unit size, node size and network (the largest node class for loose cards)
 * @param interconnect   the link between GPUs inside a node, in words
 * @param nodeClasses    loose cards: the node classes they can be bought in, smallest first, the last the rig's;
 *                       systems and offers: the GPU's node class, for the cluster network between machines
 * @param unitPriceUsd   purchase price of one system, {@code null} for cards (priced from the GPU and its node
 *                       class) and rentals
 * @param unitUsdPerHour rent of one instance per hour, {@code null} when bought or unpriced
 * @param unitPowerWatts power of one system, {@code null} where GPUs and hosts are added up instead
 * @param termYears      rented: the commitment's term in years, 0 for on-demand, spot and marketplace prices
 * @param market         the market the price is from ({@code purchase}, {@code on-demand}, {@code commit-1y},
 *                       {@code spot}, ...)
 * @param provider       rented: the provider; empty when bought
 * @param priceDate      the date of the option's price (the GPU's for cards, the system's, the offer's)
 * @param reasons        notes already known from the hardware side
 */
record Offer(String id, String name, HardwareKind kind, Acquisition acquisition, Rig rig, String interconnect,
             List<NodeSpec> nodeClasses, Double unitPriceUsd, Double unitUsdPerHour, Double unitPowerWatts,
             double termYears, String market, String provider, String priceDate, List<Reason> reasons) {

    /** The market of every bought option. */
    static final String PURCHASE = "purchase";

    Offer {
        nodeClasses = List.copyOf(nodeClasses);
        reasons = List.copyOf(reasons);
        market = market == null ? "" : market;
        provider = provider == null ? "" : provider;
        priceDate = priceDate == null ? "" : priceDate;
    }

    GpuSpec gpu() {
        return rig.gpu();
    }

    /** Whether the option is a whole machine (a system or a cloud instance) rather than loose cards. */
    boolean machines() {
        return kind == HardwareKind.SYSTEM || kind == HardwareKind.CLOUD;
    }

    /**
     * Loose cards: the node class that holds {@code cards} of them in one machine, the smallest that does, else
     * the largest (the rig's), filled machine after machine.
     */
    NodeSpec nodeFor(int cards) {
        for (NodeSpec n : nodeClasses) {
            if (n.maxGpusFor(gpu()) >= cards) {
                return n;
            }
        }
        return nodeClasses.get(nodeClasses.size() - 1);
    }

    /** The same option as another row kind. */
    Offer as(HardwareKind other) {
        return new Offer(id, name, other, acquisition, rig, interconnect, nodeClasses, unitPriceUsd, unitUsdPerHour,
                unitPowerWatts, termYears, market, provider, priceDate, reasons);
    }

    /** The same option with a further note. */
    Offer with(Reason reason) {
        List<Reason> more = new ArrayList<>(reasons);
        more.add(reason);
        return new Offer(id, name, kind, acquisition, rig, interconnect, nodeClasses, unitPriceUsd, unitUsdPerHour,
                unitPowerWatts, termYears, market, provider, priceDate, more);
    }

    /**
     * Whether several of this offer's units would be separate cloud instances with no cluster network between them:
     * an instance type of fewer GPUs than its server holds, for which the catalog states no network (its rig then
     * carries the server class's fabric, which separate virtual machines do not share).
     */
    boolean separateInstances() {
        NodeSpec server = nodeClasses.get(nodeClasses.size() - 1);
        return kind == HardwareKind.CLOUD && rig.unitGpus() < server.maxGpus()
                && rig.network().equals(server.network());
    }
}
