package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;

import java.util.Objects;

/**
 * The hardware a plan is laid out on: one GPU model in nodes, and the counts it can be had in.
 *
 * @param gpu           the GPU model
 * @param unitGpus      GPUs that come together (1 for loose cards, a baseboard's 8, a system's or cloud instance's
 *                      GPUs): every count is a multiple of it
 * @param gpusPerNode   GPUs one node holds; beyond one node, counts are whole nodes
 * @param lanes         PCIe lanes per GPU in the node
 * @param network       the network between nodes, in words
 * @param networkGBps   its bandwidth per node, 10^9 bytes per second
 * @param capacityBytes memory a GPU may use for the workload
 */
public record Rig(GpuSpec gpu, int unitGpus, int gpusPerNode, int lanes, String network, double networkGBps,
                  long capacityBytes) {

    public Rig {
        Objects.requireNonNull(gpu, "gpu");
        unitGpus = Math.max(1, unitGpus);
        gpusPerNode = Math.max(unitGpus, gpusPerNode);
    }

    /** Loose cards (or whole boards, where the node class sells them so) in nodes of a class. */
    public static Rig of(GpuSpec gpu, NodeSpec node, long capacityBytes) {
        return new Rig(gpu, node.soldAsBoard() ? node.maxGpus() : 1, node.maxGpusFor(gpu), node.pcieLanesPerGpu(),
                node.network(), node.networkGBps(), capacityBytes);
    }

    /**
     * Whole systems or cloud instances of {@code unitGpus} GPUs, each a machine of its own, joined by their own
     * network where the catalog gives one ({@code networkGbps > 0}, Gb/s per machine) and by the GPU's node class's
     * otherwise.
     */
    public static Rig units(GpuSpec gpu, int unitGpus, String network, double networkGbps, NodeSpec node,
                            long capacityBytes) {
        boolean own = networkGbps > 0;
        return new Rig(gpu, unitGpus, unitGpus, node.pcieLanesPerGpu(), own ? network : node.network(),
                (own ? networkGbps : node.networkGbps()) / 8.0, capacityBytes);
    }

    /** The wires of {@code gpus} GPUs of this rig. */
    public Fabric fabric(int gpus) {
        int nodes = (gpus + gpusPerNode - 1) / gpusPerNode;
        return Fabric.of(gpu, Math.min(gpus, gpusPerNode), lanes, nodes, network, networkGBps);
    }

    /** The k-th count this rig can be had in, from 1: units up to one node, then whole nodes. */
    public int count(int k) {
        int unitsPerNode = gpusPerNode / unitGpus;
        if (k <= unitsPerNode) {
            return k * unitGpus;
        }
        return (k - unitsPerNode + 1) * gpusPerNode;
    }

    /** The index k of the largest count at most {@code gpus} ({@link #count(int)}), 0 when none. */
    public int index(int gpus) {
        int unitsPerNode = gpusPerNode / unitGpus;
        if (gpus < unitGpus) {
            return 0;
        }
        if (gpus < gpusPerNode) {
            return gpus / unitGpus;
        }
        return unitsPerNode + gpus / gpusPerNode - 1;
    }
}
