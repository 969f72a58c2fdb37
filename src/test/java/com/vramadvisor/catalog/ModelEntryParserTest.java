package com.vramadvisor.catalog;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ModelEntryParserTest {

    @Test
    void anIntegerIsAnExactCount() {
        assertThat(ModelEntryParser.parseCount("20554567680")).containsExactly(20_554_567_680L, 1);
    }

    @Test
    void aSuffixedDecimalIsRoundedToItsLastDigit() {
        assertThat(ModelEntryParser.parseCount("7.3B")).containsExactly(7_300_000_000L, 100_000_000L);
        assertThat(ModelEntryParser.parseCount("70B")).containsExactly(70_000_000_000L, 1_000_000_000L);
        assertThat(ModelEntryParser.parseCount("175.0B")).containsExactly(175_000_000_000L, 100_000_000L);
        assertThat(ModelEntryParser.parseCount("0.49B")).containsExactly(490_000_000L, 10_000_000L);
        assertThat(ModelEntryParser.parseCount("124M")).containsExactly(124_000_000L, 1_000_000L);
    }

    @Test
    void anythingElseIsNotACount() {
        assertThat(ModelEntryParser.parseCount("7 billion")).isNull();
        assertThat(ModelEntryParser.parseCount("7.5")).isNull();
        assertThat(ModelEntryParser.parseCount("7b")).isNull();
    }

    @Test
    void fractionsOfAParameterAndCountsBeyondALongAreNotCounts() {
        assertThat(ModelEntryParser.parseCount("1.0005K")).as("1000.5 parameters").isNull();
        assertThat(ModelEntryParser.parseCount("99999999999T")).as("about 10^23").isNull();
        assertThat(ModelEntryParser.parseCount("99999999999999999999")).as("above 2^63").isNull();
        assertThat(ModelEntryParser.parseCount("9223372036854775807")).containsExactly(Long.MAX_VALUE, 1);
        assertThat(ModelEntryParser.parseCount("1".repeat(100_000) + "B")).isNull();
    }

    @Test
    void aRoundedFigureAcceptsCountsWithinHalfItsUnitAndAnExactOneOnlyItself() {
        ModelPreset rounded = CatalogLoader.shippedOnly().load().preset("mistral-7b").orElseThrow();
        assertThat(rounded.publishedParametersText()).isEqualTo("7.3B");
        assertThat(rounded.agreesWithPublished(7_250_000_000L)).isTrue();
        assertThat(rounded.agreesWithPublished(7_349_999_999L)).isTrue();
        assertThat(rounded.agreesWithPublished(7_249_999_999L)).isFalse();

        ModelPreset exact = CatalogLoader.shippedOnly().load().preset("gpt-neox-20b").orElseThrow();
        assertThat(exact.agreesWithPublished(20_554_567_680L)).isTrue();
        assertThat(exact.agreesWithPublished(20_554_567_681L)).isFalse();
    }
}
