package com.vramadvisor.engine.llm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** llama.cpp file types sized tensor by tensor, against published GGUF file sizes. */
class LlamaCppMixTest {

    private final MemoryEstimator estimator = new MemoryEstimator();

    private long weights(ModelSpec m, DataType type) {
        Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(1).precision(Precision.FP16)
                .weightType(type).kvCacheType(DataType.FP16).overhead(RuntimeOverhead.OFF).build();
        return estimator.estimate(m, w).component(Component.WEIGHTS);
    }

    /**
     * File sizes of bartowski/Meta-Llama-3.1-8B-Instruct-GGUF (model card table, llama.cpp quantisations of
     * Llama-3.1-8B-Instruct, 10^9 bytes): estimated without a file, within 2 %.
     */
    @ParameterizedTest(name = "{0}: {1} GB")
    @CsvSource({"q4_k_m, 4.92", "q5_k_m, 5.73", "q6_k, 6.60", "q3_k_m, 4.02", "iq4_xs, 4.45"})
    void llama31_8bMatchesPublishedFileSizes(String type, double gigabytes) {
        long bytes = weights(PublicModels.llama3_8b(), DataType.parse(type));
        assertThat(bytes / 1e9).isCloseTo(gigabytes, within(gigabytes * 0.02));
    }

    @Test
    void q4KmPutsHalfTheValueAndDownProjectionsInQ6K() {
        // use_more_bits over 32 layers: layers 0-3, 28-31 and 6, 9, ..., 27: 16 of 32.
        int more = 0;
        for (int i = 0; i < 32; i++) {
            more += LlamaCppMix.moreBits(i, 32) ? 1 : 0;
        }
        assertThat(more).isEqualTo(16);
        // Hand count for Llama-3.1-8B: 16 layers all Q4_K (218.1M parameters at 0.5625 bytes) and 16 with v and
        // down in Q6_K, the untied token table Q4_K, the output Q6_K, norms F32.
        double q4 = 144.0 / 256;
        double q6 = 210.0 / 256;
        double layerMatrices = 4096.0 * 4096 * 2 + 4096.0 * 1024 * 2 + 3 * 4096.0 * 14336;
        double moreBitsMatrices = 4096.0 * 1024 + 4096.0 * 14336;
        double blocks = 32 * layerMatrices * q4 + 16 * moreBitsMatrices * (q6 - q4);
        double vocab = 128_256.0 * 4096 * (q4 + q6);
        double norms = (65.0 * 4096) * 4;
        assertThat((double) weights(PublicModels.llama3_8b(), DataType.GGUF_Q4_K_M))
                .isCloseTo(blocks + vocab + norms, within(1.0));
    }

    @Test
    void rowsThatDoNotSplitIntoBlocksFallBackAsLlamaQuantizeDoes() {
        // gpt-oss: hidden 2880 = 11.25 x 256, so Q4_K rows fall back to Q5_0 and the output from Q6_K to Q8_0.
        assertThat(LlamaCppMix.fallback(DataType.GGUF_Q4_K, 2880, false)).isEqualTo(DataType.GGUF_Q5_0);
        assertThat(LlamaCppMix.fallback(DataType.GGUF_Q6_K, 2880, true)).isEqualTo(DataType.GGUF_Q8_0);
        assertThat(LlamaCppMix.fallback(DataType.GGUF_IQ4_XS, 2880, false)).isEqualTo(DataType.GGUF_IQ4_NL);
        assertThat(LlamaCppMix.fallback(DataType.GGUF_Q4_K, 4100, false)).isEqualTo(DataType.FP16);
        assertThat(LlamaCppMix.fallback(DataType.GGUF_Q4_K, 4096, false)).isEqualTo(DataType.GGUF_Q4_K);
    }

    @Test
    void fileTypesWithoutTheirOwnRulesAreRefusedNotReplaced() {
        assertThatThrownBy(() -> DataType.parse("q4_k_s")).hasMessageContaining("unknown data type 'q4_k_s'");
        assertThatThrownBy(() -> DataType.parse("q2_k_l")).hasMessageContaining("q4_k_m");
        assertThat(DataType.parse("Q4_K_M")).isEqualTo(DataType.GGUF_Q4_K_M);
        assertThat(DataType.parse("mxfp4").bitsPerElement()).isEqualTo(4.25);
        assertThat(DataType.parse("nvfp4").bitsPerElement()).isEqualTo(4.5);
    }
}
