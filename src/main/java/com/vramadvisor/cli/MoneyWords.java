package com.vramadvisor.cli;

import com.vramadvisor.engine.money.OwnershipTerms;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.MoneyVerdict;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;

import java.util.Locale;

/**
 * The command line's English words for the money of a decision table: the terms a purchase is costed on, the verdict
 * (renting or buying cheaper, and where the other wins), and a bought row's break-even. The reports and the window
 * word the same figures from their bundles.
 */
final class MoneyWords {

    private MoneyWords() {
    }

    /** One line: how bought and rented options are costed in this table. */
    static String terms(Recommendation rec) {
        OwnershipTerms t = rec.ownership();
        Usage u = rec.options().usage();
        String use = u.jobOnly() ? "for this job alone, the price less what the hardware sells for when it ends"
                : String.format(Locale.ROOT, "busy %s of the time for %s, the job's share of the price less resale",
                percent(u.utilization()), years(u.years()));
        String hosting = t.colocationUsdPerKwMonth() == null ? "no colocation price known"
                : String.format(Locale.ROOT, "colocation %s per kW-month for servers",
                RecommendCommand.MONEY.amount(t.colocationUsdPerKwMonth()));
        return String.format(Locale.ROOT, "Bought: %s (a %s selling fee), %s, energy at %s USD/kWh x PUE %s in a "
                        + "data centre; rented: the provider's bill, a commitment's whole term.", use,
                percent(t.sellingCostFraction()), hosting, num(t.electricityUsdPerKWh(), "%.3f"),
                num(t.pue(), "%.2f"));
    }

    /**
     * The verdict in a sentence: which way is cheaper for this job and by how much, and the utilisation above which
     * buying the best purchase would beat renting the same work; empty when the table has no job cost.
     */
    static String verdict(Recommendation rec) {
        MoneyVerdict v = rec.verdict();
        RecommendationRow rent = v.bestRental();
        RecommendationRow buy = v.bestPurchase();
        if (v.cheaper() == null || rent == null && buy == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        if (v.cheaper() == Acquisition.RENTAL && rent != null && rent.jobCostUsd() != null) {
            s.append("Renting is cheaper for this job: ").append(rent.hardwareName()).append(" for ")
                    .append(RecommendCommand.MONEY.amount(rent.jobCostUsd()));
            if (buy != null && buy.jobCostUsd() != null) {
                s.append(", against ").append(RecommendCommand.MONEY.amount(buy.jobCostUsd())).append(" to own ")
                        .append(buy.hardwareName()).append(" for it");
            }
            s.append('.');
        } else if (v.cheaper() == Acquisition.PURCHASE && buy != null && buy.jobCostUsd() != null) {
            s.append("Buying is cheaper for this job: ").append(buy.hardwareName()).append(" costs ")
                    .append(RecommendCommand.MONEY.amount(buy.jobCostUsd())).append(" to own for it");
            if (rent != null && rent.jobCostUsd() != null) {
                s.append(", against ").append(RecommendCommand.MONEY.amount(rent.jobCostUsd())).append(" to rent ")
                        .append(rent.hardwareName());
            }
            s.append('.');
        }
        if (buy != null && v.comparableRental()) {
            s.append(s.length() > 0 ? " " : "");
            if (v.breakEvenUtilization() != null) {
                s.append(String.format(Locale.ROOT, "Buying %s beats renting the same work if it stays busy more than"
                        + " %s of the time for %s.", buy.hardwareName(), percent(v.breakEvenUtilization()),
                        years(v.years())));
            } else {
                s.append(String.format(Locale.ROOT, "Renting the work of %s stays cheaper than buying it even busy all"
                        + " the time for %s.", buy.hardwareName(), years(v.years())));
            }
        }
        return s.toString();
    }

    /**
     * A bought row's break-even in a column: the utilisation over the break-even years above which buying beats
     * renting the same work, "never" where renting them always costs less, "-" where no rental prices that work or the row is
     * rented.
     */
    static String paysOff(RecommendationRow r) {
        if (r.acquisition() != Acquisition.PURCHASE || r.money().equalWorkRentUsdPerHour() == null) {
            return "-";
        }
        Double u = r.money().breakEvenUtilization();
        return u == null ? "never" : percent(u);
    }

    /** "38%", "0.5%" below one percent, "< 0.1%" below a tenth. */
    static String percent(double fraction) {
        double p = fraction * 100;
        if (p > 0 && p < 0.1) {
            return "< 0.1%";
        }
        return p < 1 ? String.format(Locale.ROOT, "%.1f%%", p) : String.format(Locale.ROOT, "%.0f%%", p);
    }

    /** "3 years", "1 year", "1.5 years". */
    static String years(double y) {
        String n = y == Math.rint(y) ? String.format(Locale.ROOT, "%.0f", y) : String.format(Locale.ROOT, "%.1f", y);
        return n + (y == 1 ? " year" : " years");
    }

    private static String num(double v, String pattern) {
        return String.format(Locale.ROOT, pattern, v);
    }
}
