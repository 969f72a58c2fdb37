package com.vramadvisor.cli;

import com.vramadvisor.engine.money.OwnershipTerms;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.figures.VerdictText;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;

import java.util.Locale;

/**
 * The command line's English words for the money of a decision table: the terms a purchase is costed on, the verdict
 * (renting or buying cheaper, and where the other wins), and a bought row's break-even. The verdict and the
 * break-even are {@link VerdictText}'s, which the window uses too; the reports word the same figures from their
 * bundles.
 */
final class MoneyWords {

    private static final VerdictText WORDS = VerdictText.of(Locale.ENGLISH);

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
     * buying the best purchase would beat renting the same work; empty when the table has no job cost. The window
     * words it the same way ({@link VerdictText}).
     */
    static String verdict(Recommendation rec) {
        return WORDS.sentence(rec.verdict());
    }

    /**
     * A bought row's break-even in a column: the utilisation over the break-even years above which buying beats
     * renting the same work, "never" where renting it always costs less, "-" where no rental prices that work or the
     * row is rented.
     */
    static String paysOff(RecommendationRow r) {
        return WORDS.paysOff(r);
    }

    /** "38%", "0.5%" below one percent, "< 0.1%" below a tenth. */
    static String percent(double fraction) {
        return WORDS.percent(fraction);
    }

    /** "3 years", "1 year", "1.5 years". */
    static String years(double y) {
        return WORDS.years(y);
    }

    private static String num(double v, String pattern) {
        return String.format(Locale.ROOT, pattern, v);
    }
}
