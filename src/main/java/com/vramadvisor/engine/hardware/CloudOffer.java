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
 * @param spotUsdPerHour     the provider's published spot (preemptible) price per instance-hour in the same region
 *                           on the same date, US dollars; 0 when none is published. Shown, never ranked on
 * @param reservedOneYearUsdPerHour the effective hourly price of a one-year commitment (reserved instance or
 *                           savings plan, no upfront payment) in the same region on the same date, US dollars; 0 when
 *                           none is published. Shown, never ranked on: rankings use {@link #priceUsdPerHour}
 */
public record CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                         double priceUsdPerHour, String priceDate, String region, String source, String network,
                         double networkGbps, double spotUsdPerHour, double reservedOneYearUsdPerHour) {

    public CloudOffer {
        network = network == null ? "" : network;
        spotUsdPerHour = Math.max(0, spotUsdPerHour);
        reservedOneYearUsdPerHour = Math.max(0, reservedOneYearUsdPerHour);
    }

    /** An offer with on-demand pricing only. */
    public CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                      double priceUsdPerHour, String priceDate, String region, String source, String network,
                      double networkGbps) {
        this(id, provider, instanceType, gpuId, gpuCount, priceUsdPerHour, priceDate, region, source, network,
                networkGbps, 0, 0);
    }

    /** An offer whose network the catalog does not give. */
    public CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                      double priceUsdPerHour, String priceDate, String region, String source) {
        this(id, provider, instanceType, gpuId, gpuCount, priceUsdPerHour, priceDate, region, source, "", 0);
    }
}
