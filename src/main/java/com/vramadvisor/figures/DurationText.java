package com.vramadvisor.figures;

import java.util.List;
import java.util.Locale;

/**
 * A duration as every table, report and summary shows it, in the unit its size reads best in: "38 s", "12 min",
 * "3.5 h", "4.2 days", "41 days", "2.3 years" (English) or "38 秒", "12 分钟", "3.5 小时", "41 天" (Chinese).
 *
 * <p>Rules, each applied to the value rounded as it would be shown, so that 59.6 s reads "1 min" and never
 * "60 s": whole seconds below a minute ("&lt; 1 s" below half a second, "0 s" for none); whole minutes below an
 * hour; hours with one decimal below two days (a run of 30 hours is planned in hours); days with one decimal below
 * ten days and whole days below two years; years with one decimal beyond. A job's time is the output of a speed
 * model that is tens of percent off at best (docs/decision-table.md), so two or three significant digits are all a
 * reader can use.
 */
public final class DurationText {

    private static final double SECONDS_PER_HOUR = 3600;
    private static final double HOURS_PER_DAY = 24;
    /** A calendar year of 365 days, as the decision table's amortisation counts 8,760 hours a year. */
    private static final double DAYS_PER_YEAR = 365;

    private final Bundle words;
    private final Digits digits;

    private DurationText(Locale locale) {
        this.words = new Bundle(locale);
        this.digits = new Digits(locale);
    }

    /** The texts for {@code locale}: Chinese for any {@code zh} locale, English otherwise. */
    public static DurationText of(Locale locale) {
        return new DurationText(locale);
    }

    /** {@code hours} (a wall-clock time, 0 or more; negative and NaN read as 0) in the unit that reads best. */
    public String hours(double hours) {
        double h = hours > 0 ? hours : 0;
        double seconds = h * SECONDS_PER_HOUR;
        if (seconds == 0) {
            return words.fill("duration.seconds", "0");
        }
        if (seconds < 0.5) {
            return words.get("duration.belowSecond");
        }
        long wholeSeconds = Math.round(seconds);
        if (wholeSeconds < 60) {
            return words.fill("duration.seconds", digits.whole(wholeSeconds));
        }
        long minutes = Math.round(seconds / 60);
        if (minutes < 60) {
            return words.fill("duration.minutes", digits.whole(minutes));
        }
        long tenthsOfHours = Math.round(h * 10);
        if (tenthsOfHours < 2 * HOURS_PER_DAY * 10) {
            return words.fill("duration.hours", digits.fixed(tenthsOfHours, 1));
        }
        double days = h / HOURS_PER_DAY;
        long tenthsOfDays = Math.round(days * 10);
        if (tenthsOfDays < 100) {
            return words.fill("duration.days", digits.fixed(tenthsOfDays, 1));
        }
        long wholeDays = Math.round(days);
        if (wholeDays < 2 * DAYS_PER_YEAR) {
            return words.fill("duration.days", digits.whole(wholeDays));
        }
        return words.fill("duration.years", digits.fixed(Math.round(days / DAYS_PER_YEAR * 10), 1));
    }

    /** The same for a {@code null}-able value: {@code unknown} when there is none. */
    public String hours(Double hours, String unknown) {
        return hours == null ? unknown : hours(hours.doubleValue());
    }

    /** Every key of the bundle in this language, for the completeness test. */
    List<String> keys() {
        return words.keys();
    }
}
