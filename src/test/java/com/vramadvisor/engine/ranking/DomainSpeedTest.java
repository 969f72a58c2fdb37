package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.Rig;
import org.junit.jupiter.api.Test;

/**
 * The step-time arithmetic of {@link DomainSpeed}, hand-worked on the A100 80GB SXM (datasheet: 312 dense FP16
 * tensor TFLOPS, 19.5 FP32, 2,039 GB/s) and the RTX 4090 (Ada whitepaper: 165.2 dense FP16 tensor TFLOPS, 1,008 GB/s),
 * at 0.5 of the peak and 0.6 of the bandwidth.
 */
class DomainSpeedTest {

    private static final GpuSpec A100 = TestHardware.a100Sxm80();
    private static final GpuSpec RTX = TestHardware.rtx4090();

    private static DomainSpeed.Step one(StepWork w, GpuSpec g) {
        return DomainSpeed.of(w, g, Rig.of(g, TestHardware.board(), g.memoryBytesUsable()).fabric(1), 1, 0.5, 0.6);
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
        DomainSpeed.Step s = one(StepWork.local(10e12, ComputeRate.TF32, 0, false, 1, "images"), noTf32);
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
        DomainSpeed.Step nvlink = DomainSpeed.of(w, A100, board, 8, 0.5, 0.6);
        // NVLink 3 ring: 2 x 7/8 x 1.2 GB / (300 GB/s x 0.8) = 8.75 ms < 667 ms: only the last 25 MiB bucket shows.
        assertThat(nvlink.seconds()).isCloseTo(1.0 + 10e-6 + 1.75 * 25 * 1048576.0 / 240e9, within(1e-6));
        assertThat(nvlink.bound()).isEqualTo(DomainSpeed.Bound.COMPUTE);

        // Two towers of four 4090s over 10 GbE: all four of a tower's ranks are in the ring, so it gets the tower's
        // whole 1.25 GB/s (Fabric.ringGBps: networkGBps x 4 / 4); 2.1 s of all-reduce, 0.67 s of it hidden.
        StepWork rtxWork = new StepWork(82.6e12, ComputeRate.FP16, 0, false, 1.2e9, 2.0 / 3, 25 * 1048576.0, 0, 0,
                512, "images");
        Fabric towers = Rig.of(RTX, TestHardware.tower(), RTX.memoryBytesUsable()).fabric(8);
        DomainSpeed.Step ethernet = DomainSpeed.of(rtxWork, RTX, towers, 8, 0.5, 0.6);
        double ring = 2.0 * 7 / 8 * 1.2e9 / (1.25e9 * 0.8);
        assertThat(ethernet.seconds()).isCloseTo(1.0 + 20e-6 + ring - 2.0 / 3, within(1e-3));
        assertThat(ethernet.bound()).isEqualTo(DomainSpeed.Bound.NETWORK);
    }

    @Test
    void aGpuWithoutABandwidthFigureHasNoSpeed() {
        GpuSpec blank = new GpuSpec("y", "y", "y", "consumer", "PCIe", 16, "GDDR6", TestHardware.totalBytes(16),
                TestHardware.usableBytes(16), 0, 20, 0, 0, 0, 0, 200, "", 0, 4, 2022, 0, "", "test");
        assertThat(one(StepWork.local(1e12, ComputeRate.FP32, 1e9, true, 1, "time steps"), blank)).isNull();
    }
}
