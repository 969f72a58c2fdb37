package com.vramadvisor.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * GPTQ/AWQ 4-bit weights by group size against published checkpoint sizes: TheBloke/Llama-2-13B-GPTQ on the Hugging
 * Face Hub, model card "Provided files" table (AutoGPTQ, 4 bits): group 128 (main) 7.26 GB, group 64
 * (gptq-4bit-64g-actorder_True) 7.51 GB, group 32 (gptq-4bit-32g-actorder_True) 8.00 GB. The file also holds the
 * 16-bit token table, LM head and norms, as the estimate does.
 */
class GroupQuantisedWeightsTest {

    private final MemoryEstimator estimator = new MemoryEstimator();

    private long weights(DataType type) {
        Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(1).context(1)
                .precision(Precision.FP16).kvCacheType(DataType.FP16).overhead(RuntimeOverhead.OFF)
                .weightType(type).build();
        return estimator.estimate(PublicModels.llama2_13b(), w).component(Component.WEIGHTS);
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
