package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GPTQ/AWQ 4-bit weights by group size against published checkpoint sizes: TheBloke/Llama-2-13B-GPTQ on the Hugging
 * Face Hub, model card "Provided files" table (AutoGPTQ, 4 bits): group 128 (main) 7.26 GB, group 64
 * (gptq-4bit-64g-actorder_True) 7.51 GB, group 32 (gptq-4bit-32g-actorder_True) 8.00 GB. The file also holds the
 * 16-bit token table, LM head and norms, as the estimate does.
 */
class GroupQuantisedWeightsTest {

    private final MemoryEstimator estimator = new MemoryEstimator();

    private long weights(DataType type) {
        return weights(PublicModels.llama2_13b(), type);
    }

    private long weights(ModelSpec model, DataType type) {
        Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(1).context(1)
                .precision(Precision.FP16).kvCacheType(DataType.FP16).overhead(RuntimeOverhead.OFF)
                .weightType(type).build();
        return estimator.estimate(model, w).component(Component.WEIGHTS);
    }

    @Test
    void llama2_13bGptqCheckpointsMatchTheirPublishedSizesPerGroupSize() {
        assertThat((double) weights(DataType.int4Group(128))).isCloseTo(7.26e9, within(0.02 * 7.26e9));
        assertThat((double) weights(DataType.int4Group(64))).isCloseTo(7.51e9, within(0.02 * 7.51e9));
        assertThat((double) weights(DataType.int4Group(32))).isCloseTo(8.00e9, within(0.02 * 8.00e9));
        // The 0.74 GB between group 128 and group 32 is the extra scales and zeros: 12.69e9 matrix weights * 15/128
        // bits / 8 = 0.186 GB per halving from 128 to 64, twice that from 64 to 32.
        assertThat(weights(DataType.INT4_G32)).isGreaterThan(weights(DataType.INT4_G64));
        assertThat(weights(DataType.INT4_PC)).isLessThan(weights(DataType.INT4_G256));
    }

    @Test
    void llama2_7bGptqMainBranchMatchesItsPublishedFileSize() {
        // TheBloke/Llama-2-7B-GPTQ, branch main (4 bits, group 128, AutoGPTQ): model.safetensors 3.90 GB.
        assertThat((double) weights(PublicModels.llama2_7b(), DataType.groupQuantised(4, 128)))
                .isCloseTo(3.90e9, within(0.01 * 3.90e9));
    }

    /**
     * Exact bytes of a GPTQ checkpoint of Llama 2 7B from the tensor shapes AutoGPTQ's
     * {@code QuantLinear} pack (qweight int32 {@code [in/32 x b, out]}, qzeros int32 {@code [in/g, out/32 x b]},
     * scales fp16 {@code [in/g, out]}, g_idx int32 {@code [in]}) for the seven matrices of each of the 32 blocks, plus
     * the fp16 token table, LM head and norms. The estimate leaves out g_idx (0.1 %).
     */
    @ParameterizedTest
    @CsvSource({"3, 128", "3, 32", "4, 64", "8, 128", "8, 32"})
    void gptqBytesAreThePackedTensorsOfEveryMatrix(int bits, int group) {
        long[][] matrices = {{4096, 4096}, {4096, 4096}, {4096, 4096}, {4096, 4096}, {4096, 11008}, {4096, 11008},
            {11008, 4096}};
        long packed = 0;
        long gIdx = 0;
        for (long[] m : matrices) {
            long in = m[0];
            long out = m[1];
            long qweight = in / 32 * bits * out * 4;
            long qzeros = in / group * (out / 32 * bits) * 4;
            long scales = in / group * out * 2;
            packed += qweight + qzeros + scales;
            gIdx += in * 4;
        }
        long blocks = 32 * (packed + 2 * 4096 * 2);
        long outside = 2L * 32_000 * 4096 * 2 + 4096 * 2;
        long exact = blocks + outside;
        long estimate = weights(PublicModels.llama2_7b(), DataType.groupQuantised(bits, group));
        assertThat((double) estimate).isCloseTo(exact, within(64.0));
        assertThat((double) (exact + 32 * gIdx - estimate) / exact).isLessThan(0.0015);
    }

    @Test
    void gptqBitsAndGroupsMapToTheirTypes() {
        assertThat(DataType.groupQuantised(3, 128)).isEqualTo(DataType.INT3);
        assertThat(DataType.groupQuantised(8, -1)).isEqualTo(DataType.INT8);
        assertThat(DataType.groupQuantised(8, 64).bitsPerElement()).isEqualTo(8 + 24.0 / 64);
        assertThat(DataType.parse("int3_g32")).isEqualTo(DataType.INT3_G32);
        assertThatThrownBy(() -> DataType.groupQuantised(2, 128)).hasMessageContaining("bits 2");
        assertThatThrownBy(() -> DataType.groupQuantised(8, 100)).hasMessageContaining("group size 100");
        assertThat(DataType.groupQuantisedTypes()).hasSize(14).doesNotHaveDuplicates();
    }

    @Test
    void groupSizesOutsideTheLayoutsAreRefused() {
        assertThat(DataType.int4Group(-1)).isEqualTo(DataType.INT4_PC);
        assertThat(DataType.int4Group(0)).isEqualTo(DataType.INT4_PC);
        assertThat(DataType.int4Group(128)).isEqualTo(DataType.INT4);
        assertThat(DataType.INT4_G64.bitsPerElement()).isEqualTo(4 + 20.0 / 64);
        for (int g : new int[] {16, 100, 48, -2}) {
            assertThatThrownBy(() -> DataType.int4Group(g)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("group size " + g);
        }
    }
}
