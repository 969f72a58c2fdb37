package com.vramadvisor.catalog;

import com.vramadvisor.engine.money.ColocationPrice;
import com.vramadvisor.engine.money.DepreciationClass;
import com.vramadvisor.engine.money.DepreciationCurve;
import com.vramadvisor.engine.money.ElectricityPrice;
import com.vramadvisor.engine.money.NetworkCost;
import com.vramadvisor.engine.money.SellingCost;
import com.vramadvisor.engine.money.PowerUsageEffectiveness;
import com.vramadvisor.files.UntrustedText;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the sections of {@code money.json} ({@code docs/catalog.md}, "Money"): {@code electricity}, {@code pue},
 * {@code colocation} (one object each), {@code networkCosts} and {@code depreciationCurves} (lists of objects with
 * ids). Each section, and each list entry, is read on its own reader, so a broken one is skipped and the rest load.
 */
final class MoneyEntryParser {

    private MoneyEntryParser() {
    }

    static ElectricityPrice electricity(EntryReader r) {
        double price = r.number("usdPerKWh", 0.000001, 100);
        String date = date(r);
        String region = r.text("region");
        String source = r.text("source");
        r.rejectUnknownFields();
        return r.ok() ? new ElectricityPrice(price, date, region, source) : null;
    }

    static PowerUsageEffectiveness pue(EntryReader r) {
        double value = r.number("value", 1, 10);
        String date = date(r);
        String source = r.text("source");
        r.rejectUnknownFields();
        return r.ok() ? new PowerUsageEffectiveness(value, date, source) : null;
    }

    static ColocationPrice colocation(EntryReader r) {
        double price = r.number("usdPerKwMonth", 0.000001, 100_000);
        String date = date(r);
        String region = r.text("region");
        String source = r.text("source");
        r.rejectUnknownFields();
        return r.ok() ? new ColocationPrice(price, date, region, source) : null;
    }

    static SellingCost sellingCost(EntryReader r) {
        double fraction = r.number("fraction", 0, 0.999);
        String date = date(r);
        String source = r.text("source");
        r.rejectUnknownFields();
        return r.ok() ? new SellingCost(fraction, date, source) : null;
    }

    static NetworkCost networkCost(EntryReader r) {
        String id = r.id();
        String name = r.text("name");
        List<String> classes = r.optionalTextList("nodeClasses");
        if (classes == null || classes.isEmpty()) {
            r.fail("nodeClasses", "required: the node class ids (nodes.json) the cost applies to");
        } else {
            for (String c : classes) {
                if (!EntryReader.ID.matcher(c).matches()) {
                    r.fail("nodeClasses", "expected ids of node classes, found " + UntrustedText.quote(c));
                }
            }
        }
        List<NetworkCost.Tier> tiers = new ArrayList<>();
        List<EntryReader> tierReaders = r.optionalObjectList("tiers");
        if (tierReaders == null || tierReaders.isEmpty()) {
            r.fail("tiers", "required: at least one {\"clusterNodes\", \"usdPerNode\"}");
        } else {
            for (EntryReader t : tierReaders) {
                int nodes = t.integer("clusterNodes", 1, 10_000_000);
                double usd = t.number("usdPerNode", 0, 1e9);
                t.rejectUnknownFields();
                if (!tiers.isEmpty() && nodes <= tiers.get(tiers.size() - 1).clusterNodes()) {
                    t.fail("clusterNodes", "cluster sizes must increase from tier to tier");
                }
                tiers.add(new NetworkCost.Tier(Math.max(1, nodes), Math.max(0, usd)));
            }
        }
        boolean nics = r.optionalBoolean("includesNics", false);
        String date = date(r);
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        return new NetworkCost(id, name, classes, tiers, nics, date, source);
    }

    static DepreciationCurve curve(EntryReader r) {
        String id = r.text("id");
        DepreciationClass hardwareClass = DepreciationClass.byId(id).orElse(null);
        if (!id.isEmpty() && hardwareClass == null) {
            List<String> ids = new ArrayList<>();
            for (DepreciationClass c : DepreciationClass.values()) {
                ids.add(c.id());
            }
            r.fail("id", "expected a hardware class among " + String.join(", ", ids) + ", found "
                    + UntrustedText.quote(id));
        }
        List<DepreciationCurve.Point> points = new ArrayList<>();
        List<EntryReader> pointReaders = r.optionalObjectList("points");
        if (pointReaders == null || pointReaders.isEmpty()) {
            r.fail("points", "required: points {\"ageMonths\", \"residualFraction\", \"source\"}, the first at age 0");
        } else {
            for (EntryReader p : pointReaders) {
                double age = p.number("ageMonths", 0, 1200);
                double fraction = p.number("residualFraction", 0, 1);
                String pointSource = p.text("source");
                p.rejectUnknownFields();
                if (points.isEmpty() && age != 0) {
                    p.fail("ageMonths", "the first point is at age 0 (the purchase)");
                } else if (!points.isEmpty()) {
                    DepreciationCurve.Point before = points.get(points.size() - 1);
                    if (age <= before.ageMonths()) {
                        p.fail("ageMonths", "ages must increase from point to point");
                    } else if (fraction > before.residualFraction()) {
                        p.fail("residualFraction", "the curve rises from " + before.residualFraction() + " at "
                                + plain(before.ageMonths()) + " months to " + fraction + " at " + plain(age)
                                + " months; a depreciation curve never rises");
                    }
                }
                points.add(new DepreciationCurve.Point(age, fraction, pointSource));
            }
        }
        String date = date(r);
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        try {
            return new DepreciationCurve(hardwareClass, points, date, source);
        } catch (IllegalArgumentException e) {
            r.fail(null, e.getMessage());
            return null;
        }
    }

    /** A required ISO {@code date}. */
    private static String date(EntryReader r) {
        String date = r.text("date");
        if (!date.isEmpty() && !GpuEntryParser.DATE.matcher(date).matches()) {
            r.fail("date", "expected an ISO date yyyy, yyyy-mm or yyyy-mm-dd, found " + UntrustedText.quote(date));
            return "";
        }
        return date;
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
