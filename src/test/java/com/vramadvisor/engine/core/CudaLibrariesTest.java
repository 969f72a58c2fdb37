package com.vramadvisor.engine.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The CUDA context by library set against the published readings it cites: the smallest lazily loaded context,
 * 287,047,680 bytes (pytorch/pytorch pull request 86509), the eager 1,343 MiB on a V100 with CUDA 11.2 (Hugging
 * Face, "Efficient Training on a Single GPU"), eager readings of 1,001 MiB (pytorch/pytorch issue 54564) and
 * 1,105 MiB (issue 60150), and "~300MB" under lazy loading (issue 107667).
 */
class CudaLibrariesTest {

    private static final long MIB = 1L << 20;

    @Test
    void theEveryLibraryRangeHoldsThePublishedReadings() {
        CudaLibraries torch = CudaLibraries.TORCH_CUDNN;
        for (long reading : new long[] {287_047_680L, 300 * 1_000_000L, 1_001 * MIB, 1_105 * MIB, 1_343 * MIB}) {
            assertThat(reading).isBetween(torch.lowBytes(), torch.highBytes());
        }
        assertThat(torch.highBytes()).isEqualTo((1_343 + 512) * MIB);
        assertThat(CudaLibraries.CUDA_RUNTIME.highBytes()).isEqualTo(1L << 30);
        assertThat(CudaLibraries.TORCH.contextBytes()).isEqualTo(CudaContext.LAZY.bytes());
    }

    @ParameterizedTest
    @EnumSource(CudaLibraries.class)
    void aRangeHoldsTheCentralFigureAndDoublesTheReserveAtItsHighEnd(CudaLibraries libs) {
        long tensors = 10L << 30;
        long reserve = 512 * MIB;
        MemoryRange r = libs.range(tensors, reserve);
        assertThat(r.contains(tensors + libs.contextBytes() + reserve)).isTrue();
        assertThat(r.lowBytes()).isEqualTo(tensors + 287_047_680L);
        assertThat(r.highBytes()).isEqualTo(tensors + libs.highBytes() + 2 * reserve);
    }
}
