package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The loss head's two framework choices against their CPU measurements in
 * {@code harness/framework-choices/results.json} (see its README): Hugging Face upcasts the logits to fp32 before
 * cross-entropy, plain PyTorch does not.
 */
class FrameworkChoicesTest {

    private static final Path RESULTS = Path.of("harness", "framework-choices", "results.json");

    private static double measured(String id) throws IOException {
        for (JsonNode c : new ObjectMapper().readTree(RESULTS.toFile()).get("configs")) {
            if (c.get("id").asText().equals(id)) {
                return c.get("bytesPerTokenPerVocab").asDouble();
            }
        }
        throw new AssertionError("no configuration " + id + " in " + RESULTS);
    }

    private static Workload.Builder bf16Training() {
        return Workload.builder().batch(2).sequenceLength(256).precision(Precision.BF16)
                .implementation(Implementation.MEGATRON).overhead(RuntimeOverhead.DEFAULT);
    }

    @Test
    void theEstimatesLogitsAreWhatTheHuggingFaceUpcastKeeps() throws IOException {
        ModelSpec gpt2 = PublicModels.gpt2();
        Estimate e = new MemoryEstimator().estimate(gpt2, bf16Training().build());
        PhaseBreakdown forwardEnd = e.phases().get(0);
        assertThat(forwardEnd.phase()).isEqualTo(Phase.FORWARD_END);
        double perLogit = forwardEnd.get(Component.LOGITS) / (2.0 * 256 * gpt2.vocabSize());
        assertThat(perLogit).isEqualTo(measured("hf-upcast-bfloat16"));
    }

    @Test
    void theRangesLowEndHoldsThePlainPyTorchLoss() throws IOException {
        // A model whose peak is at the end of the forward pass with the logits alive: the low end must be at or
        // below the total with the log-softmax in bf16 (measured 4 bytes per logit instead of 6).
        ModelSpec gpt2 = PublicModels.gpt2();
        Estimate e = new MemoryEstimator().estimate(gpt2, bf16Training().build());
        long logits = e.peakBreakdown().get(Component.LOGITS);
        assertThat(logits).isPositive();
        double plain = logits * measured("plain-bfloat16") / measured("hf-upcast-bfloat16");
        long plainTotal = (long) (e.allocatedPeakBytes() - logits + plain) + RuntimeOverhead.DEFAULT.contextLowBytes();
        assertThat(e.range().lowBytes()).isLessThanOrEqualTo(plainTotal);
        assertThat(e.assumptions()).anyMatch(a -> a.contains("plain PyTorch"));
    }

    @Test
    void theSwitchScalesTheLogitsByTheMeasuredRatio() throws IOException {
        // --loss-upcast none: plain PyTorch cross-entropy on bf16 logits keeps 4 bytes per logit where Hugging
        // Face's upcast keeps 6 (harness/framework-choices/results.json, PyTorch 1.13 on the CPU).
        ModelSpec gpt2 = PublicModels.gpt2();
        MemoryEstimator estimator = new MemoryEstimator();
        PhaseBreakdown upcast = estimator.estimate(gpt2, bf16Training().build()).phases().get(0);
        PhaseBreakdown plain = estimator.estimate(gpt2, bf16Training().lossUpcast(LossUpcast.NONE).build())
                .phases().get(0);
        assertThat(plain.phase()).isEqualTo(Phase.FORWARD_END);
        assertThat((double) plain.get(Component.LOGITS) / upcast.get(Component.LOGITS))
                .isEqualTo(measured("plain-bfloat16") / measured("hf-upcast-bfloat16"));
        assertThat(plain.get(Component.LOGITS) / (2.0 * 256 * gpt2.vocabSize())).isEqualTo(measured("plain-bfloat16"));
    }

    @Test
    void inFp32TheSwitchChangesNothingAsMeasured() throws IOException {
        // Measured: 8 bytes per logit in fp32 with and without the upcast.
        ModelSpec gpt2 = PublicModels.gpt2();
        MemoryEstimator estimator = new MemoryEstimator();
        Workload.Builder fp32 = bf16Training().precision(Precision.FP32);
        long upcast = estimator.estimate(gpt2, fp32.build()).phases().get(0).get(Component.LOGITS);
        long plain = estimator.estimate(gpt2, fp32.lossUpcast(LossUpcast.NONE).build()).phases().get(0)
                .get(Component.LOGITS);
        assertThat((double) plain / upcast).isEqualTo(measured("plain-float32") / measured("hf-upcast-float32"));
    }

    @Test
    void theAssumptionFollowsTheChoiceAndTheLowEndHasNoUpcastToRemove() {
        ModelSpec gpt2 = PublicModels.gpt2();
        Estimate e = new MemoryEstimator().estimate(gpt2, bf16Training().lossUpcast(LossUpcast.NONE).build());
        assertThat(e.assumptions()).anyMatch(a -> a.contains("both in the compute type"));
        assertThat(e.assumptions()).noneMatch(a -> a.contains("plus the fp32 log-softmax"));
        // Without the upcast the low end is the allocated peak plus the smaller CUDA context: nothing is removed.
        assertThat(e.range().lowBytes())
                .isEqualTo(Math.min(e.peakBytes(), e.allocatedPeakBytes() + RuntimeOverhead.DEFAULT.contextLowBytes()));
    }
}
