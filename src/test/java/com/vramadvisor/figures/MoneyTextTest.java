package com.vramadvisor.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MoneyTextTest {

    private static final MoneyText EN = MoneyText.of(Locale.ENGLISH);

    @ParameterizedTest(name = "{0} USD reads {1}")
    @CsvSource(delimiter = '|', value = {
            "0|$0.00",
            "0.00117|< $0.01",
            "0.0099|< $0.01",
            "0.01|$0.01",
            "0.0234|$0.02",
            "0.025|$0.03",
            "0.42|$0.42",
            "9.99|$9.99",
            "9.994|$9.99",
            "9.996|$10",
            "10|$10",
            "27.4|$27",
            "27.5|$28",
            "1234.5|$1,235",
            "175000|$175,000",
            "1234567890|$1,234,567,890"})
    void amountsReadInCentsBelowTenDollarsAndWholeDollarsAbove(double usd, String text) {
        assertEquals(text, EN.amount(usd));
    }

    @Test
    void aCostBelowACentNeverReadsAsNothing() {
        assertEquals("< $0.01", EN.amount(1e-9));
        assertEquals("$0.00", EN.amount(-3));
        assertEquals("-", EN.amount(null, "-"));
    }

    @Test
    void hourlyRatesKeepTheirCents() {
        assertEquals("$2.49", EN.rate(2.49));
        assertEquals("$98.32", EN.rate(98.32));
        assertEquals("$1,012.00", EN.rate(1012));
        assertEquals("-", EN.rate(null, "-"));
    }

    @Test
    void chineseShowsTheSameDollars() {
        MoneyText zh = MoneyText.of(Locale.SIMPLIFIED_CHINESE);
        assertEquals("< $0.01", zh.amount(0.004));
        assertEquals("$175,000", zh.amount(175000));
        assertEquals("$0.42", zh.amount(0.42));
    }
}
