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

    @Test
    void aLabelKeepsItsChineseWordsAndBreaksAroundBrackets() {
        assertThat(LineBreaker.wrapLabel("每小时租金（美元）", 6, LineBreakerTest::chars))
                .containsExactly("每小时租金", "（美元）");
        assertThat(LineBreaker.wrapLabel("购买/租用", 3, LineBreakerTest::chars)).containsExactly("购买/", "租用");
        assertThat(LineBreaker.wrapLabel("每 GPU 需求", 6, LineBreakerTest::chars)).containsExactly("每 GPU", "需求");
        assertThat(LineBreaker.wrapLabel("Rent per hour (USD)", 14, LineBreakerTest::chars))
                .containsExactly("Rent per hour", "(USD)");
    }

    @Test
    void aLabelWordWiderThanTheLineStillBreaks() {
        assertThat(LineBreaker.wrapLabel("每小时租金（美元）", 3, LineBreakerTest::chars))
                .containsExactly("每小时", "租金", "（美元", "）");
    }

    @Test
    void anOpeningBracketNeverEndsALineAndAClosingOneNeverStartsOne() {
        assertThat(LineBreaker.wrap("显存峰值（GiB）", 5, LineBreakerTest::chars)).containsExactly("显存峰值", "（GiB）");
        assertThat(LineBreaker.wrap("显存（峰值）", 3, LineBreakerTest::chars)).containsExactly("显存", "（峰", "值）");
    }
}
