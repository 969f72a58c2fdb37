package com.vramadvisor.engine.vision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The layer tables against what PyTorch's autograd really keeps, as measured by {@code harness/vision/measure.py}
 * (committed in {@code harness/vision/results.json}; see {@code harness/vision/README.md}): float32 training-mode
 * forward passes of the networks written module for module after torchvision, every saved storage counted once.
 *
 * <p>The one documented difference is dropout: on the CPU autograd keeps a float noise tensor (4 bytes an element),
 * on CUDA {@code native_dropout} keeps a bool mask (1 byte), which the engine models. VGG-16 has two dropouts of
 * 4,096 features, EfficientNet-B0 one of 1,280.
 */
class VisionHarnessGoldenTest {

    private static final Path RESULTS = Path.of("harness", "vision", "results.json");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "resnet-18, resnet-18, true, 0",
        "resnet-50, resnet-50, true, 0",
        "vgg-16, vgg-16, true, 8192",
        "efficientnet-b0, efficientnet-b0, true, 1280",
        "convnext-tiny, convnext-tiny, true, 0",
        "vit-b-16-eager, vit-b-16, false, 0"
    })
    void theLayerTableKeepsWhatAutogradKeeps(String measured, String preset, boolean sdpa, long dropoutElements)
            throws IOException {
        assertThat(RESULTS).as("measurements (run harness/vision/measure.py)").isRegularFile();
        JsonNode golden = new ObjectMapper().readTree(Files.readString(RESULTS));
        JsonNode row = null;
        for (JsonNode r : golden.get("results")) {
            if (r.get("model").asText().equals(measured)) {
                row = r;
            }
        }
        assertThat(row).as(measured + " in " + RESULTS).isNotNull();
        LayerTable t = VisionModel.parse(preset).table(row.get("resolution").asInt(), row.get("resolution").asInt(),
                false, sdpa);
        assertThat(t.params()).isEqualTo(row.get("params").asLong()).isEqualTo(row.get("torchvisionParams")
                .asLong());
        long cudaEquivalent = row.get("savedBytesPerImage").asLong() - 3 * dropoutElements;
        assertThat(t.savedBytes()).isEqualTo(cudaEquivalent);
    }

    /**
     * Under {@code torch.autocast} with bfloat16 (measured for the networks whose ops CPU and CUDA autocast treat
     * alike: convolutions, batch norm, ReLU, SiLU, sigmoid, pooling, linear layers): the kept tensors per image, and
     * the 16-bit weight copies kept once per batch. CPU dropout keeps a bfloat16 noise tensor, 1 byte an element
     * more than CUDA's mask.
     */
    @ParameterizedTest(name = "{0} under autocast")
    @CsvSource({"resnet-18, 0", "resnet-50, 0", "efficientnet-b0, 1280"})
    void theMixedPrecisionLayerTableKeepsWhatAutogradKeeps(String preset, long dropoutElements) throws IOException {
        JsonNode golden = new ObjectMapper().readTree(Files.readString(RESULTS));
        JsonNode row = null;
        for (JsonNode r : golden.get("results")) {
            if (r.get("model").asText().equals(preset)) {
                row = r.get("autocastBf16");
            }
        }
        assertThat(row).as(preset + " autocastBf16 in " + RESULTS).isNotNull();
        LayerTable t = VisionModel.parse(preset).table(224, 224, true, true);
        assertThat(t.savedBytes()).isEqualTo(row.get("savedBytesPerImage").asLong() - dropoutElements);
        assertThat(2 * t.castParams()).isEqualTo(row.get("weightCopyBytes").asLong());
    }
}
