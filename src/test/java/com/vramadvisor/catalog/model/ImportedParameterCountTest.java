package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.ParameterCount;
import com.vramadvisor.engine.llm.ParameterCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Official configurations, imported and counted by the engine, against the parameter counts their model cards and
 * papers publish: exactly where the figure is exact, within half a unit of its last digit where it is rounded.
 */
class ImportedParameterCountTest {

    private static ParameterCount count(String fixture) throws ModelImportException {
        ModelSpec spec = HfConfigImporter.read(Fixtures.configFolder(fixture)).spec().orElseThrow();
        return ParameterCounter.count(spec);
    }

    /** Whether {@code count} rounds to {@code published} ("124M", "46.7B") at the published precision. */
    private static boolean roundsTo(long count, String published) {
        char unit = published.charAt(published.length() - 1);
        BigDecimal value = new BigDecimal(published.substring(0, published.length() - 1));
        BigDecimal scale = BigDecimal.TEN.pow(unit == 'B' ? 9 : 6);
        BigDecimal halfStep = BigDecimal.ONE.movePointLeft(value.scale()).multiply(scale).divide(BigDecimal.valueOf(2));
        return BigDecimal.valueOf(count).subtract(value.multiply(scale)).abs().compareTo(halfStep) <= 0;
    }

    @ParameterizedTest(name = "{0}: {1} ({2})")
    @CsvSource(delimiter = '|', value = {
        "gpt2 | 124M | huggingface.co/openai-community/gpt2 model card",
        "gpt2-medium | 355M | huggingface.co/openai-community/gpt2-medium model card",
        "bert-base-uncased | 110M | Devlin et al. 2019, BERT, section 3: BERT-Base Total Parameters=110M",
        "roberta-base-robertamodel | 125M | fairseq RoBERTa README, pre-trained models: roberta.base 125M",
        "opt-125m | 125M | Zhang et al. 2022, OPT, Table 1",
        "llama-2-7b-hf | 7B | Touvron et al. 2023, Llama 2, Table 1",
        "llama-3.1-8b | 8B | huggingface.co/meta-llama/Llama-3.1-8B model card",
        "mixtral-8x7b-v0.1 | 46.7B | Mistral AI, 'Mixtral of experts', 2023-12-11: 46.7B total parameters",
        "qwen1.5-moe-a2.7b | 14.3B | huggingface.co/Qwen/Qwen1.5-MoE-A2.7B model card: 14.3B parameters in total",
        "phi-3-mini-4k-instruct | 3.8B | huggingface.co/microsoft/Phi-3-mini-4k-instruct model card: 3.8B",
        "falcon-7b | 7B | huggingface.co/tiiuae/falcon-7b model card"
    })
    void totalsMatchThePublishedRoundedFigure(String fixture, String published, String source) throws Exception {
        long total = count(fixture).total();
        assertThat(roundsTo(total, published)).as(fixture + ": computed " + total + ", published " + published
                + " (" + source + ")").isTrue();
    }

    @Test
    void mixtureOfExpertsActiveCountsMatchThePublishedFigures() throws Exception {
        // Mistral AI, 'Mixtral of experts': 12.9B active; Qwen1.5-MoE-A2.7B model card: 2.7B activated.
        assertThat(roundsTo(count("mixtral-8x7b-v0.1").active(), "12.9B")).isTrue();
        assertThat(roundsTo(count("qwen1.5-moe-a2.7b").active(), "2.7B")).isTrue();
    }

    @Test
    void gemmaNonEmbeddingCountsMatchTheTechnicalReportsExactly() throws Exception {
        // Gemma Team 2024, Gemma, Table 2: gemma-2b 1,981,884,416 non-embedding parameters; Gemma 2, Table 2:
        // gemma-2-9b 8,324,201,984. (Their embedding counts use a 256,128-row table; config.json has 256,000 rows.)
        assertThat(count("gemma-2b").nonEmbedding()).isEqualTo(1_981_884_416L);
        assertThat(count("gemma-2-9b").nonEmbedding()).isEqualTo(8_324_201_984L);
    }

    @Test
    void bothFalconFormatsDescribeTheSameModel() throws Exception {
        assertThat(count("falcon-7b-refinedwebmodel")).isEqualTo(count("falcon-7b"));
        assertThat(count("falcon-40b-refinedweb")).isEqualTo(count("falcon-40b"));
    }

    @Test
    void theRoundingCheckRejectsFiguresOutsideHalfAUnit() {
        assertThat(roundsTo(124_439_808L, "124M")).isTrue();
        assertThat(roundsTo(124_439_808L, "125M")).isFalse();
        assertThat(roundsTo(46_702_792_704L, "46.7B")).isTrue();
        assertThat(roundsTo(46_702_792_704L, "46.8B")).isFalse();
    }
}
