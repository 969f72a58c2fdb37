package com.vramadvisor.engine;

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
}
