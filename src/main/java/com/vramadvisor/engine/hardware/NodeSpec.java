package com.vramadvisor.engine.hardware;

import com.vramadvisor.engine.money.DepreciationClass;
import java.util.Locale;
import java.util.Objects;

/**
 * The machine a GPU is installed in: how many cards of its kind one box holds, the PCIe lanes each card gets, the
 * network between boxes and what the box costs beside its GPUs. Figures and sources in {@code catalog/nodes.json}
 * and {@code docs/catalog.md}.
 *
 * @param id               lowercase id ({@code hgx-h100})
 * @param name             display name
 * @param maxGpus          most cards of one kind one box holds (consumer towers 4, HGX/OAM baseboards 8, a Mac 1)
 * @param soldAsBoard      whether the GPUs come only as a whole baseboard of {@code maxGpus} (SXM, OAM): a purchase
 *                         then buys whole boards, and an option uses every GPU it buys
 * @param pcieLanesPerGpu  PCIe lanes each card gets in this box (8 or 16)
 * @param network          the usual network between such boxes, in words
 * @param networkGbps      that network's bandwidth per box for GPU traffic, 10^9 bits per second
 * @param hostPriceUsd     everything but the GPUs (chassis, CPUs, memory, power supplies, network cards), US
 *                         dollars; {@link #UNKNOWN} when no source gives one (0 where the GPU's price is the whole
 *                         machine's, as for a Mac)
 * @param priceDate        date of the host price, empty when none
 * @param hostPowerWatts   the host's power at load without its GPUs, watts; {@link #UNKNOWN} when no source gives
 *                         one
 * @param source           where the figures come from
 * @param maxPowerWatts    most power the box's power supply delivers, watts; 0 for no limit beyond {@code maxGpus}.
 *                         A box then holds only the cards whose board power fits beside the host's
 *                         ({@link #maxGpusFor})
 * @param priceMarket      the market the host price was asked in, {@link GpuSpec#MARKET_US_LIST} or
 *                         {@link GpuSpec#MARKET_US_STREET}; empty without a host price
 */
public record NodeSpec(String id, String name, int maxGpus, boolean soldAsBoard, int pcieLanesPerGpu, String network,
                       double networkGbps, double hostPriceUsd, String priceDate, int hostPowerWatts, String source,
                       int maxPowerWatts, String priceMarket) {

    /** A host price or power that no source gives. */
    public static final int UNKNOWN = -1;

    public NodeSpec {
        Objects.requireNonNull(id, "id");
        if (maxGpus < 1) {
            throw new IllegalArgumentException(id + ": a node holds at least one GPU");
        }
        if (!(networkGbps > 0)) {
            throw new IllegalArgumentException(id + ": network bandwidth must be positive");
        }
        name = name == null ? id : name;
        network = network == null ? "" : network;
        priceDate = priceDate == null ? "" : priceDate;
        source = source == null ? "" : source;
        pcieLanesPerGpu = pcieLanesPerGpu <= 0 ? 16 : pcieLanesPerGpu;
        maxPowerWatts = Math.max(0, maxPowerWatts);
        priceMarket = priceMarket == null ? "" : priceMarket;
    }

    /** A node class whose host price carries no market. */
    public NodeSpec(String id, String name, int maxGpus, boolean soldAsBoard, int pcieLanesPerGpu, String network,
                    double networkGbps, double hostPriceUsd, String priceDate, int hostPowerWatts, String source,
                    int maxPowerWatts) {
        this(id, name, maxGpus, soldAsBoard, pcieLanesPerGpu, network, networkGbps, hostPriceUsd, priceDate,
                hostPowerWatts, source, maxPowerWatts, "");
    }

    /** A node class without a power limit beyond its card count. */
    public NodeSpec(String id, String name, int maxGpus, boolean soldAsBoard, int pcieLanesPerGpu, String network,
                    double networkGbps, double hostPriceUsd, String priceDate, int hostPowerWatts, String source) {
        this(id, name, maxGpus, soldAsBoard, pcieLanesPerGpu, network, networkGbps, hostPriceUsd, priceDate,
                hostPowerWatts, source, 0);
    }

    /**
     * Cards of {@code gpu} one box holds: {@link #maxGpus}, or fewer where the power supply cannot feed them beside the
     * host, {@code floor((maxPowerWatts - hostPowerWatts) / boardPower)}, at least one. Boxes sold as boards and GPUs
     * without a board power are not limited by power.
     */
    public int maxGpusFor(GpuSpec gpu) {
        if (maxPowerWatts <= 0 || soldAsBoard || gpu.tdpWatts() <= 0) {
            return maxGpus;
        }
        int host = Math.max(0, hostPowerWatts);
        return Math.max(1, Math.min(maxGpus, (maxPowerWatts - host) / gpu.tdpWatts()));
    }

    /** How the host's resale value falls ({@link DepreciationClass#forNode}). */
    public DepreciationClass depreciationClass() {
        return DepreciationClass.forNode(id);
    }

    /** Whether a source gives the host's price. */
    public boolean hasHostPrice() {
        return hostPriceUsd >= 0;
    }

    /** Whether a source gives the host's power. */
    public boolean hasHostPower() {
        return hostPowerWatts >= 0;
    }

    /** The network's bandwidth per box in 10^9 bytes per second. */
    public double networkGBps() {
        return networkGbps / 8.0;
    }

    /**
     * The node class a GPU belongs to when its catalog entry names none: the id {@link #defaultClassId} gives. The
     * figures here are the documented fallbacks of {@code docs/catalog.md} without a host price, used only where no
     * {@code nodes.json} entry of that id exists (tests, a user catalog without nodes).
     */
    public static NodeSpec fallbackFor(GpuSpec gpu) {
        String id = defaultClassId(gpu);
        return switch (id) {
            case "apple-soc" -> new NodeSpec(id, "Mac (one system-on-chip)", 1, false, 16, "10 GbE", 10, UNKNOWN, "",
                    UNKNOWN, "fallback");
            case "desktop-pcie" -> new NodeSpec(id, "Desktop tower", 4, false, 8, "10 GbE", 10, UNKNOWN, "", UNKNOWN,
                    "fallback");
            case "workstation-pcie" -> new NodeSpec(id, "Workstation tower", 4, false, 16, "10 GbE", 10, UNKNOWN, "",
                    UNKNOWN, "fallback");
            case "server-pcie" -> new NodeSpec(id, "8-GPU PCIe server", 8, false, 16, "2 x 100 GbE", 200, UNKNOWN, "",
                    UNKNOWN, "fallback");
            default -> new NodeSpec(id, "8-GPU baseboard server", 8, true, 16, "InfiniBand, 200 Gb/s per GPU", 1600,
                    UNKNOWN, "", UNKNOWN, "fallback");
        };
    }

    /**
     * The node class id a GPU without one in its catalog entry is given: {@code apple-soc} for systems-on-chip,
     * {@code desktop-pcie} for consumer cards, {@code workstation-pcie} for workstation cards, {@code server-pcie}
     * for data-centre PCIe cards, otherwise {@code board-} and the form factor (SXM, OAM, ...).
     */
    public static String defaultClassId(GpuSpec gpu) {
        String form = gpu.formFactor() == null ? "" : gpu.formFactor().trim().toLowerCase(Locale.ROOT);
        String segment = gpu.segment() == null ? "" : gpu.segment().trim().toLowerCase(Locale.ROOT);
        if (form.equals("soc") || "apple".equalsIgnoreCase(gpu.vendor())) {
            return "apple-soc";
        }
        if (form.startsWith("pcie") || form.equals("mpx")) {
            return switch (segment) {
                case "consumer" -> "desktop-pcie";
                case "workstation" -> "workstation-pcie";
                default -> "server-pcie";
            };
        }
        String tail = form.replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return "board-" + (tail.isEmpty() ? "other" : tail);
    }
}
