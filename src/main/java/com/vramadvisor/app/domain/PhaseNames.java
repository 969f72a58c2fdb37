package com.vramadvisor.app.domain;

import com.vramadvisor.report.ReportText;
import java.util.Locale;

/**
 * The peak phase of a workload beyond language models in the window's language: the estimator's English words in
 * English, the reports' translation ({@code domain.phase.<words>} in the report bundle) in another language where it
 * has one, so the window and the reports name a phase alike.
 */
public final class PhaseNames {

    private PhaseNames() {
    }

    public static String of(String phase, Locale locale) {
        if ("en".equals(locale.getLanguage())) {
            return phase;
        }
        String key = "domain.phase." + phase.trim().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        ReportText text = ReportText.of(locale);
        return text.has(key) ? text.get(key) : phase;
    }
}
