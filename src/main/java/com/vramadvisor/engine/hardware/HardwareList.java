package com.vramadvisor.engine.hardware;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the decision table can offer: GPUs, systems, cloud offers, and the node classes GPUs are installed in.
 *
 * @param gpus        GPU models
 * @param systems     machines bought as one
 * @param cloud       rentable instances
 * @param nodes       node classes by id
 * @param gpuNodes    the node class id of each GPU id that names one; other GPUs get
 *                    {@link NodeSpec#defaultClassId}
 */
public record HardwareList(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud,
                           Map<String, NodeSpec> nodes, Map<String, String> gpuNodes) {

    public HardwareList {
        gpus = List.copyOf(gpus);
        systems = List.copyOf(systems);
        cloud = List.copyOf(cloud);
        nodes = Map.copyOf(nodes);
        gpuNodes = Map.copyOf(gpuNodes);
    }

    /** GPUs, systems and offers with the fallback node classes of {@link NodeSpec#fallbackFor}. */
    public static HardwareList of(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud) {
        return new HardwareList(gpus, systems, cloud, Map.of(), Map.of());
    }

    /** The node class a GPU is installed in: its catalog entry's, else the default rule's, else a fallback. */
    public NodeSpec nodeFor(GpuSpec gpu) {
        Objects.requireNonNull(gpu, "gpu");
        String id = gpuNodes.getOrDefault(gpu.id(), NodeSpec.defaultClassId(gpu));
        NodeSpec node = nodes.get(id);
        return node != null ? node : NodeSpec.fallbackFor(gpu);
    }
}
