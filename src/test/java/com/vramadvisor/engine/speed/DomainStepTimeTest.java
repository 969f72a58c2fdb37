package com.vramadvisor.engine.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

/**
 * The step-time arithmetic of {@link DomainStepTime}, hand-worked on the A100 80GB SXM (datasheet: 312 dense FP16
 * tensor TFLOPS, 19.5 FP32, 2,039 GB/s) and the RTX 4090 (Ada whitepaper: 165.2 dense FP16 tensor TFLOPS, 1,008 GB/s),
 * at 0.5 of the peak and 0.6 of the bandwidth ({@link Efficiency#UNFITTED}: no fixed costs).
 */
class DomainStepTimeTest {

    private static final Efficiency EFF = Efficiency.UNFITTED;

    private static final GpuSpec A100 = TestHardware.a100Sxm80();
    private static final GpuSpec RTX = TestHardware.rtx4090();

    private static DomainStepTime.Step one(StepWork w, GpuSpec g) {
        return DomainStepTime.of(w, g, Rig.of(g, TestHardware.board(), g.memoryBytesUsable()).fabric(1), 1, EFF);
    }

    @Test
    void separateKernelsAddAndAFusedKernelTakesTheSlowerOfItsTwoRoofs() {
        // 156e12 FLOPs at 156 TFLOPS effective: 1 s; 1,223.4e9 bytes at 1,223.4 GB/s effective: 1 s.
        StepWork apart = StepWork.local(156e12, ComputeRate.FP16, 1223.4e9, false, 1, "images");
        StepWork fused = StepWork.local(156e12, ComputeRate.FP16, 1223.4e9, true, 1, "time steps");
        assertThat(one(apart, A100).seconds()).isCloseTo(2.0, within(1e-9));
        assertThat(one(fused, A100).seconds()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aGpuWithoutARateForThePrecisionFallsBackAndSaysSo() {
        // The A100 has no FP8 figure in TestHardware, but INT8 624 TOPS; the 4090 INT8 660.6. A rate the part lacks
        // falls to the next slower one: TF32 on a GPU without it runs at FP32.
        GpuSpec noTf32 = new GpuSpec("x", "x", "x", "consumer", "PCIe", 16, "GDDR6", TestHardware.totalBytes(16),
                TestHardware.usableBytes(16), 500, 20, 0, 0, 0, 0, 200, "", 0, 4, 2022, 0, "", "test");
        DomainStepTime.Step s = one(StepWork.local(10e12, ComputeRate.TF32, 0, false, 1, "images"), noTf32);
        assertThat(s.fallback()).isTrue();
        assertThat(s.seconds()).isCloseTo(10e12 / (20e12 * 0.5), within(1e-9));
        assertThat(one(StepWork.local(10e12, ComputeRate.FP16, 0, false, 1, "images"), A100).fallback()).isFalse();
    }

    @Test
    void aGradientAllReduceHidesBehindTheBackwardPassOnNvlinkButNotOverTenGigabitEthernet() {
        // 1.2 GB of float32 gradients (ViT-L/16's 304 M parameters), 2/3 of a 1 s step to hide behind.
        StepWork w = new StepWork(156e12, ComputeRate.FP16, 0, false, 1.2e9, 2.0 / 3, 25 * 1048576.0, 0, 0, 512,
                "images");
        Fabric board = Rig.of(A100, TestHardware.board(), A100.memoryBytesUsable()).fabric(8);
        DomainStepTime.Step nvlink = DomainStepTime.of(w, A100, board, 8, EFF);
        // NVLink 3 ring: 2 x 7/8 x 1.2 GB / (300 GB/s x 0.8) = 8.75 ms < 667 ms: only the last 25 MiB bucket shows.
        assertThat(nvlink.seconds()).isCloseTo(1.0 + 10e-6 + 1.75 * 25 * 1048576.0 / 240e9, within(1e-6));
        assertThat(nvlink.bound()).isEqualTo(DomainStepTime.Bound.COMPUTE);

        // Two towers of four 4090s over 10 GbE: all four of a tower's ranks are in the ring, so it gets the tower's
        // whole 1.25 GB/s (Fabric.ringGBps: networkGBps x 4 / 4); 2.1 s of all-reduce, 0.67 s of it hidden.
        StepWork rtxWork = new StepWork(82.6e12, ComputeRate.FP16, 0, false, 1.2e9, 2.0 / 3, 25 * 1048576.0, 0, 0,
                512, "images");
        Fabric towers = Rig.of(RTX, TestHardware.tower(), RTX.memoryBytesUsable()).fabric(8);
        DomainStepTime.Step ethernet = DomainStepTime.of(rtxWork, RTX, towers, 8, EFF);
        double ring = 2.0 * 7 / 8 * 1.2e9 / (1.25e9 * 0.8);
        assertThat(ethernet.seconds()).isCloseTo(1.0 + 20e-6 + ring - 2.0 / 3, within(1e-3));
        assertThat(ethernet.bound()).isEqualTo(DomainStepTime.Bound.NETWORK);
    }

    @Test
    void aGpuWithoutABandwidthFigureHasNoSpeed() {
        GpuSpec blank = new GpuSpec("y", "y", "y", "consumer", "PCIe", 16, "GDDR6", TestHardware.totalBytes(16),
                TestHardware.usableBytes(16), 0, 20, 0, 0, 0, 0, 200, "", 0, 4, 2022, 0, "", "test");
        assertThat(one(StepWork.local(1e12, ComputeRate.FP32, 1e9, true, 1, "time steps"), blank)).isNull();
    }

    @Test
    void theHostBoundsASmallStepAndHidesBehindALargeOne() {
        // 2 ms of GPU work per image at 0.5 of 312 TFLOPS is 312e9 FLOPs; 100 launches of 50 us are 5 ms of host time.
        Efficiency launches = EFF.withFixedCosts(0, 50e-6);
        StepWork one = StepWork.local(312e9, ComputeRate.FP16, 0, false, 1, "images").withHostWork(1, 100, "pytorch");
        StepWork many = StepWork.local(64 * 312e9, ComputeRate.FP16, 0, false, 64, "images")
                .withHostWork(1, 100, "pytorch");
        Fabric f = Rig.of(A100, TestHardware.board(), A100.memoryBytesUsable()).fabric(1);
        DomainStepTime.Step small = DomainStepTime.of(one, A100, f, 1, launches);
        DomainStepTime.Step large = DomainStepTime.of(many, A100, f, 1, launches);
        assertThat(small.seconds()).isCloseTo(5e-3, within(1e-12));
        assertThat(small.bound()).isEqualTo(DomainStepTime.Bound.HOST);
        assertThat(large.seconds()).isCloseTo(64 * 2e-3, within(1e-12));
        assertThat(large.bound()).isEqualTo(DomainStepTime.Bound.COMPUTE);
        // Throughput grows with the batch and saturates: 200 images/s at batch 1, 500 at batch 64 (the GPU's rate).
        assertThat(64 / large.seconds()).isGreaterThan(1 / small.seconds());
    }
}
