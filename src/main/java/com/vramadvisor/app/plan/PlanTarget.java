package com.vramadvisor.app.plan;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.ranking.HardwareKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Hardware the planner can lay a training run out on: a GPU model in the machines of its node class, a system bought
 * as one, or a cloud instance type, each with the links between its GPUs and machines.
 *
 * @param key         {@code kind:id}, unique over the list ({@code gpu:h100-sxm-80gb}, {@code system:dgx-h100})
 * @param kind        {@link HardwareKind#GPU}, {@link HardwareKind#SYSTEM} or {@link HardwareKind#CLOUD}
 * @param name        display name
 * @param gpu         the GPU model
 * @param node        the node class of that GPU: PCIe lanes, and for loose GPUs the machine and network
 * @param unitGpus    GPUs that come together (a system's or instance's GPUs); 0 for a GPU in its node class
 * @param network     the network between systems or instances; empty for a GPU (its node class names it)
 * @param networkGbps that network's bandwidth per machine, 10^9 bits per second; 0 for the node class's
 */
public record PlanTarget(String key, HardwareKind kind, String name, GpuSpec gpu, NodeSpec node, int unitGpus,
                         String network, double networkGbps) {

    public PlanTarget {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(gpu, "gpu");
        Objects.requireNonNull(node, "node");
        network = network == null ? "" : network;
    }

    /**
     * The rig the planner searches: loose GPUs in nodes of their class, or whole systems or instances, each one
     * machine, joined by their own network where the catalog gives one and by the node class's otherwise (as the
     * decision table builds them).
     */
    public Rig rig(long capacityBytes) {
        return unitGpus <= 0 ? Rig.of(gpu, node, capacityBytes)
                : Rig.units(gpu, unitGpus, network, networkGbps, node, capacityBytes);
    }

    /** Every GPU, then every system and cloud offer whose GPU the list knows, in the list's order. */
    public static List<PlanTarget> all(HardwareList hardware) {
        List<PlanTarget> out = new ArrayList<>();
        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : hardware.gpus()) {
            byId.putIfAbsent(g.id(), g);
            out.add(new PlanTarget(HardwareKind.GPU.id() + ":" + g.id(), HardwareKind.GPU, g.name(), g,
                    hardware.nodeFor(g), 0, "", 0));
        }
        for (SystemSpec s : hardware.systems()) {
            GpuSpec g = byId.get(s.gpuId());
            if (g != null) {
                out.add(new PlanTarget(HardwareKind.SYSTEM.id() + ":" + s.id(), HardwareKind.SYSTEM, s.name(), g,
                        hardware.nodeFor(g), s.gpuCount(), s.network(), s.networkGbps()));
            }
        }
        for (CloudOffer c : hardware.cloud()) {
            GpuSpec g = byId.get(c.gpuId());
            if (g != null) {
                out.add(new PlanTarget(HardwareKind.CLOUD.id() + ":" + c.id(), HardwareKind.CLOUD,
                        c.provider() + " " + c.instanceType(), g, hardware.nodeFor(g), c.gpuCount(), c.network(),
                        c.networkGbps()));
            }
        }
        return out;
    }
}
