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
 */
public record SystemSpec(String id, String name, String gpuId, int gpuCount, String interconnect, double priceUsd,
                         String priceDate, int powerWatts, String source, String network, double networkGbps) {

    public SystemSpec {
        network = network == null ? "" : network;
    }

    /** A system whose network the catalog does not give. */
    public SystemSpec(String id, String name, String gpuId, int gpuCount, String interconnect, double priceUsd,
                      String priceDate, int powerWatts, String source) {
        this(id, name, gpuId, gpuCount, interconnect, priceUsd, priceDate, powerWatts, source, "", 0);
    }

    /** This system with another purchase price and its date (a user's own price); every other figure is kept. */
    public SystemSpec withPrice(double usd, String date) {
        return new SystemSpec(id, name, gpuId, gpuCount, interconnect, usd, date, powerWatts, source, network,
                networkGbps);
    }
}
