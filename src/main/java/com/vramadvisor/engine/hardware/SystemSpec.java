package com.vramadvisor.engine.hardware;

/**
 * A machine with several GPUs bought as one (DGX/HGX servers, workstations).
 *
 * @param id               lowercase id
 * @param name             display name
 * @param gpuId            the {@link GpuSpec#id()} of its GPUs
 * @param gpuCount         GPUs in the machine
 * @param interconnect     how the GPUs talk to each other (NVSwitch, PCIe)
 * @param priceUsd         purchase price in US dollars, 0 when no public source gives one
 * @param priceDate        date of that price, empty when none
 * @param powerWatts       system power, 0 when unknown
 * @param source           where the figures come from
 * @param network          the network between systems for GPU traffic, in words; empty when the catalog gives none
 *                         (the GPU's node class then stands in)
 * @param networkGbps      its bandwidth per system, 10^9 bits per second; 0 when not given
 * @param released         general availability or first shipment of the system, {@code yyyy-mm}; empty when not
 *                         given
 * @param priceMarket      {@link GpuSpec#MARKET_US_LIST} or {@link GpuSpec#MARKET_US_STREET}; empty without a price
 * @param unpricedReason   why there is no price; empty when priced
 */
public record SystemSpec(String id, String name, String gpuId, int gpuCount, String interconnect, double priceUsd,
                         String priceDate, int powerWatts, String source, String network, double networkGbps,
                         String released, String priceMarket, String unpricedReason) {

    public SystemSpec {
        network = network == null ? "" : network;
        released = released == null ? "" : released;
        priceMarket = priceMarket == null ? "" : priceMarket;
        unpricedReason = unpricedReason == null ? "" : unpricedReason;
    }

    /** A system without a release date, market or unpriced reason. */
    public SystemSpec(String id, String name, String gpuId, int gpuCount, String interconnect, double priceUsd,
                      String priceDate, int powerWatts, String source, String network, double networkGbps) {
        this(id, name, gpuId, gpuCount, interconnect, priceUsd, priceDate, powerWatts, source, network, networkGbps,
                "", "", "");
    }

    /** A system whose network the catalog does not give. */
    public SystemSpec(String id, String name, String gpuId, int gpuCount, String interconnect, double priceUsd,
                      String priceDate, int powerWatts, String source) {
        this(id, name, gpuId, gpuCount, interconnect, priceUsd, priceDate, powerWatts, source, "", 0);
    }

    /** Whether a source gives the system's price. */
    public boolean hasPrice() {
        return priceUsd > 0;
    }

    /**
     * This system with another purchase price and its date (a user's own price): every other figure is kept, and a
     * system the catalog left unpriced loses its reason for that.
     */
    public SystemSpec withPrice(double usd, String date) {
        return new SystemSpec(id, name, gpuId, gpuCount, interconnect, usd, date, powerWatts, source, network,
                networkGbps, released, priceMarket, "");
    }
}
