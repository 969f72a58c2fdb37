package com.vramadvisor.report;

/** Lets tests of other packages ask how the report translates an engine assumption. */
public final class ReportFormulasAccess {

    private ReportFormulasAccess() {
    }

    /** The Chinese report text of an engine assumption (the English one when the bundle has none). */
    public static String translatedToChinese(String englishAssumption) {
        return new ReportFormulas(ReportText.of(ReportLanguage.ZH_CN)).translate(englishAssumption);
    }
}
