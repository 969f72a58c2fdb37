package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PlannerTest {

    private static final ModelSpec MODEL = ReferenceModels.llama2_70b();
    private static final Workload W = Workload.builder().sequenceLength(4096).implementation(Implementation.MEGATRON)
            .build();
    private static final Estimate SINGLE = new MemoryEstimator().estimate(MODEL, W);

    private static Planner planner(long tokens, long globalBatch) {
        return new Planner(Recommender.estimatorModel(new MemoryEstimator()), MODEL, W, SINGLE,
                new Planner.Settings(0.5, 0.6, tokens, globalBatch, null));
    }

    private static Rig boards(GpuSpec gpu) {
        return Rig.of(gpu, TestHardware.board(), gpu.memoryBytesUsable());
    }

    @Test
    void aTighterDeadlineTakesMoreGpusAndEveryAnswerMeetsItsOwn() {
        Planner planner = planner(2_000_000_000_000L, 4L << 20);
        Rig a100 = boards(TestHardware.a100Sxm80());
        int previous = 0;
        for (double days : new double[] {120, 60, 30}) {
            Planner.Answer a = planner.plan(a100, 65_536, days * 24, 3);
            assertThat(a.meetsDeadline()).isTrue();
            assertThat(a.chosen().hours()).isLessThanOrEqualTo(days * 24);
            assertThat(a.chosen().gpus() % 8).isZero();
            assertThat(a.chosen().gpus()).isGreaterThan(previous);
            previous = a.chosen().gpus();
            // One board fewer misses the deadline.
            PlanCandidate fewer = planner.bestAt(a100, a.chosen().gpus() - 8);
            assertThat(fewer == null || fewer.hours() > days * 24).isTrue();
        }
    }

    @Test
    void theAlternativesAreFittingLayoutsAtTheChosenCountFastestFirst() {
        Planner planner = planner(2_000_000_000_000L, 4L << 20);
        Planner.Answer a = planner.plan(boards(TestHardware.a100Sxm80()), 65_536, 30 * 24, 5);
        List<PlanCandidate> alternatives = a.alternatives();
        assertThat(alternatives).hasSize(5).first().isEqualTo(a.chosen());
        for (int i = 0; i < alternatives.size(); i++) {
            PlanCandidate c = alternatives.get(i);
            assertThat(c.fits()).isTrue();
            assertThat(c.gpus()).isEqualTo(a.chosen().gpus());
            assertThat(c.peakBytes()).isLessThanOrEqualTo(TestHardware.a100Sxm80().memoryBytesUsable());
            if (i > 0) {
                assertThat(c.hours()).isGreaterThanOrEqualTo(alternatives.get(i - 1).hours());
            }
        }
    }

    @Test
    void aGlobalBatchCapsDataParallelismAndSetsTheMicroBatches() {
        // 4M tokens of 4,096-token sequences: 1,024 sequences a step.
        Planner planner = planner(1_000_000_000L, 4L << 20);
        for (PlanLayout l : planner.layouts(4096, 8)) {
            assertThat(l.dp()).isLessThanOrEqualTo(1024);
            assertThat(l.microBatches() * l.dp()).isBetween(1024 / 2, 1024 * 3 / 2);
        }
        assertThat(planner(1_000_000_000L, 0).layouts(16, 8)).allMatch(l -> l.microBatches() == 1);
    }

    @Test
    void aFixedRecomputationIsTheOnlyOneTriedAndEachLayoutIsEstimatedOnce() {
        Planner fixed = new Planner(Recommender.estimatorModel(new MemoryEstimator()), MODEL, W, SINGLE,
                new Planner.Settings(0.5, 0.6, 1_000_000_000L, 0, Recompute.FULL));
        assertThat(fixed.layouts(64, 8)).isNotEmpty().allMatch(l -> l.recompute() == Recompute.FULL);

        Planner shared = planner(1_000_000_000L, 0);
        shared.bestAt(boards(TestHardware.a100Sxm80()), 64);
        int estimates = shared.estimatesComputed();
        // Another option with the same GPU (a system, a cloud instance, another price) checks the same layouts:
        // no new estimates. An H100, faster, visits layouts in another order and adds only the ones it reaches.
        shared.bestAt(boards(TestHardware.priced(TestHardware.a100Sxm80(), 12_000)), 64);
        assertThat(shared.estimatesComputed()).isEqualTo(estimates);
        shared.bestAt(boards(TestHardware.h100Sxm()), 64);
        assertThat(shared.estimatesComputed()).isLessThan(2 * estimates);
    }
}
