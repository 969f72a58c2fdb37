package com.vramadvisor.figures;

import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The words of durations and money in one language, from {@code com/vramadvisor/figures/figures}. Patterns are plain
 * text with one {@code {0}} for the number (no {@code MessageFormat} quoting). English unless the locale is Chinese;
 * the JVM's default locale is never consulted, so an English report stays English on a Chinese desktop.
 */
final class Bundle {

    static final String NAME = "com.vramadvisor.figures.figures";

    private final ResourceBundle bundle;

    Bundle(Locale locale) {
        Locale wanted = "zh".equals(locale.getLanguage()) ? Locale.SIMPLIFIED_CHINESE : Locale.ROOT;
        this.bundle = ResourceBundle.getBundle(NAME, wanted,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    String get(String key) {
        return bundle.getString(key);
    }

    /** The pattern of {@code key} with its {@code {0}} replaced by {@code number}. */
    String fill(String key, String number) {
        return bundle.getString(key).replace("{0}", number);
    }

    /**
     * The pattern of {@code key} with each {@code {i}} replaced by {@code texts[i]}, in one pass, so that a text
     * which itself contains a brace pattern (a hardware name) is never filled again.
     */
    String fill(String key, String... texts) {
        String pattern = bundle.getString(key);
        StringBuilder out = new StringBuilder(pattern.length() + 64);
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '{' && i + 2 < pattern.length() && Character.isDigit(pattern.charAt(i + 1))
                    && pattern.charAt(i + 2) == '}' && pattern.charAt(i + 1) - '0' < texts.length) {
                out.append(texts[pattern.charAt(i + 1) - '0']);
                i += 3;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Every key of this language, for completeness checks. */
    List<String> keys() {
        return List.copyOf(bundle.keySet());
    }
}
