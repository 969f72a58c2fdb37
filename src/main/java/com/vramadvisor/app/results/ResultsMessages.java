package com.vramadvisor.app.results;

import com.vramadvisor.figures.DurationText;
import com.vramadvisor.figures.MoneyText;
import com.vramadvisor.scenario.SizeUnit;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
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
 *
 * <p>Formats are parsed once per locale and reused: a recompute formats a few thousand values (every decision-table
 * cell), and building a {@link MessageFormat} or {@link NumberFormat} each time costs more than the engine does.
 * Like the views, an instance is used from the FX thread only.
 */
public final class ResultsMessages {

    /** Base name of the results and comparison bundles, next to this class. */
    public static final String BUNDLE = "com.vramadvisor.app.results.messages";

    private static final int MAX_DIGITS = 3;
    private static final int MAX_CACHED_SIZES = 4096;

    private final ReadOnlyObjectWrapper<Locale> locale = new ReadOnlyObjectWrapper<>(this, "locale");
    private final Map<String, MessageFormat> patterns = new HashMap<>();
    /** Sizes already written, per unit: capacities repeat on every recompute of the decision table. */
    private final Map<SizeUnit, Map<Long, String>> sizes = new EnumMap<>(SizeUnit.class);
    private ResourceBundle bundle;
    private NumberFormat integerFormat;
    private NumberFormat[] decimalFormats;
    private NumberFormat[] percentFormats;
    private DurationText durations;
    private MoneyText money;

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
        patterns.clear();
        sizes.clear();
        integerFormat = NumberFormat.getIntegerInstance(requested);
        decimalFormats = new NumberFormat[MAX_DIGITS + 1];
        percentFormats = new NumberFormat[MAX_DIGITS + 1];
        for (int digits = 0; digits <= MAX_DIGITS; digits++) {
            decimalFormats[digits] = fixed(NumberFormat.getNumberInstance(requested), digits);
            percentFormats[digits] = fixed(NumberFormat.getPercentInstance(requested), digits);
        }
        durations = DurationText.of(requested);
        money = MoneyText.of(requested);
        // Set last: listeners re-format through the formats above.
        locale.set(requested);
    }

    public Locale locale() {
        return locale.get();
    }

    public ReadOnlyObjectProperty<Locale> localeProperty() {
        return locale.getReadOnlyProperty();
    }

    /** Whether the bundle has {@code key}: for names that exist for some ids only (a part's translated name). */
    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /** The string for {@code key} with {@code args} (already formatted) filled in. */
    public String get(String key, Object... args) {
        String pattern = bundle.getString(key);
        if (args.length == 0) {
            return pattern;
        }
        return patterns.computeIfAbsent(key, k -> new MessageFormat(pattern, locale.get())).format(args);
    }

    private static NumberFormat fixed(NumberFormat f, int digits) {
        f.setMinimumFractionDigits(digits);
        f.setMaximumFractionDigits(digits);
        return f;
    }

    /** A text that follows language switches; for labels, headers and tooltips. */
    public StringBinding text(String key) {
        return Bindings.createStringBinding(() -> get(key), locale);
    }

    /** An integer with the locale's grouping, e.g. {@code 8,030,261,248}. */
    public String integer(long value) {
        return integerFormat.format(value);
    }

    /** A decimal with exactly {@code digits} (0-3) fraction digits. */
    public String decimal(double value, int digits) {
        return decimalFormats[digits].format(value);
    }

    /** A fraction (0.25) as a percentage in the locale's form, with {@code digits} (0-3) decimals. */
    public String percent(double fraction, int digits) {
        return percentFormats[digits].format(fraction);
    }

    /**
     * A US-dollar amount as every table and report shows it ({@link MoneyText#amount}): "&lt; $0.01" below a cent,
     * cents below $10, whole dollars from $10 ({@code $12,400}).
     */
    public String usd(double amount) {
        return money.amount(amount);
    }

    /** A price per hour in dollars and cents at any size ({@link MoneyText#rate}): {@code $98.32}. */
    public String usdRate(double amount) {
        return money.rate(amount);
    }

    /** A duration in the unit its size reads best in ({@link DurationText}): "38 s", "12 min", "3.5 h", "41 days". */
    public String duration(double hours) {
        return durations.hours(hours);
    }

    /**
     * {@code bytes} in {@code unit} with its symbol, as {@link SizeUnit#format} writes it (one decimal below 100
     * units, none above) but with this locale's cached formats.
     */
    public String size(long bytes, SizeUnit unit) {
        return sizeNumber(bytes, unit) + "\u00a0" + unit.symbol();
    }

    /** The number part of {@link #size}, for a pair that shares one unit label ({@code 29.2 / 79.1 GiB}). */
    public String sizeNumber(long bytes, SizeUnit unit) {
        Map<Long, String> cache = sizes.computeIfAbsent(unit, u -> new HashMap<>());
        String text = cache.get(bytes);
        if (text == null) {
            if (cache.size() > MAX_CACHED_SIZES) {
                cache.clear();
            }
            double value = unit.fromBytes(bytes);
            text = decimal(value, Math.abs(value) < 100 ? 1 : 0);
            cache.put(bytes, text);
        }
        return text;
    }
}
