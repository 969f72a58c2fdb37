package com.vramadvisor.app.domain;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.report.DomainReportModels;
import com.vramadvisor.report.ReportText;
import java.util.Locale;

/**
 * The words of a workload beyond language models in the window's language, as the reports word them: the
 * estimator's own English in English (often more specific than a translation: "UNet weights"), the report bundle's
 * translation in another language where it has one ({@code domain.phase.<words>}, {@code domain.part.<id>},
 * {@code domain.axis.<id>}), else the estimator's English.
 */
public final class DomainTexts {

    private DomainTexts() {
    }

    /** The peak phase ("VAE decode"). */
    public static String phase(String phase, Locale locale) {
        return "en".equals(locale.getLanguage()) ? phase : DomainReportModels.phase(ReportText.of(locale), phase);
    }

    /** A part's name ("neighbour lists"). */
    public static String part(MemoryPart part, Locale locale) {
        return translated("domain.part." + part.id(), part.label(), locale);
    }

    /** The axis the largest fit is searched along ("atoms"). */
    public static String axis(SizingAxis axis, Locale locale) {
        return translated("domain.axis." + axis.id(), axis.label(), locale);
    }

    private static String translated(String key, String english, Locale locale) {
        if ("en".equals(locale.getLanguage())) {
            return english;
        }
        ReportText text = ReportText.of(locale);
        return text.has(key) ? text.get(key) : english;
    }
}
