package com.vramadvisor.engine.hardware;

import java.util.Objects;

/**
 * One way to rent a cloud instance type: a provider's instance in one market (on demand, a one- or three-year
 * commitment, spot, or a marketplace listing) at one dated price. The same instance type in two markets is two
 * offers. Field names, units and sources are documented in {@code docs/catalog.md}.
 *
 * @param id               lowercase id, the provider, instance type and market joined by {@code -}
 *                         ({@code lambda-gpu-8x-h100-sxm5-on-demand})
 * @param provider         the provider's display name (AWS, Lambda, RunPod, ...)
 * @param providerKind     hyperscaler, specialist GPU cloud or marketplace
 * @param instanceType     the provider's name for the instance type
 * @param gpuId            the {@link GpuSpec#id()} of its GPUs
 * @param gpuCount         GPUs per instance
 * @param market           the terms the price comes with; a commitment bills its whole term
 *                         ({@link Market#termHours()}) at this hourly price
 * @param priceUsdPerHour  price of the whole instance per hour in US dollars, in this market; for a commitment the
 *                         effective hourly price without upfront payment
 * @param priceDate        the date the price was published or observed, ISO {@code yyyy-mm-dd} or {@code yyyy-mm}
 * @param region           the region the price is for, as the provider names it ({@code us-east-1}); {@code global}
 *                         where the provider publishes one price for all regions
 * @param interruption     whether the instance can be taken away before the renter stops it
 * @param interruptionNote the interruption risk in words (notice period, who decides); empty for
 *                         {@link Interruption#NONE}
 * @param network          the instance's network for traffic between instances, in words; empty when the catalog
 *                         gives none (the GPU's node class then stands in)
 * @param networkGbps      its bandwidth per instance, 10^9 bits per second; 0 when not given
 * @param source           where the price (and the network) come from: the document, what was read, its date
 * @param priceSource      {@link PriceSource#USER} when the user's price list replaced the catalog's price
 */
public record CloudOffer(String id, String provider, ProviderKind providerKind, String instanceType, String gpuId,
                         int gpuCount, Market market, double priceUsdPerHour, String priceDate, String region,
                         Interruption interruption, String interruptionNote, String network, double networkGbps,
                         String source, PriceSource priceSource) {

    public CloudOffer {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(providerKind, "providerKind");
        Objects.requireNonNull(market, "market");
        Objects.requireNonNull(interruption, "interruption");
        if (gpuCount < 1) {
            throw new IllegalArgumentException(id + ": an offer has at least one GPU");
        }
        interruptionNote = interruptionNote == null ? "" : interruptionNote;
        network = network == null ? "" : network;
        priceSource = priceSource == null ? PriceSource.CATALOG : priceSource;
    }

    /**
     * An on-demand offer that runs until the renter stops it, with the catalog's price: the shape offers had before
     * the catalog knew markets. The provider kind is {@link ProviderKind#HYPERSCALER}.
     */
    public CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                      double priceUsdPerHour, String priceDate, String region, String source, String network,
                      double networkGbps) {
        this(id, provider, ProviderKind.HYPERSCALER, instanceType, gpuId, gpuCount, Market.ON_DEMAND, priceUsdPerHour,
                priceDate, region, Interruption.NONE, "", network, networkGbps, source, PriceSource.CATALOG);
    }

    /** An on-demand offer, as {@link #CloudOffer(String, String, String, String, int, double, String, String,
     *  String, String, double)}, whose network the catalog does not give. */
    public CloudOffer(String id, String provider, String instanceType, String gpuId, int gpuCount,
                      double priceUsdPerHour, String priceDate, String region, String source) {
        this(id, provider, instanceType, gpuId, gpuCount, priceUsdPerHour, priceDate, region, source, "", 0);
    }

    /** The price per GPU-hour in US dollars: {@link #priceUsdPerHour} over {@link #gpuCount}. */
    public double usdPerGpuHour() {
        return priceUsdPerHour / gpuCount;
    }

    /**
     * What the commitment bills whatever the use, US dollars: the hourly price times the hours of the term; 0 for a
     * market without a term.
     */
    public double termCommitmentUsd() {
        return priceUsdPerHour * market.termHours();
    }

    /** The provider, the instance type and, unless on demand, the market: a name that tells offers apart. */
    public String displayName() {
        String name = provider + " " + instanceType;
        return market == Market.ON_DEMAND ? name : name + " (" + market.id() + ")";
    }

    /** This offer with the user's price and its date in place of the catalog's, marked {@link PriceSource#USER}. */
    public CloudOffer withUserPrice(double usdPerHour, String date) {
        return new CloudOffer(id, provider, providerKind, instanceType, gpuId, gpuCount, market, usdPerHour, date,
                region, interruption, interruptionNote, network, networkGbps, source, PriceSource.USER);
    }
}
