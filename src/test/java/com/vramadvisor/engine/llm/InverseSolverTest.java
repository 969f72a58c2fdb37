package com.vramadvisor.engine.llm;

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
        // Llama 3.1 8B: Llama 3 8B's shapes with 131,072 positions, so the budget rather than the model sets the limit.
        ModelSpec m = PublicModels.llama3_8b().toBuilder().maxPositions(131_072).build();
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

    @Test
    void noSequenceOrContextAnswerExceedsTheModelsMaximumPositions() {
        ModelSpec m = PublicModels.gpt2();
        // GPT-2 has a learned table of 1,024 positions (n_positions in openai-community/gpt2's config.json).
        assertThat(m.maxPositions()).isEqualTo(1024);
        Workload infer = Workload.builder().mode(Mode.INFER).sequenceLength(128).overhead(RuntimeOverhead.OFF).build();
        assertThat(InverseSolver.maxContext(m, infer, 1000 * GIB)).isEqualTo(1024);
        assertThat(InverseSolver.maxSequenceLength(m, infer, 1000 * GIB)).isEqualTo(1024);
        assertThat(InverseSolver.cappedByModel(m, 1024)).isTrue();
        assertThat(InverseSolver.cappedByModel(m, 1023)).isFalse();
        Workload train = Workload.builder().build();
        assertThat(InverseSolver.maxSequenceLength(m, train, 1000 * GIB)).isEqualTo(1024);
        ModelSpec unknown = PublicModels.llama3_8b().toBuilder().maxPositions(0).build();
        assertThat(InverseSolver.maxContext(unknown, infer, 1000 * GIB)).isGreaterThan(1024);
    }
}
