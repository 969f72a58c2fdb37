package com.vramadvisor.engine.allocator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.core.CudaContext;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.core.MemoryRange;
import org.junit.jupiter.api.Test;

class CachingAllocatorTest {

    private static final long MIB = 1L << 20;

    @Test
    void requestsAreRoundedAsPyTorchsAllocatorSourceStates() {
        // c10/cuda/CUDACachingAllocator.cpp: kMinBlockSize 512, kSmallSize 1 MiB, kSmallBuffer 2 MiB,
        // kMinLargeAlloc 10 MiB, kLargeBuffer 20 MiB, kRoundLarge 2 MiB.
        assertThat(CachingAllocator.blockBytes(1)).isEqualTo(512);
        assertThat(CachingAllocator.blockBytes(513)).isEqualTo(1024);
        assertThat(CachingAllocator.segmentBytes(4096)).isEqualTo(2 * MIB);
        assertThat(CachingAllocator.segmentBytes(MIB)).isEqualTo(2 * MIB);
        assertThat(CachingAllocator.segmentBytes(MIB + 1)).isEqualTo(20 * MIB);
        assertThat(CachingAllocator.segmentBytes(10 * MIB - 512)).isEqualTo(20 * MIB);
        assertThat(CachingAllocator.segmentBytes(10 * MIB)).isEqualTo(10 * MIB);
        assertThat(CachingAllocator.segmentBytes(11 * MIB + 1)).isEqualTo(12 * MIB);
    }

    @Test
    void theReserveIsTheFragmentationOfTheTransientPeakOnly() {
        assertThat(CachingAllocator.reserveBytes(1000 * MIB, 0.28)).isEqualTo(280.0 * MIB, within());
        assertThat(CachingAllocator.reserveBytes(0, 0.28)).isZero();
        assertThatThrownBy(() -> CachingAllocator.reserveBytes(-1, 0.2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void contextsAreTheMeasuredFigures() {
        // Hugging Face "Efficient Training on a Single GPU": 1343 MB on a V100 with CUDA 11.2 after torch.ones.
        assertThat(CudaContext.EAGER.bytes()).isEqualTo(1343 * MIB);
        // pytorch/pytorch#86509: 287,047,680 bytes lazy and 666,632,192 eager (cudaMemGetInfo).
        assertThat(CudaContext.LAZY.lowBytes()).isLessThanOrEqualTo(287_047_680L);
        assertThat(CudaContext.EAGER.lowBytes()).isLessThanOrEqualTo(666_632_192L);
        // unslothai/unsloth-zoo#1053: 426 MiB in nvidia-smi on an RTX 6000 Ada, PyTorch 2.10, CUDA 13.0.
        assertThat(CudaContext.LAZY.bytes()).isEqualTo(426 * MIB);
        assertThat(CudaContext.parse("EAGER")).isEqualTo(CudaContext.EAGER);
        assertThatThrownBy(() -> CudaContext.parse("fast")).hasMessageContaining("lazy or eager");
    }

    @Test
    void aProcessFigureGoesToTheContextFirstThenToTheFragmentation() {
        // 1,014 MiB short (12,000 - 426 - 10,000 - 0.28 x 2,000): the context takes it (within the eager range).
        AllocatorFit fit = AllocatorFit.fit(MeasurementSource.NVIDIA_SMI, 12_000 * MIB, 10_000 * MIB, 2_000 * MIB,
                426 * MIB, 0.28);
        assertThat(fit.contextBytes()).isEqualTo(1440 * MIB);
        assertThat(fit.fragmentation()).isCloseTo(0.28, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(fit.predictedBytes()).isEqualTo(12_000 * MIB);
        // 2,514 MiB short: the context stops at the eager high end, the fragmentation takes the rest.
        AllocatorFit big = AllocatorFit.fit(MeasurementSource.NVIDIA_SMI, 13_500 * MIB, 10_000 * MIB, 2_000 * MIB,
                426 * MIB, 0.28);
        assertThat(big.contextBytes()).isEqualTo(CudaContext.EAGER.highBytes());
        assertThat(big.predictedBytes()).isEqualTo(13_500 * MIB);
        assertThat(big.fragmentation()).isGreaterThan(0.28).isLessThan(1);
    }

    @Test
    void aReservedFigureFitsTheFragmentationAndAnAllocatedOneIsRefused() {
        AllocatorFit fit = AllocatorFit.fit(MeasurementSource.RESERVED, 10_500 * MIB, 10_000 * MIB, 1_000 * MIB,
                426 * MIB, 0.28);
        assertThat(fit.fragmentation()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(fit.contextBytes()).isEqualTo(426 * MIB);
        assertThatThrownBy(() -> AllocatorFit.fit(MeasurementSource.ALLOCATED, 10_000 * MIB, 9_000 * MIB, 0,
                426 * MIB, 0.28)).hasMessageContaining("cannot calibrate");
    }

    @Test
    void theVerdictHasThreeStates() {
        MemoryRange r = new MemoryRange(90, 110);
        assertThat(r.verdict(120)).isEqualTo(FitVerdict.FITS);
        assertThat(r.verdict(110)).isEqualTo(FitVerdict.FITS);
        assertThat(r.verdict(100)).isEqualTo(FitVerdict.TIGHT);
        assertThat(r.verdict(90)).isEqualTo(FitVerdict.TIGHT);
        assertThat(r.verdict(89)).isEqualTo(FitVerdict.DOES_NOT_FIT);
        assertThatThrownBy(() -> new MemoryRange(10, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void expandableSegmentsLeaveNoReserveAndTheRangeKeepsTheDefaultFragmentation() {
        assertThat(CachingAllocator.reserveFraction(0.28, false)).isEqualTo(0.28);
        assertThat(CachingAllocator.reserveFraction(0.28, true)).isZero();
        assertThat(CachingAllocator.highFraction(0.28, false)).isEqualTo(0.56);
        assertThat(CachingAllocator.highFraction(0.28, true)).isEqualTo(0.28);
        // A training step under Megatron-LM or NeMo (launched with expandable segments) reserves nothing; the same
        // step under DeepSpeed (Megatron's memory layout, the default allocator) or with no framework named keeps
        // 0.28 of its transient tensors.
        com.vramadvisor.engine.llm.ModelSpec llama = com.vramadvisor.engine.ranking.ReferenceModels.llama2_7b();
        com.vramadvisor.engine.llm.Workload megatron = com.vramadvisor.engine.llm.Workload.builder().batch(1)
                .sequenceLength(4096).framework(com.vramadvisor.engine.llm.Framework.MEGATRON).build();
        com.vramadvisor.engine.llm.MemoryEstimator estimator = new com.vramadvisor.engine.llm.MemoryEstimator();
        assertThat(estimator.estimate(llama, megatron).allocatorReserveBytes()).isZero();
        assertThat(estimator.estimate(llama, megatron.toBuilder()
                .framework(com.vramadvisor.engine.llm.Framework.DEEPSPEED).build()).allocatorReserveBytes())
                .isPositive();
        assertThat(estimator.estimate(llama, megatron.toBuilder().framework(null)
                .implementation(com.vramadvisor.engine.llm.Implementation.MEGATRON).build()).allocatorReserveBytes())
                .isPositive();
        assertThat(estimator.estimate(llama, megatron).range().highBytes())
                .isGreaterThan(estimator.estimate(llama, megatron).peakBytes());
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1.0);
    }
}
