package com.vramadvisor.engine.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks {@link ActivationModel#perLayer(ModelSpec, Workload)} against what PyTorch's autograd really keeps for
 * backward, as measured by {@code harness/activations/measure.py} and committed in
 * {@code harness/activations/results.json} (see {@code harness/activations/README.md}).
 *
 * <p>The harness runs GPT-2-style and Llama-style blocks, written op by op after the Hugging Face implementations,
 * under {@code torch.autograd.graph.saved_tensors_hooks} on a CPU, and counts every saved storage once. Where a CUDA
 * run keeps something else (a 1-byte bool dropout mask instead of CPU's float noise, float32 LayerNorm statistics,
 * a flash kernel's query/key/value/output/logsumexp instead of the CPU math fallback's tensors, PyTorch 2.x's
 * {@code MeanBackward1} that keeps only sizes) the file gives the GPU bytes per tensor by a named rule, and
 * {@code perLayerGpuEquivalentBytes} is their sum. That GPU-equivalent number is the golden value here.
 *
 * <p>Tolerance: none. Both sides are whole byte counts of the same tensors at the same element sizes, so the engine
 * must match to the byte; a difference is a tensor the engine models differently, and the failure message lists
 * both tensor lists so it can be found.
 */
class ActivationGoldenTest {

    private static final Path RESULTS = Path.of("harness", "activations", "results.json");

    private static JsonNode golden;

    @BeforeAll
    static void readGoldenFile() throws IOException {
        assertThat(RESULTS).as("golden activation measurements (run harness/activations/measure.py)").isRegularFile();
        golden = new ObjectMapper().readTree(Files.readString(RESULTS));
        assertThat(golden.path("schemaVersion").asInt()).isEqualTo(1);
        assertThat(golden.path("configs").size()).isGreaterThan(100);
    }

    @TestFactory
    Stream<DynamicTest> perLayerBytesEqualTheMeasuredGpuEquivalentBytes() {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode entry : golden.path("configs")) {
            JsonNode c = entry.path("config");
            if (!modelledByTheEngine(c)) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(entry.path("id").asText(), () -> {
                LayerActivations engine = ActivationModel.perLayer(model(c), workload(c));
                long measured = entry.path("perLayerGpuEquivalentBytes").asLong();
                assertThat(engine.totalBytes())
                        .as("per-layer bytes of %s (engine minus measured: %d)%nengine:%n%s%nmeasured on CPU, GPU bytes"
                                        + " by rule:%n%s", entry.path("id").asText(), engine.totalBytes() - measured,
                                engineTensors(engine), measuredTensors(entry))
                        .isEqualTo(measured);
            }));
        }
        assertThat(tests).hasSizeGreaterThan(100);
        return tests.stream();
    }

    /**
     * The measurement itself reproduces Korthikanti et al. 2022 (section 4.1, 16-bit, dropout, eager attention,
     * LayerNorm, GELU with f = 4h, MHA): {@code sbh(34 + 5as/h)} per layer, plus the two LayerNorms' float32 mean
     * and rstd that the paper leaves out ({@code 2 norms x 2 tensors x 4 bytes x bs}); {@code 34sbh} with selective
     * recomputation (section 4.3) and {@code 2sbh} with full recomputation.
     */
    @Test
    void measuredGpt16BitBlocksReproduceKorthikantiPlusLayerNormStatistics() {
        int checked = 0;
        for (JsonNode entry : golden.path("configs")) {
            JsonNode c = entry.path("config");
            if (!c.path("arch").asText().equals("gpt") || !c.path("precision").asText().equals("bf16")
                    || !c.path("attention").asText().equals("eager") || c.path("dropout").asDouble() == 0
                    || !c.path("gelu").asText().equals("fused")) {
                continue;
            }
            long b = c.path("b").asLong();
            long s = c.path("s").asLong();
            long h = c.path("h").asLong();
            long a = c.path("a").asLong();
            long sbh = s * b * h;
            long layerNormStats = 2 * 2 * 4 * b * s;
            long expected = switch (c.path("recompute").asText()) {
                case "none" -> 34 * sbh + 5 * a * s * s * b + layerNormStats;
                case "selective" -> 34 * sbh + layerNormStats;
                default -> 2 * sbh;
            };
            assertThat(entry.path("perLayerGpuEquivalentBytes").asLong()).as(entry.path("id").asText())
                    .isEqualTo(expected);
            checked++;
        }
        assertThat(checked).isEqualTo(7);
    }

    /**
     * Under autocast every matmul keeps a 16-bit copy of its fp32 weight for backward (the harness's
     * {@code weightCast} category, outside the per-layer activations): 2 bytes per matmul weight of the block, what
     * the engine counts under weights ({@link TrainingMemory#castCopies}). A fully recomputed block runs its forward
     * without saving anything, so none of its copies is kept, as the engine assumes after the forward pass.
     */
    @Test
    void autocastKeepsTwoBytesPerMatmulWeightOfTheBlockExceptUnderFullRecomputation() {
        int checked = 0;
        for (JsonNode entry : golden.path("configs")) {
            JsonNode c = entry.path("config");
            if (!modelledByTheEngine(c) || !c.path("precision").asText().equals("bf16-autocast")) {
                continue;
            }
            ModelSpec m = model(c);
            Workload w = workload(c);
            double[] copies = TrainingMemory.castCopies(w, new StageParams(m, w, false, false), true, DataType.FP32, 1);
            long perBlock = (long) copies[3];
            long expected = c.path("recompute").asText().equals("full") ? 0 : perBlock;
            assertThat(entry.path("excludedBytes").path("weightCast").asLong()).as(entry.path("id").asText())
                    .isEqualTo(expected);
            checked++;
        }
        assertThat(checked).isEqualTo(24);
    }

    /**
     * Variants the engine has no input for, recorded for the README: HF's composed {@code gelu_new}, CPU autocast's
     * softmax policy (not what a GPU runs), and HF's SDPA path that repeats K/V before the kernel.
     */
    private static boolean modelledByTheEngine(JsonNode c) {
        return !c.path("gelu").asText().equals("composed") && !c.path("autocastPolicy").asText().equals("cpu")
                && !c.path("attention").asText().equals("sdpa-repeat-kv");
    }

    private static ModelSpec model(JsonNode c) {
        boolean gpt = c.path("arch").asText().equals("gpt");
        int s = c.path("s").asInt();
        return ModelSpec.builder()
                .id("golden-" + c.path("arch").asText())
                .hiddenSize(c.path("h").asInt())
                .layers(2)
                .heads(c.path("a").asInt())
                .kvHeads(c.path("kv").asInt())
                .headDim(c.path("headDim").asInt())
                .ffnSize(c.path("ffn").asInt())
                .mlp(gpt ? MlpKind.GELU : MlpKind.GATED)
                .norm(gpt ? NormKind.LAYERNORM : NormKind.RMSNORM)
                .biases(gpt)
                .position(gpt ? PositionKind.LEARNED : PositionKind.ROTARY)
                .maxPositions(s)
                .tiedEmbeddings(gpt)
                .vocabSize(gpt ? 50257 : 32000)
                .build();
    }

    private static Workload workload(JsonNode c) {
        return Workload.builder()
                .mode(Mode.TRAIN)
                .batch(c.path("b").asInt())
                .sequenceLength(c.path("s").asInt())
                .precision(precision(c.path("precision").asText()))
                .attention(c.path("attention").asText().equals("eager") ? AttentionImpl.EAGER : AttentionImpl.FLASH)
                .recompute(Recompute.valueOf(c.path("recompute").asText().toUpperCase(Locale.ROOT)))
                .dropout(c.path("dropout").asDouble())
                .parallelism(Parallelism.SINGLE_GPU)
                .implementation(Implementation.PYTORCH)
                .build();
    }

    private static Precision precision(String measured) {
        return switch (measured) {
            case "fp32" -> Precision.FP32;
            case "bf16" -> Precision.BF16;
            case "bf16-autocast" -> Precision.BF16_MIXED;
            default -> throw new IllegalArgumentException("unknown precision in golden file: " + measured);
        };
    }

    private static String engineTensors(LayerActivations engine) {
        StringBuilder text = new StringBuilder();
        for (SavedTensor t : engine.tensors()) {
            text.append(String.format(Locale.ROOT, "  %-32s %10d%n", t.name(), t.bytes()));
        }
        return text.toString();
    }

    private static String measuredTensors(JsonNode entry) {
        StringBuilder text = new StringBuilder();
        for (JsonNode t : entry.path("tensors")) {
            if (!t.path("category").asText().equals("activation") || t.path("gpuBytes").asLong() == 0) {
                continue;
            }
            text.append(String.format(Locale.ROOT, "  %-32s %-48s %-9s %10d  %s%n", t.path("site").asText(),
                    t.path("savedBy").toString(), t.path("dtype").asText(), t.path("gpuBytes").asLong(),
                    t.path("gpuRule").asText()));
        }
        return text.toString();
    }
}
