package com.vramadvisor.app.ui;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The application's texts in the current language. Views bind labels to {@link #text(String, Object...)} so a
 * language switch relabels the open window in place, without rebuilding it or losing what the user typed.
 * View-models use {@link #get(String, Object...)} and listen to {@link #localeProperty()} for their own texts.
 */
public final class Messages {

    /** Base name of the bundles {@code messages.properties} (English) and {@code messages_zh_CN.properties}. */
    public static final String BUNDLE = "com.vramadvisor.app.messages";

    /** The languages the application ships texts for. */
    public static final Locale[] SUPPORTED = {Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE};

    private final ReadOnlyObjectWrapper<Locale> locale = new ReadOnlyObjectWrapper<>(this, "locale");
    private ResourceBundle bundle;

    public Messages(Locale initial) {
        setLocale(initial);
    }

    /**
     * The supported language closest to {@code requested}: any Chinese locale maps to Simplified Chinese (the only
     * Chinese bundle), everything else to English.
     */
    public static Locale supportedLocale(Locale requested) {
        if (requested != null && "zh".equals(requested.getLanguage())) {
            return Locale.SIMPLIFIED_CHINESE;
        }
        return Locale.ENGLISH;
    }

    public void setLocale(Locale requested) {
        Locale chosen = supportedLocale(requested);
        // The empty fallback control keeps an English user on a Chinese system from getting the system bundle.
        bundle = ResourceBundle.getBundle(BUNDLE, chosen, ResourceBundle.Control.getNoFallbackControl(
                ResourceBundle.Control.FORMAT_PROPERTIES));
        locale.set(chosen);
    }

    public Locale locale() {
        return locale.get();
    }

    public ReadOnlyObjectProperty<Locale> localeProperty() {
        return locale.getReadOnlyProperty();
    }

    public boolean has(String key) {
        return bundle.containsKey(key);
    }

    /**
     * The text for {@code key}, with {@code {0}}-style arguments formatted for the current locale. A missing key
     * shows as {@code !key!} so it is visible on screen; a test keeps every used key present in every bundle.
     */
    public String get(String key, Object... args) {
        String pattern;
        try {
            pattern = bundle.getString(key);
        } catch (MissingResourceException e) {
            return "!" + key + "!";
        }
        if (args.length == 0) {
            return pattern;
        }
        return new MessageFormat(pattern, locale.get()).format(args);
    }

    /** A text that follows language switches; for labels, tooltips and menu items. */
    public StringBinding text(String key, Object... args) {
        return Bindings.createStringBinding(() -> get(key, args), locale);
    }
}
