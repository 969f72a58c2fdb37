package com.vramadvisor.engine.money;

import java.util.List;
import java.util.Objects;

/**
 * What the cluster network for multi-node training costs per node of given node classes: switch ports, cables and
 * transceivers, and the network cards where {@link #includesNics} says so. The cost per node grows with the cluster,
 * because larger clusters need more switch tiers, so it is given at a few cluster sizes.
 *
 * @param id            lowercase id ({@code infiniband-ndr-8rail})
 * @param name          in words
 * @param nodeClasses   the node class ids ({@code nodes.json}) it applies to
 * @param tiers         cost per node at given cluster sizes, cluster sizes increasing
 * @param includesNics  whether the per-node cost includes the nodes' network cards (when false, the node class's host
 *                      price carries them)
 * @param date          when the prices applied
 * @param source        where every figure comes from
 */
public record NetworkCost(String id, String name, List<String> nodeClasses, List<Tier> tiers, boolean includesNics,
                          String date, String source) {

    /**
     * The network's cost per node in a cluster of a given size.
     *
     * @param clusterNodes  nodes in the cluster the figure was worked out for, 1 or more
     * @param usdPerNode    US dollars per node, 0 or more
     */
    public record Tier(int clusterNodes, double usdPerNode) {

        public Tier {
            if (clusterNodes < 1) {
                throw new IllegalArgumentException("a cluster has at least one node");
            }
            if (!(usdPerNode >= 0) || Double.isInfinite(usdPerNode)) {
                throw new IllegalArgumentException("a cost per node is 0 or more US dollars");
            }
        }
    }

    public NetworkCost {
        Objects.requireNonNull(id, "id");
        name = name == null ? id : name;
        nodeClasses = List.copyOf(nodeClasses);
        tiers = List.copyOf(tiers);
        if (tiers.isEmpty()) {
            throw new IllegalArgumentException("a network cost needs at least one cluster size");
        }
        for (int i = 1; i < tiers.size(); i++) {
            if (tiers.get(i).clusterNodes() <= tiers.get(i - 1).clusterNodes()) {
                throw new IllegalArgumentException("cluster sizes must increase");
            }
        }
        Objects.requireNonNull(date, "date");
        source = source == null ? "" : source;
    }

    /**
     * US dollars per node for a cluster of {@code nodes}: the figure of the smallest listed cluster that holds that
     * many nodes, else the largest listed cluster's (a step, not an interpolation: switch tiers come whole).
     */
    public double usdPerNode(int nodes) {
        for (Tier tier : tiers) {
            if (nodes <= tier.clusterNodes()) {
                return tier.usdPerNode();
            }
        }
        return tiers.get(tiers.size() - 1).usdPerNode();
    }

    /** Whether it applies to the node class {@code nodeClassId}. */
    public boolean appliesTo(String nodeClassId) {
        return nodeClasses.contains(nodeClassId);
    }
}
