package com.vramadvisor.report;

import com.vramadvisor.engine.core.Sentence;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The sentences the estimators beyond language models state (assumptions, caveats, how each part's bytes were
 * computed; {@link Sentence}) in the report's or window's language. The translations are {@link java.util.Formatter}
 * patterns in the bundle {@code com/vramadvisor/report/sentences}, one per sentence key, taking the estimator's own
 * arguments; a sentence without a translation (or in English) is shown as the estimator states it. The engine reads
 * no files: it hands over the key, the English pattern and the arguments.
 */
public final class EstimatorSentences {

    static final String BUNDLE = "com.vramadvisor.report.sentences";

    private final ResourceBundle bundle;

    private EstimatorSentences(Locale locale) {
        // No fallback to the JVM's default locale, as ReportText: English stays English on a Chinese desktop.
        this.bundle = ResourceBundle.getBundle(BUNDLE, locale,
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES));
    }

    /** The sentences of the report language closest to {@code locale} (English or Simplified Chinese). */
    public static EstimatorSentences of(Locale locale) {
        return new EstimatorSentences(ReportLanguage.of(locale).locale());
    }

    /** The sentences of a report language. */
    public static EstimatorSentences of(ReportLanguage language) {
        return new EstimatorSentences(language.locale());
    }

    /** Whether this language has its own wording for the sentence's key. */
    public boolean translates(Sentence s) {
        return s.translatable() && bundle.containsKey(s.key());
    }

    /** The sentence in this language, its nested sentences too; as the estimator states it where untranslated. */
    public String text(Sentence s) {
        return s.format(translates(s) ? bundle.getString(s.key()) : s.pattern(), this::text);
    }

    /** The translated pattern of a key, or {@code null}: for the checks that a translation fits its sentence. */
    public String pattern(String key) {
        return bundle.containsKey(key) ? bundle.getString(key) : null;
    }
}
