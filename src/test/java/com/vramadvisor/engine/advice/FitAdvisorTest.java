package com.vramadvisor.engine.advice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.GradsBetweenSteps;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FitAdvisorTest {

    private static final ModelSpec LLAMA_3_8B = CatalogLoader.shippedOnly().load().model("llama-3-8b").orElseThrow();
    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();
    private static final FitAdvisor ADVISOR = new FitAdvisor();
    /** An 80 GB card (80 x 10^9 bytes, the A100/H100 80GB marketing figure), all of it usable here. */
    private static final long CARD_80_GB = 80_000_000_000L;

    private static Workload fullTraining() {
        return Workload.builder().mode(Mode.TRAIN).batch(1).sequenceLength(4096).precision(Precision.BF16_MIXED)
                .optimizer(Optimizer.ADAMW).build();
    }

    private static Set<LeverKind> kinds(List<Lever> levers) {
        return levers.stream().map(Lever::kind).collect(Collectors.toCollection(() -> EnumSet.noneOf(LeverKind.class)));
    }

    @Test
    void theCatalogPresetIsLlama3With8BillionParameters() {
        assertThat(LLAMA_3_8B.id()).isEqualTo("llama-3-8b");
        // Meta's Llama 3 model card: 8.03B parameters.
        assertThat(ESTIMATOR.estimate(LLAMA_3_8B, fullTraining()).parameters()).isBetween(8_000_000_000L,
                8_060_000_000L);
    }

    @Test
    void whenTheActivationsAloneExceedTheGpuZero3IsOfferedWithFullRecomputation() {
        ModelSpec llama2_13b = CatalogLoader.shippedOnly().load().model("llama-2-13b").orElseThrow();
        Workload w = fullTraining();
        long card24Gb = 24_000_000_000L;
        // Sharding divides model states by the group size but not the activations of one micro-batch; with none
        // recomputed they exceed a 24 GB card on their own, so no ZeRO-3 group fits.
        Estimate current = ESTIMATOR.estimate(llama2_13b, w);
        assertThat(current.component(Component.ACTIVATIONS)).isGreaterThan(card24Gb);
        List<Lever> levers = ADVISOR.advise(llama2_13b, w, card24Gb);
        assertThat(kinds(levers)).doesNotContain(LeverKind.ZERO3_DATA_PARALLEL);

        Lever pair = levers.stream().filter(l -> l.kind() == LeverKind.ZERO3_FULL_RECOMPUTE).findFirst()
                .orElseThrow();
        assertThat(pair.fits()).isTrue();
        assertThat(pair.workload().recompute()).isEqualTo(Recompute.FULL);
        assertThat(pair.workload().parallelism().zeroStage()).isEqualTo(3);
        int n = pair.workload().parallelism().dataParallel();
        assertThat(pair.peakBytes()).isEqualTo(ESTIMATOR.peakBytes(llama2_13b, pair.workload()))
                .isLessThanOrEqualTo(card24Gb);
        Workload fewer = pair.workload().toBuilder().parallelism(new Parallelism(1, 1, n - 1, 3, false)).build();
        assertThat(ESTIMATOR.peakBytes(llama2_13b, fewer)).isGreaterThan(card24Gb);
        // Where ZeRO-3 alone fits, the pair is not offered.
        assertThat(kinds(ADVISOR.advise(LLAMA_3_8B, fullTraining(), CARD_80_GB)))
                .contains(LeverKind.ZERO3_DATA_PARALLEL).doesNotContain(LeverKind.ZERO3_FULL_RECOMPUTE);
    }

    @Test
    void fullAdamWTrainingOfAn8BModelDoesNotFitAn80GbCardButAZero3AndALoraLeverDo() {
        Workload w = fullTraining();
        // 16 bytes of model states per parameter with mixed-precision AdamW (ZeRO paper, section 3.1): 128 GB.
        assertThat(ESTIMATOR.peakBytes(LLAMA_3_8B, w)).isGreaterThan(CARD_80_GB);
        List<Lever> levers = ADVISOR.advise(LLAMA_3_8B, w, CARD_80_GB);
        assertThat(levers).anyMatch(Lever::fits);
        Lever zero3 = levers.stream().filter(l -> l.kind() == LeverKind.ZERO3_DATA_PARALLEL).findFirst().orElseThrow();
        assertThat(zero3.fits()).isTrue();
        int n = zero3.workload().parallelism().dataParallel();
        assertThat(zero3.gpus()).isEqualTo(n);
        // 128 GB of states cannot fit 80 GB on one GPU, so at least two are needed; the smallest count is minimal.
        assertThat(n).isGreaterThanOrEqualTo(2);
        Workload fewer = zero3.workload().toBuilder()
                .parallelism(new Parallelism(1, 1, n - 1, 3, false)).build();
        if (n - 1 >= 2) {
            assertThat(ESTIMATOR.peakBytes(LLAMA_3_8B, fewer)).isGreaterThan(CARD_80_GB);
        }
        Lever lora = levers.stream().filter(l -> l.kind() == LeverKind.LORA).findFirst().orElseThrow();
        assertThat(lora.fits()).isTrue();
        assertThat(lora.workload().lora().rank()).isEqualTo(16);
        assertThat(lora.workload().mode()).isEqualTo(Mode.LORA);
    }

    @Test
    void everyLeverPeakIsAFreshEstimateOfItsWorkloadAndSavesTheDifference() {
        Workload w = fullTraining().toBuilder().batch(4).attention(AttentionImpl.EAGER).precision(Precision.FP32)
                .parallelism(new Parallelism(1, 1, 4, 1, false)).build();
        long current = ESTIMATOR.peakBytes(LLAMA_3_8B, w);
        List<Lever> levers = ADVISOR.advise(LLAMA_3_8B, w, CARD_80_GB);
        assertThat(levers).hasSizeGreaterThan(5);
        for (Lever l : levers) {
            Estimate fresh = ESTIMATOR.estimate(LLAMA_3_8B, l.workload());
            assertThat(l.peakBytes()).as(l.kind().id()).isEqualTo(fresh.peakBytes());
            assertThat(l.savedBytes()).as(l.kind().id()).isPositive().isEqualTo(current - fresh.peakBytes());
            assertThat(l.fits()).as(l.kind().id()).isEqualTo(fresh.peakBytes() <= CARD_80_GB);
            assertThat(l.workload()).isNotEqualTo(w);
        }
    }

    @Test
    void leversFitFirstThenByPeakAscending() {
        List<Lever> levers = ADVISOR.advise(LLAMA_3_8B, fullTraining().toBuilder().batch(2).build(), CARD_80_GB);
        for (int i = 1; i < levers.size(); i++) {
            Lever a = levers.get(i - 1);
            Lever b = levers.get(i);
            assertThat(a.fits() || !b.fits()).isTrue();
            if (a.fits() == b.fits()) {
                assertThat(a.peakBytes()).isLessThanOrEqualTo(b.peakBytes());
            }
        }
    }

    @Test
    void leversAlreadyAppliedAreAbsent() {
        Workload w = fullTraining().toBuilder().recompute(Recompute.FULL).attention(AttentionImpl.FLASH)
                .optimizer(Optimizer.ADAMW_8BIT).mode(Mode.QLORA).lora(new LoraSpec(8, LoraSpec.ALL_LINEAR))
                .parallelism(new Parallelism(1, 1, 8, 3, false)).batch(1).build();
        Set<LeverKind> kinds = kinds(ADVISOR.advise(LLAMA_3_8B, w, CARD_80_GB));
        assertThat(kinds).doesNotContain(LeverKind.SELECTIVE_RECOMPUTE, LeverKind.FULL_RECOMPUTE,
                LeverKind.FLASH_ATTENTION, LeverKind.ADAMW_8BIT, LeverKind.NEXT_ZERO_STAGE, LeverKind.LORA,
                LeverKind.QLORA, LeverKind.HALVE_MICRO_BATCH, LeverKind.BF16_MIXED);
        assertThat(kinds).noneMatch(LeverKind::inference);
    }

    @Test
    void selectiveRecomputationOnlyWhenNothingIsRecomputedAndFullRecomputationSavesMore() {
        Workload eager = fullTraining().toBuilder().attention(AttentionImpl.EAGER).build();
        List<Lever> levers = ADVISOR.advise(LLAMA_3_8B, eager, CARD_80_GB);
        Lever selective = lever(levers, LeverKind.SELECTIVE_RECOMPUTE);
        Lever full = lever(levers, LeverKind.FULL_RECOMPUTE);
        // Korthikanti et al. 2022, section 4: selective recomputation drops the 5as/h attention term, full
        // recomputation keeps only each block's input, so it saves at least as much.
        assertThat(full.savedBytes()).isGreaterThanOrEqualTo(selective.savedBytes());
        assertThat(kinds(ADVISOR.advise(LLAMA_3_8B, eager.toBuilder().recompute(Recompute.SELECTIVE).build(),
                CARD_80_GB))).doesNotContain(LeverKind.SELECTIVE_RECOMPUTE).contains(LeverKind.FULL_RECOMPUTE);
    }

    @Test
    void halvingTheMicroBatchKeepsTheTokensPerOptimizerStep() {
        Workload w = fullTraining().toBuilder().batch(8).gradientAccumulation(3).build();
        Lever half = lever(ADVISOR.advise(LLAMA_3_8B, w, CARD_80_GB), LeverKind.HALVE_MICRO_BATCH);
        assertThat(half.workload().batch()).isEqualTo(4);
        assertThat(half.workload().batch() * half.workload().gradientAccumulation())
                .isEqualTo(w.batch() * w.gradientAccumulation());
        assertThat(kinds(ADVISOR.advise(LLAMA_3_8B, w.toBuilder().batch(3).build(), CARD_80_GB)))
                .doesNotContain(LeverKind.HALVE_MICRO_BATCH);
    }

    @Test
    void tensorParallelDoublingMustDivideTheHeads() {
        // 32 query heads (Llama 3 8B config.json): t = 32 is allowed, t = 64 is not offered.
        Workload t16 = fullTraining().toBuilder().parallelism(new Parallelism(16, 1, 1, 0, false)).build();
        Lever tp = lever(ADVISOR.advise(LLAMA_3_8B, t16, CARD_80_GB), LeverKind.TENSOR_PARALLEL_X2);
        assertThat(tp.workload().parallelism().tensorParallel()).isEqualTo(32);
        Workload t32 = fullTraining().toBuilder().parallelism(new Parallelism(32, 1, 1, 0, false)).build();
        assertThat(kinds(ADVISOR.advise(LLAMA_3_8B, t32, CARD_80_GB))).doesNotContain(LeverKind.TENSOR_PARALLEL_X2);
        ModelSpec oddHeads = LLAMA_3_8B.toBuilder().heads(24).kvHeads(8).headDim(128).build();
        Workload t2 = fullTraining().toBuilder().parallelism(new Parallelism(2, 1, 1, 0, false)).build();
        // With 24 heads, 2 -> 4 divides them and is offered; 8 -> 16 does not, the estimator rejects it, so it is absent.
        assertThat(kinds(ADVISOR.advise(oddHeads, t2, CARD_80_GB))).contains(LeverKind.TENSOR_PARALLEL_X2);
        Workload t8 = fullTraining().toBuilder().parallelism(new Parallelism(8, 1, 1, 0, false)).build();
        assertThat(kinds(ADVISOR.advise(oddHeads, t8, CARD_80_GB))).doesNotContain(LeverKind.TENSOR_PARALLEL_X2);
    }

    /**
     * Rajbhandari et al. 2020 (ZeRO), section 5 and Figure 1: per-GPU model states of mixed-precision Adam are
     * {@code 2Psi + 2Psi + 12Psi/Nd} at stage 1, {@code 2Psi + 14Psi/Nd} at stage 2 and {@code 16Psi/Nd} at stage 3.
     */
    private static double zeroStatesBytes(int stage, double psi, int nd) {
        return switch (stage) {
            case 0 -> 16 * psi;
            case 1 -> 4 * psi + 12 * psi / nd;
            case 2 -> 2 * psi + 14 * psi / nd;
            default -> 16 * psi / nd;
        };
    }

    @ParameterizedTest(name = "ZeRO stage {0}: {1} GB per device for 7.5B parameters over 64 GPUs")
    @CsvSource({"0, 120.0", "1, 31.4", "2, 16.6", "3, 1.9"})
    void theZeroFormulaReproducesThePapersExample(int stage, double gb) {
        // Figure 1 of the ZeRO paper: Psi = 7.5B, Nd = 64, K = 12, rounded to 0.1 GB.
        assertThat(zeroStatesBytes(stage, 7.5e9, 64) / 1e9).isCloseTo(gb, within(0.05));
    }

    @ParameterizedTest(name = "ZeRO stage {0} -> {0}+1 over 64 GPUs")
    @CsvSource({"0", "1"})
    void theNextZeroStageLeverShardsModelStatesAsThePaperCounts(int stage) {
        // The DeepSpeed/Megatron layout the paper counts; gradient buffers kept between steps and no runtime
        // overhead, so model states are live in every phase and the peak falls by exactly their difference.
        Workload w = fullTraining().toBuilder().implementation(Implementation.MEGATRON)
                .gradsBetweenSteps(GradsBetweenSteps.KEPT).overhead(RuntimeOverhead.OFF)
                .parallelism(new Parallelism(1, 1, 64, stage, false)).build();
        Lever next = lever(ADVISOR.advise(LLAMA_3_8B, w, CARD_80_GB), LeverKind.NEXT_ZERO_STAGE);
        assertThat(next.workload().parallelism().zeroStage()).isEqualTo(stage + 1);
        assertThat(next.workload().parallelism().dataParallel()).isEqualTo(64);
        Estimate e = next.estimate();
        double states = e.component(Component.WEIGHTS) + e.component(Component.MASTER_WEIGHTS)
                + e.component(Component.GRADIENTS) + e.component(Component.OPTIMIZER_STATES);
        double expected = zeroStatesBytes(stage + 1, e.parameters(), 64);
        assertThat(states).isCloseTo(expected, within(expected * 1e-3));
        double difference = zeroStatesBytes(stage, e.parameters(), 64) - expected;
        assertThat((double) next.savedBytes()).isCloseTo(difference, within(difference * 1e-3));
        assertThat(next.speed().trend()).isEqualTo(SpeedEffect.Trend.ABOUT_SAME);
    }

    @Test
    void stageThreeMovesOneAndAHalfTimesTheCommunicationAndShardsAllStates() {
        Workload w = fullTraining().toBuilder().implementation(Implementation.MEGATRON)
                .parallelism(new Parallelism(1, 1, 64, 2, false)).build();
        Lever next = lever(ADVISOR.advise(LLAMA_3_8B, w, CARD_80_GB), LeverKind.NEXT_ZERO_STAGE);
        Estimate e = next.estimate();
        double psi = e.parameters();
        assertThat((double) e.component(Component.MASTER_WEIGHTS) + e.component(Component.GRADIENTS)
                + e.component(Component.OPTIMIZER_STATES)).isCloseTo(14 * psi / 64, within(14 * psi / 64 * 1e-3));
        // Working weights: the 2Psi/Nd shard plus the blocks gathered for compute.
        assertThat((double) e.component(Component.WEIGHTS)).isGreaterThanOrEqualTo(2 * psi / 64 * 0.999);
        assertThat(next.speed().summary()).contains("1.5x");
        assertThat(next.speed().source()).contains("Rajbhandari");
    }

    @Test
    void nextZeroStageNeedsAShardingGroup() {
        assertThat(kinds(ADVISOR.advise(LLAMA_3_8B, fullTraining(), CARD_80_GB)))
                .doesNotContain(LeverKind.NEXT_ZERO_STAGE).contains(LeverKind.ZERO3_DATA_PARALLEL);
    }

    @Test
    void inferenceLeversOnlyInInferenceMode() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(64).sequenceLength(1024).context(8192)
                .weightType(DataType.BF16).kvCacheType(DataType.BF16).build();
        Set<LeverKind> kinds = kinds(ADVISOR.advise(LLAMA_3_8B, serve, CARD_80_GB));
        assertThat(kinds).containsExactlyInAnyOrder(LeverKind.TENSOR_PARALLEL_X2, LeverKind.PIPELINE_PARALLEL_X2,
                LeverKind.KV_CACHE_FP8, LeverKind.WEIGHTS_FP8, LeverKind.WEIGHTS_INT8, LeverKind.WEIGHTS_INT4,
                LeverKind.HALVE_SEQUENCES, LeverKind.HALVE_CONTEXT);
        assertThat(kinds(ADVISOR.advise(LLAMA_3_8B, fullTraining(), CARD_80_GB))).noneMatch(LeverKind::inference);
    }

    @Test
    void servingOnTwiceTheTensorParallelGpusHalvesTheWeightsAndKvCachePerGpu() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(16).sequenceLength(1024).context(8192)
                .weightType(DataType.BF16).kvCacheType(DataType.BF16).build();
        List<Lever> levers = ADVISOR.advise(LLAMA_3_8B, serve, CARD_80_GB);
        Lever tp = lever(levers, LeverKind.TENSOR_PARALLEL_X2);
        assertThat(tp.workload().parallelism().tensorParallel()).isEqualTo(2);
        assertThat(tp.gpus()).isEqualTo(2);
        Estimate current = ESTIMATOR.estimate(LLAMA_3_8B, serve);
        // Llama 3 8B's 8 KV heads split 4 per GPU: half the KV cache on each.
        assertThat(tp.estimate().component(Component.KV_CACHE)).isEqualTo(current.component(Component.KV_CACHE) / 2);
        assertThat(tp.estimate().component(Component.WEIGHTS)).isLessThan(current.component(Component.WEIGHTS));
        // fp8 weights: one byte per parameter instead of two, except the embedding, the output layer and the norms,
        // which stay 16-bit (2 x 128,256 x 4,096 + 65 x 4,096 parameters at one byte more each).
        Lever fp8 = lever(levers, LeverKind.WEIGHTS_FP8);
        assertThat(fp8.workload().weightType()).isEqualTo(DataType.FP8);
        assertThat(fp8.estimate().component(Component.WEIGHTS))
                .isEqualTo(current.component(Component.WEIGHTS) / 2 + 2L * 128_256 * 4_096 + 65L * 4_096);
        assertThat(fp8.speed().source()).contains("vLLM");
    }

    @Test
    void halvingTheContextHalvesTheKvCache() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(16).sequenceLength(1024).context(8192)
                .weightType(DataType.BF16).kvCacheType(DataType.BF16).build();
        Lever half = lever(ADVISOR.advise(LLAMA_3_8B, serve, CARD_80_GB), LeverKind.HALVE_CONTEXT);
        // Llama 3 8B: 32 layers x 8 KV heads x 128 x 2 (K and V) x 2 bytes = 128 KiB per token.
        long kvPerToken = 32L * 8 * 128 * 2 * 2;
        Estimate current = ESTIMATOR.estimate(LLAMA_3_8B, serve);
        assertThat(current.component(Component.KV_CACHE)).isEqualTo(16L * 8192 * kvPerToken);
        assertThat(half.estimate().component(Component.KV_CACHE)).isEqualTo(16L * 4096 * kvPerToken);
        assertThat(half.workload().effectiveContext()).isEqualTo(4096);
        Lever fp8 = lever(ADVISOR.advise(LLAMA_3_8B, serve, CARD_80_GB), LeverKind.KV_CACHE_FP8);
        assertThat(fp8.estimate().component(Component.KV_CACHE)).isEqualTo(16L * 8192 * kvPerToken / 2);
    }

    @Test
    void speedEffectsCiteTheirSources() {
        List<Lever> levers = ADVISOR.advise(LLAMA_3_8B, fullTraining().toBuilder().attention(AttentionImpl.EAGER)
                .build(), CARD_80_GB);
        assertThat(lever(levers, LeverKind.FULL_RECOMPUTE).speed().source()).contains("Korthikanti");
        assertThat(lever(levers, LeverKind.FULL_RECOMPUTE).speed().summary()).contains("33%");
        assertThat(lever(levers, LeverKind.FLASH_ATTENTION).speed().trend()).isEqualTo(SpeedEffect.Trend.FASTER);
        assertThat(lever(levers, LeverKind.LORA).speed().summary()).contains("25%");
        assertThat(lever(levers, LeverKind.LORA).speed().source()).contains("Hu et al. 2021");
    }

    @Test
    void aNegativeBudgetIsRejected() {
        assertThatThrownBy(() -> ADVISOR.advise(LLAMA_3_8B, fullTraining(), -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static Lever lever(List<Lever> levers, LeverKind kind) {
        return levers.stream().filter(l -> l.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError(kind + " not listed in " + levers.stream()
                        .map(l -> l.kind().id()).collect(Collectors.toList())));
    }
}
