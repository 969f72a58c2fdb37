package com.vramadvisor.engine.money;


import java.util.Locale;
import java.util.Optional;

/**
 * The hardware classes that depreciate alike, each with its curve in {@code catalog/money.json}, and which class a
 * GPU, node class or system falls in ({@code docs/catalog.md}, "Money").
 */
public enum DepreciationClass {
    /** Data-centre GPUs and accelerators (segment {@code datacenter}). */
    DATACENTER_GPU("datacenter-gpu"),
    /** Workstation cards (segment {@code workstation}, not Apple silicon). */
    WORKSTATION_GPU("workstation-gpu"),
    /** Consumer graphics cards (segment {@code consumer}, not Apple silicon). */
    CONSUMER_GPU("consumer-gpu"),
    /** The host around data-centre cards: rack servers, HGX/OAM platforms. */
    SERVER_HOST("server-host"),
    /** The host around consumer and workstation cards: desktop and workstation towers, the Mac Pro. */
    DESKTOP_HOST("desktop-host"),
    /** An Apple silicon Mac, priced as a whole on its GPU entry. */
    APPLE("apple");

    private final String id;

    DepreciationClass(String id) {
        this.id = id;
    }

    /** The id {@code money.json} names the class by. */
    public String id() {
        return id;
    }

    /** The class with this id. */
    public static Optional<DepreciationClass> byId(String id) {
        for (DepreciationClass c : values()) {
            if (c.id.equals(id)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * A GPU's class: {@link #APPLE} for Apple silicon (vendor Apple or form factor SoC), otherwise by segment:
     * {@code datacenter} to {@link #DATACENTER_GPU}, {@code workstation} to {@link #WORKSTATION_GPU}, anything else to
     * {@link #CONSUMER_GPU}.
     */
    public static DepreciationClass forGpu(String gpuVendor, String formFactor, String segment) {
        String vendor = lower(gpuVendor);
        if (vendor.equals("apple") || lower(formFactor).equals("soc")) {
            return APPLE;
        }
        return switch (lower(segment)) {
            case "datacenter" -> DATACENTER_GPU;
            case "workstation" -> WORKSTATION_GPU;
            default -> CONSUMER_GPU;
        };
    }

    /**
     * A node class's host: {@link #APPLE} for {@code apple-soc}, {@link #DESKTOP_HOST} for the towers (ids starting
     * with {@code desktop}, {@code workstation} or {@code mac-}), {@link #SERVER_HOST} for every other class.
     */
    public static DepreciationClass forNode(String nodeClassId) {
        String id = lower(nodeClassId);
        if (id.equals("apple-soc")) {
            return APPLE;
        }
        if (id.startsWith("desktop") || id.startsWith("workstation") || id.startsWith("mac-")) {
            return DESKTOP_HOST;
        }
        return SERVER_HOST;
    }


    private static String lower(String s) {
        return s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    }
}
