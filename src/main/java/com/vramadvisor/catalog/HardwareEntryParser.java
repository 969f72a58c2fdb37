package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.SystemSpec;

/**
 * Reads entries of {@code systems.json} and {@code cloud.json}. References to GPUs are checked later, once every
 * GPU (shipped and user) is known.
 */
final class HardwareEntryParser {

    private HardwareEntryParser() {
    }

    /** A system with the total memory its spec sheet states (0 when not given), for the reference check. */
    record ParsedSystem(SystemSpec spec, double memoryGbTotal) {
    }

    /** A cloud offer with the total GPU memory its provider states (0 when not given). */
    record ParsedOffer(CloudOffer offer, double memoryGbTotal) {
    }

    static ParsedSystem parseSystem(EntryReader r) {
        String id = r.id();
        String name = r.text("name");
        String gpuId = r.text("gpuId");
        int gpuCount = r.integer("gpuCount", 1, 1_000_000);
        double memoryGbTotal = r.optionalNumber("memoryGbTotal", 0, 0.001, 1e9);
        String interconnect = r.text("interconnect");
        double price = r.optionalNumber("priceUsd", 0, 0, 1e12);
        String priceDate = r.optionalText("priceDate", "");
        GpuEntryParser.checkPrice(r, price, priceDate);
        PurchaseFields.Purchase purchase = PurchaseFields.read(r, price, priceDate);
        int power = r.optionalInteger("powerWatts", 0, 0, 100_000_000);
        String network = r.optionalText("network", "");
        double networkGbps = networkGbps(r, network);
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        return new ParsedSystem(new SystemSpec(id, name, gpuId, gpuCount, interconnect, price, priceDate, power,
                source, network, networkGbps, purchase.released(), purchase.priceMarket(), purchase.unpricedReason()),
                memoryGbTotal);
    }

    static ParsedOffer parseOffer(EntryReader r) {
        String id = r.id();
        String provider = r.text("provider");
        String instanceType = r.text("instanceType");
        String gpuId = r.text("gpuId");
        int gpuCount = r.integer("gpuCount", 1, 1_000_000);
        double memoryGbTotal = r.optionalNumber("memoryGbTotal", 0, 0.001, 1e9);
        double price = r.number("priceUsdPerHour", 0.0001, 1e6);
        String priceDate = r.text("priceDate");
        GpuEntryParser.checkPrice(r, price, priceDate);
        String region = r.text("region");
        String network = r.optionalText("network", "");
        double networkGbps = networkGbps(r, network);
        double spot = r.optionalNumber("spotUsdPerHour", 0, 0.0001, 1e6);
        double reserved = r.optionalNumber("reserved1yUsdPerHour", 0, 0.0001, 1e6);
        if (spot > price) {
            r.fail("spotUsdPerHour", "a spot price above the on-demand price (" + price + ")");
        }
        if (reserved > price) {
            r.fail("reserved1yUsdPerHour", "a one-year commitment price above the on-demand price (" + price + ")");
        }
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        return new ParsedOffer(new CloudOffer(id, provider, instanceType, gpuId, gpuCount, price, priceDate, region,
                source, network, networkGbps, spot, reserved), memoryGbTotal);
    }

    /** {@code networkGbps}, which goes with {@code network}: both or neither. */
    private static double networkGbps(EntryReader r, String network) {
        double gbps = r.optionalNumber("networkGbps", 0, 0.001, 1e7);
        if (network.isEmpty() != (gbps == 0)) {
            r.fail(network.isEmpty() ? "network" : "networkGbps",
                    "network and networkGbps go together: name the network and give its Gb/s per unit");
        }
        return gbps;
    }
}
