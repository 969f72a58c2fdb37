package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;

import java.util.Locale;

/**
 * The wires of one hardware option: the links between GPUs inside a node and the network between nodes, with the
 * bandwidth a ring collective gets over a group of GPUs. Bandwidths are per direction, in 10^9 bytes per second.
 *
 * <p>Ranks are placed as Megatron-LM places them (tensor-parallel ranks adjacent, then data-parallel, then pipeline
 * stages; Narayanan et al. 2021, section 3.3), filling one node after another. A ring over a group whose members sit
 * in one node runs at the GPU-to-GPU link: NVLink/NVSwitch, Infinity Fabric or Xe Link where the whole board is
 * joined, an NVLink bridge only between the two cards it joins, PCIe otherwise. A group that spans nodes is limited
 * by the share of the node's network its members get: {@code k} members per node of groups that run at the same time
 * on all the node's GPUs share its NICs, so each group gets {@code networkGBps x k / gpusPerNode} (a rail-optimised
 * fabric with one NIC per GPU gives every group one NIC per member). NCCL's ring all-reduce moves
 * {@code 2 (n-1)/n} times the buffer over the slowest edge (NCCL documentation, "Performance: algorithm bandwidth and
 * bus bandwidth").
 *
 * @param gpusPerNode        GPUs in one node of this option
 * @param nodes              nodes the option spans
 * @param intraLink          the GPU-to-GPU link in words
 * @param fastLinkGBps       per GPU and direction over the fast link; 0 where there is none
 * @param fastGroup          GPUs the fast link joins: the whole node for switches and meshes, 2 for bridge pairs,
 *                           1 without a fast link
 * @param pcieGBps           per GPU and direction over PCIe (generation x lanes)
 * @param network            the network between nodes in words ("" for a single node)
 * @param networkGBps        the network's bandwidth per node, 10^9 bytes per second
 */
public record Fabric(int gpusPerNode, int nodes, String intraLink, double fastLinkGBps, int fastGroup,
                     double pcieGBps, String network, double networkGBps) {

    /**
     * 0.80: NCCL's ring collectives reach about 80 % of a link's peak for large messages (nccl-tests on DGX H100:
     * all-reduce bus bandwidth about 360 GB/s of NVLink 4's 450 GB/s per direction; over 400 Gb/s InfiniBand about
     * 40 of 50 GB/s per NIC).
     */
    public static final double COLLECTIVE_EFFICIENCY = 0.80;
    /** PCIe bandwidth per lane and direction by generation, 10^9 bytes/s (PCI-SIG: 8, 16, 32 GT/s, 128b/130b). */
    private static final double[] PCIE_LANE_GBPS = {0, 0.25, 0.5, 0.985, 1.969, 3.938, 7.877, 15.754};

    public Fabric {
        gpusPerNode = Math.max(1, gpusPerNode);
        nodes = Math.max(1, nodes);
        fastGroup = Math.max(1, Math.min(fastGroup, gpusPerNode));
        intraLink = intraLink == null ? "" : intraLink;
        network = network == null ? "" : network;
    }

    /**
     * The fabric of {@code gpus} cards of one model in nodes of the given class: as many full nodes as needed.
     *
     * @param gpu      the card (its interconnect and PCIe generation)
     * @param node     the node class (cards per node, PCIe lanes, network)
     * @param gpus     GPUs the option uses
     */
    public static Fabric of(GpuSpec gpu, NodeSpec node, int gpus) {
        int perNode = node.maxGpusFor(gpu);
        return of(gpu, Math.min(perNode, Math.max(1, gpus)), node.pcieLanesPerGpu(), (gpus + perNode - 1) / perNode,
                node.network(), node.networkGBps());
    }

    /**
     * A fabric from its parts: nodes of {@code perNode} GPUs (a system's or instance's own size), the GPU's link, and
     * a network of {@code networkGBps} per node.
     */
    public static Fabric of(GpuSpec gpu, int perNode, int lanes, int nodes, String network, double networkGBps) {
        String link = gpu.interconnect() == null ? "" : gpu.interconnect();
        String l = link.toLowerCase(Locale.ROOT);
        int group;
        if (l.isBlank() || l.contains("pcie only") || l.equals("none") || l.equals("pcie")) {
            group = 1;
        } else if (l.contains("bridge") || l.contains("infinity fabric link")) {
            group = 2;
        } else {
            group = perNode;
        }
        double pcie = pcieGBps(gpu.pcieGen(), lanes);
        double fast = group > 1 && gpu.interconnectGBps() > 0 ? gpu.interconnectGBps() / 2.0 : 0;
        if (group > 1 && fast == 0) {
            fast = pcie;
        }
        return new Fabric(perNode, nodes, link, fast, group, pcie, nodes > 1 ? network : "", networkGBps);
    }

    /** PCIe bandwidth per direction: {@code lanes x per-lane rate} of the generation (generation 4 when unknown). */
    static double pcieGBps(int generation, int lanes) {
        int gen = generation <= 0 ? 4 : Math.min(generation, PCIE_LANE_GBPS.length - 1);
        return PCIE_LANE_GBPS[gen] * Math.max(1, lanes);
    }

    /** GPUs in the option. */
    public int gpus() {
        return gpusPerNode * nodes;
    }

    /** Whether a group of {@code size} ranks, {@code stride} apart, sits inside one node. */
    public boolean withinNode(int size, int stride) {
        return (long) size * stride <= gpusPerNode;
    }

    /**
     * Peak per-direction bandwidth of a ring over {@code size} ranks placed {@code stride} ranks apart: the slowest
     * edge of the ring (see the class comment).
     */
    public double ringGBps(int size, int stride) {
        if (size <= 1) {
            return Double.POSITIVE_INFINITY;
        }
        int perNode = (int) Math.max(1, Math.min(size, gpusPerNode / Math.max(1, stride)));
        double inside = perNode > 1 ? intraGBps(perNode, stride) : Double.POSITIVE_INFINITY;
        if (withinNode(size, stride)) {
            return inside;
        }
        double crossing = networkGBps * perNode / gpusPerNode;
        return Math.min(inside, crossing);
    }

    /** Bandwidth between ranks of one node: the fast link where it joins them all, else PCIe. */
    private double intraGBps(int size, int stride) {
        if (fastGroup >= gpusPerNode || (fastGroup == 2 && size == 2 && stride == 1)) {
            return Math.max(fastLinkGBps, pcieGBps);
        }
        return pcieGBps;
    }

    /** Whether a group of {@code size} ranks {@code stride} apart talks over PCIe or the network only. */
    public boolean slowGroup(int size, int stride) {
        if (size <= 1) {
            return false;
        }
        return !withinNode(size, stride) || ringGBps(size, stride) <= pcieGBps;
    }

    /**
     * Seconds for one ring all-reduce of {@code bytes} over {@code size} ranks {@code stride} apart:
     * {@code latency + 2 (n-1)/n x bytes / (ring bandwidth x efficiency)}.
     */
    public double allReduceSeconds(double bytes, int size, int stride) {
        return size <= 1 ? 0 : latencySeconds(size, stride) + 2.0 * (size - 1) / size * bytes
                / (ringGBps(size, stride) * 1e9 * COLLECTIVE_EFFICIENCY);
    }

    /** Seconds for a reduce-scatter or an all-gather: half an all-reduce's traffic. */
    public double gatherSeconds(double bytes, int size, int stride) {
        return size <= 1 ? 0 : latencySeconds(size, stride) + (double) (size - 1) / size * bytes
                / (ringGBps(size, stride) * 1e9 * COLLECTIVE_EFFICIENCY);
    }

    /** Seconds to send {@code bytes} to the rank {@code stride} ranks away (a pipeline stage boundary). */
    public double sendSeconds(double bytes, int stride) {
        boolean crosses = stride >= gpusPerNode;
        double gbps = crosses ? networkGBps / gpusPerNode : intraGBps(2, stride);
        return latencySeconds(2, stride) + bytes / (gbps * 1e9 * COLLECTIVE_EFFICIENCY);
    }

    /**
     * Start-up time of one small collective or send: about 10 microseconds inside a node and 20 across nodes, the
     * small-message latencies nccl-tests report for all-reduce on NVLink and InfiniBand systems; 15 microseconds over
     * PCIe, where the data passes through host memory when peer-to-peer access is off.
     */
    public double latencySeconds(int size, int stride) {
        if (!withinNode(size, stride)) {
            return 20e-6;
        }
        return intraGBps(size, stride) > pcieGBps ? 10e-6 : 15e-6;
    }
}
