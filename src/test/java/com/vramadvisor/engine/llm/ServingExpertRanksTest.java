package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Serving engines take expert ranks from the tensor-parallel group: TensorRT-LLM splits its tensor-parallel ranks as
 * {@code moe_ep_size x moe_tp_size = tp_size}, vLLM's {@code --enable-expert-parallel} and SGLang's {@code --ep-size}
 * place the experts on the tensor-parallel ranks. Each of {@code ep} ranks then holds {@code E / ep} experts cut
 * {@code t / ep} ways: {@code 1 / t} of the experts' bytes, as tensor parallelism alone holds. Training keeps
 * Megatron-Core's rule, expert ranks carved out of the data x context-parallel ones.
 */
class ServingExpertRanksTest {

    private final MemoryEstimator estimator = new MemoryEstimator();

    private static Workload serving(int tp, int ep) {
        return Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(1).precision(Precision.BF16)
                .weightType(DataType.BF16).kvCacheType(DataType.BF16).overhead(RuntimeOverhead.OFF)
                .parallelism(new Parallelism(tp, 1, 1, 0, false, ep, 1)).build();
    }

    private long weights(Workload w) {
        return estimator.estimate(PublicModels.mixtral8x7b(), w).component(Component.WEIGHTS);
    }

    @Test
    void expertRanksInTheTensorGroupHoldWhatTensorParallelismHolds() {
        long tp8 = weights(serving(8, 1));
        assertThat(weights(serving(8, 8))).isEqualTo(tp8);
        assertThat(weights(serving(8, 4))).isEqualTo(tp8);
        assertThat(weights(serving(8, 2))).isEqualTo(tp8);
        // Mixtral 8x7B: 46.7 billion parameters in 16 bits over 8 GPUs, about 11.7 GB each.
        assertThat(tp8 / 1e9).isBetween(11.0, 12.5);
    }

    @Test
    void trainingStillCarvesExpertRanksOutOfDataAndContextParallel() {
        Workload train = Workload.builder().mode(Mode.TRAIN).batch(1).sequenceLength(512)
                .parallelism(new Parallelism(8, 1, 1, 0, false, 8, 1)).build();
        assertThatThrownBy(() -> estimator.estimate(PublicModels.mixtral8x7b(), train))
                .hasMessageContaining("must divide data x context parallel (1; Megatron-Core carves");
        Workload carved = Workload.builder().mode(Mode.TRAIN).batch(1).sequenceLength(512)
                .parallelism(new Parallelism(1, 1, 8, 0, false, 8, 1)).build();
        assertThat(estimator.estimate(PublicModels.mixtral8x7b(), carved).peakBytes()).isPositive();
    }

    @Test
    void anExpertSizeDividingNeitherGroupIsRefusedWithBothRules() {
        assertThatThrownBy(() -> new Parallelism(8, 1, 2, 0, false, 3, 1))
                .hasMessageContaining("must divide data x context parallel (2")
                .hasMessageContaining("to serve, the tensor-parallel size (8");
    }
}
