package com.vramadvisor.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import org.junit.jupiter.api.Test;

/**
 * The 1F1B bubble, {@code (p - 1) / (m + p - 1)} of a step (Narayanan et al. 2021, section 2.2.1: {@code p - 1}
 * idle micro-batch times against {@code m} busy ones; their bubble time fraction {@code (p - 1) / m} is the same idle
 * time measured against the busy time alone).
 */
class PipelineBubbleTest {

    @Test
    void theBubbleIsTheIdleShareOfAStepAndShrinksWithMoreMicroBatches() {
        assertThat(PipelineBubble.fraction(1, 1)).isZero();
        assertThat(PipelineBubble.fraction(2, 1)).isCloseTo(0.5, within(1e-12));
        // p = 8, m = 8: 7 idle against 8 busy, the paper's (p - 1) / m = 0.875 of the busy time, 7 / 15 of the step.
        double f = PipelineBubble.fraction(8, 8);
        assertThat(f).isCloseTo(7.0 / 15, within(1e-12));
        assertThat(f / (1 - f)).isCloseTo(7.0 / 8, within(1e-12));
        assertThat(PipelineBubble.fraction(4, 64)).isLessThan(PipelineBubble.fraction(4, 16));
    }

    @Test
    void theSuggestedMicroBatchesAreTheFewestThatReachTheTarget() {
        for (int p = 2; p <= 64; p++) {
            int m = PipelineBubble.microBatchesFor(p, PipelineBubble.TARGET_FRACTION);
            assertThat(PipelineBubble.fraction(p, m)).as("p=" + p).isLessThanOrEqualTo(
                    PipelineBubble.TARGET_FRACTION + 1e-12);
            if (m > 1) {
                assertThat(PipelineBubble.fraction(p, m - 1)).as("p=" + p).isGreaterThan(
                        PipelineBubble.TARGET_FRACTION);
            }
        }
        assertThat(PipelineBubble.microBatchesFor(2, 0.10)).isEqualTo(9);
    }

    @Test
    void aHintOnlyForABubbleBoundPipelineWithFewerMicroBatchesThanStages() {
        PlanLayout tp8pp2 = new PlanLayout(new Parallelism(8, 2, 1, 0, true), Recompute.NONE, 1, 1, null);
        PipelineBubble.Hint h = PipelineBubble.of(tp8pp2, 1, Bound.BUBBLE).orElseThrow();
        assertThat(h.fraction()).isCloseTo(0.5, within(1e-12));
        assertThat(h.suggestedMicroBatches()).isEqualTo(9);
        assertThat(h.suggestedSequences()).isEqualTo(9);
        PlanLayout dp2 = new PlanLayout(new Parallelism(4, 2, 2, 1, true), Recompute.NONE, 1, 2, null);
        assertThat(PipelineBubble.of(dp2, 2, Bound.BUBBLE).orElseThrow().suggestedSequences()).isEqualTo(9 * 2 * 2);
        assertThat(PipelineBubble.of(tp8pp2, 1, Bound.COMPUTE)).isEmpty();
        PlanLayout filled = new PlanLayout(new Parallelism(8, 2, 1, 0, true), Recompute.NONE, 4, 1, null);
        assertThat(PipelineBubble.of(filled, 1, Bound.BUBBLE)).isEmpty();
    }
}
