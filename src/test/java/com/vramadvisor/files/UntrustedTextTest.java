package com.vramadvisor.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UntrustedTextTest {

    @Test
    void controlAndFormattingCharactersAreWrittenAsEscapes() {
        assertThat(UntrustedText.quote("x\u0000.safetensors")).isEqualTo("\"x\\u0000.safetensors\"");
        assertThat(UntrustedText.quote("\u001b[31mred\u001b[0m")).isEqualTo("\"\\u001b[31mred\\u001b[0m\"");
        assertThat(UntrustedText.quote("a\nb\rc\td")).isEqualTo("\"a\\nb\\rc\\td\"");
        assertThat(UntrustedText.quote("\u009b2J \u202eevil \u2028")).isEqualTo("\"\\u009b2J \\u202eevil \\u2028\"");
        assertThat(UntrustedText.quote("say \"hi\" \\ bye")).isEqualTo("\"say \\\"hi\\\" \\\\ bye\"");
    }

    @Test
    void printableTextIncludingNonLatinScriptsIsKeptAsItIs() {
        assertThat(UntrustedText.quote("Llama-3 模型 😀")).isEqualTo("\"Llama-3 模型 😀\"");
        assertThat(UntrustedText.escape("it's \"quoted\" \\ here")).isEqualTo("it's \"quoted\" \\ here");
    }

    @Test
    void longValuesAreCutWithTheirFullLengthSaid() {
        String quoted = UntrustedText.quote("a".repeat(164_000));
        assertThat(quoted).isEqualTo("\"" + "a".repeat(UntrustedText.MAX_CHARS) + "\u2026\" (164000 characters)");
        assertThat(UntrustedText.escape("b".repeat(100), 10)).isEqualTo("bbbbbbbbbb\u2026 (100 characters)");
        assertThat(UntrustedText.quote("c".repeat(UntrustedText.MAX_CHARS))).hasSize(UntrustedText.MAX_CHARS + 2);
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String text = "a".repeat(UntrustedText.MAX_CHARS - 1) + "😀tail";
        assertThat(UntrustedText.quote(text)).isEqualTo("\"" + "a".repeat(UntrustedText.MAX_CHARS - 1)
                + "\u2026\" (" + text.length() + " characters)");
        assertThat(UntrustedText.quote("lone \ud800 half")).isEqualTo("\"lone \\ud800 half\"");
    }
}
