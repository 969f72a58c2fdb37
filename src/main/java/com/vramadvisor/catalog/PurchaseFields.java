package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.files.UntrustedText;

import java.util.regex.Pattern;

/**
 * The fields that say when a GPU or system came out and in which market its price was asked
 * ({@code docs/catalog.md}): {@code released} (required, {@code yyyy-mm}); with a price, {@code priceMarket}
 * ({@code us-list} or {@code us-street}) and a {@code priceDate} no earlier than the release; without one,
 * {@code unpricedReason}.
 */
final class PurchaseFields {

    /** A month, {@code yyyy-mm}. */
    static final Pattern MONTH = Pattern.compile("\\d{4}-(0[1-9]|1[0-2])");

    private PurchaseFields() {
    }

    /** What {@link #read} found; empty strings where a field is absent or bad. */
    record Purchase(String released, String priceMarket, String unpricedReason) {
    }

    /**
     * Reads {@code released}, {@code priceMarket} and {@code unpricedReason} of an entry whose {@code priceUsd} and
     * {@code priceDate} (already checked with {@link GpuEntryParser#checkPrice}) are given, and records what is wrong.
     */
    static Purchase read(EntryReader r, double price, String priceDate) {
        String released = month(r, "released", true);
        String market = r.optionalText("priceMarket", "");
        String reason = r.optionalText("unpricedReason", "");
        if (price > 0) {
            if (market.isEmpty()) {
                r.fail("priceMarket", "a price needs its market: us-list (the vendor's US list price) or us-street"
                        + " (a dated US retailer or reported selling price)");
            } else if (!GpuSpec.MARKETS.contains(market)) {
                r.fail("priceMarket", "expected us-list or us-street, found " + UntrustedText.quote(market));
            }
            if (!reason.isEmpty()) {
                r.fail("unpricedReason", "an entry with a price gives no reason for having none");
            }
            if (!released.isEmpty() && GpuEntryParser.DATE.matcher(priceDate).matches()
                    && before(priceDate, released)) {
                r.fail("priceDate", "the price is dated " + priceDate + ", before the release (" + released
                        + "); a price cannot apply before the product was on sale");
            }
        } else {
            if (!market.isEmpty()) {
                r.fail("priceMarket", "a price market without a price");
            }
            if (reason.isEmpty()) {
                r.fail("unpricedReason", "an entry without priceUsd says why (for instance \"sold only inside"
                        + " GB200 NVL72 racks; no per-GPU price published\")");
            }
        }
        return new Purchase(released, market, reason);
    }

    /** A {@code yyyy-mm} field; empty when absent (and {@code required} false) or bad. */
    static String month(EntryReader r, String field, boolean required) {
        String text = required ? r.text(field) : r.optionalText(field, "");
        if (text.isEmpty()) {
            return "";
        }
        if (!MONTH.matcher(text).matches()) {
            r.fail(field, "expected a month yyyy-mm, found " + UntrustedText.quote(text));
            return "";
        }
        return text;
    }

    /**
     * Whether an ISO date ({@code yyyy}, {@code yyyy-mm} or {@code yyyy-mm-dd}) lies before a month: a year-only date
     * is before the month only when its year is earlier.
     */
    static boolean before(String date, String month) {
        if (date.length() == 4) {
            return date.compareTo(month.substring(0, 4)) < 0;
        }
        return date.substring(0, 7).compareTo(month) < 0;
    }
}
