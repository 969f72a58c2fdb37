package com.vramadvisor.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class DurationTextTest {

    private static final DurationText EN = DurationText.of(Locale.ENGLISH);
    private static final DurationText ZH = DurationText.of(Locale.SIMPLIFIED_CHINESE);

    @ParameterizedTest(name = "{0} s reads {1}")
    @CsvSource(delimiter = '|', value = {
            "0|0 s",
            "0.3|< 1 s",
            "0.5|1 s",
            "38|38 s",
            "59.4|59 s",
            "59.6|1 min",
            "720|12 min",
            "3569|59 min",
            "3570|1.0 h",
            "12600|3.5 h",
            "172619|47.9 h",
            "172800|2.0 days",
            "362880|4.2 days",
            "860000|10 days",
            "3542400|41 days",
            "63000000|729 days",
            "63072000|2.0 years",
            "1292976000|41.0 years"})
    void secondsReadInTheUnitTheirSizeCalls(double seconds, String text) {
        assertEquals(text, EN.hours(seconds / 3600));
    }

    @Test
    void negativeAndUnknownDurationsReadAsNothingOrTheUnknownMark() {
        assertEquals("0 s", EN.hours(-1));
        assertEquals("0 s", EN.hours(Double.NaN));
        assertEquals("-", EN.hours(null, "-"));
        assertEquals("3.5 h", EN.hours(3.5, "-"));
    }

    @Test
    void longRunsGroupTheirDigits() {
        assertEquals("1,234.5 years", EN.hours(1234.5 * 365 * 24));
    }

    @Test
    void chineseUsesItsOwnUnits() {
        assertEquals("38 秒", ZH.hours(38 / 3600.0));
        assertEquals("12 分钟", ZH.hours(0.2));
        assertEquals("3.5 小时", ZH.hours(3.5));
        assertEquals("41 天", ZH.hours(41 * 24));
        assertEquals("< 1 秒", ZH.hours(1e-5));
    }

    @Test
    void everyKeyExistsInBothLanguages() {
        assertEquals(new TreeSet<>(EN.keys()), new TreeSet<>(ZH.keys()));
        assertEquals(new Bundle(Locale.ENGLISH).keys().size(), new Bundle(Locale.SIMPLIFIED_CHINESE).keys().size());
    }
}
