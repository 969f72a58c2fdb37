package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

class ServingLoadTest {

    private static Workload users(int batch, int prompt, int context) {
        return Workload.builder().mode(Mode.INFER).batch(batch).sequenceLength(prompt).context(context).build();
    }

    @Test
    void eachStepCarriesTheOtherUsersPromptsSpreadOverOneUsersOutput() {
        // 25 users, 5,000 in / 500 out: the 24 others send 24 x 5,000 prompt tokens while one user reads 500
        // tokens, 240 a step.
        Workload w = ServingEngine.VLLM.configure(users(25, 5000, 5500), 0);
        assertThat(ServingLoad.arrivingPromptTokensPerStep(w)).isCloseTo(240, within(1e-9));
    }

    @Test
    void oneUserOrAFixedBatchCarriesNoArrivingPrompt() {
        assertThat(ServingLoad.arrivingPromptTokensPerStep(ServingEngine.VLLM.configure(users(1, 5000, 5500), 0)))
                .isZero();
        assertThat(ServingLoad.arrivingPromptTokensPerStep(ServingEngine.HF_GENERATE.configure(users(25, 5000, 5500),
                0))).isZero();
        // Without output tokens nothing tells how often prompts arrive.
        assertThat(ServingLoad.arrivingPromptTokensPerStep(ServingEngine.VLLM.configure(users(25, 5000, 5000), 0)))
                .isZero();
    }

    @Test
    void theBatchedTokenBudgetLessTheDecodeTokensCapsThePromptTokensOfAStep() {
        // 100 users, 8,000 in / 10 out would want 99 x 800 = 79,200 prompt tokens a step; a 2,048-token budget
        // keeps 2,048 - 100 = 1,948 of them.
        Workload w = ServingEngine.VLLM.configure(users(100, 8000, 8010), 2048);
        assertThat(ServingLoad.arrivingPromptTokensPerStep(w)).isCloseTo(1948, within(1e-9));
    }

    @Test
    void theQueueWaitIsPollaczekKhinchinesForFixedServiceTimes() {
        // M/D/1 at half load: 0.5 x 0.4 s / (2 x 0.5) = 0.2 s.
        assertThat(ServingQueue.meanWaitSeconds(0.5, 0.4)).isCloseTo(0.2, within(1e-12));
        assertThat(ServingQueue.meanWaitSeconds(0, 0.4)).isZero();
        assertThat(ServingQueue.meanWaitSeconds(1, 0.4)).isInfinite();
        assertThatThrownBy(() -> ServingQueue.meanWaitSeconds(-0.1, 0.4))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theWaitsQuantilesFollowItsExponentialTailAndTheMedianIsZeroBelowHalfLoad() {
        // P(W > t) = rho exp(-rho t / mean): at rho 0.8 and mean 1 s, the 99th percentile is ln(80) / 0.8 s.
        assertThat(ServingQueue.quantile(1.0, 0.8, 0.99)).isCloseTo(Math.log(80) / 0.8, within(1e-12));
        assertThat(ServingQueue.quantile(1.0, 0.4, 0.5)).isZero();
        assertThat(ServingQueue.quantile(1.0, 0.8, 0.5)).isCloseTo(Math.log(1.6) / 0.8, within(1e-12));
    }
}
