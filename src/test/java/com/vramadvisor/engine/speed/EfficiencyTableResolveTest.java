package com.vramadvisor.engine.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link EfficiencyTable#resolve} keeps its answers per table: a ranking asks it for every option on every change of
 * the window's inputs, and building the efficiencies each time was a measurable part of a ranking and of the
 * compiler's work at start-up. The kept answers must be the ones a fresh table works out, per table.
 */
class EfficiencyTableResolveTest {

    private static EfficiencyTable table(double rocmGemm, double vllmCompute) {
        Map<Stack, Map<KernelClass, Double>> byStack = new EnumMap<>(Stack.class);
        byStack.put(Stack.ROCM, Map.of(KernelClass.GEMM, rocmGemm));
        return new EfficiencyTable(Map.of(KernelClass.GEMM, 0.45), byStack,
                Map.of(EfficiencyTable.fixedCostKey("vllm", Stack.CUDA),
                        new EngineProfile(0.004, 0.0001, vllmCompute, 1.1, 0.9)),
                Map.of(), Map.of(), new EfficiencyTable.FitInfo(0, 0, "", EfficiencyTable.COMMAND));
    }

    @Test
    void aSecondAskReturnsTheKeptAnswer() {
        EfficiencyTable t = table(0.40, 0.8);
        Efficiency first = t.resolve(Stack.CUDA, "vllm");
        assertThat(t.resolve(Stack.CUDA, "vllm")).isSameAs(first);
        assertThat(t.resolve(Stack.ROCM, null)).isSameAs(t.resolve(Stack.ROCM, null));
    }

    @Test
    void keptAnswersAreWhatAFreshTableWorksOut() {
        EfficiencyTable used = table(0.40, 0.8);
        for (Stack s : Stack.values()) {
            used.resolve(s, "vllm");
            used.resolve(s, null);
        }
        EfficiencyTable fresh = table(0.40, 0.8);
        for (Stack s : Stack.values()) {
            assertThat(used.resolve(s, "vllm")).isEqualTo(fresh.resolve(s, "vllm"));
            assertThat(used.resolve(s, null)).isEqualTo(fresh.resolve(s, null));
            assertThat(used.resolve(s, "VLLM")).isEqualTo(fresh.resolve(s, "vllm"));
        }
        assertThat(used).isEqualTo(fresh).hasSameHashCodeAs(fresh);
    }

    @Test
    void eachTableKeepsItsOwnAnswers() {
        EfficiencyTable a = table(0.40, 0.8);
        EfficiencyTable b = table(0.30, 0.6);
        assertThat(a.resolve(Stack.ROCM, null).gemm()).isEqualTo(0.40);
        assertThat(b.resolve(Stack.ROCM, null).gemm()).isEqualTo(0.30);
        assertThat(a.resolve(Stack.CUDA, null).gemm()).isEqualTo(0.45);
        assertThat(a.resolve(Stack.CUDA, "vllm").gemm()).isEqualTo(0.45 * 0.8, offset(1e-12));
        assertThat(b.resolve(Stack.CUDA, "vllm").gemm()).isEqualTo(0.45 * 0.6, offset(1e-12));
        assertThat(a).isNotEqualTo(b);
    }
}
