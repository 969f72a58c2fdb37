package com.vramadvisor.report;

import java.util.Locale;

/** Languages a report can be written in. */
public enum ReportLanguage {
    EN("en", Locale.ENGLISH),
    ZH_CN("zh-CN", Locale.SIMPLIFIED_CHINESE);

    private final String tag;
    private final Locale locale;

    ReportLanguage(String tag, Locale locale) {
        this.tag = tag;
        this.locale = locale;
    }

    /** The BCP 47 tag used on the command line ({@code en}, {@code zh-CN}). */
    public String tag() {
        return tag;
    }

    public Locale locale() {
        return locale;
    }

    /**
     * Parses {@code en} or {@code zh-CN} (case and {@code _}/{@code -} do not matter).
     *
     * @throws IllegalArgumentException naming the accepted tags
     */
    public static ReportLanguage parse(String text) {
        String t = text == null ? "" : text.trim().replace('_', '-');
        for (ReportLanguage l : values()) {
            if (l.tag.equalsIgnoreCase(t)) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown report language '" + text + "' (expected en or zh-CN)");
    }

    /** The language for a locale: Chinese for any {@code zh} locale, English otherwise. */
    public static ReportLanguage of(Locale locale) {
        return "zh".equals(locale.getLanguage()) ? ZH_CN : EN;
    }
}
