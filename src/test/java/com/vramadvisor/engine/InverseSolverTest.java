package com.vramadvisor.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InverseSolverTest {

    private final MemoryEstimator estimator = new MemoryEstimator();
    private static final long GIB = 1L << 30;

    @Test
    void maxBatchIsTheLargestBatchThatFits() {
        ModelSpec m = PublicModels.llama2_7b();
        Workload w = Workload.builder().sequenceLength(2048).recompute(Recompute.FULL).build();
        long budget = 160 * GIB;
        int b = InverseSolver.maxBatch(m, w, budget);
        assertThat(b).isGreaterThan(1);
        assertThat(estimator.estimate(m, w.toBuilder().batch(b).build()).peakBytes()).isLessThanOrEqualTo(budget);
        assertThat(estimator.estimate(m, w.toBuilder().batch(b + 1).build()).peakBytes()).isGreaterThan(budget);
    }

    @Test
    void nothingFitsGivesZero() {
        ModelSpec m = PublicModels.llama2_70b();
        Workload w = Workload.builder().build();
        assertThat(InverseSolver.maxBatch(m, w, 80 * GIB)).isZero();
        assertThat(InverseSolver.maxSequenceLength(m, w, 80 * GIB)).isZero();
    }

    @Test
    void maxContextCountsTheKvCacheAgainstTheBudget() {
        ModelSpec m = PublicModels.llama3_8b();
        Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(512).precision(Precision.BF16)
                .overhead(RuntimeOverhead.OFF).build();
        long budget = 24 * GIB;
        int context = InverseSolver.maxContext(m, w, budget);
        // Weights take 2 * 8,030,261,248 bytes and each token of context 131,072 bytes of KV cache; the prefill
        // buffers of a 512-token prompt and the last-token logits take well under half a gigabyte.
        long left = budget - 2 * 8_030_261_248L;
        assertThat(context).isBetween((int) ((left - 500_000_000L) / 131_072), (int) (left / 131_072));
        assertThat(estimator.estimate(m, w.toBuilder().context(context).build()).peakBytes())
                .isLessThanOrEqualTo(budget);
        assertThat(estimator.estimate(m, w.toBuilder().context(context + 1).build()).peakBytes())
                .isGreaterThan(budget);
    }

    @Test
    void aHugeBudgetReturnsTheLargestAcceptedValue() {
        ModelSpec m = PublicModels.gpt2();
        Workload w = Workload.builder().mode(Mode.INFER).overhead(RuntimeOverhead.OFF).build();
        assertThat(InverseSolver.maxBatch(m, w, Long.MAX_VALUE)).isEqualTo(Workload.MAX_TOKENS);
    }

    @Test
    void forTrainingTheContextIsTheSequenceLength() {
        ModelSpec m = PublicModels.gpt2();
        Workload w = Workload.builder().batch(8).build();
        assertThat(InverseSolver.maxContext(m, w, 40 * GIB)).isEqualTo(InverseSolver.maxSequenceLength(m, w, 40 * GIB))
                .isPositive();
    }
}
