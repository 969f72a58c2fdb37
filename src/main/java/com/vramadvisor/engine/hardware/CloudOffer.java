package com.vramadvisor.engine.hardware;

/**
 * A rentable cloud instance type.
 *
 * @param id                 lowercase id ({@code aws-p5.48xlarge})
 * @param provider           AWS, GCP, Azure, ...
 * @param instanceType       the provider's name for it
 * @param gpuId              the {@link GpuSpec#id()} of its GPUs
 * @param gpuCount           GPUs per instance
 * @param priceUsdPerHour    on-demand price per instance-hour in US dollars
 * @param priceDate          date of that price (ISO)
 * @param region             region the price applies to
 * @param source             where the price comes from
 * @param network            the instance's network for traffic between instances, in words; empty when the catalog
 *                           gives none (the GPU's node class then stands in)
 * @param networkGbps        its bandwidth per instance, 10^9 bits per second; 0 when not given
 */
public record CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                         double priceUsdPerHour, String priceDate, String region, String source, String network,
                         double networkGbps) {

    public CloudOffer {
        network = network == null ? "" : network;
    }

    /** An offer whose network the catalog does not give. */
    public CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                      double priceUsdPerHour, String priceDate, String region, String source) {
        this(id, provider, instanceType, gpuId, gpuCount, priceUsdPerHour, priceDate, region, source, "", 0);
    }
}
