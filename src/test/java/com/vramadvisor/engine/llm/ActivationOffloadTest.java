package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Activation offload: DeepSpeed's {@code cpu_checkpointing} and PyTorch's {@code save_on_cpu}
 * ({@link ActivationOffload}).
 */
class ActivationOffloadTest {

    private final MemoryEstimator estimator = new MemoryEstimator();

    private static Workload.Builder llama7bFullRecompute() {
        return Workload.builder().batch(1).sequenceLength(4096).precision(Precision.BF16_MIXED)
                .implementation(Implementation.MEGATRON).recompute(Recompute.FULL).overhead(RuntimeOverhead.OFF);
    }

    /**
     * Exact count from DeepSpeed's {@code CheckpointFunction.forward} ({@code checkpointing.py}, commit
     * 38327e07): with every block checkpointed, each block's input, a {@code [s, b, h]} bf16 tensor, is copied to the
     * CPU; Llama 2 7B (32 blocks, h 4096) at one 4,096-token sequence leaves 32 x 4096 x 4096 x 2 = 1,073,741,824
     * bytes (1 GiB) on the host. ZeRO-Infinity (Rajbhandari et al. 2021, section 3) counts activation checkpoints the
     * same way, {@code 2 x bsz x seq x hd x nl / ci} bytes with a checkpoint every {@code ci = 1} block.
     */
    @Test
    void cpuCheckpointingMovesEveryBlockInputToTheHostAndKeepsOneOnTheGpu() {
        Workload on = llama7bFullRecompute().activationOffload(ActivationOffload.CPU_CHECKPOINTING).build();
        Estimate with = estimator.estimate(PublicModels.llama2_7b(), on);
        Estimate without = estimator.estimate(PublicModels.llama2_7b(), llama7bFullRecompute().build());
        long oneBlock = 4096L * 4096 * 2;
        assertThat(with.hostBytes()).isEqualTo(32 * oneBlock);
        assertThat(without.hostBytes()).isZero();
        assertThat(without.component(Component.ACTIVATIONS) - with.component(Component.ACTIVATIONS))
                .isEqualTo(31 * oneBlock);
        assertThat(with.peakBytes()).isLessThanOrEqualTo(without.peakBytes());
    }

    @Test
    void saveOnCpuMovesTheBlocksSavedTensorsWithoutRecomputation() {
        Workload base = Workload.builder().batch(1).sequenceLength(2048).overhead(RuntimeOverhead.OFF).build();
        Estimate with = estimator.estimate(PublicModels.llama2_7b(),
                base.toBuilder().activationOffload(ActivationOffload.SAVE_ON_CPU).build());
        Estimate without = estimator.estimate(PublicModels.llama2_7b(), base);
        // The host takes all 32 blocks' saved tensors; the GPU keeps one block's: its activations fall by 31 of them.
        assertThat(with.hostBytes()).isPositive();
        assertThat((double) without.component(Component.ACTIVATIONS) - with.component(Component.ACTIVATIONS))
                .isCloseTo(with.hostBytes() * 31.0 / 32, within(2.0));
    }

    @Test
    void eachOffloadNeedsItsFrameworkAndCpuCheckpointingNeedsFullRecomputation() {
        assertThatThrownBy(() -> llama7bFullRecompute().recompute(Recompute.SELECTIVE)
                .activationOffload(ActivationOffload.CPU_CHECKPOINTING).build().requireRunnableActivationOffload())
                .hasMessageContaining("full recomputation");
        assertThatThrownBy(() -> llama7bFullRecompute().implementation(Implementation.PYTORCH)
                .activationOffload(ActivationOffload.CPU_CHECKPOINTING).build().requireRunnableActivationOffload())
                .hasMessageContaining("save-on-cpu");
        assertThatThrownBy(() -> llama7bFullRecompute().activationOffload(ActivationOffload.SAVE_ON_CPU).build()
                .requireRunnableActivationOffload()).hasMessageContaining("cpu-checkpointing");
        // A layout search may switch recomputation off: the offload is then ignored, not an error.
        Workload none = llama7bFullRecompute().recompute(Recompute.NONE)
                .activationOffload(ActivationOffload.CPU_CHECKPOINTING).build();
        assertThat(none.activationsOffloaded()).isFalse();
        assertThat(estimator.estimate(PublicModels.llama2_7b(), none).hostBytes()).isZero();
        assertThat(ActivationOffload.parse("save_on_cpu")).isEqualTo(ActivationOffload.SAVE_ON_CPU);
    }
}
