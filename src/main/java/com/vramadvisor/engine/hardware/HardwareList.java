package com.vramadvisor.engine.hardware;

import com.vramadvisor.engine.money.MoneyFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything the decision table can offer: GPUs, systems, cloud offers, and the node classes GPUs are installed in.
 *
 * @param gpus            GPU models
 * @param systems         machines bought as one
 * @param cloud           rentable instances
 * @param nodes           node classes by id
 * @param gpuNodes        the node class id of each GPU id that names one (its largest or default class); other GPUs
 *                        get {@link NodeSpec#defaultClassId}
 * @param gpuNodeClasses  the node class ids each GPU id can be bought in, smallest first (a one-card desktop before a
 *                        four-card tower, a one-to-four-card server before an eight-card one); GPUs without a list
 *                        have only {@link #nodeFor}
 * @param money           what owning the hardware costs beside its price ({@code catalog/money.json}):
 *                        electricity, PUE, colocation, the cluster network, resale; {@link MoneyFacts#EMPTY} when
 *                        unknown
 */
public record HardwareList(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud,
                           Map<String, NodeSpec> nodes, Map<String, String> gpuNodes,
                           Map<String, List<String>> gpuNodeClasses, MoneyFacts money) {

    public HardwareList {
        gpus = List.copyOf(gpus);
        systems = List.copyOf(systems);
        cloud = List.copyOf(cloud);
        nodes = Map.copyOf(nodes);
        gpuNodes = Map.copyOf(gpuNodes);
        gpuNodeClasses = Map.copyOf(gpuNodeClasses);
        money = money == null ? MoneyFacts.EMPTY : money;
    }

    /** A list without money facts ({@link MoneyFacts#EMPTY}). */
    public HardwareList(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud,
                        Map<String, NodeSpec> nodes, Map<String, String> gpuNodes,
                        Map<String, List<String>> gpuNodeClasses) {
        this(gpus, systems, cloud, nodes, gpuNodes, gpuNodeClasses, MoneyFacts.EMPTY);
    }

    /** A list whose GPUs each have one node class ({@link #nodeFor}). */
    public HardwareList(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud,
                        Map<String, NodeSpec> nodes, Map<String, String> gpuNodes) {
        this(gpus, systems, cloud, nodes, gpuNodes, Map.of(), MoneyFacts.EMPTY);
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

    /**
     * Every node class a GPU can be bought in, smallest first: the classes its catalog entry lists
     * ({@code nodeClasses}) that this list knows, else the one class of {@link #nodeFor}. Never empty; the last class
     * is {@link #nodeFor}'s where the entry lists it, as the catalog requires.
     */
    public List<NodeSpec> nodesFor(GpuSpec gpu) {
        Objects.requireNonNull(gpu, "gpu");
        List<NodeSpec> classes = new ArrayList<>();
        for (String id : gpuNodeClasses.getOrDefault(gpu.id(), List.of())) {
            NodeSpec node = nodes.get(id);
            if (node != null) {
                classes.add(node);
            }
        }
        return classes.isEmpty() ? List.of(nodeFor(gpu)) : List.copyOf(classes);
    }
}
