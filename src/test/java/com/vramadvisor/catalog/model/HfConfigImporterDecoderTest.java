package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Decoder families read from official configurations (sources in {@code src/test/resources/configs/README.md}). The
 * expected values are those the configuration states, or the defaults of the family's Hugging Face configuration
 * class where it says nothing.
 */
class HfConfigImporterDecoderTest {

    private static ModelSpec spec(String fixture) throws ModelImportException {
        return HfConfigImporter.read(Fixtures.configFolder(fixture)).spec().orElseThrow();
    }

    @Test
    void llama2SevenBIsAnUntiedRmsNormSwiGluDecoderWithAnLmHead() throws Exception {
        ImportedModel imported = HfConfigImporter.read(Fixtures.configFolder("llama-2-7b-hf"));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(imported.architecture()).isEqualTo("llama");
        assertThat(imported.kind()).isEqualTo(SourceKind.HF_CONFIG);
        assertThat(m.id()).isEqualTo("llama-2-7b-hf");
        assertThat(m.arch()).isEqualTo(ArchitectureKind.DECODER);
        assertThat(m.hiddenSize()).isEqualTo(4096);
        assertThat(m.layers()).isEqualTo(32);
        assertThat(m.heads()).isEqualTo(32);
        assertThat(m.kvHeads()).isEqualTo(32);
        assertThat(m.headDim()).isEqualTo(128);
        assertThat(m.ffnSize()).isEqualTo(11008);
        assertThat(m.mlp()).isEqualTo(MlpKind.GATED);
        assertThat(m.vocabSize()).isEqualTo(32000);
        assertThat(m.tiedEmbeddings()).isFalse();
        assertThat(m.norm()).isEqualTo(NormKind.RMSNORM);
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.finalNorm()).isTrue();
        assertThat(m.qkvBias() || m.outBias() || m.mlpBias()).isFalse();
        assertThat(m.position()).isEqualTo(PositionKind.ROTARY);
        assertThat(m.maxPositions()).isEqualTo(2048);
        assertThat(m.head()).isEqualTo(HeadKind.LM);
        assertThat(m.pooler()).isFalse();
        assertThat(m.isMoe()).isFalse();
        assertThat(imported.declaredDtype()).contains(DataType.FP16);
        assertThat(imported.weights()).isEmpty();
    }

    @Test
    void llama32OneBTakesItsHeadDimAndTiedEmbeddingsFromTheConfig() throws Exception {
        ModelSpec m = spec("llama-3.2-1b");
        assertThat(m.headDim()).isEqualTo(64);
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.vocabSize()).isEqualTo(128256);
        assertThat(m.maxPositions()).isEqualTo(131072);
        assertThat(HfConfigImporter.read(Fixtures.configFolder("llama-3.2-1b")).declaredDtype())
                .contains(DataType.BF16);
    }

    @Test
    void llama31EightBUsesGroupedQueryAttention() throws Exception {
        ModelSpec m = spec("llama-3.1-8b");
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.kvWidth()).isEqualTo(1024);
        assertThat(m.ffnSize()).isEqualTo(14336);
    }

    @Test
    void llamaAttentionBiasCoversQueryKeyValueAndOutputButNotTheMlp(@TempDir Path dir) throws Exception {
        Path file = Fixtures.writeConfig(dir, "biased", """
                {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 64,
                 "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
                 "attention_bias": true}""");
        ModelSpec m = HfConfigImporter.read(file).spec().orElseThrow();
        assertThat(m.qkvBias()).isTrue();
        assertThat(m.outBias()).isTrue();
        assertThat(m.mlpBias()).isFalse();
        assertThat(m.kvHeads()).as("num_key_value_heads defaults to num_attention_heads").isEqualTo(4);
        assertThat(m.headDim()).as("head_dim defaults to hidden_size / num_attention_heads").isEqualTo(16);
        assertThat(m.maxPositions()).as("LlamaConfig max_position_embeddings default").isEqualTo(2048);
    }

    @Test
    void mistralV03DisablesTheSlidingWindowWithNull() throws Exception {
        ModelSpec m = spec("mistral-7b-v0.3");
        assertThat(m.slidingWindow()).isZero();
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.vocabSize()).isEqualTo(32768);
    }

    @Test
    void mistralV01KeepsItsSlidingWindowOf4096() throws Exception {
        ModelSpec m = spec("mistral-7b-instruct-v0.1");
        assertThat(m.slidingWindow()).isEqualTo(4096);
        assertThat(m.maxPositions()).isEqualTo(32768);
        assertThat(m.vocabSize()).isEqualTo(32000);
    }

    @Test
    void mistralWithoutASlidingWindowFieldGetsMistralConfigsDefaultOf4096(@TempDir Path dir) throws Exception {
        Path file = Fixtures.writeConfig(dir, "mistral-old", """
                {"model_type": "mistral", "architectures": ["MistralForCausalLM"], "hidden_size": 4096,
                 "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
                 "intermediate_size": 14336, "vocab_size": 32000}""");
        ModelSpec m = HfConfigImporter.read(file).spec().orElseThrow();
        assertThat(m.slidingWindow()).isEqualTo(4096);
        assertThat(m.maxPositions()).isEqualTo(4096 * 32);
    }

    @Test
    void mixtralRoutesEachTokenToTwoOfEightFullSizeExperts() throws Exception {
        ModelSpec m = spec("mixtral-8x7b-v0.1");
        assertThat(m.moe()).isEqualTo(MoeSpec.topK(8, 2, 14336));
        assertThat(m.ffnSize()).isEqualTo(14336);
        assertThat(m.slidingWindow()).isZero();
    }

    @Test
    void qwen2HasBiasesOnQueryKeyValueOnlyAndNoWindowWhenUseSlidingWindowIsFalse() throws Exception {
        ModelSpec m = spec("qwen1.5-1.8b-chat");
        assertThat(m.qkvBias()).isTrue();
        assertThat(m.outBias()).isFalse();
        assertThat(m.mlpBias()).isFalse();
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.slidingWindow()).isZero();
        ModelSpec seven = spec("qwen2-7b");
        assertThat(seven.kvHeads()).isEqualTo(4);
        assertThat(seven.headDim()).isEqualTo(128);
        assertThat(seven.vocabSize()).isEqualTo(152064);
        assertThat(seven.tiedEmbeddings()).isFalse();
    }

    @Test
    void qwen15MoeHasSixtyExpertsTopFourAndAGatedSharedExpert() throws Exception {
        ModelSpec m = spec("qwen1.5-moe-a2.7b");
        assertThat(m.moe()).isEqualTo(new MoeSpec(60, 4, 1408, 5632, true, 0));
        assertThat(m.ffnSize()).isEqualTo(5632);
        assertThat(m.qkvBias()).isTrue();
        assertThat(m.outBias()).isFalse();
    }

    @Test
    void qwen2MoeCountsMlpOnlyLayersAndSparseStepAsDenseLayers(@TempDir Path dir) throws Exception {
        String base = """
                {"model_type": "qwen2_moe", "architectures": ["Qwen2MoeForCausalLM"], "hidden_size": 64,
                 "num_hidden_layers": 8, "num_attention_heads": 4, "intermediate_size": 256, "vocab_size": 100,
                 "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
                 "shared_expert_intermediate_size": 0, %s}""";
        ImportedModel onlyLayers = HfConfigImporter.read(
                Fixtures.writeConfig(dir, "a", base.formatted("\"mlp_only_layers\": [0, 1]")));
        MoeSpec moe = onlyLayers.spec().orElseThrow().moe();
        assertThat(moe.denseLayers()).isEqualTo(2);
        assertThat(moe.sharedExpertFfnSize()).isZero();
        assertThat(moe.sharedExpertGate()).isFalse();
        assertThat(onlyLayers.warnings()).isEmpty();

        ImportedModel everyOther = HfConfigImporter.read(
                Fixtures.writeConfig(dir, "b", base.formatted("\"decoder_sparse_step\": 2")));
        assertThat(everyOther.spec().orElseThrow().moe().denseLayers())
                .as("layers 0, 2, 4, 6 fail (i + 1) %% 2 == 0").isEqualTo(4);
        assertThat(everyOther.warnings()).anyMatch(w -> w.contains("interleaved"));
    }

    @Test
    void gemmaUsesHeadDim256AndTiesEmbeddingsByDefault() throws Exception {
        ModelSpec m = spec("gemma-2b");
        assertThat(m.headDim()).isEqualTo(256);
        assertThat(m.heads()).isEqualTo(8);
        assertThat(m.kvHeads()).isEqualTo(1);
        assertThat(m.queryWidth()).isEqualTo(2048);
        assertThat(m.tiedEmbeddings()).as("GemmaConfig tie_word_embeddings default").isTrue();
        assertThat(m.mlp()).isEqualTo(MlpKind.GATED);
    }

    @Test
    void gemma2HasFourNormsPerBlockAndItsWindowInEveryOtherLayer() throws Exception {
        ImportedModel imported = HfConfigImporter.read(Fixtures.configFolder("gemma-2-9b"));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.normsPerLayer()).isEqualTo(4);
        // Gemma2DecoderLayer: even layers slide over 4096 tokens, odd layers attend globally.
        assertThat(m.slidingWindow()).isEqualTo(4096);
        assertThat(m.globalEvery()).isEqualTo(2);
        assertThat(m.globalLayers()).isEqualTo(21);
        assertThat(m.layers()).isEqualTo(42);
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.tiedEmbeddings()).isTrue();
    }

    @Test
    void phi3MiniKeepsItsSlidingWindowOf2047() throws Exception {
        ModelSpec m = spec("phi-3-mini-4k-instruct");
        assertThat(m.slidingWindow()).isEqualTo(2047);
        assertThat(m.vocabSize()).isEqualTo(32064);
        assertThat(m.kvHeads()).isEqualTo(32);
        assertThat(m.ffnSize()).isEqualTo(8192);
        assertThat(m.tiedEmbeddings()).isFalse();
        assertThat(m.qkvBias() || m.outBias() || m.mlpBias()).isFalse();
    }
    @Test
    void yarnRopeScalingRaisesTheLimitToTheOriginalLengthTimesTheFactor(@TempDir Path dir) throws Exception {
        // Qwen2.5's model card enables 131,072 tokens by adding this rope_scaling to its 32,768-position config;
        // vLLM derives max_model_len = original_max_position_embeddings * factor for yarn.
        Path file = Fixtures.writeConfig(dir, "qwen-yarn", """
                {"model_type": "qwen2", "architectures": ["Qwen2ForCausalLM"], "hidden_size": 64,
                 "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
                 "max_position_embeddings": 32768,
                 "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}}
                """);
        assertThat(HfConfigImporter.read(file).spec().orElseThrow().maxPositions()).isEqualTo(131_072);
    }

    @Test
    void linearRopeScalingMultipliesTheLimitAndLlama3ScalingLeavesItAsConfigured(@TempDir Path dir)
            throws Exception {
        String base = """
                {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 64,
                 "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
                 "max_position_embeddings": 4096, "rope_scaling": %s}
                """;
        Path linear = Fixtures.writeConfig(dir.resolve("a"), "linear",
                base.formatted("{\"rope_type\": \"linear\", \"factor\": 2.0}"));
        assertThat(HfConfigImporter.read(linear).spec().orElseThrow().maxPositions()).isEqualTo(8192);
        Path llama3 = Fixtures.writeConfig(dir.resolve("b"), "llama3", base.formatted("{\"rope_type\": \"llama3\","
                + " \"factor\": 8.0, \"original_max_position_embeddings\": 512}"));
        assertThat(HfConfigImporter.read(llama3).spec().orElseThrow().maxPositions()).isEqualTo(4096);
        Path none = Fixtures.writeConfig(dir.resolve("c"), "none", base.formatted("null"));
        assertThat(HfConfigImporter.read(none).spec().orElseThrow().maxPositions()).isEqualTo(4096);
    }
}
