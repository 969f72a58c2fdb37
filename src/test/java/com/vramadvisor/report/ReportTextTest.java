package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.Locale;

import org.junit.jupiter.api.Test;

class ReportTextTest {

    @Test
    void bothLanguagesHaveExactlyTheSameKeys() {
        assertThat(ReportText.of(ReportLanguage.ZH_CN).keys())
                .containsExactlyInAnyOrderElementsOf(ReportText.of(ReportLanguage.EN).keys());
    }

    @Test
    void englishStaysEnglishWhenTheDefaultLocaleIsChinese() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            assertThat(ReportText.of(Locale.ENGLISH).get("report.section.inputs")).isEqualTo("Workload");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void memoryIsShownInGibWithTwoDecimals() {
        // Llama-3-8B bf16 weights: 2 x 8,030,261,248 bytes = 14.957... GiB.
        assertThat(ReportText.of(ReportLanguage.EN).gib(2 * 8_030_261_248L)).isEqualTo("14.96 GiB");
        assertThat(ReportText.of(ReportLanguage.ZH_CN).gib(1L << 30)).isEqualTo("1.00 GiB");
    }

    @Test
    void datesUseEachLanguagesLongForm() {
        assertThat(ReportText.of(ReportLanguage.EN).date(LocalDate.of(2025, 6, 1))).isEqualTo("June 1, 2025");
        assertThat(ReportText.of(ReportLanguage.ZH_CN).date(LocalDate.of(2025, 6, 1))).isEqualTo("2025年6月1日");
    }

    @Test
    void languageTagsParseAndUnknownOnesAreNamed() {
        assertThat(ReportLanguage.parse("zh-CN")).isEqualTo(ReportLanguage.ZH_CN);
        assertThat(ReportLanguage.parse("zh_cn")).isEqualTo(ReportLanguage.ZH_CN);
        assertThat(ReportLanguage.parse("en")).isEqualTo(ReportLanguage.EN);
        assertThatThrownBy(() -> ReportLanguage.parse("fr"))
                .hasMessage("unknown report language 'fr' (expected en or zh-CN)");
    }
}
