package com.vramadvisor.catalog.model;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MlaSpec;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.ParameterCount;
import com.vramadvisor.engine.llm.ParameterCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Configurations of 2024-2025 models (fixtures under {@code src/test/resources/configs}, sources in its README) read
 * into the engine's description and counted against the published figures and the shipped presets.
 */
class HfConfigImporterModernTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    private static ImportedModel read(String fixture) throws ModelImportException {
        return HfConfigImporter.read(Fixtures.configFolder(fixture));
    }

    private static ModelSpec spec(String fixture) throws ModelImportException {
        return read(fixture).spec().orElseThrow();
    }

    private static ParameterCount preset(String id) {
        return ParameterCounter.count(CATALOG.model(id).orElseThrow());
    }

    @Test
    void deepSeekV3LoadsWithLatentAttentionSharedExpertsAndItsPredictionModule() throws Exception {
        ImportedModel imported = read("deepseek-v3");
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.mla()).isEqualTo(new MlaSpec(1536, 512, 128, 64, 128, false));
        assertThat(m.moe()).isEqualTo(new MoeSpec(256, 8, 2048, 2048, false, 3, true));
        assertThat(m.mtpLayers()).isEqualTo(1);
        assertThat(m.maxPositions()).isEqualTo(163_840);
        assertThat(imported.quantization()).contains(DataType.FP8);
        ParameterCount c = ParameterCounter.count(m);
        // DeepSeek-V3 report: 671B total; README: 685B with the 14B MTP module. Same count as the shipped preset.
        assertThat((double) c.total()).isCloseTo(671e9, within(0.5e9));
        assertThat(c).isEqualTo(preset("deepseek-v3"));
    }

    @Test
    void deepSeekV2LiteHasNoQueryCompressionAndCounts15Point7B() throws Exception {
        // DeepSeek-V2 paper (arXiv:2405.04434) appendix B / model card: DeepSeek-V2-Lite has 15.7B parameters.
        ModelSpec m = spec("deepseek-v2-lite");
        assertThat(m.mla().qLoraRank()).isZero();
        assertThat(m.moe()).isEqualTo(new MoeSpec(64, 6, 1408, 2 * 1408, false, 1, false));
        assertThat((double) ParameterCounter.count(m).total()).isCloseTo(15.7e9, within(0.05e9));
    }

    @Test
    void qwen3CountsMatchTheirModelCards() throws Exception {
        // Qwen/Qwen3-0.6B card: 0.6B, non-embedding 0.44B; Qwen/Qwen3-1.7B card: 1.7B, non-embedding 1.4B.
        ParameterCount small = ParameterCounter.count(spec("qwen3-0.6b"));
        assertThat((double) small.total()).isCloseTo(0.6e9, within(0.05e9));
        assertThat((double) small.nonEmbedding()).isCloseTo(0.44e9, within(0.005e9));
        ParameterCount mid = ParameterCounter.count(spec("qwen3-1.7b"));
        assertThat((double) mid.total()).isCloseTo(1.7e9, within(0.05e9));
        assertThat((double) mid.nonEmbedding()).isCloseTo(1.4e9, within(0.05e9));
        assertThat(spec("qwen3-1.7b").qkNorm()).isTrue();
    }

    @Test
    void qwen3MoeCountsAllAndActiveExpertsAsThePresetDoes() throws Exception {
        // Qwen/Qwen3-30B-A3B card: 30.5B total, 3.3B activated (truncated from 3.35B).
        ModelSpec m = spec("qwen3-30b-a3b");
        assertThat(m.moe()).isEqualTo(new MoeSpec(128, 8, 768, 0, false, 0));
        ParameterCount c = ParameterCounter.count(m);
        assertThat((double) c.total()).isCloseTo(30.5e9, within(0.05e9));
        assertThat(Math.floor(c.active() / 1e8) / 10).isEqualTo(3.3);
        assertThat(c).isEqualTo(preset("qwen3-30b-a3b"));
    }

    @Test
    void gemma3TextModelHasFiveLocalLayersPerGlobalOne() throws Exception {
        // Gemma 3 report Table 1, 1B: 302M embedding, 698M non-embedding parameters, no vision encoder.
        ModelSpec m = spec("gemma-3-1b-it");
        assertThat(m.slidingWindow()).isEqualTo(512);
        assertThat(m.globalEvery()).isEqualTo(6);
        assertThat(m.globalLayers()).isEqualTo(4);
        ParameterCount c = ParameterCounter.count(m);
        assertThat((double) c.embedding()).isCloseTo(302e6, within(0.5e6));
        assertThat((double) c.nonEmbedding()).isCloseTo(698e6, within(0.5e6));
    }

    @Test
    void gemma3WrapperReadsTextConfigAndCountsTheSiglipTower() throws Exception {
        ImportedModel imported = read("gemma-3-27b");
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.hiddenSize()).isEqualTo(5376);
        assertThat(m.vocabSize()).isEqualTo(262_208);
        assertThat(m.slidingWindow()).isEqualTo(1024);
        assertThat(m.globalEvery()).isEqualTo(6);
        assertThat(m.qkNorm()).isTrue();
        // Gemma 3 report Table 1: vision encoder 417M; plus the projector 1152 x 5376 and its norm.
        assertThat((double) (m.visionParams() - 1152L * 5376 - 1152)).isCloseTo(417e6, within(0.5e6));
        assertThat(ParameterCounter.count(m)).isEqualTo(preset("gemma-3-27b"));
    }

    @Test
    void llama4MaverickReadsInterleavedExpertsChunkedAttentionAndTheVisionTower() throws Exception {
        ModelSpec m = spec("llama-4-maverick");
        assertThat(m.moe()).isEqualTo(new MoeSpec(128, 1, 8192, 8192, false, 24));
        assertThat(m.ffnSize()).isEqualTo(16_384);
        assertThat(m.slidingWindow()).isEqualTo(8192);
        assertThat(m.globalEvery()).isEqualTo(4);
        ParameterCount c = ParameterCounter.count(m);
        // Llama 4 Maverick card: 17B active (text model), 400B total (the checkpoint holds 401.6B).
        assertThat((double) c.active()).isCloseTo(17e9, within(0.5e9));
        assertThat(c).isEqualTo(preset("llama-4-maverick"));
    }

    @Test
    void gptOssReadsSinksAlternatingWindowsAndMxfp4Experts() throws Exception {
        ImportedModel imported = read("gpt-oss-20b");
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.attentionSinks()).isTrue();
        assertThat(m.slidingWindow()).isEqualTo(128);
        assertThat(m.globalEvery()).isEqualTo(2);
        assertThat(m.expertWeightType()).isEqualTo(DataType.MXFP4);
        assertThat(m.moe().routerBias()).isTrue();
        assertThat(imported.quantization()).isEmpty();
        assertThat(imported.warnings()).anyMatch(w -> w.contains("mxfp4"));
        // gpt-oss model card Table 1: 20.91B total, 3.61B active (without the embedding table).
        ParameterCount c = ParameterCounter.count(m);
        assertThat((double) c.total()).isCloseTo(20.91e9, within(0.005e9));
        assertThat((double) (c.active() - c.embedding())).isCloseTo(3.61e9, within(0.005e9));
        assertThat(c).isEqualTo(preset("gpt-oss-20b"));
    }

    @Test
    void smallDenseModelsOfThisGenerationMatchTheirCards() throws Exception {
        // meta-llama/Llama-3.2-3B card: 3.21B; microsoft/Phi-4-mini-instruct card: 3.8B parameters.
        assertThat((double) ParameterCounter.count(spec("llama-3.2-3b")).total()).isCloseTo(3.21e9, within(0.005e9));
        assertThat((double) ParameterCounter.count(spec("phi-4-mini-instruct")).total())
                .isCloseTo(3.8e9, within(0.05e9));
    }

    @Test
    void qwen25VlCountsItsVisionTowerAndMerger(@TempDir Path dir) throws Exception {
        // Shapes of Qwen/Qwen2.5-VL-7B-Instruct's config.json (text fields at the top level, as in the release);
        // its model page lists 8.29B parameters.
        Path file = Fixtures.writeConfig(dir, "Qwen2.5-VL-7B-Instruct", """
                {"architectures": ["Qwen2_5_VLForConditionalGeneration"], "model_type": "qwen2_5_vl",
                 "hidden_size": 3584, "intermediate_size": 18944, "num_attention_heads": 28,
                 "num_hidden_layers": 28, "num_key_value_heads": 4, "vocab_size": 152064,
                 "max_position_embeddings": 128000, "tie_word_embeddings": false,
                 "vision_config": {"depth": 32, "hidden_size": 1280, "intermediate_size": 3420, "num_heads": 16,
                   "out_hidden_size": 3584, "patch_size": 14, "spatial_merge_size": 2, "temporal_patch_size": 2}}
                """);
        ModelSpec m = HfConfigImporter.read(file).spec().orElseThrow();
        assertThat(m.visionParams()).isEqualTo(676_550_144L);
        assertThat((double) ParameterCounter.count(m).total()).isCloseTo(8.29e9, within(0.005e9));
    }

    @Test
    void llama32VisionCountsItsTextModelAndVisionTower(@TempDir Path dir) throws Exception {
        // Shapes of meta-llama/Llama-3.2-11B-Vision's config.json; its model card gives 10.6B parameters (Meta
        // truncates: 1.2358B is written 1.23B for Llama 3.2 1B), its model page 10.7B.
        Path file = Fixtures.writeConfig(dir, "Llama-3.2-11B-Vision", """
                {"architectures": ["MllamaForConditionalGeneration"], "model_type": "mllama",
                 "text_config": {"model_type": "mllama_text_model", "hidden_size": 4096, "intermediate_size": 14336,
                   "num_attention_heads": 32, "num_hidden_layers": 40, "num_key_value_heads": 8,
                   "vocab_size": 128256, "max_position_embeddings": 131072, "tie_word_embeddings": false,
                   "cross_attention_layers": [3, 8, 13, 18, 23, 28, 33, 38]},
                 "vision_config": {"model_type": "mllama_vision_model", "hidden_size": 1280,
                   "intermediate_size": 5120, "num_hidden_layers": 32, "num_global_layers": 8,
                   "image_size": 560, "patch_size": 14, "max_num_tiles": 4, "vision_output_dim": 7680}}
                """);
        ImportedModel imported = HfConfigImporter.read(file);
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.visionParams()).isEqualTo(895_028_755L);
        ParameterCount c = ParameterCounter.count(m);
        assertThat(Math.floor(c.total() / 1e8) / 10).isEqualTo(10.6);
        assertThat((double) c.total()).isCloseTo(10.7e9, within(0.05e9));
        assertThat(imported.warnings()).anyMatch(w -> w.contains("8 of the text layers are cross-attention"));
    }

    @Test
    void anImpossibleTextModelInsideAWrapperIsAOneLineError(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "bad-gemma", """
                {"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
                 "text_config": {"hidden_size": -5}, "vision_config": {"hidden_size": 1152}}
                """);
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("hidden size")
                .hasMessageNotContaining("\n");
        Path vision = Fixtures.writeConfig(dir, "bad-vision", """
                {"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
                 "text_config": {}, "vision_config": {"hidden_size": 2000000000}}
                """);
        assertThatThrownBy(() -> HfConfigImporter.read(vision))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("vision_config field 'hidden_size'");
    }

    @Test
    void layerTypesOfTheWrongLengthAreRejectedNamingTheField(@TempDir Path dir) {
        Path file = Fixtures.writeConfig(dir, "broken", """
                {"architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "hidden_size": 64,
                 "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16,
                 "intermediate_size": 64, "vocab_size": 100, "num_local_experts": 4, "num_experts_per_tok": 2,
                 "sliding_window": 8, "layer_types": ["sliding_attention", "full_attention"]}
                """);
        assertThatThrownBy(() -> HfConfigImporter.read(file))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("layer_types")
                .hasMessageContaining("2 blocks for 4 layers");
    }
}
