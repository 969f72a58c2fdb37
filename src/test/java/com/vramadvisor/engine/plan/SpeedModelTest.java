package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.speed.PassTime;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

class SpeedModelTest {

    private static final ModelSpec LLAMA2_7B = ReferenceModels.llama2_7b();
    /** Llama-2-7B parameters, published with the Hugging Face checkpoint. */
    private static final long N_7B = 6_738_415_616L;

    @Test
    void trainingCostsSixFlopsPerParameterPlusPalmsAttentionTerm() {
        Workload w = Workload.builder().sequenceLength(2048).build();
        // 6N + 12 L (H Q) s = 6 x 6,738,415,616 + 12 x 32 x 4096 x 2048 = 40,430,493,696 + 3,221,225,472
        assertThat(SpeedModel.trainingFlopsPerToken(N_7B, N_7B, LLAMA2_7B, w)).isEqualTo(43_651_719_168.0);
    }

    @Test
    void fullRecomputationCostsAFourthForwardPassAsInNarayanan() {
        Workload none = Workload.builder().build();
        Workload full = none.toBuilder().recompute(Recompute.FULL).build();
        // Narayanan et al. 2021: 96 B s l h^2 with recomputation against 72 without, a ratio of 4/3 (8N vs 6N).
        double ratio = SpeedModel.trainingFlopsPerToken(N_7B, N_7B, LLAMA2_7B, full)
                / SpeedModel.trainingFlopsPerToken(N_7B, N_7B, LLAMA2_7B, none);
        assertThat(ratio).isCloseTo(4.0 / 3.0, within(1e-12));
    }

    @Test
    void selectiveRecomputationRepeatsOnlyTheAttentionCore() {
        Workload none = Workload.builder().sequenceLength(4096).build();
        Workload selective = none.toBuilder().recompute(Recompute.SELECTIVE).build();
        // + 4 L H Q s = 4 x 32 x 4096 x 4096 = 2,147,483,648
        assertThat(SpeedModel.trainingFlopsPerToken(N_7B, N_7B, LLAMA2_7B, selective)
                - SpeedModel.trainingFlopsPerToken(N_7B, N_7B, LLAMA2_7B, none)).isEqualTo(2_147_483_648.0);
    }

    @Test
    void loraRunsTheFrozenBaseForwardAndBackwardOnly() {
        long adapters = 19_988_480L;
        Workload lora = Workload.builder().mode(Mode.LORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR))
                .sequenceLength(1024).build();
        // 4N + 6 N_a + 8 L H Q s = 26,953,662,464 + 119,930,880 + 8 x 32 x 4096 x 1024 (1,073,741,824)
        assertThat(SpeedModel.trainingFlopsPerToken(N_7B, adapters, LLAMA2_7B, lora)).isEqualTo(28_147_335_168.0);
    }

    /** Every bandwidth class at the full peak and every compute class at 0.4 of it, without fixed costs. */
    private static final Efficiency FULL_BANDWIDTH = Efficiency.UNFITTED.withBandwidth(1.0).withCompute(0.4);

    @Test
    void decodeOfA7bFp16ModelOnH100IsBandwidthOverWeightBytes() {
        // 6,738,415,616 x 2 bytes = 13.48 GB read per token; 3,350 GB/s / 13.48 GB = 248.6 tokens/s before
        // efficiency (the usual estimate 3350 / 13.5 = 248).
        double memory = PassTime.memorySeconds(FULL_BANDWIDTH, 3350e9, N_7B * 2.0, 0);
        double compute = PassTime.computeSeconds(FULL_BANDWIDTH, 989.4e12, 2.0 * N_7B, 0, 0);
        assertThat(1 / Math.max(memory, compute)).isCloseTo(248.6, within(0.1));
    }

    @Test
    void decodeBecomesComputeBoundAtLargeBatches() {
        // batch 1024: 1024 x 2N = 1.38e13 FLOPs per step at 989.4 TFLOPS x 0.4 = 34.9 ms, more than the 4.0 ms read.
        double flops = 1024 * 2.0 * N_7B;
        double memory = PassTime.memorySeconds(FULL_BANDWIDTH, 3350e9, N_7B * 2.0, 0);
        double compute = PassTime.computeSeconds(FULL_BANDWIDTH, 989.4e12, flops, 0, 0);
        assertThat(Math.max(memory, compute)).isCloseTo(flops / (989.4e12 * 0.4), withinPercentage(1e-9));
    }

    @Test
    void mixtureOfExpertsReadsOnlyVisitedExperts() {
        // Mixtral-8x7B: 46,702,792,704 parameters, 12,879,138,816 active (Mistral AI), 8 experts, top-2.
        MoeSpec moe = MoeSpec.topK(8, 2, 14_336);
        long total = 46_702_792_704L;
        long active = 12_879_138_816L;
        assertThat(SpeedModel.weightReadFraction(total, active, moe, 1))
                .isCloseTo((double) active / total, within(1e-12));
        // 64 tokens visit all 8 experts almost surely: 1 - 0.75^64 = 1 - 1e-8
        assertThat(SpeedModel.weightReadFraction(total, active, moe, 64)).isCloseTo(1.0, within(1e-6));
        assertThat(SpeedModel.weightReadFraction(total, total, null, 64)).isEqualTo(1.0);
    }

    @Test
    void meanKvCacheGrowsFromPromptToContext() {
        assertThat(SpeedModel.meanKvFraction(1024, 3072)).isCloseTo(4096.0 / 6144.0, within(1e-12));
        assertThat(SpeedModel.meanKvFraction(2048, 2048)).isEqualTo(1.0);
    }

    @Test
    void missingPrecisionRatesFallBackToSlowerOnes() {
        SpeedModel.PeakRate fp8OnA100 = SpeedModel.trainingPeak(TestHardware.a100Sxm80(), Precision.FP8_MIXED);
        assertThat(fp8OnA100.tflops()).isEqualTo(312);
        assertThat(fp8OnA100.fallback()).isTrue();
        SpeedModel.PeakRate bf16OnH100 = SpeedModel.trainingPeak(TestHardware.h100Sxm(), Precision.BF16_MIXED);
        assertThat(bf16OnH100.tflops()).isEqualTo(989.4);
        assertThat(bf16OnH100.fallback()).isFalse();
        assertThat(SpeedModel.inferencePeak(TestHardware.h100Sxm(), DataType.FP8).tflops()).isEqualTo(1978.9);
        assertThat(SpeedModel.inferencePeak(TestHardware.h100Sxm(), DataType.INT4).tflops()).isEqualTo(989.4);
    }
}
