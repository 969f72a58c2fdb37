package com.vramadvisor.figures;

import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.MoneyVerdict;
import com.vramadvisor.engine.ranking.RecommendationRow;
import java.util.Locale;

/**
 * The money verdict of a decision table in one sentence, the same words on the command line and in the window: which
 * way, renting or buying, gets this job done for less and by how much, and the utilisation above which buying the best
 * purchase would beat renting the same work ({@link MoneyVerdict}). Also a bought row's break-even as a table cell.
 * Words come from the bundle {@code com/vramadvisor/figures/figures}; amounts read as {@link MoneyText} writes them.
 * Immutable and safe to use from the ranking thread.
 */
public final class VerdictText {

    private final Bundle words;
    private final MoneyText money;

    private VerdictText(Locale locale) {
        this.words = new Bundle(locale);
        this.money = MoneyText.of(locale);
    }

    /** The texts for {@code locale}: Chinese for any {@code zh} locale, English otherwise. */
    public static VerdictText of(Locale locale) {
        return new VerdictText(locale);
    }

    /**
     * The verdict in a sentence or two: which way is cheaper for this job, against the best of the other way, and the
     * best purchase's break-even against renting the same work; empty when no row fits with a job cost.
     */
    public String sentence(MoneyVerdict v) {
        RecommendationRow rent = v.bestRental();
        RecommendationRow buy = v.bestPurchase();
        if (v.cheaper() == null || rent == null && buy == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        if (v.cheaper() == Acquisition.RENTAL && rent != null && rent.jobCostUsd() != null) {
            s.append(words.fill("verdict.rental", rent.hardwareName(), money.amount(rent.jobCostUsd())));
            if (buy != null && buy.jobCostUsd() != null) {
                s.append(words.fill("verdict.rental.against", money.amount(buy.jobCostUsd()), buy.hardwareName()));
            }
            s.append(words.get("verdict.end"));
        } else if (v.cheaper() == Acquisition.PURCHASE && buy != null && buy.jobCostUsd() != null) {
            s.append(words.fill("verdict.purchase", buy.hardwareName(), money.amount(buy.jobCostUsd())));
            if (rent != null && rent.jobCostUsd() != null) {
                s.append(words.fill("verdict.purchase.against", money.amount(rent.jobCostUsd()),
                        rent.hardwareName()));
            }
            s.append(words.get("verdict.end"));
        }
        if (buy != null && v.comparableRental()) {
            s.append(s.length() > 0 ? words.get("verdict.separator") : "");
            s.append(v.breakEvenUtilization() != null
                    ? words.fill("verdict.breakEven", buy.hardwareName(), percent(v.breakEvenUtilization()),
                    years(v.years()))
                    : words.fill("verdict.breakEven.never", buy.hardwareName(), years(v.years())));
        }
        return s.toString();
    }

    /**
     * A bought row's break-even as a cell: the utilisation over the break-even years above which buying beats renting
     * the same work, "never" where renting it always costs less, "-" where no rental prices that work or the row is
     * rented.
     */
    public String paysOff(RecommendationRow r) {
        if (r.acquisition() != Acquisition.PURCHASE || r.money().equalWorkRentUsdPerHour() == null) {
            return words.get("paysOff.none");
        }
        Double u = r.money().breakEvenUtilization();
        return u == null ? words.get("paysOff.never") : percent(u);
    }

    /** A share of the time: "38%", "0.5%" below one percent, "&lt; 0.1%" below a tenth of one. */
    public String percent(double fraction) {
        double p = fraction * 100;
        if (p > 0 && p < 0.1) {
            return words.get("percent.belowTenth");
        }
        return words.fill("percent", String.format(Locale.ROOT, p < 1 ? "%.1f" : "%.0f", p));
    }

    /** "3 years", "1 year", "1.5 years". */
    public String years(double y) {
        String n = y == Math.rint(y) ? String.format(Locale.ROOT, "%.0f", y) : String.format(Locale.ROOT, "%.1f", y);
        return words.fill(y == 1 ? "years.one" : "years.many", n);
    }
}
