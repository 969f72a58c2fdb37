package com.vramadvisor.report;

import com.vramadvisor.figures.DurationText;
import com.vramadvisor.figures.MoneyText;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The report's words and number formats in one language, from the bundle {@code com/vramadvisor/report/messages}.
 *
 * <p>Memory is always shown in GiB (2^30 bytes) and labelled so; the report never uses GB for memory.
 */
public final class ReportText {

    static final String BUNDLE = "com.vramadvisor.report.messages";
    public static final double BYTES_PER_GIB = 1024.0 * 1024.0 * 1024.0;

    private final Locale locale;
    private final ResourceBundle bundle;
    private final DurationText durations;
    private final MoneyText money;

    private ReportText(Locale locale) {
        this.locale = locale;
        // No fallback to the JVM's default locale: an English report stays English on a Chinese desktop.
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
        this.durations = DurationText.of(locale);
        this.money = MoneyText.of(locale);
    }

    public static ReportText of(Locale locale) {
        return new ReportText(ReportLanguage.of(locale).locale());
    }

    public static ReportText of(ReportLanguage language) {
        return new ReportText(language.locale());
    }

    public Locale locale() {
        return locale;
    }

    /** The text for a key; a missing key is a programming error and fails loudly. */
    public String get(String key) {
        try {
            return bundle.getString(key);
        } catch (MissingResourceException e) {
            throw new IllegalStateException("report text '" + key + "' is missing for " + locale.toLanguageTag(), e);
        }
    }

    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** The text for a key with {@code {0}}-style placeholders filled by already formatted strings. */
    public String format(String key, Object... args) {
        return new MessageFormat(get(key), locale).format(args);
    }

    /** All keys of this language's bundle, for completeness checks. */
    public List<String> keys() {
        return List.copyOf(bundle.keySet());
    }

    /** Bytes as GiB with two decimals and the unit: {@code 14.96 GiB}. */
    public String gib(long bytes) {
        return number(bytes / BYTES_PER_GIB, 2) + " GiB";
    }

    /** Bytes as GiB with two decimals, without the unit. */
    public String gibNumber(long bytes) {
        return number(bytes / BYTES_PER_GIB, 2);
    }

    /** A number with grouping and a fixed count of decimals. */
    public String number(double value, int decimals) {
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        return f.format(value);
    }

    /** A whole number with grouping: {@code 8,030,261,248}. */
    public String integer(long value) {
        return NumberFormat.getIntegerInstance(locale).format(value);
    }

    /** A duration in the unit its size reads best in ({@link DurationText}): "38 s", "12 min", "3.5 h", "41 days". */
    public String duration(double hours) {
        return durations.hours(hours);
    }

    /**
     * US dollars as every table shows them ({@link MoneyText#amount}): "&lt; $0.01", cents below $10, whole dollars
     * above; the unknown mark for {@code null}.
     */
    public String usd(Double usd) {
        return usd == null ? get("decision.unknown") : money.amount(usd);
    }

    /** A price per hour in dollars and cents ({@link MoneyText#rate}); the unknown mark for {@code null}. */
    public String usdRate(Double usd) {
        return usd == null ? get("decision.unknown") : money.rate(usd);
    }

    /** A fraction as a percentage with one decimal: {@code 24.0 %}. */
    public String percent(double fraction) {
        return number(fraction * 100.0, 1) + " %";
    }

    /**
     * The heading over the sweep charts: batch size and length for a language model's sweeps, growth along the
     * workload's axis for the other kinds.
     */
    String sweepsHeading(List<ReportModel.SweepChart> sweeps) {
        boolean llm = sweeps.stream().allMatch(s -> s.id().equals("batch") || s.id().equals("sequence")
                || s.id().equals("context"));
        return get(llm ? "report.section.sweeps" : "report.section.sweeps.growth");
    }

    /** A date in the language's long form: {@code June 1, 2025}, {@code 2025年6月1日}. */
    public String date(LocalDate date) {
        return DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG).withLocale(locale).format(date);
    }
}
