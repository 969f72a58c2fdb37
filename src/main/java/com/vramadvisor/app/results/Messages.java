package com.vramadvisor.app.results;

import java.text.MessageFormat;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.ResourceBundle;

/**
 * The results bundle and number formats for one locale. View-models format every number they expose through this,
 * so views only show text.
 */
public final class Messages {

    /** Base name of the results and comparison strings ({@code messages.properties} next to this class). */
    public static final String BUNDLE = "com.vramadvisor.app.results.messages";

    private final ResourceBundle bundle;
    private final Locale locale;

    public Messages(Locale locale) {
        this.locale = Objects.requireNonNull(locale, "locale");
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale);
    }

    public Locale locale() {
        return locale;
    }

    public ResourceBundle bundle() {
        return bundle;
    }

    /** The string for {@code key} with {@code args} (already formatted) filled in. */
    public String get(String key, Object... args) {
        String pattern = bundle.getString(key);
        if (args.length == 0) {
            return pattern;
        }
        return new MessageFormat(pattern, locale).format(args);
    }

    /** An integer with the locale's grouping, e.g. {@code 8,030,261,248}. */
    public String integer(long value) {
        return NumberFormat.getIntegerInstance(locale).format(value);
    }

    /** A decimal with exactly {@code digits} fraction digits. */
    public String decimal(double value, int digits) {
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        f.setMinimumFractionDigits(digits);
        f.setMaximumFractionDigits(digits);
        return f.format(value);
    }

    /** A fraction (0.25) as a percentage ({@code 25 %} or the locale's form) with {@code digits} decimals. */
    public String percent(double fraction, int digits) {
        NumberFormat f = NumberFormat.getPercentInstance(locale);
        f.setMinimumFractionDigits(digits);
        f.setMaximumFractionDigits(digits);
        return f.format(fraction);
    }

    /** A US-dollar amount without cents, e.g. {@code $12,400}. */
    public String usd(double amount) {
        NumberFormat f = NumberFormat.getIntegerInstance(locale);
        return "$" + f.format(Math.round(amount));
    }
}
