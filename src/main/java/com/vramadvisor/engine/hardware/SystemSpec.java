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
 */
public record SystemSpec(String id, String name, String gpuId, int gpuCount, String interconnect, double priceUsd,
                         String priceDate, int powerWatts, String source) {
}
