package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * The step-time model term by term on Llama-2-7B (6,738,415,616 parameters, hidden 4096, 32 layers) on A100 80GB SXM
 * boards: 312 TFLOPS dense BF16, 2,039 GB/s, NVLink 3 at 600 GB/s both directions, 8 x 200 Gb/s between servers.
 */
class StepTimeModelTest {

    private static final long N = 6_738_415_616L;
    private static final NodeSpec HGX = new NodeSpec("hgx", "HGX A100", 8, true, 16, "InfiniBand 8 x 200 Gb/s", 1600,
            79_000, "2020", 3300, "test");
    private static final Workload W = Workload.builder().sequenceLength(2048).implementation(Implementation.MEGATRON)
            .build();
    private static final StepTimeModel MODEL = new StepTimeModel(ReferenceModels.llama2_7b(), W, N, N, N, 0.5, 0.6);

    private static StepTime step(int t, int p, int d, int zero, Recompute r, int m, int gpus) {
        return MODEL.training(TestHardware.a100Sxm80(), Fabric.of(TestHardware.a100Sxm80(), HGX, gpus),
                new PlanLayout(new Parallelism(t, p, d, zero, t > 1), r, m));
    }

    @Test
    void oneGpuIsItsKernelsItsElementWiseTrafficAndItsOptimizer() {
        StepTime one = step(1, 1, 1, 0, Recompute.NONE, 1, 1);
        // 2048 tokens x (6N + 12 x 32 x 4096 x 2048) FLOPs at 312e12 x 0.5
        double gemm = 2048 * (6.0 * N + 12.0 * 32 * 4096 * 2048) / 156e12;
        // 2048 tokens x 32 layers x 34 x 4096 bytes x 6 passes at 2,039e9 x 0.6
        double elementwise = 2048.0 * 32 * 34 * 4096 * 6 / (2039e9 * 0.6);
        double optimizer = N * 32.0 / (2039e9 * 0.6);
        assertThat(one.computeSeconds()).isCloseTo(gemm + elementwise, withinPercentage(1e-9));
        assertThat(one.optimizerSeconds()).isCloseTo(optimizer, withinPercentage(1e-9));
        assertThat(one.stepSeconds()).isCloseTo(gemm + elementwise + optimizer, withinPercentage(1e-9));
        assertThat(one.tensorParallelSeconds() + one.bubbleSeconds() + one.dataParallelSeconds()).isZero();
        // MFU counts the model's FLOPs against the step: below the kernels' 0.5.
        assertThat(one.mfu()).isCloseTo(2048 * (6.0 * N + 12.0 * 32 * 4096 * 2048) / (one.stepSeconds() * 312e12),
                within(1e-12));
        assertThat(one.mfu()).isLessThan(0.5);
        assertThat(one.bound()).isEqualTo(Bound.COMPUTE);
    }

    @Test
    void fullRecomputationCostsAFourthForwardPassAndMoreElementWiseTraffic() {
        StepTime none = step(1, 1, 1, 0, Recompute.NONE, 1, 1);
        StepTime full = step(1, 1, 1, 0, Recompute.FULL, 1, 1);
        assertThat(full.computeSeconds()).isGreaterThan(none.computeSeconds() * 1.3);
        assertThat(full.mfu()).isLessThan(none.mfu());
    }

    @Test
    void pipelineStagesPayABubbleThatMoreMicroBatchesShrink() {
        StepTime few = step(1, 4, 1, 0, Recompute.NONE, 4, 4);
        StepTime many = step(1, 4, 1, 0, Recompute.NONE, 32, 4);
        // 32 layers over 4 stages: 4 chunks a stage; bubble (p - 1) / v = 0.75 micro-batch times.
        double perMicroBatch = (few.computeSeconds() + few.pipelineSendSeconds()) / 4;
        assertThat(few.bubbleSeconds()).isCloseTo(0.75 * perMicroBatch, withinPercentage(1e-6));
        assertThat(many.bubbleSeconds() / many.stepSeconds()).isLessThan(few.bubbleSeconds() / few.stepSeconds());
    }

    @Test
    void dataParallelTrafficHidesBehindComputeInsideAServerButNotOverThinNetworks() {
        StepTime inside = step(1, 1, 8, 1, Recompute.NONE, 1, 8);
        assertThat(inside.dataParallelSeconds()).isZero();
        assertThat(inside.bound()).isEqualTo(Bound.COMPUTE);
        // The same 8 GPUs, one per machine on 10 GbE towers: the gradient reduce-scatter and parameter all-gather
        // (7/8 x 6.7e9 x (2 + 2) bytes over 1.25 GB/s x 0.8) take far longer than one micro-batch's compute.
        NodeSpec lonely = new NodeSpec("one", "One card a box", 1, false, 16, "10 GbE", 10, 3000, "2025", 250, "test");
        StepTime apart = MODEL.training(TestHardware.a100Sxm80(), Fabric.of(TestHardware.a100Sxm80(), lonely, 8),
                new PlanLayout(new Parallelism(1, 1, 8, 1, false), Recompute.NONE, 1));
        assertThat(apart.dataParallelSeconds()).isGreaterThan(10 * apart.computeSeconds());
        assertThat(apart.bound()).isEqualTo(Bound.NETWORK);
        assertThat(apart.dataParallelOverNetwork()).isTrue();
    }

    @Test
    void tensorParallelismOverNvlinkCostsLessThanOverPcie() {
        StepTime nvlink = step(4, 1, 1, 0, Recompute.NONE, 1, 4);
        assertThat(nvlink.tensorParallelSeconds()).isPositive();
        // Four all-reduces per layer of 2048 x 4096 x 2 bytes over 300 GB/s x 0.8: 32 x 4 x (10 us + 1.5 x
        // 16.8 MB / 240 GB/s)
        double each = 10e-6 + 2.0 * 3 / 4 * 2048 * 4096 * 2 / 240e9;
        assertThat(nvlink.tensorParallelSeconds()).isCloseTo(32 * 4 * each, withinPercentage(1e-6));
    }

    @Test
    void interruptionsCostMoreTheMoreGpusAJobHolds() {
        assertThat(Goodput.fraction(8)).isCloseTo(1.0, within(1e-3));
        // Llama 3's snapshot: more than 90 % effective training time on 16,384 GPUs.
        assertThat(Goodput.fraction(16_384)).isCloseTo(1 / 1.1, within(1e-9));
        assertThat(Goodput.fraction(1024)).isBetween(Goodput.fraction(16_384), Goodput.fraction(8));
    }
}
