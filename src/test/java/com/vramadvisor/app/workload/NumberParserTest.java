package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.workload.NumberParser.Suffixes;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NumberParserTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "4096 | 4096",
        "4,096 | 4096",
        "1_000_000 | 1000000",
        "' 12 ' | 12",
        "7e9 | 7000000000",
        "1.3B | 1300000000",
        "70b | 70000000000",
        "125M | 125000000",
        "2T | 2000000000000",
        "70亿 | 7000000000",
        "4万 | 40000",
    })
    void parameterCountsReadDecimalSuffixes(String text, long expected) {
        assertThat(NumberParser.parse(text, Suffixes.DECIMAL)).hasValue(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "8k | 8192",
        "128K | 131072",
        "1M | 1048576",
        "4096 | 4096",
    })
    void tokenCountsReadBinarySuffixesAsContextWindowsAreNamed(String text, long expected) {
        assertThat(NumberParser.parse(text, Suffixes.BINARY)).hasValue(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "abc", "1.5", "12x", "--3", "1e400", "99999999999999999999", "7 B B"})
    void textThatIsNotAWholeNumberIsRejected(String text) {
        assertThat(NumberParser.parse(text, Suffixes.DECIMAL)).isEqualTo(OptionalLong.empty());
    }

    @Test
    void negativeNumbersParseSoTheRangeCheckCanNameThem() {
        assertThat(NumberParser.parse("-5", Suffixes.DECIMAL)).hasValue(-5);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"90;90", "0.5;0.5", " 1,000 ;1000", ".25;0.25", "7.;7", "0;0"})
    void daysReadAsPlainDecimals(String text, double expected) {
        assertThat(NumberParser.parseDecimal(text)).hasValue(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "-3", "1e3", "2k", "1.2.3", "."})
    void daysWithSignsExponentsOrSuffixesAreRejected(String text) {
        assertThat(NumberParser.parseDecimal(text)).isEmpty();
    }
}
