package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.files.UntrustedText;

/** Reads one entry of {@code nodes.json} into a {@link NodeSpec}; field names and units in {@code docs/catalog.md}. */
final class NodeEntryParser {

    private NodeEntryParser() {
    }

    /** The node class, or {@code null} when the entry has problems (then recorded in the reader). */
    static NodeSpec parse(EntryReader r) {
        String id = r.id();
        String name = r.text("name");
        int maxGpus = r.integer("maxGpus", 1, 1024);
        boolean board = r.optionalBoolean("soldAsBoard", false);
        int lanes = r.optionalInteger("pcieLanesPerGpu", 16, 1, 32);
        String network = r.text("network");
        double networkGbps = r.number("networkGbps", 0.001, 1e7);
        double price = r.optionalNumber("hostPriceUsd", NodeSpec.UNKNOWN, 0, 1e9);
        String priceDate = r.optionalText("priceDate", "");
        if (price > 0 && priceDate.isEmpty()) {
            r.fail("priceDate", "a price needs the date it was valid (yyyy, yyyy-mm or yyyy-mm-dd)");
        } else if (price > 0) {
            GpuEntryParser.checkPrice(r, price, priceDate);
        }
        String market = r.optionalText("priceMarket", "");
        if (price > 0 && market.isEmpty()) {
            r.fail("priceMarket", "a host price needs its market: us-list or us-street");
        } else if (price <= 0 && !market.isEmpty()) {
            r.fail("priceMarket", "a price market without a host price");
        } else if (!market.isEmpty() && !GpuSpec.MARKETS.contains(market)) {
            r.fail("priceMarket", "expected us-list or us-street, found " + UntrustedText.quote(market));
        }
        int power = r.optionalInteger("hostPowerWatts", (int) NodeSpec.UNKNOWN, 0, 10_000_000);
        int maxPower = r.optionalInteger("maxPowerWatts", 0, 1, 10_000_000);
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        return new NodeSpec(id, name, maxGpus, board, lanes, network, networkGbps, price, priceDate, power, source,
                maxPower, market);
    }
}
