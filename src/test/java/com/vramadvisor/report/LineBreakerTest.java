package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Widths here are one unit per character, so a line of width 10 holds ten characters. */
class LineBreakerTest {

    private static double chars(String s) {
        return s.codePointCount(0, s.length());
    }

    @Test
    void latinTextBreaksAtSpaces() {
        assertThat(LineBreaker.wrap("peak memory per GPU at the backward pass", 12, LineBreakerTest::chars))
                .containsExactly("peak memory", "per GPU at", "the backward", "pass");
    }

    @Test
    void chineseBreaksBetweenCharactersAndKeepsClosingPunctuationWithItsCharacter() {
        assertThat(LineBreaker.wrap("每张显卡的峰值显存，出现在反向传播阶段。", 6, LineBreakerTest::chars))
                .containsExactly("每张显卡的峰", "值显存，出现", "在反向传播阶", "段。");
    }

    @Test
    void aWordWiderThanTheLineBreaksInside() {
        assertThat(LineBreaker.wrap("Standard_NC40ads_H100_v5 x", 10, LineBreakerTest::chars))
                .containsExactly("Standard_N", "C40ads_H10", "0_v5 x");
    }

    @Test
    void emptyTextIsOneEmptyLine() {
        assertThat(LineBreaker.wrap("", 10, LineBreakerTest::chars)).containsExactly("");
    }
}
