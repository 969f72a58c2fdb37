package com.vramadvisor.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

/**
 * Expert- and context-parallel terms of the step on A100 80GB SXM boards in an HGX server (NVLink 3: 300 GB/s per
 * direction): the all-to-all volume per MoE layer is {@code 4 x tokens x k x h x 2 bytes x (ep-1)/ep} (dispatch and
 * combine, forward and backward; Megatron-Core MoE docs), and context parallelism leaves each GPU {@code s / cp}
 * tokens of work.
 */
class ExpertContextStepTest {

    private static final long N = 6_738_415_616L;
    private static final NodeSpec HGX = new NodeSpec("hgx", "HGX A100", 8, true, 16, "InfiniBand 8 x 200 Gb/s", 1600,
            79_000, "2020", 3300, "test");
    private static final Workload W = Workload.builder().sequenceLength(2048).implementation(Implementation.MEGATRON)
            .build();

    @Test
    void contextParallelHalvesEachGpusComputeAndHidesTheRingOnNvlink() {
        StepTimeModel model = new StepTimeModel(ReferenceModels.llama2_7b(), W, N, N, N, 0.5, 0.6);
        Fabric fabric = Fabric.of(TestHardware.a100Sxm80(), HGX, 2);
        StepTime one = model.training(TestHardware.a100Sxm80(), fabric,
                new PlanLayout(new Parallelism(1, 1, 1, 0, false), Recompute.NONE, 1));
        StepTime two = model.training(TestHardware.a100Sxm80(), fabric,
                new PlanLayout(new Parallelism(1, 1, 1, 0, false, 1, 2), Recompute.NONE, 1));
        assertThat(two.computeSeconds()).isCloseTo(one.computeSeconds() / 2, withinPercentage(1e-9));
        // One K/V chunk (2 x 1024 tokens x 4096 x 2 bytes = 16.8 MB) three times per layer over 300 GB/s x 0.8 is
        // 0.2 ms; the attention it overlaps (3 x 4 x 2048^2 x 4096 / 2 FLOPs at 156 TFLOPS) is 0.66 ms.
        assertThat(two.expertContextSeconds()).isZero();
        assertThat(one.expertContextSeconds()).isZero();
        assertThat(two.tokensPerStep()).isEqualTo(one.tokensPerStep());
    }

    @Test
    void expertParallelAddsFourAllToAllsPerMoeLayer() {
        // Mixtral-8x7B's block shape (hidden 4096, 32 layers, 8 experts, top-2, intermediate 14336).
        ModelSpec moe = ReferenceModels.llama3_8b().toBuilder().moe(MoeSpec.topK(8, 2, 14336)).build();
        StepTimeModel model = new StepTimeModel(moe, W, 46_700_000_000L, 12_900_000_000L, 46_700_000_000L, 0.5,
                0.6);
        Fabric fabric = Fabric.of(TestHardware.a100Sxm80(), HGX, 8);
        StepTime plain = model.training(TestHardware.a100Sxm80(), fabric,
                new PlanLayout(new Parallelism(1, 1, 8, 1, false), Recompute.NONE, 1));
        StepTime ep = model.training(TestHardware.a100Sxm80(), fabric,
                new PlanLayout(new Parallelism(1, 1, 8, 1, false, 8, 1), Recompute.NONE, 1));
        double bytes = 2048.0 * 2 * 4096 * 2 * 7 / 8;
        double one = fabric.latencySeconds(8, 1) + bytes / (fabric.ringGBps(8, 1) * 1e9 * Fabric.COLLECTIVE_EFFICIENCY);
        assertThat(plain.expertContextSeconds()).isZero();
        assertThat(ep.expertContextSeconds()).isCloseTo(32 * 4 * one, withinPercentage(1e-9));
        assertThat(ep.computeSeconds()).isEqualTo(plain.computeSeconds());
    }

    @Test
    void expertGradientsAreReducedOverTheExpertDataParallelGroupOnly() {
        // Mixtral-8x7B's block shape: 32 MoE layers of 8 experts, each 3 x 4096 x 14336 = 176,160,768 parameters,
        // 45,097,156,608 routed-expert parameters in all (Mixtral's published 46.7B total less attention, routers,
        // norms and the embeddings).
        ModelSpec moe = ReferenceModels.llama3_8b().toBuilder().moe(MoeSpec.topK(8, 2, 14336)).build();
        long total = 46_700_000_000L;
        double experts = 32.0 * 8 * 3 * 4096 * 14336;
        // Short sequences, so that the traffic is not hidden behind the backward pass.
        Workload w = W.toBuilder().sequenceLength(128).build();
        StepTimeModel model = new StepTimeModel(moe, w, total, 12_900_000_000L, total, 0.5, 0.6);
        Fabric fabric = Fabric.of(TestHardware.a100Sxm80(), HGX, 64);
        StepTime plain = model.training(TestHardware.a100Sxm80(), fabric,
                new PlanLayout(new Parallelism(1, 1, 64, 0, false), Recompute.NONE, 1));
        StepTime ep = model.training(TestHardware.a100Sxm80(), fabric,
                new PlanLayout(new Parallelism(1, 1, 64, 0, false, 8, 1), Recompute.NONE, 1));
        // Megatron reduces bf16 gradients: the dense part all-reduced over the 64 data-parallel ranks, each GPU's
        // 1 of 8 experts per layer over the 8 ranks that hold the same experts (64 / ep, 8 ranks apart: tp-ep-dp).
        double dense = fabric.allReduceSeconds((total - experts) * 2, 64, 1);
        double expert = fabric.allReduceSeconds(experts / 8 * 2, 8, 8);
        assertThat(ep.dataParallelSeconds()).isCloseTo(dense + expert - ep.computeSeconds(), withinPercentage(1e-9));
        assertThat(plain.dataParallelSeconds()).isCloseTo(fabric.allReduceSeconds(total * 2.0, 64, 1)
                - plain.computeSeconds(), withinPercentage(1e-9));
        assertThat(ep.dataParallelSeconds()).isLessThan(plain.dataParallelSeconds());
    }
}
