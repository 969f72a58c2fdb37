package com.vramadvisor.catalog.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Configurations that cannot be described give one clear line naming the file and the field. */
class HfConfigImporterErrorsTest {

    private static final String LLAMA = """
            {"model_type": "llama", "architectures": ["%s"], "hidden_size": 64, "num_hidden_layers": 2,
             "num_attention_heads": %s, "num_key_value_heads": %s, "intermediate_size": 128, "vocab_size": 100}""";

    @Test
    void anUnsupportedModelTypeIsNamedWithTheSupportedOnes() {
        Path folder = Fixtures.configFolder("sdxl-text-encoder-2");
        assertThatThrownBy(() -> HfConfigImporter.read(folder))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining(folder.resolve("config.json").toString())
                .hasMessageContaining("model_type 'clip_text_model' is not supported")
                .hasMessageContaining("llama")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anEncoderDecoderT5IsRejectedWithAClearMessage() {
        assertThatThrownBy(() -> HfConfigImporter.read(Fixtures.configFolder("t5-small")))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("T5ForConditionalGeneration")
                .hasMessageContaining("encoder-decoder")
                .hasMessageContaining("T5EncoderModel");
    }

    @Test
    void optWithProjectionLayersIsRejectedNamingTheField() {
        assertThatThrownBy(() -> HfConfigImporter.read(Fixtures.configFolder("opt-350m")))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("word_embed_proj_dim")
                .hasMessageContaining("512")
                .hasMessageContaining("1024");
    }

    @Test
    void aMissingRequiredFieldIsNamedWithTheFile(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "no-width", """
                {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2,
                 "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100}""");
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(file + ": required field 'hidden_size' is missing (model_type 'llama')");
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "string-layers", """
                {"model_type": "gpt2", "n_embd": 64, "n_head": 4, "n_layer": "twelve", "vocab_size": 100}""");
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .hasMessageContaining("'n_layer' must be a whole number");
    }

    @Test
    void keyValueHeadsThatDoNotDivideTheHeadsAreInconsistent(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "bad-gqa", LLAMA.formatted("LlamaForCausalLM", 4, 3));
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("inconsistent fields")
                .hasMessageContaining("key/value heads (3)");
    }

    @Test
    void anUnknownArchitectureClassIsRejected(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "odd-head", LLAMA.formatted("LlamaForSpeechRecognition", 4, 4));
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .hasMessageContaining("architecture 'LlamaForSpeechRecognition'");
    }

    @Test
    void malformedJsonAndMissingFilesAreReported(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "broken", "{\"model_type\": \"llama\", ");
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessageStartingWith(file + ": not valid JSON");
        assertThatThrownBy(() -> HfConfigImporter.read(dir.resolve("nothing-here")))
                .hasMessageContaining("no such file");
        Path notAConfig = Fixtures.writeConfig(dir, "list", "[1, 2, 3]");
        assertThatThrownBy(() -> HfConfigImporter.read(notAConfig)).hasMessageContaining("not a JSON object");
    }

    @Test
    void withoutArchitecturesALanguageModelHeadIsAssumedAndSaid(@TempDir Path dir) throws Exception {
        Path file = Fixtures.writeConfig(dir, "bare", """
                {"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
                 "intermediate_size": 128, "vocab_size": 100}""");
        ImportedModel imported = HfConfigImporter.read(file);
        assertThat(imported.spec().orElseThrow().head()).isEqualTo(com.vramadvisor.engine.llm.HeadKind.LM);
        assertThat(imported.warnings()).anyMatch(w -> w.contains("no 'architectures'"));
    }

    @Test
    void aLayerCountAboveTheLimitIsRejectedBeforeAnyLoopOverTheLayers(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "deep-moe", """
                {"model_type": "qwen2_moe", "hidden_size": 64, "num_hidden_layers": 2147483647,
                 "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
                 "mlp_only_layers": [0, 1, 2, 3]}""");
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(file + ": field 'num_hidden_layers' is 2147483647, above the limit of 10000 layers"
                        + " (model_type 'qwen2_moe')");
        Path gpt2 = Fixtures.writeConfig(dir, "deep-gpt2", """
                {"model_type": "gpt2", "n_embd": 64, "n_head": 4, "n_layer": 10001, "vocab_size": 100}""");
        assertThatThrownBy(() -> HfConfigImporter.read(gpt2))
                .hasMessageContaining("field 'n_layer' is 10001, above the limit of 10000 layers");
    }

    @Test
    void aLongMlpOnlyLayerListIsReadOnce(@TempDir Path dir) throws Exception {
        StringBuilder list = new StringBuilder("0");
        for (int i = 1; i < 200_000; i++) {
            list.append(',').append(i);
        }
        Path file = Fixtures.writeConfig(dir, "dense-moe", """
                {"model_type": "qwen2_moe", "hidden_size": 64, "num_hidden_layers": 10000,
                 "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
                 "mlp_only_layers": [%s]}""".formatted(list));
        ImportedModel imported = HfConfigImporter.read(file);
        assertThat(imported.spec().orElseThrow().moe()).as("every layer listed as dense").isNull();
        assertThat(imported.warnings()).anyMatch(w -> w.contains("no layer uses experts"));
    }

    @Test
    void jsonBeyondTheParsersLimitsIsReportedWithItsPlace(@TempDir Path dir) {
        Path deep = Fixtures.writeConfig(dir, "deep", "{\"model_type\": \"llama\", \"x\": " + "[".repeat(1_001)
                + "]".repeat(1_001) + "}");
        assertThatThrownBy(() -> HfConfigImporter.read(deep))
                .isInstanceOf(ModelImportException.class)
                .hasMessageStartingWith(deep + ": not valid JSON: line 1, column ")
                .hasMessageEndingWith(": Document nesting depth (1001) exceeds the maximum allowed (1000)");
        Path digits = Fixtures.writeConfig(dir, "digits", "{\"model_type\": \"llama\", \"hidden_size\": "
                + "9".repeat(1_001) + "}");
        assertThatThrownBy(() -> HfConfigImporter.read(digits))
                .isInstanceOf(ModelImportException.class)
                .hasMessageStartingWith(digits + ": not valid JSON: line 1, column ")
                .hasMessageContaining("Number value length (1001) exceeds the maximum allowed (1000)")
                .hasMessageNotContaining("StreamReadConstraints");
    }

    @Test
    void aTruncatedConfigurationSaysWhereTheFileEnds(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "cut", "{\"model_type\": \"llama\",\n \"hidden_size\": 64,\n");
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(file + ": not valid JSON: line 3, column 1: unexpected end of file");
    }

    @Test
    void textFromTheFileIsEscapedAndCutInTheMessage(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "escape", "{\"model_type\": \"\\u001b]0;owned\\u0007"
                + "x".repeat(164_000) + "\"}");
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessageStartingWith(file + ": model_type '\\u001b]0;owned\\u0007xxx")
                .hasMessageContaining("\u2026 (164010 characters)' is not supported")
                .hasMessageNotContaining("\u001b")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(file.toString().length() + 600));
    }

    /**
     * Transformers' LlamaAttention (modeling_llama.py at commit 5dd4a63548857797727ae73eeb6a6e886ea02a3e) takes
     * head_dim = hidden_size // num_attention_heads: q_proj 1000 x 999, k_proj and v_proj 1000 x 999, o_proj 999 x
     * 1000. The import follows it and says so.
     */
    @Test
    void aLlamaWhoseHeadsDoNotDivideTheHiddenSizeIsBuiltAsTransformersBuildsIt(@TempDir Path dir) throws Exception {
        Path file = Fixtures.writeConfig(dir, "odd-llama", LLAMA.formatted("LlamaForCausalLM", 3, 3)
                .replace("\"hidden_size\": 64", "\"hidden_size\": 1000"));
        ImportedModel imported = HfConfigImporter.read(file);
        var spec = imported.spec().orElseThrow();
        assertThat(spec.headDim()).isEqualTo(333);
        assertThat(spec.queryWidth()).isEqualTo(999);
        assertThat(imported.warnings()).contains("num_attention_heads (3) does not divide hidden_size (1000): as"
                + " Transformers builds this configuration, head_dim is hidden_size // num_attention_heads = 333 and"
                + " attention works on 999 of the 1000 channels (q_proj 1000 x 999, o_proj back to 1000); older"
                + " Transformers releases refuse it");
    }

    @Test
    void familiesWhoseAttentionNeedsWholeHeadsRefuseHeadsThatDoNotDivideTheHiddenSize(@TempDir Path dir) {
        Path gpt2 = Fixtures.writeConfig(dir, "odd-gpt2", """
                {"model_type": "gpt2", "n_embd": 1000, "n_head": 3, "n_layer": 2, "vocab_size": 100}""");
        assertThatThrownBy(() -> HfConfigImporter.read(gpt2))
                .isInstanceOf(ModelImportException.class)
                .hasMessage(gpt2 + ": the attention heads (3) do not divide the hidden size (1000); Transformers"
                        + " cannot build this model (model_type 'gpt2')");
        Path bert = Fixtures.writeConfig(dir, "odd-bert", """
                {"model_type": "bert", "hidden_size": 1000, "num_attention_heads": 3, "num_hidden_layers": 2,
                 "intermediate_size": 128, "vocab_size": 100}""");
        assertThatThrownBy(() -> HfConfigImporter.read(bert))
                .hasMessageContaining("the attention heads (3) do not divide the hidden size (1000)");
    }
}
