package com.vramadvisor.engine.money;

/**
 * The classes of hardware whose resale value falls alike, as {@code catalog/money.json}'s depreciation curves name
 * them: a data-centre GPU loses value as newer generations arrive and rentals fall; a consumer card keeps a gaming
 * market; hosts and network gear follow servers. The ids are the curves' keys.
 */
public enum AssetClass {
    DATACENTER_GPU("datacenter-gpu"),
    WORKSTATION_GPU("workstation-gpu"),
    CONSUMER_GPU("consumer-gpu"),
    SERVER_HOST("server-host"),
    DESKTOP_HOST("desktop-host"),
    APPLE("apple");

    private final String id;

    AssetClass(String id) {
        this.id = id;
    }

    /** The curve's key in {@code catalog/money.json}. */
    public String id() {
        return id;
    }

    /**
     * The class of a GPU from its catalog segment and vendor: Apple machines are one class (the GPU is the computer);
     * {@code datacenter}, {@code workstation} and {@code consumer} segments their own; an unknown segment counts as
     * data-centre, the class that loses value fastest, so that no purchase looks cheaper than it is.
     */
    public static AssetClass ofGpu(String segment, String vendor) {
        if ("apple".equalsIgnoreCase(vendor)) {
            return APPLE;
        }
        String s = segment == null ? "" : segment.trim().toLowerCase(java.util.Locale.ROOT);
        return switch (s) {
            case "consumer" -> CONSUMER_GPU;
            case "workstation" -> WORKSTATION_GPU;
            default -> DATACENTER_GPU;
        };
    }
}
