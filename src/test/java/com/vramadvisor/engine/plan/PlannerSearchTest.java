package com.vramadvisor.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

/** The planner's search over expert- and context-parallel sizes ({@link SearchedSizes}). */
class PlannerSearchTest {

    /** Mixtral-8x7B's block shape: hidden 4096, 32 layers, 8 experts of width 14336, top-2, vocabulary 32,000. */
    private static final ModelSpec MIXTRAL = ReferenceModels.llama3_8b().toBuilder().vocabSize(32_000)
            .moe(MoeSpec.topK(8, 2, 14_336)).maxPositions(32_768).build();
    private static final Workload MEGATRON_4K = Workload.builder().sequenceLength(4096)
            .implementation(Implementation.MEGATRON).build();

    private static Planner planner(ModelSpec model, Workload w, long globalBatchTokens) {
        Estimate single = new MemoryEstimator().estimate(model, w);
        return new Planner(Recommender.estimatorModel(new MemoryEstimator()), model, w, single,
                new Planner.Settings(0.5, 0.6, 1_000_000_000_000L, globalBatchTokens, null));
    }

    private static Rig boards(GpuSpec gpu) {
        return Rig.of(gpu, TestHardware.board(), gpu.memoryBytesUsable());
    }

    @Test
    void aMixtureOfExpertsModelOn64H100sSpreadsItsExpertsOverSeveralGpus() {
        // The fastest fitting layout shards the experts (the first one shown may trade up to 2 % of speed for
        // headroom, Planner.NEAR_FASTEST).
        Planner.Answer a = planner(MIXTRAL, MEGATRON_4K, 4L << 20).answerAt(boards(TestHardware.h100Sxm()), 64, true,
                20);
        PlanCandidate fastest = a.alternatives().stream()
                .max(java.util.Comparator.comparingDouble(c -> c.step().tokensPerSecond())).orElseThrow();
        assertThat(fastest.layout().parallelism().expertParallel()).isGreaterThan(1);
        assertThat(MIXTRAL.moe().experts() % fastest.layout().parallelism().expertParallel()).isZero();
    }

    @Test
    void llama3_405bAt128kTokensOn16384H100sGetsTheTensorAndContextParallelSizesMetaTrainedWith() {
        // Llama 3 paper (arXiv:2407.21783), table 4, long-context stage of the 405B run: 16,384 H100s, TP 8,
        // CP 16, PP 16, DP 8, sequence 131,072, 16M tokens a batch, 380 TFLOPS per GPU (38 % BF16 MFU).
        ModelSpec llama405 = ModelSpec.builder().id("llama-3.1-405b").hiddenSize(16_384).layers(126).heads(128)
                .kvHeads(8).ffnSize(53_248).vocabSize(128_256).maxPositions(131_072).build();
        Workload w = Workload.builder().sequenceLength(131_072).implementation(Implementation.MEGATRON).build();
        Planner planner = planner(llama405, w, 16L << 20);
        Rig rig = boards(TestHardware.h100Sxm());
        PlanCandidate best = planner.bestAt(rig, 16_384);
        assertThat(best.layout().tp()).isEqualTo(8);
        assertThat(best.layout().parallelism().contextParallel()).isEqualTo(16);
        // Under Megatron-LM's rules (the distributed optimizer, no parameter sharding) the estimate keeps full
        // recomputation for 405B at 128K tokens, which Meta's FSDP run did not; at Meta's own layout, with 16
        // sequences per data-parallel group and no recomputation, the step-time model lands near the paper's MFU.
        PlanLayout meta = new PlanLayout(new Parallelism(8, 16, 8, 1, true, 1, 16), Recompute.NONE, 16, 1,
                Framework.MEGATRON.stageLayers(126, 16));
        assertThat(planner.stepTimeModel().training(rig.gpu(), rig.fabric(16_384), meta).mfu())
                .isCloseTo(0.38, within(0.05));
    }

    @Test
    void llama3_8bAt128kTokensUsesContextParallelism() {
        ModelSpec llama = ReferenceModels.llama3_8b().toBuilder().maxPositions(131_072).build();
        Workload w = Workload.builder().sequenceLength(131_072).implementation(Implementation.MEGATRON).build();
        PlanCandidate best = planner(llama, w, 16L << 20).bestAt(boards(TestHardware.h100Sxm()), 64);
        assertThat(best.layout().parallelism().contextParallel()).isGreaterThan(1);
    }

    @Test
    void theSearchedSizesAreBoundedAndAGivenSizeIsKept() {
        assertThat(SearchedSizes.expert(MIXTRAL, MEGATRON_4K)).containsExactly(1, 2, 4, 8);
        ModelSpec many = MIXTRAL.toBuilder().moe(MoeSpec.topK(256, 8, 2048)).build();
        assertThat(SearchedSizes.expert(many, MEGATRON_4K)).containsExactly(1, 2, 4, 8, 16, 32, 64);
        assertThat(SearchedSizes.dividing(SearchedSizes.expert(many, MEGATRON_4K), 512)).containsExactly(1, 16, 32,
                64);
        assertThat(SearchedSizes.dividing(SearchedSizes.expert(many, MEGATRON_4K), 12)).containsExactly(1, 2, 4);
        assertThat(SearchedSizes.expert(ReferenceModels.llama3_8b(), MEGATRON_4K)).containsExactly(1);
        assertThat(SearchedSizes.context(MEGATRON_4K)).containsExactly(1);
        assertThat(SearchedSizes.context(MEGATRON_4K.toBuilder().sequenceLength(131_072).build()))
                .containsExactly(1, 2, 4, 8, 16);
        Workload given = MEGATRON_4K.toBuilder().sequenceLength(131_072)
                .parallelism(new Parallelism(1, 1, 8, 1, false, 2, 1)).build();
        assertThat(SearchedSizes.expert(MIXTRAL, given)).containsExactly(2);
        assertThat(SearchedSizes.context(given)).containsExactly(1);
    }

    @Test
    void aLayoutThatFailedOnASmallCardIsStillTriedOnALargeOne() {
        // One planner serves every option of a table: what did not fit in 12 GB must not be ruled out for 192 GB.
        Workload w = Workload.builder().sequenceLength(4096).build();
        Planner shared = planner(ReferenceModels.llama2_7b(), w, 0);
        Rig small = boards(TestHardware.rtx3060());
        Rig large = boards(TestHardware.mi300x());
        shared.bestAt(small, 1);
        PlanCandidate afterSmall = shared.bestAt(large, 1);
        PlanCandidate fresh = planner(ReferenceModels.llama2_7b(), w, 0).bestAt(large, 1);
        assertThat(afterSmall.layout()).isEqualTo(fresh.layout());
        assertThat(afterSmall.layout().label()).isEqualTo("single");
    }

    @Test
    void aDenseShortSequenceSearchIsUnchanged() {
        Planner planner = planner(ReferenceModels.llama2_70b(), MEGATRON_4K, 4L << 20);
        assertThat(planner.layouts(64, 8)).allMatch(l -> l.parallelism().expertParallel() == 1
                && l.parallelism().contextParallel() == 1);
    }

    @Test
    void aMicroBatchThatNoSplitOfTheDataHoldsIsRuledOutOnceNotCountByCount() {
        // 16 sequences of 4,096 tokens of Llama 3 8B in one micro-batch on instances of one 80 GB H100 each (no
        // tensor parallelism across machines): the logits alone (16 x 4,096 x 128,256 in fp32, 33.6 GB) and the
        // activations of a micro-batch do not shrink with data parallelism, so no count up to the limit fits.
        Workload w = Workload.builder().sequenceLength(4096).batch(16).build();
        Planner planner = planner(ReferenceModels.llama3_8b(), w, 0);
        GpuSpec h100 = TestHardware.h100Sxm();
        Rig single = new Rig(h100, 1, 1, 16, "test network", 25, h100.memoryBytesUsable());
        Planner.Answer a = planner.plan(single, 1024, 24 * 90, 3);
        assertThat(a).isNotNull();
        assertThat(a.chosen().fits()).isFalse();
        // The search examined no count: one estimate per layout shape decided it.
        assertThat(planner.countsVisited()).isZero();
        int estimates = planner.estimatesComputed();
        assertThat(estimates).isLessThan(400);
        // What a scan finds at counts across the range agrees: nothing fits.
        for (int n : new int[] {1, 2, 3, 8, 48, 64, 1000, 1024}) {
            assertThat(planner.bestAt(single, n)).as("%d GPUs", n).isNull();
        }
    }
}
