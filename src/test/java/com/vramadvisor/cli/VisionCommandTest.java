package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VisionCommandTest {

    @Test
    void theIssuesEstimateCommandPrintsNamedPartsAndTheInt8Caveat() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "train", "--batch",
                "128", "--resolution", "224", "--precision", "fp32", "--optimizer", "sgd-momentum", "--format",
                "json");
        assertThat(e.get("workload").asText()).isEqualTo("vision");
        assertThat(e.get("parameters").asLong()).isEqualTo(25_557_032L);
        JsonNode c = e.get("components");
        assertThat(c.get("weights").asLong()).isEqualTo(102_228_128L);
        assertThat(c.get("optimizerStates").asLong()).isEqualTo(102_228_128L);
        assertThat(c.get("activations").asLong()).isEqualTo(128 * 85_311_400L);
        assertThat(c.has("weightCopies16")).isFalse();
        assertThat(e.get("caveats").toString()).contains("int8");
        EstimateCommandTest.Result text = run("estimate", "--workload", "vision", "--preset", "resnet-50",
                "--batch", "128", "--precision", "fp32");
        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).contains("ResNet-50 training, batch 128 at 224 x 224, fp32").contains("GiB")
                .doesNotContain(" GB ");
    }

    @Test
    void theDefaultsAreBf16MixedTheRecipeOptimizerAnd224Pixels() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "vision", "--preset", "vit-b-16", "--batch", "32", "--format",
                "json");
        assertThat(e.get("subject").asText()).contains("224 x 224").contains("bf16-mixed");
        assertThat(e.get("components").has("weightCopies16")).isTrue();
        // AdamW, ViT's recipe optimizer: two float32 states.
        assertThat(e.get("components").get("optimizerStates").asLong()).isEqualTo(8 * 86_567_656L);
        JsonNode wide = runJson("estimate", "--workload", "vision", "--preset", "resnet-50", "--batch", "32",
                "--resolution", "448x224", "--format", "json");
        JsonNode square = runJson("estimate", "--workload", "vision", "--preset", "resnet-50", "--batch", "32",
                "--format", "json");
        double ratio = wide.get("components").get("activations").asDouble()
                / square.get("components").get("activations").asDouble();
        assertThat(ratio).isBetween(1.99, 2.0);
    }

    @Test
    void fitAnswersTheLargestBatchAndTheGpusTheBatchNeeds() throws IOException {
        JsonNode f = runJson("fit", "--workload", "vision", "--preset", "resnet-50", "--mode", "train", "--gpu",
                "v100-pcie-32gb", "--format", "json");
        assertThat(f.get("maxBatch").asLong()).isBetween(256L, 2048L);
        assertThat(f.get("spreadsOverGpus").asBoolean()).isTrue();
        JsonNode big = runJson("fit", "--workload", "vision", "--preset", "vit-l-16", "--batch", "4096", "--gpu",
                "v100-pcie-32gb", "--format", "json");
        assertThat(big.get("fits").asBoolean()).isFalse();
        assertThat(big.get("gpusNeeded").asInt()).isGreaterThan(1);
    }

    /**
     * NVIDIA DeepLearningExamples, {@code PyTorch/Classification/ConvNets/configs.yml}: the per-GPU batch of its
     * training recipes (ResNet-50: SGD with momentum; EfficientNet-B0: RMSprop with momentum) on DGX-1V 16 GB
     * (V100 SXM2 16 GB), DGX-1V 32 GB and DGX-2V (V100 32 GB), DGX A100 (A100 80 GB) and T4. Each ran, so each fits.
     */
    @ParameterizedTest(name = "{0} {1} batch {3} on {2}")
    @CsvSource({
        "resnet-50, fp16-mixed, v100-sxm2-16gb, 256, sgd-momentum",
        "resnet-50, fp32, v100-sxm2-16gb, 112, sgd-momentum",
        "resnet-50, fp16-mixed, v100-pcie-32gb, 256, sgd-momentum",
        "resnet-50, fp32, v100-pcie-32gb, 256, sgd-momentum",
        "resnet-50, fp16-mixed, a100-sxm-80gb, 256, sgd-momentum",
        "resnet-50, tf32, a100-sxm-80gb, 256, sgd-momentum",
        "resnet-50, fp16-mixed, t4, 256, sgd-momentum",
        "resnet-50, fp32, t4, 128, sgd-momentum",
        "efficientnet-b0, fp16-mixed, v100-sxm2-16gb, 128, rmsprop",
        "efficientnet-b0, fp32, v100-sxm2-16gb, 64, rmsprop",
        "efficientnet-b0, fp16-mixed, v100-pcie-32gb, 256, rmsprop",
        "efficientnet-b0, fp32, v100-pcie-32gb, 128, rmsprop",
        "efficientnet-b0, fp16-mixed, a100-sxm-80gb, 256, rmsprop",
        "efficientnet-b0, tf32, a100-sxm-80gb, 256, rmsprop",
        "efficientnet-b0, fp16-mixed, t4, 128, rmsprop",
        "efficientnet-b0, fp32, t4, 64, rmsprop"
    })
    void nvidiasPublishedTrainingBatchesFit(String preset, String precision, String gpu, long batch, String opt)
            throws IOException {
        JsonNode f = runJson("fit", "--workload", "vision", "--preset", preset, "--precision", precision,
                "--optimizer", opt, "--batch", String.valueOf(batch), "--gpu", gpu, "--format", "json");
        assertThat(f.get("fits").asBoolean()).isTrue();
        assertThat(f.get("maxBatch").asLong()).isGreaterThanOrEqualTo(batch);
    }

    @Test
    void resNet50InFloat32At256NeedsMoreThanASixteenGigabyteV100() throws IOException {
        // The same configs.yml runs ResNet-50 fp32 at 256 per GPU where memory allows (DGX-2V, 32 GB) but at 112 on
        // 16 GB V100s and 128 on the 16 GB T4.
        JsonNode f = runJson("fit", "--workload", "vision", "--preset", "resnet-50", "--precision", "fp32",
                "--optimizer", "sgd-momentum", "--gpu", "v100-sxm2-16gb", "--format", "json");
        assertThat(f.get("maxBatch").asLong()).isBetween(128L, 255L);
    }

    @Test
    void badVisionInputIsAOneLineErrorWithExitStatusTwo() {
        String[][] cases = {
            {"--preset", "resnet-50", "--mode", "lora"}, {"not supported for vision"},
            {"--preset", "resnet-50", "--resolution", "16"}, {"--resolution"},
            {"--preset", "resnet-50", "--resolution", "axb"}, {"--resolution"},
            {"--preset", "resnet-50", "--precision", "int8"}, {"--precision int8 needs --mode infer"},
            {"--preset", "resnet-50", "--seq", "128"}, {"--seq means nothing to --workload vision"},
            {"--preset", "resnet-50", "--attention", "eager"}, {"--attention"},
            {"--preset", "resnet-50", "--recompute", "selective"}, {"--recompute"},
            {"--preset", "resnet-51"}, {"resnet-50"},
            {"--mode", "train"}, {"--preset"},
            {"--preset", "resnet-50", "--atoms", "1e6"}, {"--atoms means nothing to --workload vision"},
        };
        for (int i = 0; i < cases.length; i += 2) {
            String[] args = new String[cases[i].length + 3];
            args[0] = "estimate";
            args[1] = "--workload";
            args[2] = "vision";
            System.arraycopy(cases[i], 0, args, 3, cases[i].length);
            EstimateCommandTest.Result r = run(args);
            assertThat(r.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).contains(cases[i + 1][0]).doesNotContain("Exception")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void int8InferenceAndRecomputationWork() throws IOException {
        JsonNode infer = runJson("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "infer",
                "--batch", "64", "--precision", "int8", "--format", "json");
        assertThat(infer.get("components").get("weights").asLong()).isEqualTo(25_557_032L);
        assertThat(infer.get("components").has("gradients")).isFalse();
        JsonNode plain = runJson("estimate", "--workload", "vision", "--preset", "vit-b-16", "--batch", "64",
                "--format", "json");
        JsonNode recomputed = runJson("estimate", "--workload", "vision", "--preset", "vit-b-16", "--batch", "64",
                "--recompute", "full", "--format", "json");
        assertThat(recomputed.get("peakBytes").asLong()).isLessThan(plain.get("peakBytes").asLong());
        JsonNode eager = runJson("estimate", "--workload", "vision", "--preset", "vit-b-16", "--batch", "64",
                "--attention", "eager", "--format", "json");
        assertThat(eager.get("peakBytes").asLong()).isGreaterThan(plain.get("peakBytes").asLong());
    }
}
