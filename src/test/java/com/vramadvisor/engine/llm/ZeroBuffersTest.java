package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DeepSpeed's ZeRO buffers at its configuration defaults (microsoft/DeepSpeed, deepspeed/runtime/zero/config.py:
 * reduce_bucket_size 5e8, sub_group_size 1e9, contiguous_gradients true, overlap_comm only at stage 3;
 * stage_1_and_2.py backward allocates one reduce bucket, stage3.py _setup_for_real_optimizer allocates the bucket and
 * initialize_optimizer_states an fp32 gradient of the largest sub-group of the partition).
 */
class ZeroBuffersTest {

    private static final ModelSpec LLAMA_13B = PublicModels.llama2_13b();

    private static Workload deepSpeed(int stage, Precision precision) {
        return Workload.builder().implementation(Implementation.MEGATRON).precision(precision)
                .parallelism(new Parallelism(1, 1, 64, stage, false)).build();
    }

    @ParameterizedTest(name = "stage {0}")
    @ValueSource(ints = {1, 2})
    void stagesOneAndTwoAddOneReduceBucketOfFiveHundredMillionWorkingTypeElements(int stage) {
        assertThat(ZeroBuffers.bytes(deepSpeed(stage, Precision.BF16_MIXED), 13e9)).isEqualTo(1e9);
        assertThat(ZeroBuffers.bytes(deepSpeed(stage, Precision.FP32), 13e9)).isEqualTo(2e9);
    }

    @Test
    void stageThreeAddsTheFp32GradientOfItsPartitionUpToOneSubGroup() {
        // 13e9 / 64 = 203,125,000 fp32 elements; a 1e12-parameter partition is capped at the 1e9-element sub-group.
        assertThat(ZeroBuffers.bytes(deepSpeed(3, Precision.BF16_MIXED), 13e9)).isEqualTo(1e9 + 203_125_000.0 * 4);
        assertThat(ZeroBuffers.bytes(deepSpeed(3, Precision.BF16_MIXED), 1e12)).isEqualTo(1e9 + 4e9);
    }

    @Test
    void noBuffersWithoutDeepSpeedOrWithoutZero() {
        Workload fsdp = deepSpeed(3, Precision.BF16_MIXED).toBuilder().implementation(Implementation.PYTORCH).build();
        assertThat(ZeroBuffers.bytes(fsdp, 13e9)).isZero();
        assertThat(ZeroBuffers.bytes(deepSpeed(0, Precision.BF16_MIXED), 13e9)).isZero();
    }

    @Test
    void theEstimateCarriesTheBucketInItsRuntimeOverheadAndNotWithoutOne() {
        Estimate with = new MemoryEstimator().estimate(LLAMA_13B, deepSpeed(2, Precision.BF16_MIXED));
        assertThat(with.component(Component.RUNTIME_OVERHEAD) - with.contextBytes() - with.allocatorReserveBytes())
                .isEqualTo(1_000_000_000L);
        Estimate off = new MemoryEstimator().estimate(LLAMA_13B, deepSpeed(2, Precision.BF16_MIXED).toBuilder()
                .overhead(RuntimeOverhead.OFF).build());
        assertThat(off.component(Component.RUNTIME_OVERHEAD)).isZero();
        assertThat(new MemoryEstimator().peakBytes(LLAMA_13B, deepSpeed(2, Precision.BF16_MIXED)))
                .isEqualTo(with.peakBytes());
    }
}
