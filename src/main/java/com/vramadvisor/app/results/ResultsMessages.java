package com.vramadvisor.app.results;

import java.text.MessageFormat;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.ResourceBundle;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;

/**
 * The results and comparison texts and number formats in the application's current language. It follows the
 * application's locale, so a language switch relabels the open views in place; view-models format every number they
 * expose through it.
 */
public final class ResultsMessages {

    /** Base name of the results and comparison bundles, next to this class. */
    public static final String BUNDLE = "com.vramadvisor.app.results.messages";

    private final ReadOnlyObjectWrapper<Locale> locale = new ReadOnlyObjectWrapper<>(this, "locale");
    private ResourceBundle bundle;

    /** Texts that follow {@code appLocale}, typically the application messages' locale property. */
    public ResultsMessages(ObservableValue<Locale> appLocale) {
        load(appLocale.getValue());
        appLocale.addListener((obs, old, now) -> load(now));
    }

    /** Texts fixed to one locale. */
    public ResultsMessages(Locale fixed) {
        load(fixed);
    }

    private void load(Locale requested) {
        // No fallback to the system locale: an English user on a Chinese system gets the English base bundle.
        bundle = ResourceBundle.getBundle(BUNDLE, requested, ResourceBundle.Control.getNoFallbackControl(
                ResourceBundle.Control.FORMAT_PROPERTIES));
        locale.set(requested);
    }

    public Locale locale() {
        return locale.get();
    }

    public ReadOnlyObjectProperty<Locale> localeProperty() {
        return locale.getReadOnlyProperty();
    }

    /** The string for {@code key} with {@code args} (already formatted) filled in. */
    public String get(String key, Object... args) {
        String pattern = bundle.getString(key);
        if (args.length == 0) {
            return pattern;
        }
        return new MessageFormat(pattern, locale.get()).format(args);
    }

    /** A text that follows language switches; for labels, headers and tooltips. */
    public StringBinding text(String key) {
        return Bindings.createStringBinding(() -> get(key), locale);
    }

    /** An integer with the locale's grouping, e.g. {@code 8,030,261,248}. */
    public String integer(long value) {
        return NumberFormat.getIntegerInstance(locale.get()).format(value);
    }

    /** A decimal with exactly {@code digits} fraction digits. */
    public String decimal(double value, int digits) {
        NumberFormat f = NumberFormat.getNumberInstance(locale.get());
        f.setMinimumFractionDigits(digits);
        f.setMaximumFractionDigits(digits);
        return f.format(value);
    }

    /** A fraction (0.25) as a percentage in the locale's form, with {@code digits} decimals. */
    public String percent(double fraction, int digits) {
        NumberFormat f = NumberFormat.getPercentInstance(locale.get());
        f.setMinimumFractionDigits(digits);
        f.setMaximumFractionDigits(digits);
        return f.format(fraction);
    }

    /** A US-dollar amount in whole dollars, e.g. {@code $12,400}. */
    public String usd(double amount) {
        return "$" + NumberFormat.getIntegerInstance(locale.get()).format(Math.round(amount));
    }
}
