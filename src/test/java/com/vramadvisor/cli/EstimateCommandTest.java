package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EstimateCommandTest {

    @TempDir
    Path tmp;

    record Result(int status, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Cli.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(status, out.toString(), err.toString());
    }

    /** Runs a command that must succeed and reads its standard output as JSON. */
    static JsonNode runJson(String... args) throws IOException {
        Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    /** A decision-table row's reasons, as the JSON lists them. */
    static java.util.List<String> reasons(JsonNode row) {
        java.util.List<String> out = new java.util.ArrayList<>();
        row.get("reasons").forEach(r -> out.add(r.asText()));
        return out;
    }

    @Test
    void jsonOutputCarriesTheDocumentedFieldsAndTheOfficialParameterCount() throws IOException {
        // Llama-3-8B: 8,030,261,248 parameters (meta-llama/Meta-Llama-3-8B model card / safetensors metadata).
        Result r = run("estimate", "--preset", "llama-3-8b", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("parameters").asLong()).isEqualTo(8_030_261_248L);
        assertThat(json.get("activeParameters").asLong()).isEqualTo(8_030_261_248L);
        for (String c : new String[] {"weights", "masterWeights", "gradients", "optimizerStates", "activations",
                "logits", "kvCache", "runtimeOverhead"}) {
            assertThat(json.get("components").has(c)).as(c).isTrue();
            assertThat(json.get("components").get(c).asLong()).as(c).isNotNegative();
        }
        assertThat(json.get("peakBytes").asLong()).isPositive();
        assertThat(json.get("peakPhase").asText()).isNotEmpty();
        assertThat(json.get("assumptions").isArray()).isTrue();
    }

    @Test
    void bf16MixedAdamWeightsAreTwoBytesPerParameterAndOptimizerStatesEight() throws IOException {
        // ZeRO paper (Rajbhandari et al. 2020, section 3.1): 2 bytes fp16 weights, 2 bytes gradients, 12 bytes of
        // fp32 master weights and Adam moments per parameter: the Megatron/DeepSpeed layout.
        Result r = run("estimate", "--preset", "llama-3-8b", "--precision", "bf16-mixed", "--optimizer", "adamw",
                "--implementation", "megatron", "--format", "json");
        JsonNode c = new ObjectMapper().readTree(r.out()).get("components");
        long p = 8_030_261_248L;
        assertThat(c.get("weights").asLong()).isEqualTo(2 * p);
        assertThat(c.get("masterWeights").asLong()).isEqualTo(4 * p);
        assertThat(c.get("optimizerStates").asLong()).isEqualTo(8 * p);
        assertThat(c.get("gradients").asLong()).isEqualTo(2 * p);
    }

    @Test
    void pytorchImplementationKeepsFp32WeightsAndGradientsWithoutMasterCopy() throws IOException {
        // Hugging Face "Model training anatomy": mixed precision keeps fp32 weights plus a 16-bit copy, fp32
        // gradients and 8 bytes of AdamW states per parameter. Llama-3-8B's matmul weights are all parameters but
        // the 128,256 x 4096 token table and the 65 RMSNorm vectors of 4096.
        Result r = run("estimate", "--preset", "llama-3-8b", "--precision", "bf16-mixed", "--optimizer", "adamw",
                "--implementation", "pytorch", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode c = new ObjectMapper().readTree(r.out()).get("components");
        long p = 8_030_261_248L;
        long matmul = p - 128_256L * 4096 - 65L * 4096;
        assertThat(c.get("weights").asLong()).isEqualTo(4 * p + 2 * matmul);
        assertThat(c.get("masterWeights").asLong()).isZero();
        assertThat(c.get("optimizerStates").asLong()).isEqualTo(8 * p);
        assertThat(c.get("gradients").asLong()).isEqualTo(4 * p);
        Result bad = run("estimate", "--preset", "llama-3-8b", "--implementation", "jax");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip()).contains("--implementation").doesNotContain("\n");
    }

    @Test
    void textOutputIsATableWithLabelledUnits() {
        Result r = run("estimate", "--params", "7e9", "--mode", "infer", "--weights", "int4", "--context", "8192");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("weights").contains("KV cache").contains("runtime overhead").contains("GiB")
                .contains("Peak").doesNotContain("kvCache").doesNotContain("runtimeOverhead");
    }

    @Test
    void inferenceTextLeavesOutTheTrainingOnlyRowsThatAreZeroAndTrainingKeepsThem() {
        Result infer = run("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--context", "8192");
        assertThat(infer.status()).as(infer.err()).isZero();
        // The component table only: the assumptions below it may name training states.
        String table = infer.out().substring(0, infer.out().indexOf("Assumptions:"));
        assertThat(table).contains("weights").contains("KV cache").doesNotContain("master weights")
                .doesNotContain("gradients").doesNotContain("optimizer states");
        Result train = run("estimate", "--preset", "llama-3-8b", "--seq", "2048", "--implementation", "megatron");
        assertThat(train.status()).as(train.err()).isZero();
        assertThat(train.out()).contains("master weights").contains("gradients").contains("optimizer states")
                .doesNotContain("optimizerStates").doesNotContain("masterWeights");
    }

    @Test
    void unknownFlagExitsWithTwoAndOneLine() {
        Result r = run("estimate", "--preset", "gpt2", "--bogus");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--bogus").doesNotContain("\n").doesNotContain("at com.");
    }

    @Test
    void theLossUpcastSwitchTakesTheMeasuredBytesPerLogit() throws IOException {
        // harness/framework-choices/results.json: bf16 logits keep 6 bytes per logit with Hugging Face's fp32
        // upcast and 4 without it (plain PyTorch cross-entropy). GPT-2 in bf16 peaks in the loss backward, where
        // the logits' gradient adds 4 bytes (fp32, upcast) or 2 (bf16, plain): (4 + 2) / (6 + 4).
        ObjectMapper json = new ObjectMapper();
        Result upcast = run("estimate", "--preset", "gpt2", "--precision", "bf16", "--format", "json");
        Result plain = run("estimate", "--preset", "gpt2", "--precision", "bf16", "--loss-upcast", "none",
                "--format", "json");
        assertThat(plain.status()).as(plain.err()).isZero();
        long a = json.readTree(upcast.out()).get("components").get("logits").asLong();
        long b = json.readTree(plain.out()).get("components").get("logits").asLong();
        assertThat(a).isPositive();
        assertThat((double) b / a).isCloseTo(6.0 / 10.0, within(1e-9));
        assertThat(json.readTree(plain.out()).get("assumptions").toString()).contains("--loss-upcast none");
    }

    @Test
    void aBadLossUpcastIsNamedAndInferenceRefusesIt() {
        Result bad = run("estimate", "--preset", "gpt2", "--loss-upcast", "fp16");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip()).contains("--loss-upcast").doesNotContain("\n");
        Result infer = run("estimate", "--preset", "gpt2", "--mode", "infer", "--loss-upcast", "none");
        assertThat(infer.status()).isEqualTo(2);
        assertThat(infer.err().strip()).contains("--loss-upcast").doesNotContain("\n");
    }

    @Test
    void activationOffloadReportsItsHostBytesAndNamesWhatItNeeds() throws Exception {
        // 32 block inputs of 4,096 x 4,096 bf16 values: 1 GiB on the host (DeepSpeed cpu_checkpointing).
        Result r = run("estimate", "--preset", "llama-2-7b", "--seq", "4096", "--implementation", "megatron",
                "--recompute", "full", "--activation-offload", "cpu-checkpointing", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        com.fasterxml.jackson.databind.JsonNode tree = new ObjectMapper().readTree(r.out());
        assertThat(tree.toString()).contains("--activation-offload");
        assertThat(r.out()).contains("1073741824");
        Result selective = run("estimate", "--preset", "llama-2-7b", "--implementation", "megatron",
                "--activation-offload", "cpu-checkpointing");
        assertThat(selective.status()).isEqualTo(2);
        assertThat(selective.err().strip()).contains("--activation-offload").contains("full recomputation")
                .doesNotContain("\n");
        Result bad = run("estimate", "--preset", "llama-2-7b", "--activation-offload", "gpu");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err().strip()).contains("--activation-offload").doesNotContain("\n");
    }

    @Test
    void negativeBatchIsNamed() {
        Result r = run("estimate", "--preset", "gpt2", "--batch", "-4");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("--batch").doesNotContain("\n");
    }

    @Test
    void headsThatDoNotDivideHiddenAreRejected() {
        Result r = run("estimate", "--hidden", "1000", "--layers", "4", "--heads", "7", "--vocab", "1000");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("heads").doesNotContain("\n");
    }

    @Test
    void malformedConfigIsReportedInOneLine() throws IOException {
        Path config = tmp.resolve("config.json");
        Files.writeString(config, "{\"model_type\": \"llama\", \"hidden_size\": ", StandardCharsets.UTF_8);
        Result r = run("estimate", "--config", config.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("config.json").doesNotContain("\n").doesNotContain("at com.");
    }

    @Test
    void unsupportedConfigIsReportedInOneLine() throws IOException {
        Path config = tmp.resolve("config.json");
        Files.writeString(config, "{\"model_type\": \"wav2vec2\", \"hidden_size\": 768}", StandardCharsets.UTF_8);
        Result r = run("estimate", "--config", config.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("wav2vec2").doesNotContain("\n");
    }

    @Test
    void unknownPresetSuggestsTheCatalogListing() {
        Result r = run("estimate", "--preset", "llama-9-1t");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("llama-9-1t").contains("catalog list models");
    }

    @Test
    void explicitArchitectureReproducesGpt2() throws IOException {
        // GPT-2 small: 124,439,808 parameters (openai-community/gpt2 config: n_embd 768, n_layer 12, n_head 12,
        // vocab 50257, n_positions 1024, tied embeddings, LayerNorm, GELU MLP of 4h, biases everywhere).
        Result r = run("estimate", "--hidden", "768", "--layers", "12", "--heads", "12", "--vocab", "50257",
                "--mlp", "gelu", "--norm", "layernorm", "--position", "learned", "--max-position", "1024", "--bias",
                "--tied", "--format", "json");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(new ObjectMapper().readTree(r.out()).get("parameters").asLong()).isEqualTo(124_439_808L);
    }

    @Test
    void aModelFileCannotSendEscapeSequencesOrAHugeLineToTheTerminal() throws IOException {
        Path config = tmp.resolve("config.json");
        Files.writeString(config, "{\"model_type\": \"\\u001b[2J\\u001b]0;owned\\u0007" + "x".repeat(164_000) + "\"}",
                StandardCharsets.UTF_8);
        Result r = run("estimate", "--config", config.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).startsWith("vram-advisor: " + config + ": model_type '\\u001b[2J")
                .doesNotContain("\u001b").doesNotContain("\u0007");
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err().length()).isLessThan(config.toString().length() + 600);
    }

    @Test
    void aLoraRankAboveTheAdaptedMatricesIsRefusedInOneLine() {
        // Llama-3-8B: h 4096, 8 key/value heads of 128, so k_proj and v_proj are 4096 x 1024.
        Result huge = run("estimate", "--preset", "llama-3-8b", "--mode", "lora", "--lora-rank", "2147483647");
        assertThat(huge.status()).isEqualTo(2);
        assertThat(huge.out()).isEmpty();
        assertThat(huge.err()).isEqualTo("vram-advisor: --lora-rank 2147483647 is above 1024, the smaller dimension of"
                + " the smallest adapted matrix; a larger rank adds parameters but no expressive power"
                + System.lineSeparator());
        Result kv = run("estimate", "--preset", "llama-3-8b", "--mode", "lora", "--lora-rank", "1025");
        assertThat(kv.status()).isEqualTo(2);
        Result attentionOnly = run("estimate", "--preset", "llama-3-8b", "--mode", "lora", "--lora-rank", "1024");
        assertThat(attentionOnly.status()).as(attentionOnly.err()).isZero();
        Result queryOnly = run("estimate", "--preset", "llama-3-8b", "--mode", "qlora", "--lora-rank", "4096",
                "--lora-targets", "q");
        assertThat(queryOnly.status()).as("q_proj is 4096 x 4096: " + queryOnly.err()).isZero();
    }

    @Test
    void aFlagTheModeDoesNotUseIsAnErrorNotSilentlyIgnored() {
        Result weights = run("estimate", "--preset", "llama-3-8b", "--mode", "train", "--weights", "int4");
        assertThat(weights.status()).isEqualTo(2);
        assertThat(weights.out()).isEmpty();
        assertThat(weights.err()).isEqualTo("vram-advisor: --weights needs --mode lora, qlora or infer; full training"
                + " stores its weights as --precision says" + System.lineSeparator());
        Result defaultMode = run("estimate", "--preset", "llama-3-8b", "--weights", "int4");
        assertThat(defaultMode.status()).as("train is the default mode").isEqualTo(2);
        Result targets = run("estimate", "--preset", "llama-3-8b", "--mode", "infer", "--lora-targets", "q,v");
        assertThat(targets.status()).isEqualTo(2);
        assertThat(targets.err()).isEqualTo("vram-advisor: --lora-targets needs --mode lora or qlora"
                + System.lineSeparator());
        Result used = run("estimate", "--preset", "llama-3-8b", "--mode", "qlora", "--weights", "int4");
        assertThat(used.status()).as(used.err()).isZero();
    }

    @Test
    void aConfigurationTransformersCannotBuildExitsWithTwo() throws IOException {
        Path config = tmp.resolve("config.json");
        Files.writeString(config, "{\"model_type\": \"gpt_neox\", \"hidden_size\": 1000, \"num_attention_heads\": 3,"
                + " \"num_hidden_layers\": 2, \"intermediate_size\": 128, \"vocab_size\": 100}",
                StandardCharsets.UTF_8);
        Result r = run("estimate", "--config", config.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("vram-advisor: " + config + ": the attention heads (3) do not divide the hidden"
                + " size (1000); Transformers cannot build this model (model_type 'gpt_neox')"
                + System.lineSeparator());
        Result flags = run("estimate", "--hidden", "1000", "--heads", "3", "--layers", "2", "--ffn", "128",
                "--vocab", "100");
        assertThat(flags.status()).as("flags without --head-dim").isEqualTo(2);
    }

    @Test
    void jsonBeyondTheParsersLimitsExitsWithTwoInOneLine() throws IOException {
        Path deep = tmp.resolve("config.json");
        Files.writeString(deep, "{\"model_type\": \"llama\", \"x\": " + "[".repeat(1_001) + "]".repeat(1_001) + "}",
                StandardCharsets.UTF_8);
        Result r = run("estimate", "--config", deep.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).startsWith("vram-advisor: " + deep + ": not valid JSON: line 1, column ")
                .endsWith(": Document nesting depth (1001) exceeds the maximum allowed (1000)"
                        + System.lineSeparator());

        Path scenario = tmp.resolve("digits.vram.json");
        Files.writeString(scenario, "{\"formatVersion\": " + "1".repeat(1_001) + "}", StandardCharsets.UTF_8);
        Result s = run("estimate", "--scenario", scenario.toString());
        assertThat(s.status()).isEqualTo(2);
        assertThat(s.err())
                .startsWith("vram-advisor: " + scenario + ": malformed scenario file: not valid JSON: line 1,")
                .contains("Number value length (1001) exceeds the maximum allowed (1000)");
        assertThat(s.err().strip().lines()).hasSize(1);
    }

    @Test
    void theWorkloadLineSaysWhenRoutedExpertsKeepTheirReleasedType() {
        // gpt-oss ships its routed experts in MXFP4 and "fits into a single 80GB GPU" (OpenAI, gpt-oss model card,
        // 2025-08-05); the estimate holds them so, and the line must not read as if all weights were bf16.
        Result r = run("estimate", "--preset", "gpt-oss-120b", "--mode", "infer", "--gpu", "h100-sxm-80gb");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("weights bf16 (routed experts mxfp4)").contains(": fits;");
        assertThat(run("estimate", "--preset", "llama-3-8b", "--mode", "infer").out()).contains("weights bf16,");
    }
}
