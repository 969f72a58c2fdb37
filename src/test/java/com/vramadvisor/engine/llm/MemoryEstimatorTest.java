package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** End-to-end estimates: inference KV cache and weights, phases and peaks, LoRA/QLoRA, runtime overhead. */
class MemoryEstimatorTest {

    private final MemoryEstimator estimator = new MemoryEstimator();

    private static Workload.Builder inference() {
        return Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(1).precision(Precision.FP16)
                .kvCacheType(DataType.FP16).overhead(RuntimeOverhead.OFF);
    }

    @Test
    void kvCacheOfMultiHeadLlama2IsHalfAMebibytePerToken() {
        // 2 (K and V) * 32 layers * 32 kv heads * 128 head dim * 2 bytes = 524,288 bytes per token.
        Estimate e = estimator.estimate(PublicModels.llama2_7b(), inference().context(1).build());
        assertThat(e.component(Component.KV_CACHE)).isEqualTo(524_288L);
        Estimate full = estimator.estimate(PublicModels.llama2_7b(), inference().context(4096).batch(2).build());
        assertThat(full.component(Component.KV_CACHE)).isEqualTo(524_288L * 4096 * 2);
    }

    @Test
    void kvCacheOfGroupedQueryLlama3CountsOnlyTheEightKvHeads() {
        // 2 * 32 layers * 8 kv heads * 128 * 2 bytes = 131,072 bytes per token.
        Estimate e = estimator.estimate(PublicModels.llama3_8b(), inference().context(8192).build());
        assertThat(e.component(Component.KV_CACHE)).isEqualTo(131_072L * 8192);
    }

    @Test
    void kvCacheIsCappedBySlidingWindowSplitByTensorParallelAndScaledByItsType() {
        ModelSpec mistral = PublicModels.mistral7b();
        Estimate capped = estimator.estimate(mistral, inference().context(32768).build());
        assertThat(capped.component(Component.KV_CACHE)).isEqualTo(131_072L * 4096);
        Estimate tp = estimator.estimate(mistral, inference().context(4096)
                .parallelism(new Parallelism(2, 1, 1, 0, false)).build());
        assertThat(tp.component(Component.KV_CACHE)).isEqualTo(131_072L * 4096 / 2);
        Estimate int8 = estimator.estimate(mistral, inference().context(4096).kvCacheType(DataType.INT8).build());
        assertThat(int8.component(Component.KV_CACHE)).isEqualTo(131_072L * 4096 / 2);
    }

    @Test
    void inferenceWeightsAreTheParametersAtTheServedType() {
        ModelSpec llama = PublicModels.llama2_7b();
        Estimate fp16 = estimator.estimate(llama, inference().weightType(DataType.FP16).build());
        assertThat(fp16.component(Component.WEIGHTS)).isEqualTo(2 * 6_738_415_616L);
        Estimate int4 = estimator.estimate(llama, inference().weightType(DataType.INT4).build());
        long vocabTables = 2L * 32000 * 4096;
        long vectors = 65L * 4096;
        long matrices = 6_738_415_616L - vocabTables - vectors;
        double expected = matrices * DataType.INT4.bytesPerElement() + (vocabTables + vectors) * 2.0;
        assertThat((double) int4.component(Component.WEIGHTS)).isCloseTo(expected, within(1.0));
        // GGUF Q4_0 (18 bytes per 32 weights) also quantises the token table and output matrix; norms stay fp32.
        Estimate q40 = estimator.estimate(llama, inference().weightType(DataType.GGUF_Q4_0).build());
        double gguf = (matrices + vocabTables) * 18.0 / 32 + vectors * 4.0;
        assertThat((double) q40.component(Component.WEIGHTS)).isCloseTo(gguf, within(1.0));
    }

    @Test
    void inferencePeaksInPrefillWithLastTokenLogitsOnly() {
        ModelSpec llama = PublicModels.llama3_8b();
        Estimate e = estimator.estimate(llama, inference().sequenceLength(4096).context(8192).batch(4).build());
        assertThat(e.peakPhase()).isEqualTo(Phase.PREFILL);
        assertThat(e.phases()).extracting(PhaseBreakdown::phase).containsExactly(Phase.PREFILL, Phase.DECODE);
        assertThat(e.component(Component.LOGITS)).isEqualTo(4L * 128_256 * (2 + 4));
        assertThat(e.trainableParameters()).isZero();
        assertThat(e.component(Component.GRADIENTS)).isZero();
    }

    @Test
    void fullTrainingPhasesFreeActivationsBeforeTheOptimizerStep() {
        // DeepSpeed/Megatron layout: 16-bit gradients (ZeRO paper, section 3.1).
        ModelSpec llama = PublicModels.llama2_7b();
        Workload w = Workload.builder().implementation(Implementation.MEGATRON).batch(4).sequenceLength(4096)
                .overhead(RuntimeOverhead.OFF).build();
        Estimate e = estimator.estimate(llama, w);
        PhaseBreakdown forward = ModelStatesTest.phase(e, Phase.FORWARD_END);
        PhaseBreakdown step = ModelStatesTest.phase(e, Phase.OPTIMIZER_STEP);
        assertThat(forward.get(Component.GRADIENTS)).isZero();
        assertThat(forward.get(Component.ACTIVATIONS)).isPositive();
        assertThat(step.get(Component.ACTIVATIONS)).isZero();
        assertThat(step.get(Component.LOGITS)).isZero();
        assertThat(step.get(Component.GRADIENTS)).isEqualTo(2 * 6_738_415_616L);
        assertThat(e.peakBytes()).isLessThan(sumOfComponentMaxima(e));
        assertThat(e.peakPhase()).isIn(Phase.FORWARD_END, Phase.BACKWARD);
    }

    @Test
    void gradientAccumulationAndKeptGradientsLetGradientsMeetActivations() {
        ModelSpec llama = PublicModels.llama2_7b();
        Workload base = Workload.builder().implementation(Implementation.MEGATRON).batch(1).sequenceLength(2048)
                .overhead(RuntimeOverhead.OFF).build();
        long grads = 2 * 6_738_415_616L;
        for (Workload w : new Workload[] {base.toBuilder().gradientAccumulation(4).build(),
            base.toBuilder().gradsBetweenSteps(GradsBetweenSteps.KEPT).build()}) {
            PhaseBreakdown forward = ModelStatesTest.phase(estimator.estimate(llama, w), Phase.FORWARD_END);
            PhaseBreakdown baseForward = ModelStatesTest.phase(estimator.estimate(llama, base), Phase.FORWARD_END);
            assertThat(forward.get(Component.GRADIENTS)).isEqualTo(grads);
            assertThat(forward.totalBytes()).isEqualTo(baseForward.totalBytes() + grads);
            assertThat(estimator.estimate(llama, w).peakBytes())
                    .isGreaterThan(estimator.estimate(llama, base).peakBytes());
        }
    }

    @Test
    void logitsHoldComputeTypeLogitsAndTheFp32LogSoftmaxThenItsGradient() {
        ModelSpec llama = PublicModels.llama3_8b();
        Workload w = Workload.builder().batch(1).sequenceLength(8192).overhead(RuntimeOverhead.OFF).build();
        Estimate e = estimator.estimate(llama, w);
        long sv = 8192L * 128_256;
        assertThat(ModelStatesTest.phase(e, Phase.FORWARD_END).get(Component.LOGITS)).isEqualTo(6 * sv);
        assertThat(e.component(Component.LOGITS)).isEqualTo(10 * sv);
    }

    @Test
    void runtimeOverheadIsContextPlusAllocatorFractionOfTheTransientPeakAndCanBeSwitchedOff() {
        ModelSpec gpt2 = PublicModels.gpt2();
        Workload off = Workload.builder().batch(8).sequenceLength(1024).overhead(RuntimeOverhead.OFF).build();
        Estimate without = estimator.estimate(gpt2, off);
        assertThat(without.component(Component.RUNTIME_OVERHEAD)).isZero();
        assertThat(without.range().lowBytes()).isEqualTo(without.peakBytes());
        RuntimeOverhead overhead = new RuntimeOverhead(true, 1L << 30, 0.1);
        Workload on = off.toBuilder().overhead(overhead).build();
        Estimate with = estimator.estimate(gpt2, on);
        // The reserve is a fraction of what is freed and allocated again (activations, logits, autocast copies),
        // not of the persistent weights and optimizer states.
        double transientBytes = estimator.transientPeakBytes(gpt2, on);
        assertThat(transientBytes).isGreaterThan(without.component(Component.ACTIVATIONS))
                .isLessThan(without.peakBytes());
        double expected = (1L << 30) + 0.1 * transientBytes;
        assertThat((double) with.component(Component.RUNTIME_OVERHEAD)).isCloseTo(expected, within(2.0));
        assertThat((double) with.peakBytes()).isCloseTo(without.peakBytes() + expected, within(16.0));
        assertThat(with.allocatedPeakBytes()).isEqualTo(without.peakBytes());
        assertThat(with.contextBytes()).isEqualTo(1L << 30);
        assertThat(with.range().lowBytes()).isLessThanOrEqualTo(with.peakBytes());
        assertThat(with.range().highBytes()).isGreaterThan(with.peakBytes());
    }

    @Test
    void aServedModelsWeightsAndKvCacheCarryNoAllocatorReserve() {
        // Weights and a pre-allocated KV cache are allocated once, in blocks of their own size: the reserve is a
        // fraction of the prefill and decode buffers only, far below 5 % of the total the previous model added
        // (vLLM's layout: prefill in chunks of 8,192 tokens, KV blocks of 16).
        Workload w = Workload.builder().mode(Mode.INFER).batch(8).sequenceLength(8192).prefillChunkTokens(8192)
                .kvBlockTokens(16).overhead(RuntimeOverhead.DEFAULT).build();
        Estimate e = estimator.estimate(PublicModels.llama2_7b(), w);
        assertThat(e.allocatorReserveBytes()).isLessThan(e.allocatedPeakBytes() / 100);
        assertThat(e.reservedPeakBytes()).isEqualTo(e.allocatedPeakBytes() + e.allocatorReserveBytes());
        assertThat(e.processPeakBytes()).isEqualTo(e.reservedPeakBytes() + e.contextBytes());
    }

    @Test
    void loraTrainsOnlyAdaptersOverAFrozenBase() {
        ModelSpec llama = PublicModels.llama2_7b();
        LoraSpec lora = new LoraSpec(16, java.util.Set.of(LoraSpec.LoraTarget.Q_PROJ, LoraSpec.LoraTarget.V_PROJ));
        Workload w = Workload.builder().implementation(Implementation.MEGATRON).mode(Mode.LORA).lora(lora)
                .overhead(RuntimeOverhead.OFF).build();
        Estimate e = estimator.estimate(llama, w);
        // Hu et al. 2021: r * (d_in + d_out) per adapted matrix: 16 * (4096 + 4096) * 2 matrices * 32 layers.
        long adapters = 16L * (4096 + 4096) * 2 * 32;
        assertThat(e.trainableParameters()).isEqualTo(adapters);
        assertThat(e.component(Component.GRADIENTS)).isEqualTo(2 * adapters);
        assertThat(e.component(Component.OPTIMIZER_STATES)).isEqualTo(8 * adapters);
        assertThat(e.component(Component.MASTER_WEIGHTS)).isEqualTo(4 * adapters);
        assertThat(ModelStatesTest.phase(e, Phase.OPTIMIZER_STEP).get(Component.WEIGHTS))
                .isEqualTo(2 * 6_738_415_616L + 2 * adapters);
        // PyTorch autocast with PEFT: fp32 adapters (4 bytes), fp32 gradients, no master copy; the bf16 base stays.
        Estimate pytorch = estimator.estimate(llama, w.toBuilder().implementation(Implementation.PYTORCH).build());
        assertThat(pytorch.component(Component.MASTER_WEIGHTS)).isZero();
        assertThat(pytorch.component(Component.GRADIENTS)).isEqualTo(4 * adapters);
        assertThat(pytorch.component(Component.OPTIMIZER_STATES)).isEqualTo(8 * adapters);
        assertThat(ModelStatesTest.phase(pytorch, Phase.OPTIMIZER_STEP).get(Component.WEIGHTS))
                .isEqualTo(2 * 6_738_415_616L + 4 * adapters);
        // Autocast keeps a 16-bit copy of each fp32 adapter matrix from forward to backward.
        assertThat(ModelStatesTest.phase(pytorch, Phase.FORWARD_END).get(Component.WEIGHTS))
                .isEqualTo(2 * 6_738_415_616L + 6 * adapters);
    }

    @Test
    void qloraFitsSixtyFiveBillionParametersInFortyEightGigabytes() {
        // Dettmers et al. 2023 (QLoRA), abstract and introduction: QLoRA "reduces the average memory requirements
        // of finetuning a 65B parameter model from >780GB of GPU memory to <48GB". Their setup: NF4 with double
        // quantisation, bf16 compute, LoRA r = 64 on all linear layers, adapters cast to bf16, gradient
        // checkpointing, sequences of up to 512 tokens. Model states of adapters held in bf16 here; with fp32
        // Adam moments (paged AdamW 32-bit) they would take 4 more bytes per adapter parameter, still below 48 GB.
        ModelSpec llama65 = PublicModels.llama65b();
        Workload qlora = Workload.builder().mode(Mode.QLORA).precision(Precision.BF16)
                .lora(new LoraSpec(64, LoraSpec.ALL_LINEAR)).batch(1).sequenceLength(512)
                .recompute(Recompute.FULL).overhead(RuntimeOverhead.OFF).build();
        Estimate q = estimator.estimate(llama65, qlora);
        assertThat(q.peakBytes() + 4 * q.trainableParameters()).isLessThan(48_000_000_000L);
        assertThat(q.component(Component.WEIGHTS)).isGreaterThan(32_000_000_000L);
        Workload full = Workload.builder().batch(1).sequenceLength(512).recompute(Recompute.FULL)
                .overhead(RuntimeOverhead.OFF).build();
        assertThat(estimator.estimate(llama65, full).peakBytes()).isGreaterThan(780_000_000_000L);
    }

    @Test
    void servingBudgetIsUtilizationTimesDeviceMemory() {
        assertThat(Serving.usableBudget(80_000_000_000L, 0.9)).isEqualTo(72_000_000_000L);
        assertThat(Serving.usableBudget(80_000_000_000L, 0)).isEqualTo(80_000_000_000L);
    }

    @Test
    void pipelineReportsTheWorseOfFirstAndLastStage() {
        ModelSpec llama = PublicModels.llama3_8b();
        Workload w = Workload.builder().batch(1).sequenceLength(4096).gradientAccumulation(8)
                .parallelism(new Parallelism(1, 4, 1, 0, false)).overhead(RuntimeOverhead.OFF).build();
        Estimate e = estimator.estimate(llama, w);
        double[][] first = TrainingMemory.phases(llama, w, true, false);
        double[][] last = TrainingMemory.phases(llama, w, false, true);
        double expected = Math.max(peak(first), peak(last));
        assertThat((double) e.peakBytes()).isCloseTo(expected, within(16.0));
        Estimate single = estimator.estimate(llama, w.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
        assertThat(e.peakBytes()).isLessThan(single.peakBytes());
    }

    private static double peak(double[][] phases) {
        double p = 0;
        for (int i = 0; i < TrainingMemory.PHASES.length; i++) {
            p = Math.max(p, TrainingMemory.sum(phases[i]));
        }
        return p;
    }

    private static long sumOfComponentMaxima(Estimate e) {
        long sum = 0;
        for (long v : e.components().values()) {
            sum += v;
        }
        return sum;
    }

    @Test
    void tensorParallelSizesThatSplitAHeadAreRejected() {
        // Megatron's tensor parallelism gives each rank whole attention heads (Shoeybi et al. 2019, section 3):
        // Llama-3-8B's 32 heads split over 2, 4 or 8 ranks, not over 3.
        ModelSpec llama = PublicModels.llama3_8b();
        Workload base = Workload.builder().build();
        assertThatThrownBy(() -> new MemoryEstimator().estimate(llama,
                        base.toBuilder().parallelism(new Parallelism(3, 1, 1, 0, false)).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32");
        assertThatThrownBy(() -> new MemoryEstimator().peakBytes(llama,
                        base.toBuilder().parallelism(new Parallelism(1, 33, 1, 0, false)).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("layers");
        assertThat(new MemoryEstimator().estimate(llama,
                base.toBuilder().parallelism(new Parallelism(8, 1, 1, 0, false)).build()).peakBytes()).isPositive();
    }

    /**
     * Past 2^63-1 bytes every total saturates together: no "allocated peak 0" beside a process total of 8 EiB (a
     * saturated reserve once was subtracted from a saturated peak) and no range from a fraction of a GiB.
     */
    @Test
    void aSaturatedPeakSaturatesEveryTotalDerivedFromIt() {
        Workload huge = Workload.builder().mode(Mode.TRAIN).batch(1_000_000).sequenceLength(100_000)
                .precision(Precision.BF16_MIXED).build();
        Estimate e = estimator.estimate(ModelShapes.fromParameterCount(1_000_000_000_000_000L), huge);

        assertThat(e.saturated()).isTrue();
        assertThat(e.processPeakBytes()).isEqualTo(Long.MAX_VALUE);
        assertThat(e.reservedPeakBytes()).isEqualTo(Long.MAX_VALUE);
        assertThat(e.allocatedPeakBytes()).isEqualTo(Long.MAX_VALUE);
        assertThat(e.range().lowBytes()).isEqualTo(Long.MAX_VALUE);
        assertThat(e.range().highBytes()).isEqualTo(Long.MAX_VALUE);

        Estimate normal = estimator.estimate(PublicModels.llama3_8b(), Workload.builder().build());
        assertThat(normal.saturated()).isFalse();
        assertThat(normal.allocatedPeakBytes()).isLessThan(normal.reservedPeakBytes());
    }
}
