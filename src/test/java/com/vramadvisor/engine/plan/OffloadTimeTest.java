package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/** PCIe transfers and the CPU optimizer step that offload adds to a training step (Llama-2-7B on one A100). */
class OffloadTimeTest {

    private static final long N = 6_738_415_616L;
    private static final NodeSpec HGX = new NodeSpec("hgx", "HGX A100", 8, true, 16, "InfiniBand 8 x 200 Gb/s", 1600,
            79_000, "2020", 3300, "test");

    private static StepTime step(Offload.Target target, int zero) {
        Workload w = Workload.builder().sequenceLength(2048).implementation(Implementation.MEGATRON)
                .offload(new Offload(target, Offload.Device.CPU, -1)).build();
        StepTimeModel model = new StepTimeModel(ReferenceModels.llama2_7b(), w, N, N, N, 0.5, 0.6);
        Fabric fabric = Fabric.of(TestHardware.a100Sxm80(), HGX, 1);
        return model.training(TestHardware.a100Sxm80(), fabric, new PlanLayout(new Parallelism(1, 1, 1, zero,
                false), Recompute.NONE, 1));
    }

    @Test
    void zeroOffloadPaysTheCpuStepAndFourBytesPerParameterOverPcie() {
        Fabric fabric = Fabric.of(TestHardware.a100Sxm80(), HGX, 1);
        double pcie = fabric.pcieGBps() * 1e9;
        // DeepSpeedCPUAdam at 10.283e9 parameters in 6.47857 s, 2 bytes of gradient down and 2 of parameters up.
        double expected = N / (10.283e9 / 6.47857) + 4.0 * N / pcie;
        assertThat(step(Offload.Target.OPTIMIZER, 2).optimizerSeconds()).isCloseTo(expected, withinPercentage(1e-6));
    }

    @Test
    void offloadSlowsTheStepAndParameterOffloadSlowsItMore() {
        StepTime none = step(Offload.Target.NONE, 2);
        StepTime optimizer = step(Offload.Target.OPTIMIZER, 2);
        StepTime all = step(Offload.Target.ALL, 3);
        assertThat(optimizer.stepSeconds()).isGreaterThan(none.stepSeconds());
        assertThat(all.stepSeconds()).isGreaterThan(optimizer.stepSeconds());
        // A layout that cannot offload (ZeRO-0) is timed without it.
        assertThat(step(Offload.Target.OPTIMIZER, 0).stepSeconds()).isEqualTo(step(Offload.Target.NONE, 0)
                .stepSeconds());
    }

    @Test
    void cpuCheckpointingSendsEveryBlockInputToTheHostAndBackEachMicroBatch() {
        Workload w = Workload.builder().sequenceLength(2048).implementation(Implementation.MEGATRON)
                .recompute(Recompute.FULL).build();
        StepTimeModel plain = new StepTimeModel(ReferenceModels.llama2_7b(), w, N, N, N, 0.5, 0.6);
        StepTimeModel offloaded = new StepTimeModel(ReferenceModels.llama2_7b(),
                w.toBuilder().activationOffload(ActivationOffload.CPU_CHECKPOINTING).build(), N, N, N, 0.5, 0.6);
        Fabric fabric = Fabric.of(TestHardware.a100Sxm80(), HGX, 1);
        PlanLayout layout = new PlanLayout(new Parallelism(1, 1, 1, 0, false), Recompute.FULL, 4);
        StepTime a = plain.training(TestHardware.a100Sxm80(), fabric, layout);
        StepTime b = offloaded.training(TestHardware.a100Sxm80(), fabric, layout);
        // 32 block inputs of 2048 x 4096 bf16 values to the host and back, 4 micro-batches, over PCIe 4.0 x16.
        double bytes = 32.0 * 2048 * 4096 * 2;
        assertThat(b.computeSeconds() - a.computeSeconds()).isCloseTo(4 * 2 * bytes / (fabric.pcieGBps() * 1e9),
                withinPercentage(1e-6));
        // Selective recomputation leaves nothing for cpu_checkpointing to move: ignored.
        PlanLayout selective = new PlanLayout(new Parallelism(1, 1, 1, 0, false), Recompute.SELECTIVE, 4);
        assertThat(offloaded.training(TestHardware.a100Sxm80(), fabric, selective).stepSeconds())
                .isEqualTo(plain.training(TestHardware.a100Sxm80(), fabric, selective).stepSeconds());
    }
}
