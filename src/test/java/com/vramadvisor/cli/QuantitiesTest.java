package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QuantitiesTest {

    @ParameterizedTest
    @CsvSource({
        "7e9, 7000000000",
        "70B, 70000000000",
        "70b, 70000000000",
        "1.3B, 1300000000",
        "350M, 350000000",
        "2T, 2000000000000",
        "124439808, 124439808",
        "124_439_808, 124439808",
        "1.5k, 1500"
    })
    void countsAcceptScientificAndDecimalSuffixes(String text, long expected) {
        assertThat(Quantities.parseCount(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-7B", "0", "7X", "1e30"})
    void nonsenseCountsAreRejectedWithTheTextInTheMessage(String text) {
        assertThatThrownBy(() -> Quantities.parseCount(text))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @org.junit.jupiter.api.Test
    void gibIsLabelledAndBinary() {
        assertThat(Quantities.gib(1L << 30)).isEqualTo("1.00 GiB");
        assertThat(Quantities.gib(3L << 29)).isEqualTo("1.50 GiB");
    }
}
