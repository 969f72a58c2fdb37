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
 */
public record CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                         double priceUsdPerHour, String priceDate, String region, String source) {
}
