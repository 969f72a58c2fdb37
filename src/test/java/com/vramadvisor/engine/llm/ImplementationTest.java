package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Model states and autocast weight copies of the two {@link Implementation}s. The PyTorch layout is checked against
 * Hugging Face's "Model training anatomy" guide (transformers documentation, {@code model_memory_anatomy}): in mixed
 * precision the weights take 6 bytes per parameter ("maintains a model in fp32 and one in fp16 in memory"), the
 * gradients 4 ("gradients are always kept in fp32") and AdamW 8. GPT-2 (124,439,808 parameters, tied head) has these
 * matmul weights: per block {@code c_attn} 768 x 2304, {@code c_proj} 768 x 768, {@code c_fc} 768 x 3072 and
 * {@code c_proj} 3072 x 768, and the LM head, the 50,257 x 768 token table.
 */
class ImplementationTest {

    private static final long GPT2_PARAMS = 124_439_808L;
    private static final long GPT2_BLOCK_MATRICES = 768L * 2304 + 768L * 768 + 2 * 768L * 3072;
    private static final long GPT2_HEAD = 50_257L * 768;

    private final MemoryEstimator estimator = new MemoryEstimator();

    private static Workload.Builder gpt2Training() {
        return Workload.builder().batch(1).sequenceLength(1024).precision(Precision.BF16_MIXED)
                .optimizer(Optimizer.ADAMW).overhead(RuntimeOverhead.OFF);
    }

    @Test
    void theDefaultIsHuggingFaceTransformersUnderAutocast() {
        Workload w = Workload.builder().build();
        assertThat(w.implementation()).isEqualTo(Implementation.PYTORCH);
        assertThat(w.autocast()).isTrue();
        assertThat(w.effectiveWeightType()).isEqualTo(DataType.FP32);
        assertThat(w.toBuilder().build().implementation()).isEqualTo(Implementation.PYTORCH);
        assertThat(w.toBuilder().implementation(Implementation.MEGATRON).build().effectiveWeightType())
                .isEqualTo(DataType.BF16);
    }

    @Test
    void pytorchMixedPrecisionKeepsSixBytesOfWeightsFourOfGradientsAndEightOfAdamPerParameter() {
        Estimate e = estimator.estimate(PublicModels.gpt2(), gpt2Training().build());
        long matmulWeights = 12 * GPT2_BLOCK_MATRICES + GPT2_HEAD;
        PhaseBreakdown forward = ModelStatesTest.phase(e, Phase.FORWARD_END);
        PhaseBreakdown step = ModelStatesTest.phase(e, Phase.OPTIMIZER_STEP);
        assertThat(forward.get(Component.WEIGHTS)).isEqualTo(4 * GPT2_PARAMS + 2 * matmulWeights);
        // Only the position table, norms and biases have no 16-bit copy: within 0.3 % of Hugging Face's 6 bytes.
        assertThat(forward.get(Component.WEIGHTS) / (double) GPT2_PARAMS).isBetween(5.98, 6.0);
        assertThat(step.get(Component.WEIGHTS)).isEqualTo(4 * GPT2_PARAMS);
        assertThat(e.component(Component.MASTER_WEIGHTS)).isZero();
        assertThat(e.component(Component.GRADIENTS)).isEqualTo(4 * GPT2_PARAMS);
        assertThat(e.component(Component.OPTIMIZER_STATES)).isEqualTo(8 * GPT2_PARAMS);
    }

    @Test
    void megatronMixedPrecisionKeepsTheZeroPaperLayoutWithoutWeightCopies() {
        Estimate e = estimator.estimate(PublicModels.gpt2(),
                gpt2Training().implementation(Implementation.MEGATRON).build());
        // Rajbhandari et al. 2020, section 3.1: 2 + 2 + 12 bytes per parameter with mixed-precision Adam.
        assertThat(ModelStatesTest.phase(e, Phase.FORWARD_END).get(Component.WEIGHTS)).isEqualTo(2 * GPT2_PARAMS);
        assertThat(e.component(Component.MASTER_WEIGHTS)).isEqualTo(4 * GPT2_PARAMS);
        assertThat(e.component(Component.GRADIENTS)).isEqualTo(2 * GPT2_PARAMS);
        assertThat(e.component(Component.OPTIMIZER_STATES)).isEqualTo(8 * GPT2_PARAMS);
    }

    @Test
    void purePrecisionsStoreTheSameModelStatesInBothImplementations() {
        for (Precision p : new Precision[] {Precision.FP32, Precision.BF16, Precision.FP16}) {
            for (int zero = 0; zero <= 3; zero++) {
                ModelStates megatron = ModelStates.forTraining(GPT2_PARAMS, p, Optimizer.ADAMW,
                        Implementation.MEGATRON, zero, 8);
                ModelStates pytorch = ModelStates.forTraining(GPT2_PARAMS, p, Optimizer.ADAMW,
                        Implementation.PYTORCH, zero, 8);
                assertThat(pytorch).as("%s ZeRO-%d", p, zero).isEqualTo(megatron);
            }
        }
    }

    @Test
    void zeroShardsThePytorchLayoutsFp32StatesStageByStage() {
        // ZeRO-1 shards the optimizer states (here all of K: there is no master copy), ZeRO-2 also the fp32
        // gradients, ZeRO-3 also the fp32 weights (Rajbhandari et al. 2020, Figure 1, with 4 + 4 + 8 bytes).
        double psi = 7.5e9;
        int nd = 64;
        long[] expected = {(long) (16 * psi), (long) Math.ceil(8 * psi + 8 * psi / nd),
            (long) Math.ceil(4 * psi + 12 * psi / nd), (long) Math.ceil(16 * psi / nd)};
        for (int stage = 0; stage <= 3; stage++) {
            ModelStates s = ModelStates.forTraining(psi, Precision.BF16_MIXED, Optimizer.ADAMW,
                    Implementation.PYTORCH, stage, nd);
            assertThat(s.masterWeightBytes()).isZero();
            assertThat((double) s.totalBytes()).as("stage %d", stage).isCloseTo(expected[stage], within(2.0));
        }
    }

    @Test
    void weightCopiesLiveFromForwardToBackwardAndFullRecomputationDropsTheBlocksCopiesAfterForward() {
        ModelSpec gpt2 = PublicModels.gpt2();
        Workload none = gpt2Training().build();
        StageParams sp = new StageParams(gpt2, none, true, true);
        double all = 2.0 * (12 * GPT2_BLOCK_MATRICES + GPT2_HEAD);
        double head = 2.0 * GPT2_HEAD;
        double block = 2.0 * GPT2_BLOCK_MATRICES;
        // Instants: forward end, loss backward, last block's recomputation, end of backward.
        assertThat(TrainingMemory.castCopies(none, sp, true, DataType.FP32, 1))
                .containsExactly(all, all, all, block);
        Workload full = none.toBuilder().recompute(Recompute.FULL).build();
        assertThat(TrainingMemory.castCopies(full, sp, true, DataType.FP32, 1))
                .containsExactly(all, head, head + block, block);
        // Each micro-batch in flight in a pipeline keeps its own copies.
        assertThat(TrainingMemory.castCopies(none, sp, true, DataType.FP32, 3)[0]).isEqualTo(3 * all);
        Workload pure = none.toBuilder().precision(Precision.BF16).build();
        assertThat(TrainingMemory.castCopies(pure, sp, true, DataType.BF16, 1)).containsOnly(0.0);
        Workload megatron = none.toBuilder().implementation(Implementation.MEGATRON).build();
        assertThat(TrainingMemory.castCopies(megatron, sp, true, DataType.BF16, 1)).containsOnly(0.0);
    }

    @Test
    void implementationNamesParseAsTheCommandLineSpellsThem() {
        assertThat(Implementation.parse("megatron")).isEqualTo(Implementation.MEGATRON);
        assertThat(Implementation.parse(" PyTorch ")).isEqualTo(Implementation.PYTORCH);
        assertThat(Implementation.PYTORCH.id()).isEqualTo("pytorch");
        assertThatThrownBy(() -> Implementation.parse("jax"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("megatron or pytorch");
    }
}
