package com.vramadvisor.figures;

import com.vramadvisor.engine.ranking.JobCostOrder;
import java.util.Locale;

/**
 * An amount of US dollars as every table, report and summary shows it: "&lt; $0.01" above 0 and below a cent,
 * cents below $10 ("$0.42", "$9.99"), whole dollars with grouping from $10 ("$27", "$175,000"). The precision is
 * the one the decision tables rank job costs at ({@link JobCostOrder#shownUsd}), so two options whose job costs read
 * the same are ordered by what they cost to have, and a reader never sees a ranking decided by digits not shown.
 * Hourly rents are unit prices, quoted by the providers in cents, and keep their cents at any size ({@link #rate}).
 */
public final class MoneyText {

    private final Bundle words;
    private final Digits digits;

    private MoneyText(Locale locale) {
        this.words = new Bundle(locale);
        this.digits = new Digits(locale);
    }

    /** The texts for {@code locale}: Chinese for any {@code zh} locale, English otherwise. */
    public static MoneyText of(Locale locale) {
        return new MoneyText(locale);
    }

    /** An amount (a job's cost, a capital, a bill): see the class comment; negative and NaN read as $0.00. */
    public String amount(double usd) {
        if (JobCostOrder.belowACent(usd)) {
            return words.get("money.belowCent");
        }
        double shown = JobCostOrder.shownUsd(usd);
        if (shown < JobCostOrder.WHOLE_DOLLARS_FROM_USD) {
            return words.fill("money.usd", digits.fixed(Math.round(shown * 100), 2));
        }
        return words.fill("money.usd", digits.whole(Math.round(shown)));
    }

    /** The same for a {@code null}-able value: {@code unknown} when there is none. */
    public String amount(Double usd, String unknown) {
        return usd == null ? unknown : amount(usd.doubleValue());
    }

    /** A price per hour (or per any unit), in cents at any size: "$2.49", "$98.32", "$1,012.00". */
    public String rate(double usd) {
        return words.fill("money.usd", digits.fixed(Math.round(Math.max(0, usd) * 100), 2));
    }

    /** The same for a {@code null}-able value: {@code unknown} when there is none. */
    public String rate(Double usd, String unknown) {
        return usd == null ? unknown : rate(usd.doubleValue());
    }
}
