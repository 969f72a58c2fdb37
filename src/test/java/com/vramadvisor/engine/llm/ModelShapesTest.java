package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelShapesTest {

    @Test
    void derivedCountsLandWithinTwoPercentOfTheRequestFromOneHundredMillionToTwoTrillion() {
        for (int i = 0; i <= 200; i++) {
            long request = (long) (1e8 * Math.pow(2e4, i / 200.0));
            ModelSpec m = ModelShapes.fromParameterCount(request);
            long count = ParameterCounter.count(m).total();
            assertThat((double) count).as("request %d", request).isCloseTo(request, within(0.02 * request));
        }
    }

    @ParameterizedTest(name = "{0} parameters: h {1}, L {2}, heads {3}")
    @CsvSource({
        // Touvron et al. 2023b (Llama 2), Table 1 and the released config.json files: 7B h=4096 L=32 a=32
        // ffn 11008; 13B h=5120 L=40 a=40 ffn 13824; 70B h=8192 L=80 a=64 ffn 28672.
        "7000000000, 4096, 32, 32, 11008",
        "13000000000, 5120, 40, 40, 13824",
        "70000000000, 8192, 80, 64, 28672"})
    void llama2SizesGetLlama2Shapes(long params, int hidden, int layers, int heads, int llamaFfn) {
        ModelSpec m = ModelShapes.fromParameterCount(params);
        assertThat(m.hiddenSize()).isEqualTo(hidden);
        assertThat(m.layers()).isEqualTo(layers);
        assertThat(m.heads()).isEqualTo(heads);
        assertThat(m.headDim()).isEqualTo(128);
        assertThat(m.kvHeads()).isEqualTo(8);
        // Eight key/value heads free attention parameters that the FFN takes up: wider than Llama 2's MHA 7B/13B.
        assertThat((double) m.ffnSize()).isCloseTo(llamaFfn, within(0.25 * llamaFfn));
    }

    @Test
    void smallModelsKeepMultiHeadAttentionAndALlamaLayout() {
        ModelSpec m = ModelShapes.fromParameterCount(150_000_000L);
        assertThat(m.heads()).isLessThan(16);
        assertThat(m.kvHeads()).isEqualTo(m.heads());
        assertThat(m.vocabSize()).isEqualTo(32_000);
        assertThat(m.mlp()).isEqualTo(MlpKind.GATED);
        assertThat(m.norm()).isEqualTo(NormKind.RMSNORM);
        assertThat(m.tiedEmbeddings()).isFalse();
        assertThat(m.ffnSize()).isBetween(2 * m.hiddenSize(), 4 * m.hiddenSize());
    }

    @Test
    void tooSmallACountIsRejectedWithAClearMessage() {
        assertThatThrownBy(() -> ModelShapes.fromParameterCount(1000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least");
    }
}
