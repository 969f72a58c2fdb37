package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.Interruption;
import com.vramadvisor.engine.hardware.Market;
import com.vramadvisor.engine.hardware.PriceSource;
import com.vramadvisor.engine.hardware.ProviderKind;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.files.UntrustedText;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads entries of {@code systems.json} and {@code cloud.json}. References to GPUs are checked later, once every
 * GPU (shipped and user) is known.
 */
final class HardwareEntryParser {

    /** A cloud price's date: the day or the month it was published or observed (a year alone is too coarse). */
    static final Pattern MONTH_DATE = Pattern.compile("\\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\\d|3[01]))?");
    /** An hourly price above a million dollars is a typing mistake. */
    static final double MAX_USD_PER_HOUR = 1e6;

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
        ProviderKind kind = choice(r, "providerKind", ProviderKind::fromId, ProviderKind.values(), ProviderKind::id,
                ProviderKind.SPECIALIST);
        String instanceType = r.text("instanceType");
        String gpuId = r.text("gpuId");
        int gpuCount = r.integer("gpuCount", 1, 1_000_000);
        double memoryGbTotal = r.optionalNumber("memoryGbTotal", 0, 0.001, 1e9);
        Market market = choice(r, "market", Market::fromId, Market.values(), Market::id, Market.ON_DEMAND);
        double price = r.positiveNumber("priceUsdPerHour", MAX_USD_PER_HOUR);
        String priceDate = r.text("priceDate");
        if (!priceDate.isEmpty() && !MONTH_DATE.matcher(priceDate).matches()) {
            r.fail("priceDate", "expected the date the price was published or observed, yyyy-mm-dd or yyyy-mm, found "
                    + UntrustedText.quote(priceDate));
        }
        String region = r.text("region");
        Interruption interruption = r.has("interruption")
                ? choice(r, "interruption", Interruption::fromId, Interruption.values(), Interruption::id,
                        Interruption.NONE)
                : Interruption.NONE;
        String interruptionNote = r.optionalText("interruptionNote", "");
        checkInterruption(r, market, interruption, interruptionNote);
        String network = r.optionalText("network", "");
        double networkGbps = networkGbps(r, network);
        String source = r.text("source");
        for (String legacy : new String[] {"spotUsdPerHour", "reserved1yUsdPerHour"}) {
            if (r.has(legacy)) {
                // Read (and so not reported again as unknown), then refused with what to write instead.
                r.optionalNumber(legacy, 0, -Double.MAX_VALUE, Double.MAX_VALUE);
                r.fail(legacy, "no longer read: give a spot or committed price as an offer of its own with \"market\": "
                        + "\"spot\", \"commit-1y\" or \"commit-3y\" (docs/catalog.md)");
            }
        }
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        return new ParsedOffer(new CloudOffer(id, provider, kind, instanceType, gpuId, gpuCount, market, price,
                priceDate, region, interruption, interruptionNote, network, networkGbps, source, PriceSource.CATALOG),
                memoryGbTotal);
    }

    /**
     * Spot capacity and marketplace listings can end before the renter stops them: such an offer states how
     * ({@code interruption} other than {@code none}) and in words ({@code interruptionNote}); any offer that states an
     * interruption says in words what it is.
     */
    private static void checkInterruption(EntryReader r, Market market, Interruption interruption, String note) {
        boolean interruptible = market == Market.SPOT || market == Market.MARKETPLACE;
        if (interruptible && interruption == Interruption.NONE) {
            r.fail("interruption", "a " + market.id() + " offer states its interruption risk: \"reclaimable\" or"
                    + " \"host-dependent\"");
        }
        if ((interruptible || interruption != Interruption.NONE) && note.isEmpty()) {
            r.fail("interruptionNote", "required for a " + (interruptible ? market.id() + " offer" : "stated interruption")
                    + ": say in words how the instance can be taken away (notice, who decides)");
        }
    }

    /** A required field naming one constant of an enum by its id; {@code absent} (after a problem) when it does not. */
    private static <E> E choice(EntryReader r, String field, Function<String, Optional<E>> parse, E[] values,
                                Function<E, String> id, E absent) {
        String text = r.text(field);
        if (text.isEmpty()) {
            return absent;
        }
        Optional<E> found = parse.apply(text);
        if (found.isEmpty()) {
            r.fail(field, "expected one of " + Arrays.stream(values).map(id).collect(Collectors.joining(", "))
                    + ", found " + UntrustedText.quote(text));
            return absent;
        }
        return found.get();
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
