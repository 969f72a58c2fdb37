package com.vramadvisor.engine.llm;

import static com.vramadvisor.engine.llm.Implementation.MEGATRON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Model-state memory against Rajbhandari et al. 2020 (ZeRO), Figure 1 and section 5. The paper counts the
 * DeepSpeed/Megatron layout (16-bit weights and gradients, fp32 master copy), so its figures are checked with
 * {@link Implementation#MEGATRON}.
 */
class ModelStatesTest {

    private static final double PSI = 7.5e9;

    @ParameterizedTest(name = "ZeRO stage {0}: {1} GB per device")
    @CsvSource({"0, 120.0", "1, 31.4", "2, 16.6", "3, 1.9"})
    void zeroPaperFigureOneForSevenAndAHalfBillionParametersOnSixtyFourGpus(int stage, double paperGb) {
        // Figure 1: Psi = 7.5B, Nd = 64, K = 12 (mixed-precision Adam): baseline (2+2+K)Psi = 120 GB,
        // P_os 2Psi + 2Psi + K*Psi/Nd = 31.4 GB, P_os+g 2Psi + (2+K)Psi/Nd = 16.6 GB, P_os+g+p (2+2+K)Psi/Nd = 1.9 GB.
        ModelStates s = ModelStates.forTraining(PSI, Precision.BF16_MIXED, Optimizer.ADAMW, MEGATRON, stage, 64);
        assertThat(s.totalBytes() / 1e9).isCloseTo(paperGb, within(0.05));
    }

    @Test
    void zeroFormulasHoldExactlyPerComponent() {
        double d = 64;
        ModelStates s0 = ModelStates.forTraining(PSI, Precision.FP16_MIXED, Optimizer.ADAM, MEGATRON, 0, 64);
        assertThat(s0.weightBytes()).isEqualTo((long) (2 * PSI));
        assertThat(s0.gradientBytes()).isEqualTo((long) (2 * PSI));
        assertThat(s0.masterWeightBytes() + s0.optimizerStateBytes()).isEqualTo((long) (12 * PSI));
        ModelStates s1 = ModelStates.forTraining(PSI, Precision.FP16_MIXED, Optimizer.ADAM, MEGATRON, 1, 64);
        assertThat(s1.totalBytes()).isEqualTo((long) Math.ceil(4 * PSI + 12 * PSI / d));
        ModelStates s2 = ModelStates.forTraining(PSI, Precision.FP16_MIXED, Optimizer.ADAM, MEGATRON, 2, 64);
        assertThat(s2.totalBytes()).isEqualTo((long) Math.ceil(2 * PSI + 14 * PSI / d));
        ModelStates s3 = ModelStates.forTraining(PSI, Precision.FP16_MIXED, Optimizer.ADAM, MEGATRON, 3, 64);
        assertThat(s3.totalBytes()).isEqualTo((long) Math.ceil(16 * PSI / d));
    }

    @Test
    void optimizerStateBytesPerParameterFollowEachOptimizersBuffers() {
        double n = 1e9;
        assertThat(states(n, Precision.FP32, Optimizer.SGD).optimizerStateBytes()).isZero();
        assertThat(states(n, Precision.FP32, Optimizer.SGD_MOMENTUM).optimizerStateBytes()).isEqualTo(4_000_000_000L);
        assertThat(states(n, Precision.BF16_MIXED, Optimizer.LION).optimizerStateBytes()).isEqualTo(4_000_000_000L);
        assertThat(states(n, Precision.FP32, Optimizer.ADAMW).optimizerStateBytes()).isEqualTo(8_000_000_000L);
        // Pure bf16: PyTorch keeps the moments in the parameter dtype.
        assertThat(states(n, Precision.BF16, Optimizer.ADAMW).optimizerStateBytes()).isEqualTo(4_000_000_000L);
        assertThat(states(n, Precision.BF16, Optimizer.ADAMW).masterWeightBytes()).isZero();
        // bitsandbytes 8-bit AdamW: two 1-byte moments plus one fp32 absmax per 2048-element block each.
        assertThat(states(n, Precision.BF16_MIXED, Optimizer.ADAMW_8BIT).optimizerStateBytes())
                .isEqualTo((long) Math.ceil(n * 2 * (1 + 4.0 / 2048)));
        // Pure fp32 keeps fp32 gradients.
        assertThat(states(n, Precision.FP32, Optimizer.ADAMW).gradientBytes()).isEqualTo(4_000_000_000L);
    }

    @Test
    void adafactorFactorsMatricesIntoRowsAndColumns() {
        // Shazeer and Stern 2018: a r x c matrix keeps r + c second-moment entries instead of r * c.
        ModelSpec m = PublicModels.llama2_7b();
        Workload w = Workload.builder().optimizer(Optimizer.ADAFACTOR).overhead(RuntimeOverhead.OFF).build();
        Estimate e = new MemoryEstimator().estimate(m, w);
        long params = e.parameters();
        assertThat(e.component(Component.OPTIMIZER_STATES)).isLessThan(params / 100);
        long h = 4096;
        long ffn = 11008;
        long perLayerElements = 4 * (h + h) + 3 * (h + ffn) + 2 * h;
        long elements = 32 * perLayerElements + 2 * (32_000 + h) + h;
        assertThat(e.component(Component.OPTIMIZER_STATES)).isEqualTo(4 * elements);
    }

    @Test
    void theEstimatorsOptimizerStepHoldsExactlyTheZeroModelStates() {
        ModelSpec m = PublicModels.llama2_13b();
        long psi = ParameterCounter.count(m).total();
        for (int stage = 0; stage <= 3; stage++) {
            Parallelism par = new Parallelism(1, 1, 64, stage, false);
            Workload w = Workload.builder().implementation(MEGATRON).parallelism(par).overhead(RuntimeOverhead.OFF)
                    .build();
            PhaseBreakdown step = phase(new MemoryEstimator().estimate(m, w), Phase.OPTIMIZER_STEP);
            double expected = switch (stage) {
                case 0 -> 16.0 * psi;
                case 1 -> 4.0 * psi + 12.0 * psi / 64;
                case 2 -> 2.0 * psi + 14.0 * psi / 64;
                default -> 16.0 * psi / 64;
            };
            assertThat((double) step.totalBytes()).isCloseTo(expected, within(4.0));
        }
    }

    static PhaseBreakdown phase(Estimate e, Phase p) {
        for (PhaseBreakdown b : e.phases()) {
            if (b.phase() == p) {
                return b;
            }
        }
        throw new AssertionError("no phase " + p);
    }

    private static ModelStates states(double n, Precision p, Optimizer o) {
        return ModelStates.forTraining(n, p, o, 0, 1);
    }
}
